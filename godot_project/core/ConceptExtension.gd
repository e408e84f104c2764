extends Node
# Base of the concepts' extension scripts (the root of res://<folder>/*Extension.tscn, see
# docs/godot.md "Adding a concept's UI"): the set-up every concept repeats, in one place.
# An extension's setup(m) stores `main = m`, then uses these:
#   listen({"snapshot_updated": "_on_snapshot", ...})   EventBus signals -> its methods
#   add_tool(id, label, tooltip, "_on_click")           a tool button; left clicks on the map
#                                                       while the tool is active call
#                                                       _on_click(tile)
#   event_texts({"door_breached": ["_text", color], "door_rearmed": "_text2",
#                "attack": ["_text3", null, true]})       (true: quiet, kept off the log);
#                the methods are this node's, or another object's given after the table
#   add_side_panel(name, "_on_close", tooltip)          a hud/GamePanel.gd in the right dock
#   send(cmd)                                           EventBus command_requested
#   row_index(snap, "door_id", id)                      a snapshot row by its id

const GamePanel = preload("res://hud/GamePanel.gd")

var main = null
var _click_tools := {}       # tool id -> method called with the tile on a left map click


func listen(handlers: Dictionary) -> void:
	for signal_name in handlers:
		var _err := EventBus.connect(signal_name, self, handlers[signal_name])


func add_tool(id: String, label: String, tooltip: String, on_click: String = "") -> void:
	if on_click != "":
		if _click_tools.empty():
			var _err := EventBus.connect("tile_clicked", self, "_on_tool_click")
		_click_tools[id] = on_click
	main.hud.add_tool(id, label, tooltip)


func _on_tool_click(tile: Vector2, button: int, tool_id: String) -> void:
	if button == BUTTON_LEFT and _click_tools.has(tool_id):
		call(_click_tools[tool_id], tile)


# Event words for the HUD's log: type -> method, or type -> [method, color], the methods of
# `target` (this node when null: a concept with many words keeps them in a script of their own).
func event_texts(texts: Dictionary, target: Object = null) -> void:
	var by: Object = self if target == null else target
	for type in texts:
		var t = texts[type]
		if t is Array:
			main.hud.register_event_text(type, by, t[0], t[1], t.size() > 2 and t[2])
		else:
			main.hud.register_event_text(type, by, t)


# A side panel (hidden until shown) in the HUD's right dock, under the selection panel.
func add_side_panel(panel_name: String, close_method: String, close_tooltip: String) -> GamePanel:
	var p := GamePanel.new()
	p.build(panel_name, "", self, close_method, close_tooltip)
	main.hud.add_side_panel(p)
	return p


# A button for a panel's row (see GamePanel.add_button), calling this node's method.
func add_button(parent: Node, button_name: String, text: String, method: String) -> Button:
	return GamePanel.add_button(parent, button_name, text, self, method)


func send(cmd: Dictionary) -> void:
	EventBus.emit_signal("command_requested", cmd)


# The row of a snapshot's per-row arrays whose id column `id_key` ("door_id", "part_id" ...)
# holds id; -1 if none.
static func row_index(s: Dictionary, id_key: String, id: int) -> int:
	var ids = s.get(id_key, [])
	for i in range(ids.size()):
		if int(ids[i]) == id:
			return i
	return -1
