extends VBoxContainer
# Tabs that never shift or hide: a row of tab buttons that wraps (hud/FlowRow.gd) over the
# pages, one page shown at a time. (Godot's TabContainer scrolls its titles sideways when they
# do not fit: the titles moved under the mouse and the last ones hid behind arrows.) A page's
# node name is its title. A page can be left out (set_page_shown(page, false)): its button
# goes, and if it was showing, the first page shown instead.

const FlowRow = preload("res://hud/FlowRow.gd")

signal tab_changed(page)

var bar: Container = null
var current_page: Control = null
var _buttons := {}          # page -> its Button
var _shown := {}            # page -> bool
var _group := ButtonGroup.new()


func _init() -> void:
	mouse_filter = MOUSE_FILTER_IGNORE
	add_constant_override("separation", 4)
	bar = FlowRow.new()
	bar.name = "Bar"
	bar.hseparation = 2
	bar.vseparation = 2
	add_child(bar)


func add_page(page: Control) -> void:
	if page.get_parent() == null:
		add_child(page)
	var b := Button.new()
	b.name = page.name
	b.text = page.name
	b.toggle_mode = true
	b.group = _group
	b.focus_mode = FOCUS_NONE
	var _err := b.connect("pressed", self, "show_page", [page])
	bar.add_child(b)
	_buttons[page] = b
	_shown[page] = true
	page.visible = false
	if current_page == null:
		show_page(page)


func pages() -> Array:
	var out := []
	for c in get_children():
		if c != bar:
			out.append(c)
	return out


func show_page(page: Control) -> void:
	if not _buttons.has(page):
		return
	for p in _buttons:
		p.visible = p == page
	current_page = page
	var b: Button = _buttons[page]
	if not b.pressed:
		b.pressed = true
	emit_signal("tab_changed", page)


func set_page_shown(page: Control, shown: bool) -> void:
	if not _buttons.has(page) or bool(_shown[page]) == shown:
		return
	_shown[page] = shown
	_buttons[page].visible = shown
	if not shown and page == current_page:
		for p in pages():
			if _shown.get(p, false):
				show_page(p)
				return


func is_page_shown(page: Control) -> bool:
	return bool(_shown.get(page, false))


func tab_button(page_title: String) -> Button:
	return bar.get_node_or_null(page_title) as Button
