extends PanelContainer
# The tool bar (the build menu), bottom left: "Select" and the map tools the concepts add on
# the first row (Dig, Mine vein, Wall, Build Trap, Wiring, Traps, Doors, Order), the
# buildings under "Build" (furniture, prison cells, altars, the watch's buildings), and the
# concepts' action buttons last (Scry, Eye Scouts, Party). Each row wraps, so every button
# shows whole however narrow the window; the bar is as wide as its longest row or the room
# left of the right dock (set_room).

# Tools that build something go on the Build row (with every econ_* tool but these).
const MAP_TOOLS := ["econ_dig", "econ_mine", "econ_wall"]
const BUILDING_TOOLS := ["cell", "altar", "guardpost", "scrying_pool"]

onready var tools_row: Container = $Rows/Tools
onready var build_row: Container = $Rows/Build
onready var actions_row: Container = $Rows/Actions

var _group: ButtonGroup = null
var tool_id := "select"


func _ready() -> void:
	var select_button: Button = tools_row.get_node("select")
	_group = select_button.group
	var _err := select_button.connect("pressed", self, "_on_tool_pressed", ["select"])
	_err = EventBus.connect("tool_selected", self, "_on_tool_selected")


# A tool button (toggled while the tool is active) on the row its kind belongs to.
func add_tool(id: String, label: String, tooltip: String = "") -> Button:
	var b := Button.new()
	b.name = id
	b.text = label
	b.hint_tooltip = tooltip
	b.toggle_mode = true
	b.focus_mode = FOCUS_NONE
	b.group = _group
	var _err := b.connect("pressed", self, "_on_tool_pressed", [id])
	var row := build_row if id in BUILDING_TOOLS or (id.begins_with("econ_") and not id in MAP_TOOLS) else tools_row
	row.add_child(b)
	row.visible = true
	return b


# A concept's action button (not a tool: it acts at once) on the last row; the row shows
# while one of its buttons does.
func add_action(b: Button) -> void:
	b.focus_mode = FOCUS_NONE
	actions_row.add_child(b)
	var _err := b.connect("visibility_changed", self, "_show_actions")
	_show_actions()


func tool_button(id: String) -> Button:
	for row in [tools_row, build_row, actions_row]:
		var b = row.get_node_or_null(id)
		if b is Button:
			return b
	return null


# Rows as wide as `width` at most (the room left of the dock), wrapping past it.
func set_room(width: float) -> void:
	var inner: float = width - get_stylebox("panel").get_minimum_size().x
	for row in [tools_row, build_row, actions_row]:
		row.set_preferred_width(inner)


func _show_actions() -> void:
	var any := false
	for c in actions_row.get_children():
		any = any or c.visible
	actions_row.visible = any


func _on_tool_pressed(id: String) -> void:
	if id != tool_id:
		EventBus.emit_signal("tool_selected", id)


func _on_tool_selected(id: String) -> void:
	tool_id = id
	var b := tool_button(id)
	if b != null and b.toggle_mode and not b.pressed:
		b.pressed = true
