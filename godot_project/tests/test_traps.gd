extends "res://tests/TestCase.gd"
# The Wiring tool against the real session (res://levels/trap_wiring_test.level), driven by
# mouse drags through Input.parse_input_event: a wire jumping another (a bump in the
# snapshot, separate networks), a wire joining another at a bend (a join point, one
# network), and a refused second mechanism (a toast-worthy refused event, no new wire).

const MAIN_SCENE := "res://main/Main.tscn"
const LEVEL := "res://levels/trap_wiring_test.level"

var main = null
var ext = null
var events := []


func before_each() -> void:
	main = load(MAIN_SCENE).instance()
	main.level_path = LEVEL
	get_tree().root.add_child(main)
	yield(get_tree(), "physics_frame")
	yield(get_tree(), "physics_frame")
	ext = null
	for c in main.extensions.get_children():
		if c.name == "TrapsExtension":
			ext = c
	events = []
	if not EventBus.is_connected("sim_event", self, "_on_event"):
		EventBus.connect("sim_event", self, "_on_event")


func after_each() -> void:
	if EventBus.is_connected("sim_event", self, "_on_event"):
		EventBus.disconnect("sim_event", self, "_on_event")
	if main != null and is_instance_valid(main):
		main.get_parent().remove_child(main)
		main.free()
	main = null
	EventBus.emit_signal("tool_selected", "select")


func _on_event(ev: Dictionary) -> void:
	events.append(ev)


func frames(n: int) -> void:
	for i in range(n):
		yield(get_tree(), "physics_frame")


func tile_screen(tile: Vector2) -> Vector2:
	return main.world.get_viewport().canvas_transform.xform(main.world.tile_to_world(tile))


func motion(pos: Vector2, pressed: bool) -> void:
	var m := InputEventMouseMotion.new()
	m.position = pos
	m.global_position = pos
	m.button_mask = BUTTON_MASK_LEFT if pressed else 0
	Input.parse_input_event(m)


func button(pos: Vector2, pressed: bool) -> void:
	var ev := InputEventMouseButton.new()
	ev.button_index = BUTTON_LEFT
	ev.pressed = pressed
	ev.button_mask = BUTTON_MASK_LEFT if pressed else 0
	ev.position = pos
	ev.global_position = pos
	Input.parse_input_event(ev)


# A left-button drag with the mouse through the given corner tiles, tile by tile.
func drag(corners: Array):
	var tiles := [corners[0]]
	for k in range(1, corners.size()):
		var cur: Vector2 = tiles[tiles.size() - 1]
		var to: Vector2 = corners[k]
		while cur != to:
			cur = cur + Vector2(sign(to.x - cur.x), sign(to.y - cur.y))
			tiles.append(cur)
	motion(tile_screen(tiles[0]), false)
	yield(get_tree(), "idle_frame")
	button(tile_screen(tiles[0]), true)
	yield(get_tree(), "idle_frame")
	for t in tiles.slice(1, tiles.size() - 1):
		motion(tile_screen(t), true)
		yield(get_tree(), "idle_frame")
	button(tile_screen(tiles[tiles.size() - 1]), false)
	yield(get_tree(), "idle_frame")
	yield(frames(4), "completed")


func choose_wiring():
	var b: Button = main.hud.tool_row.get_node("wire")
	var r := b.get_global_rect()
	var p := r.position + r.size / 2
	motion(p, false)
	button(p, true)
	yield(get_tree(), "idle_frame")
	button(p, false)
	yield(get_tree(), "idle_frame")


func snap() -> Dictionary:
	return main.sim.last_snapshot


func has_point(key: String, tile: Vector2) -> bool:
	for p in snap().get(key, []):
		if Vector2(p.x, p.y) == tile:
			return true
	return false


func ready_to_wire() -> bool:
	yield(get_tree(), "idle_frame")
	if not assert_true(main.sim.running, "the session runs: %s" % main.sim.failure_text):
		return false
	if not assert_true(ext != null, "TrapsExtension loaded"):
		return false
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	yield(choose_wiring(), "completed")
	assert_eq(ext.tool_id, "wire", "the Wiring tool is active")
	assert_eq(ext.wire_count(), 1, "the level's wire is there")
	return true


func test_wire_jumps_another() -> void:
	var ok = yield(ready_to_wire(), "completed")
	if not ok:
		return
	# lever (5,5) straight up to the blades (5,1): crosses wire 1's straight run at (5,3)
	yield(drag([Vector2(5, 5), Vector2(5, 1)]), "completed")
	assert_eq(ext.wire_count(), 2, "the drag made a wire")
	assert_eq(ext.last_wire_command.get("path", []).size(), 5, "the wire follows the drag")
	assert_true(has_point("wire_bumps", Vector2(5, 3)), "a bump where it jumps wire 1")
	assert_false(has_point("wire_joins", Vector2(5, 3)), "no join there")
	var nets = snap()["wire_net"]
	assert_true(int(nets[0]) != int(nets[1]), "the two wires stay separate")


func test_wire_joins_at_a_bend() -> void:
	var ok = yield(ready_to_wire(), "completed")
	if not ok:
		return
	# from the timer (12,5) up, left along row 4, up into wire 1's bend at (9,3), turn right
	yield(drag([Vector2(12, 5), Vector2(12, 4), Vector2(9, 4), Vector2(9, 3), Vector2(11, 3)]), "completed")
	assert_eq(ext.wire_count(), 2, "the drag made a wire")
	assert_true(has_point("wire_joins", Vector2(9, 3)), "a join point at the bend")
	assert_eq(snap().get("wire_bumps", []).size(), 0, "no bump")
	var nets = snap()["wire_net"]
	assert_eq(int(nets[0]), int(nets[1]), "joined wires are one network")


func test_second_mechanism_is_refused() -> void:
	var ok = yield(ready_to_wire(), "completed")
	if not ok:
		return
	# from the blast trap (1,5) up to wire 1's bend at (1,3): a second mechanism on the plate
	yield(drag([Vector2(1, 5), Vector2(1, 3)]), "completed")
	assert_eq(ext.wire_count(), 1, "no wire added")
	var reason := ""
	for ev in events:
		if ev.get("type", "") == "refused" and ev.get("command", "") == "wire":
			reason = ev.get("reason", "")
	assert_string_contains(reason, "only one mechanism")
	assert_eq(ext.layer.preview.size(), 0, "nothing of the drag is left on the map")
