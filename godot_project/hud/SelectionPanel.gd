extends PanelContainer
# The selection panel: shows describe(id) of the selected entity in the "Info" tab.
# Concepts add tabs with HUD.add_selection_tab(title, control). A tab control may define
#   func show_entity(entity_id: int, info: Dictionary) -> void   # called on every refresh
#   func applies_to(info: Dictionary) -> bool                     # hide the tab when false
# The panel asks SimClient for a fresh description every REFRESH_SECONDS while visible.

const REFRESH_SECONDS := 0.25
const KIND_NAMES := {0: "Minion", 1: "Adventurer", 2: "Creature", 3: "Boss"}

onready var title_label: Label = $Box/Header/Title
onready var tabs: TabContainer = $Box/Tabs
onready var info_text: RichTextLabel = $Box/Tabs/Info

var selected_id := -1
var last_info := {}
var _extra_tabs := []   # Controls added by concepts (in order)
var _since_refresh := 0.0


func _ready() -> void:
	add_to_group("selection_panel")
	EventBus.connect("entity_selected", self, "_on_entity_selected")
	EventBus.connect("entity_described", self, "_on_entity_described")
	$Box/Header/Close.connect("pressed", self, "_on_close_pressed")


func add_tab(title: String, control: Control) -> void:
	control.name = title
	_extra_tabs.append(control)
	tabs.add_child(control)
	if selected_id >= 0:
		_update_tabs(last_info)


func _on_close_pressed() -> void:
	EventBus.emit_signal("entity_selected", -1)


func _on_entity_selected(entity_id: int) -> void:
	selected_id = entity_id
	visible = entity_id >= 0
	last_info = {}
	if entity_id >= 0:
		title_label.text = "#%d" % entity_id
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
	title_label.text = title_for(entity_id, info)
	info_text.bbcode_text = info_bbcode(info)
	_update_tabs(info)


static func title_for(entity_id: int, info: Dictionary) -> String:
	var kind_name := ""
	if info.has("kind_name"):
		kind_name = str(info["kind_name"])
	elif info.has("kind") and typeof(info["kind"]) == TYPE_STRING:
		kind_name = str(info["kind"])
	elif info.has("kind"):
		kind_name = KIND_NAMES.get(int(info["kind"]), "Entity")
	var name := str(info.get("name", ""))
	var parts := []
	if name != "":
		parts.append(name)
	if kind_name != "":
		parts.append(kind_name.capitalize() if name == "" else "(%s)" % kind_name)
	parts.append("#%d" % entity_id)
	return PoolStringArray(parts).join(" ")


static func info_bbcode(info: Dictionary) -> String:
	if info.empty():
		return "[color=#a08080]No details.[/color]"
	var lines := []
	var nested := []
	var keys: Array = info.keys()
	keys.sort()
	for k in keys:
		if typeof(info[k]) == TYPE_DICTIONARY:
			nested.append(k)
		else:
			lines.append(_line(k, info[k], ""))
	# Sections (dictionaries added by rule areas) after the plain fields.
	for k in nested:
		lines.append("")
		lines.append("[color=#e0c070]%s[/color]" % _label(k))
		var sub: Dictionary = info[k]
		var sub_keys: Array = sub.keys()
		sub_keys.sort()
		for sk in sub_keys:
			lines.append(_line(sk, sub[sk], "   "))
	return PoolStringArray(lines).join("\n")


static func _label(k) -> String:
	return str(k).replace("_", " ").capitalize()


static func _line(k, v, indent: String) -> String:
	return "%s[color=#b49ad0]%s[/color]  %s" % [indent, _label(k), _value(v)]


static func _value(v) -> String:
	match typeof(v):
		TYPE_NIL:
			return "-"
		TYPE_REAL:
			return str(stepify(v, 0.01))
		TYPE_DICTIONARY:
			var parts := []
			for key in v.keys():
				parts.append("%s %s" % [str(key).replace("_", " "), _value(v[key])])
			return PoolStringArray(parts).join(", ")
		TYPE_ARRAY:
			var items := []
			for item in v:
				items.append(_value(item))
			if items.empty():
				return "none"
			var joined := PoolStringArray(items).join(", ")
			# Short numeric lists are coordinates: (x, y).
			if items.size() <= 3 and typeof(v[0]) != TYPE_STRING:
				return "(" + joined + ")"
			return joined
	var s := str(v).replace("[", "(").replace("]", ")")
	return s


func _update_tabs(info: Dictionary) -> void:
	for c in _extra_tabs:
		var applies := true
		if c.has_method("applies_to"):
			applies = bool(c.applies_to(info))
		if applies and c.get_parent() == null:
			tabs.add_child(c)
		elif not applies and c.get_parent() == tabs:
			tabs.remove_child(c)
		if applies and c.has_method("show_entity"):
			c.show_entity(selected_id, info)


func _exit_tree() -> void:
	for c in _extra_tabs:
		if is_instance_valid(c) and c.get_parent() == null:
			c.free()
