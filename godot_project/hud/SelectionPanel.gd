extends "res://hud/GamePanel.gd"
# The selection panel, at the top of the right dock: the selected body's sprite (an
# adventurer's class, a creature's kind: Art.body_thing, as the map draws it) and name, then
# its tabs.
# "Info" is describe(id) in words (hud/InfoText.gd); concepts add more tabs with
# hud.add_selection_tab(title, control), and rows under the title, shown on every tab, with
# hud.add_selection_row(control) (the body's orders). A tab or row control may define
#   func show_entity(entity_id: int, info: Dictionary) -> void   # called on every refresh
#   func applies_to(info: Dictionary) -> bool                     # it shows only when true
# The panel asks SimClient for a fresh description every REFRESH_SECONDS while a body is
# selected. It is as tall as what it says; the dock scrolls when the panels are taller.

const InfoText = preload("res://hud/InfoText.gd")
const Tabs = preload("res://hud/Tabs.gd")
const REFRESH_SECONDS := 0.25
const UNSEEN_TEXT := "None of yours sees it now: where it is and what it does are hidden."
const PORTRAIT := 32.0           # the body's sprite at the art's own size

var title_label: Label = null
var portrait: TextureRect = null
var tabs = null                  # hud/Tabs.gd: the tab buttons and the pages
var info_text: RichTextLabel = null

var selected_id := -1
var last_info := {}
var _extra_tabs := []   # Controls added by concepts (in order)
var _rows := []         # concepts' rows under the title (in order)
var _since_refresh := 0.0


func _init() -> void:
	build("SelectionPanel", "Selection", self, "_on_close_pressed", "Clear the selection (Esc)")
	title_label = title
	portrait = add_sprite(header, "Portrait", PORTRAIT)
	header.move_child(portrait, 0)
	portrait.visible = false
	tabs = Tabs.new()
	tabs.name = "Tabs"
	box.add_child(tabs)
	info_text = add_rich_text(tabs, "Info")
	tabs.add_page(info_text)
	# Hovering a stat tells what it does.
	info_text.meta_underlined = false
	var _err := info_text.connect("meta_hover_started", self, "_on_meta_hover")
	_err = info_text.connect("meta_hover_ended", self, "_on_meta_hover_ended")


func _ready() -> void:
	add_to_group("selection_panel")
	var _err := EventBus.connect("entity_selected", self, "_on_entity_selected")
	_err = EventBus.connect("entity_described", self, "_on_entity_described")


func add_tab(tab_title: String, control: Control) -> void:
	control.name = tab_title
	control.size_flags_horizontal = SIZE_EXPAND_FILL
	_extra_tabs.append(control)
	tabs.add_page(control)
	if selected_id >= 0:
		_update_tabs(last_info)


func add_body_row(control: Control) -> void:
	control.size_flags_horizontal = SIZE_EXPAND_FILL
	box.add_child_below_node(header if _rows.empty() else _rows[-1], control)
	_rows.append(control)
	control.visible = false


func _on_close_pressed() -> void:
	EventBus.emit_signal("entity_selected", -1)


func _on_entity_selected(entity_id: int) -> void:
	selected_id = entity_id
	visible = entity_id >= 0
	last_info = {}
	if entity_id >= 0:
		title_label.text = Names.who(entity_id, "...")
		info_text.bbcode_text = "..."
		EventBus.emit_signal("describe_requested", entity_id)
	_since_refresh = 0.0


func _process(delta: float) -> void:
	if selected_id < 0:
		return
	_since_refresh += delta
	if _since_refresh >= REFRESH_SECONDS:
		_since_refresh = 0.0
		EventBus.emit_signal("describe_requested", selected_id)


func _on_entity_described(entity_id: int, info: Dictionary) -> void:
	if entity_id != selected_id:
		return
	last_info = info
	title_label.text = InfoText.title_for(entity_id, info)
	portrait.texture = portrait_of(entity_id, info)
	portrait.visible = portrait.texture != null
	var text := InfoText.info_bbcode(info)
	if info.get("unseen", false):
		# the fog hides it now (pysim/invasions/unseen.py): nothing tells where it is
		title_label.text = "Out of sight"
		text = UNSEEN_TEXT
	if text != info_text.bbcode_text:
		info_text.bbcode_text = text
	_update_tabs(info)


# The body's sprite as the map draws it: describe's kind word, the look Names has for it
# (class or creature kind); null for anything else.
static func portrait_of(entity_id: int, info: Dictionary) -> Texture:
	var kind := Art.BODY_KINDS.find(str(info.get("kind", "")))
	if kind < 0:
		return null
	return Art.icon(Art.body_thing(kind, Names.look(entity_id)))


# Each concept's tab shows only for the bodies it applies to, and hears of every refresh.
func _update_tabs(info: Dictionary) -> void:
	for r in _rows:
		r.visible = not r.has_method("applies_to") or bool(r.applies_to(info))
		if r.visible and r.has_method("show_entity"):
			r.show_entity(selected_id, info)
	for c in _extra_tabs:
		var applies: bool = not info.get("unseen", false)
		if applies and c.has_method("applies_to"):
			applies = bool(c.applies_to(info))
		tabs.set_page_shown(c, applies)
		if applies and c.has_method("show_entity"):
			c.show_entity(selected_id, info)


func _on_meta_hover(meta) -> void:
	var key := str(meta)
	if key.begins_with("stat:"):
		info_text.hint_tooltip = InfoText.STAT_TIPS.get(key.substr(5), "")


func _on_meta_hover_ended(_meta) -> void:
	info_text.hint_tooltip = ""
