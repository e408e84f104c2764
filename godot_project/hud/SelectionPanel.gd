extends "res://hud/GamePanel.gd"
# The selection panel, at the top of the right dock: the selected body's name, then its tabs.
# "Info" is describe(id) in words (hud/InfoText.gd); concepts add more tabs with
# hud.add_selection_tab(title, control). A tab control may define
#   func show_entity(entity_id: int, info: Dictionary) -> void   # called on every refresh
#   func applies_to(info: Dictionary) -> bool                     # the tab shows only when true
# The panel asks SimClient for a fresh description every REFRESH_SECONDS while a body is
# selected. It is as tall as what it says; the dock scrolls when the panels are taller.

const InfoText = preload("res://hud/InfoText.gd")
const Tabs = preload("res://hud/Tabs.gd")
const REFRESH_SECONDS := 0.25

var title_label: Label = null
var tabs = null                  # hud/Tabs.gd: the tab buttons and the pages
var info_text: RichTextLabel = null

var selected_id := -1
var last_info := {}
var _extra_tabs := []   # Controls added by concepts (in order)
var _since_refresh := 0.0


func _init() -> void:
	build("SelectionPanel", "Selection", self, "_on_close_pressed", "Clear the selection (Esc)")
	title_label = title
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
	var text := InfoText.info_bbcode(info)
	if text != info_text.bbcode_text:
		info_text.bbcode_text = text
	_update_tabs(info)


# Each concept's tab shows only for the bodies it applies to, and hears of every refresh.
func _update_tabs(info: Dictionary) -> void:
	for c in _extra_tabs:
		var applies := true
		if c.has_method("applies_to"):
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
