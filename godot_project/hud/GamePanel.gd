extends PanelContainer
# The one way to build a panel: the selection panel, the concepts' side panels in the right
# dock (hud.add_side_panel, ConceptExtension.add_side_panel), the letters in the middle of
# the screen (hud.add_letter: the key help, the end screen, the spotted party's letter and
# party screen, the drifter's plea) and the desktop frame's menus (menus/MenuLayer.gd: the
# title menu, the pause menu, the settings, the saves, the levels, the confirmation) are all
# GamePanels.
#   build(name, title, target, close_method, close_tooltip)   header: title and an X button
#                                                              (no X when close_method is "")
#   build_menu(name, title)  a menu instead: the menu's frame and width, the title centred,
#                            its buttons reached by the keyboard too (the game waits under it)
#   box                      the column under the header: add rows, texts and tabs to it
#   add_row(name)            a FlowRow (buttons wrap onto more rows, never cut off)
#   add_text(parent, name)   a wrapping Label as wide as its parent
#   add_rich_text(parent, name)   the same in bbcode
#   add_button(parent, name, text, target, method)   a button that never takes the keyboard
#   add_sprite(parent, name, size)   a sprite of the art (a body's portrait: Art.icon)
#   add_line(name, text)     a text across the panel (centred in a menu), in TEXT_COLOR
#   add_choice(name, text, target, method)   a menu's button, across the panel
#   add_back()               a menu's Back button, last: emits closed
#   say(text)                the line at the bottom: what just happened, or why not
#   clear(node)              removes and frees a row's children before it is filled again
# A panel fills the width its container gives it (the dock's column, a letter's width, a
# menu's MENU_WIDTH) and every text in it wraps at that width, so nothing runs past its edge.
# It starts hidden; its owner shows it (visible).

signal closed()          # a menu's Back button (or Esc, through MenuLayer.back) closed it

const FlowRow = preload("res://hud/FlowRow.gd")
const STYLE = preload("res://hud/panel_style.tres")
const MENU_STYLE = preload("res://hud/menu_style.tres")
const TITLE_COLOR := Color(1, 0.92, 0.6)
const TEXT_COLOR := Color(0.78, 0.72, 0.86)
const MENU_WIDTH := 360.0        # a menu's width at UI scale 1 (its texts wrap inside it)
const CHOICE_HEIGHT := 34.0      # a menu's buttons: a large target for the mouse

var box: VBoxContainer = null
var header: HBoxContainer = null
var title: Label = null
var close_button: Button = null
var escape_button: Button = null  # what Escape presses on a panel without an X (a letter's way on)
var status: Label = null         # say()'s line, made when first said
var menu := false


func _init() -> void:
	add_stylebox_override("panel", STYLE)
	size_flags_horizontal = SIZE_EXPAND_FILL
	# Wheel and clicks on the panel's empty parts reach the dock's scroll bar, not the map.
	mouse_filter = MOUSE_FILTER_PASS


func build(panel_name: String, title_text: String = "", target: Object = null,
		close_method: String = "", close_tooltip: String = "") -> void:
	name = panel_name
	box = VBoxContainer.new()
	box.name = "Box"
	box.mouse_filter = MOUSE_FILTER_IGNORE
	box.add_constant_override("separation", 6)
	add_child(box)
	header = HBoxContainer.new()
	header.name = "Header"
	header.mouse_filter = MOUSE_FILTER_IGNORE
	box.add_child(header)
	title = add_text(header, "Title", TITLE_COLOR)
	title.text = title_text
	if close_method != "" and target != null:
		close_button = add_button(header, "Close", "X", target, close_method)
		close_button.hint_tooltip = close_tooltip
		close_button.rect_min_size = Vector2(24, 24)
		close_button.size_flags_vertical = SIZE_SHRINK_CENTER
	visible = false


# A menu of the desktop frame: no X (Back, Esc or a choice closes it), the keyboard's first
# button focused whenever it shows (a menu pauses the game, so its keys are free).
func build_menu(panel_name: String, title_text: String) -> void:
	build(panel_name, title_text)
	menu = true
	add_stylebox_override("panel", MENU_STYLE)
	rect_min_size.x = MENU_WIDTH
	box.add_constant_override("separation", 8)
	title.align = Label.ALIGN_CENTER
	var _err := connect("visibility_changed", self, "_on_visibility_changed")


# A row of buttons (or other controls) at the bottom of the column; it wraps.
func add_row(row_name: String = "") -> Container:
	var row := FlowRow.new()
	if row_name != "":
		row.name = row_name
	box.add_child(row)
	return row


# A button that never takes keyboard focus (Space and the number keys stay game keys) and
# calls target.method(binds...) when pressed.
static func add_button(parent: Node, button_name: String, text: String, target: Object, method: String,
		binds: Array = []) -> Button:
	var b := Button.new()
	b.name = button_name
	b.text = text
	b.focus_mode = Control.FOCUS_NONE
	var _err := b.connect("pressed", target, method, binds)
	parent.add_child(b)
	return b


# A label that wraps at its parent's width (a panel's column, a tab, a header).
static func add_text(parent: Node, label_name: String, color = null, align: int = Label.ALIGN_LEFT) -> Label:
	var l := Label.new()
	l.name = label_name
	l.autowrap = true
	l.align = align
	l.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	l.mouse_filter = Control.MOUSE_FILTER_IGNORE
	if color != null:
		l.add_color_override("font_color", color)
	parent.add_child(l)
	return l


# A square for a sprite of the art (its texture: Art.icon(thing), e.g. a body's portrait),
# `size` px, crisp (the atlas is unfiltered), at the top of its row.
static func add_sprite(parent: Node, sprite_name: String, size: float) -> TextureRect:
	var t := TextureRect.new()
	t.name = sprite_name
	t.expand = true
	t.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	t.rect_min_size = Vector2(size, size)
	t.size_flags_vertical = 0             # no fill: at the top of its row
	t.mouse_filter = Control.MOUSE_FILTER_IGNORE
	parent.add_child(t)
	return t


# A bbcode text that wraps at its parent's width and is as tall as its text.
static func add_rich_text(parent: Node, label_name: String) -> RichTextLabel:
	var t := RichTextLabel.new()
	t.name = label_name
	t.bbcode_enabled = true
	t.fit_content_height = true
	t.scroll_active = false
	t.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	t.mouse_filter = Control.MOUSE_FILTER_PASS
	t.add_stylebox_override("normal", StyleBoxEmpty.new())
	parent.add_child(t)
	return t


# A text across the panel, under the rows before it (centred in a menu).
func add_line(label_name: String, text: String = "") -> Label:
	var l := add_text(box, label_name, TEXT_COLOR, Label.ALIGN_CENTER if menu else Label.ALIGN_LEFT)
	l.text = text
	return l


# The line under the rows (above a Back button), hidden while there is nothing to say.
func say(text: String) -> void:
	if status == null:
		status = add_line("Status")
	status.text = text
	status.visible = text != ""
	box.move_child(status, box.get_child_count() - 1)
	var back := box.get_node_or_null("Back")
	if back != null:
		box.move_child(back, box.get_child_count() - 1)


# --- menus -----------------------------------------------------------------------------------

# A menu's button across the panel, under the rows before it; the arrows and Enter reach it.
func add_choice(button_name: String, text: String, target: Object, method: String,
		binds: Array = [], tooltip: String = "") -> Button:
	var b := add_button(box, button_name, text, target, method, binds)
	b.focus_mode = Control.FOCUS_ALL
	b.hint_tooltip = tooltip
	b.rect_min_size.y = CHOICE_HEIGHT
	return b


func add_back(text: String = "Back") -> Button:
	return add_choice("Back", text, self, "close", [], "Back (Esc)")


func close() -> void:
	emit_signal("closed")


# Removes every child of `node` and frees it: a row rebuilt from new data starts empty at once
# (queue_free alone would leave the old children in it until the frame ends).
static func clear(node: Node) -> void:
	for c in node.get_children():
		node.remove_child(c)
		c.queue_free()


# The buttons in the column, top down.
func buttons() -> Array:
	var out := []
	for c in box.get_children():
		if c is BaseButton:
			out.append(c)
	return out


# The first control the keys can work (a button that can be pressed, a slider) takes the
# keyboard focus: the settings start on their first slider, not on Back at the bottom.
func focus_first() -> void:
	var c := _first_focusable(box)
	if c != null:
		c.grab_focus()


static func _first_focusable(n: Node) -> Control:
	for c in n.get_children():
		if not (c is Control) or not c.is_visible_in_tree():
			continue
		if c.focus_mode != Control.FOCUS_NONE and not (c is BaseButton and c.disabled):
			return c
		var inner := _first_focusable(c)
		if inner != null:
			return inner
	return null


func _on_visibility_changed() -> void:
	if is_visible_in_tree():
		call_deferred("focus_first")
