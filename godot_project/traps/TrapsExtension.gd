extends Node
# Traps UI (docs/rules/traps.md). Tools:
#   "trap_build"  Build Trap: click a tile to place the part chosen in the panel (a blueprint
#                 until a Traps-duty minion builds it);
#   "wire"        Wiring: drag from a part to another; the wire follows the drag tile by
#                 tile (diagonal moves become two orthogonal steps) and is sent as one `wire`
#                 command; a refused drag leaves nothing (the HUD toasts the sim's reason);
#   "trap_select" Traps: click a part to select it; the panel sets a timer's delay, switches
#                 a lever, removes the part.
# The panel also shows the reset workload (parts waiting for a reset) and how many minions
# are on Traps duty (DECAY-04). Every rule is pysim's; this only draws and sends commands.

const KINDS := ["tripwire", "wide_tripwire", "pressure_plate", "sensor", "lever",
		"spinning_blades", "flame_sprayer", "gas_sprayer", "electric_coil", "dart_thrower",
		"blast_trap", "spider_trap", "web_trap", "terror_trap", "alarm_trap", "timer"]
const STATE_NAMES := ["blueprint", "ready", "needs a reset", "expired"]

var main = null
var layer = null
var panel: PanelContainer = null
var workload_label: Label = null
var kind_picker: OptionButton = null
var part_label: Label = null
var delay_box: SpinBox = null
var delay_button: Button = null
var lever_button: Button = null
var remove_button: Button = null
var snap := {}
var tool_id := "select"
var drag_path := []           # Vector2 tiles of the drag in progress
var dragging := false
var last_hover := Vector2(-1, -1)
var selected_part := -1
var last_wire_command := {}


func setup(m) -> void:
	main = m
	main.hud.add_tool("trap_build", "Build Trap", "Place a trap part (choose it in the Traps panel)")
	main.hud.add_tool("wire", "Wiring", "Drag a wire from a trigger to a mechanism (or a timer, a door)")
	main.hud.add_tool("trap_select", "Traps", "Select a trap part: timer delay, lever, remove")
	layer = preload("res://traps/TrapLayer.gd").new()
	layer.name = "TrapLayer"
	main.world.add_layer(layer, false)
	_build_panel()
	var duty_tab = preload("res://traps/DutyTab.gd").new()
	duty_tab.name = "Duty"
	main.hud.add_selection_tab("Duty", duty_tab)
	EventBus.connect("snapshot_updated", self, "_on_snapshot")
	EventBus.connect("tool_selected", self, "_on_tool_selected")
	EventBus.connect("tile_clicked", self, "_on_tile_clicked")
	EventBus.connect("tile_hovered", self, "_on_tile_hovered")
	EventBus.connect("tile_drag_started", self, "_on_drag_started")
	EventBus.connect("tile_drag_finished", self, "_on_drag_finished")
	main.hud.register_event_text("trap_triggered", self, "_text_triggered", Color(1, 0.6, 0.3))
	main.hud.register_event_text("mechanism_fired", self, "_text_fired", Color(1, 0.45, 0.3))
	main.hud.register_event_text("part_expired", self, "_text_expired", Color(0.8, 0.8, 0.5))
	main.hud.register_event_text("reset_botched", self, "_text_botched", Color(1, 0.3, 0.3))
	main.hud.register_event_text("part_built", self, "_text_built")
	main.hud.register_event_text("part_reset", self, "_text_reset")


func _build_panel() -> void:
	panel = PanelContainer.new()
	panel.name = "TrapPanel"
	panel.anchor_left = 1.0
	panel.anchor_right = 1.0
	panel.anchor_top = 1.0
	panel.anchor_bottom = 1.0
	panel.margin_left = -300
	panel.margin_right = -8
	panel.margin_top = -200
	panel.margin_bottom = -8
	var box := VBoxContainer.new()
	panel.add_child(box)
	workload_label = Label.new()
	workload_label.name = "Workload"
	box.add_child(workload_label)
	kind_picker = OptionButton.new()
	kind_picker.name = "KindPicker"
	for k in KINDS:
		kind_picker.add_item(k.replace("_", " ").capitalize())
	kind_picker.select(2)
	box.add_child(kind_picker)
	part_label = Label.new()
	part_label.name = "PartInfo"
	part_label.autowrap = true
	part_label.rect_min_size = Vector2(280, 36)
	box.add_child(part_label)
	var row := HBoxContainer.new()
	box.add_child(row)
	delay_box = SpinBox.new()
	delay_box.name = "Delay"
	delay_box.min_value = 0
	delay_box.max_value = 6000
	delay_box.suffix = "ticks"
	row.add_child(delay_box)
	delay_button = _button(row, "SetDelay", "Set Delay", "_on_set_delay")
	var row2 := HBoxContainer.new()
	box.add_child(row2)
	lever_button = _button(row2, "SwitchLever", "Switch Lever", "_on_switch_lever")
	remove_button = _button(row2, "RemovePart", "Remove", "_on_remove")
	main.hud.get_node("Root").add_child(panel)
	_refresh_panel()


func _button(parent: Node, name: String, text: String, method: String) -> Button:
	var b := Button.new()
	b.name = name
	b.text = text
	b.connect("pressed", self, method)
	parent.add_child(b)
	return b


func _send(cmd: Dictionary) -> void:
	EventBus.emit_signal("command_requested", cmd)


# -- snapshot lookups --------------------------------------------------------------------

func part_index_at(tile: Vector2) -> int:
	var pos = snap.get("part_pos", [])
	var kinds = snap.get("part_kind", [])
	var flags = snap.get("part_flags", [])
	for i in range(pos.size()):
		var p: Vector2 = pos[i].floor()
		if p == tile:
			return i
		if int(kinds[i]) == 1:
			var d: Vector2 = Vector2(0, 1) if (int(flags[i]) & 16) != 0 else Vector2(1, 0)
			if tile == p + d or tile == p - d:
				return i
	return -1


func part_index(part_id: int) -> int:
	var ids = snap.get("part_id", [])
	for i in range(ids.size()):
		if int(ids[i]) == part_id:
			return i
	return -1


func wire_count() -> int:
	return snap.get("wire_id", []).size()


# -- signals -----------------------------------------------------------------------------

func _on_snapshot(s: Dictionary) -> void:
	snap = s
	workload_label.text = "Resets waiting: %d   Traps duty: %d" % [int(s.get("trap_workload", 0)),
			int(s.get("traps_duty", 0))]
	_refresh_panel()


func _on_tool_selected(id: String) -> void:
	tool_id = id
	dragging = false
	drag_path = []
	layer.preview = []
	layer.update()


func _on_tile_hovered(tile: Vector2) -> void:
	last_hover = tile
	if dragging and tool_id == "wire":
		_extend(tile)


func _extend(tile: Vector2) -> void:
	if drag_path.empty():
		drag_path.append(tile)
		return
	var cur: Vector2 = drag_path[drag_path.size() - 1]
	while cur != tile:
		if cur.x != tile.x:
			cur.x += sign(tile.x - cur.x)
		else:
			cur.y += sign(tile.y - cur.y)
		var back := drag_path.find(cur)
		if back >= 0:
			drag_path.resize(back + 1)      # dragged back over the path: undo that part
		else:
			drag_path.append(cur)
	layer.preview = drag_path
	layer.update()


func _on_drag_started(tile: Vector2, tool_name: String) -> void:
	if tool_name != "wire":
		return
	dragging = true
	drag_path = [tile]
	_extend(last_hover)


func _on_drag_finished(from: Vector2, to: Vector2, tool_name: String) -> void:
	if tool_name != "wire":
		return
	_extend(to)
	var path := []
	for t in drag_path:
		path.append([int(t.x), int(t.y)])
	dragging = false
	drag_path = []
	layer.preview = []
	layer.update()
	if path.size() >= 2:
		last_wire_command = {"type": "wire", "path": path}
		_send(last_wire_command)


func _on_tile_clicked(tile: Vector2, button: int, tool_name: String) -> void:
	if button != BUTTON_LEFT:
		return
	if tool_name == "trap_build":
		_send({"type": "place_part", "kind": KINDS[kind_picker.selected],
				"x": int(tile.x), "y": int(tile.y)})
	elif tool_name == "trap_select":
		var i := part_index_at(tile)
		selected_part = int(snap["part_id"][i]) if i >= 0 else -1
		layer.selected_part = selected_part
		layer.update()
		_refresh_panel()


func _refresh_panel() -> void:
	var i := part_index(selected_part) if selected_part >= 0 else -1
	if i < 0:
		part_label.text = "No trap part selected (Traps tool: click one)."
		delay_box.editable = false
		delay_button.disabled = true
		lever_button.disabled = true
		remove_button.disabled = true
		return
	var kind := int(snap["part_kind"][i])
	var st := int(snap["part_state"][i])
	var f := int(snap["part_flags"][i])
	var text := "%s #%d: %s" % [KINDS[kind].replace("_", " ").capitalize(), selected_part, STATE_NAMES[st]]
	if (f & 1) != 0:
		text += ", RIGGED"
	if kind == 4:
		text += ", on" if (f & 2) != 0 else ", off"
	if kind == 15:
		text += ", delay %d ticks" % int(snap["part_delay"][i])
	if st == 0:
		text += " (metal %d/%d)" % [int(snap["part_metal"][i]), int(snap["part_metal_need"][i])]
	part_label.text = text
	delay_box.editable = kind == 15
	delay_button.disabled = kind != 15
	lever_button.disabled = kind != 4 or st == 0
	remove_button.disabled = false


func _on_set_delay() -> void:
	if selected_part >= 0:
		_send({"type": "set_timer_delay", "part": selected_part, "delay": int(delay_box.value)})


func _on_switch_lever() -> void:
	if selected_part >= 0:
		_send({"type": "switch_lever", "part": selected_part})


func _on_remove() -> void:
	if selected_part >= 0:
		_send({"type": "remove_part", "part": selected_part})
		selected_part = -1
		layer.selected_part = -1


# -- event words ---------------------------------------------------------------------------

func _text_triggered(ev: Dictionary) -> String:
	return "%s set off at (%d, %d)%s" % [str(ev.kind).replace("_", " ").capitalize(), ev.x, ev.y,
			" (rigged)" if ev.get("rigged", false) else ""]


func _text_fired(ev: Dictionary) -> String:
	return "%s fired at (%d, %d)%s" % [str(ev.kind).replace("_", " ").capitalize(), ev.x, ev.y,
			" by a botched reset" if ev.get("botch", false) else ""]


func _text_expired(ev: Dictionary) -> String:
	return "%s at (%d, %d) needs its 2-day reset" % [str(ev.kind).replace("_", " ").capitalize(), ev.x, ev.y]


func _text_botched(ev: Dictionary) -> String:
	if ev.get("outcome", "") == "rig":
		return "A botched reset rigged a trigger!"
	return "A botched reset set the trap off!"


func _text_built(ev: Dictionary) -> String:
	return "%s built at (%d, %d)" % [str(ev.kind).replace("_", " ").capitalize(), ev.x, ev.y]


func _text_reset(ev: Dictionary) -> String:
	return "%s reset" % str(ev.kind).replace("_", " ").capitalize()
