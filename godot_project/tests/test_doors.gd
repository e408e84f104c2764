extends "res://tests/TestCase.gd"
# The doors UI against the real session (res://levels/doors_demo.level): the Doors tool
# selects a door, the panel's buttons, clicked through Input.parse_input_event, change the
# sim's door state; the door panel shows a breach in progress; a mouse drag with the Wiring
# tool that only passes through a door makes a wire but does not connect the door.

const MAIN_SCENE := "res://main/Main.tscn"
const LEVEL := "res://levels/doors_demo.level"

var main = null
var ext = null


func before_each() -> void:
	main = load(MAIN_SCENE).instance()
	main.level_path = LEVEL
	get_tree().root.add_child(main)
	yield(get_tree(), "physics_frame")
	yield(get_tree(), "physics_frame")
	ext = null
	for c in main.extensions.get_children():
		if c.name == "DoorsExtension":
			ext = c


func after_each() -> void:
	if main != null and is_instance_valid(main):
		main.get_parent().remove_child(main)
		main.free()
	main = null
	EventBus.emit_signal("tool_selected", "select")


func frames(n: int) -> void:
	for i in range(n):
		yield(get_tree(), "physics_frame")


func mouse_button(pos: Vector2, button: int, pressed: bool) -> void:
	var ev := InputEventMouseButton.new()
	ev.button_index = button
	ev.pressed = pressed
	ev.button_mask = (1 << (button - 1)) if pressed else 0
	ev.position = pos
	ev.global_position = pos
	Input.parse_input_event(ev)


func click_at(pos: Vector2, button: int = BUTTON_LEFT):
	var motion := InputEventMouseMotion.new()
	motion.position = pos
	motion.global_position = pos
	Input.parse_input_event(motion)
	mouse_button(pos, button, true)
	yield(get_tree(), "idle_frame")
	mouse_button(pos, button, false)
	yield(get_tree(), "idle_frame")


func click_control(c: Control):
	var r := c.get_global_rect()
	yield(click_at(r.position + r.size / 2), "completed")


func tile_screen(tile: Vector2) -> Vector2:
	return main.world.get_viewport().canvas_transform.xform(main.world.tile_to_world(tile))


func door_value(key: String, door_id: int):
	var s: Dictionary = main.sim.last_snapshot
	var ids = s.get("door_id", [])
	for i in range(ids.size()):
		if int(ids[i]) == door_id:
			return int(s[key][i])
	return null


func wait_door(key: String, door_id: int, value: int, max_frames: int = 120):
	yield(get_tree(), "physics_frame")    # always a coroutine, so callers can yield on it
	for i in range(max_frames):
		if door_value(key, door_id) == value:
			return true
		yield(get_tree(), "physics_frame")
	return door_value(key, door_id) == value


func select_door_by_click(tile: Vector2):
	var tool_button: Button = main.hud.tool_row.get_node("door")
	yield(click_control(tool_button), "completed")
	yield(click_at(tile_screen(tile)), "completed")
	yield(frames(3), "completed")


func test_panel_buttons_change_the_door() -> void:
	if not assert_true(main.sim.running, "the session runs: %s" % main.sim.failure_text):
		return
	if not assert_true(ext != null, "DoorsExtension loaded"):
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(5), "completed")
	# the locked door on the corridor, (5, 2), is door 1
	yield(select_door_by_click(Vector2(5, 2)), "completed")
	assert_eq(ext.selected_door, 1, "clicking the door tile with the Doors tool selects it")
	assert_true(ext.panel.visible, "the door panel shows")
	assert_string_contains(ext.title.text, "locked")
	yield(click_control(ext.hold_button), "completed")
	var ok = yield(wait_door("door_held", 1, 1), "completed")
	assert_true(ok, "Hold Door Open holds the door in the sim")
	ok = yield(wait_door("door_open", 1, 1), "completed")
	assert_true(ok, "the held door is open")
	yield(click_control(ext.disarm_button), "completed")
	ok = yield(wait_door("door_armed", 1, 0), "completed")
	assert_true(ok, "Disarm Lock disarms the padlock in the sim")
	yield(click_control(ext.arm_button), "completed")
	ok = yield(wait_door("door_armed", 1, 1), "completed")
	assert_true(ok, "Arm Lock arms it again")
	yield(click_control(ext.hold_button), "completed")
	ok = yield(wait_door("door_held", 1, 0), "completed")
	assert_true(ok, "Release Door releases it")


func test_build_padlock_button_and_breach_progress_shows() -> void:
	if not assert_true(main.sim.running, "the session runs"):
		return
	# door 2 at (6, 4) has no padlock: the panel offers Build Padlock
	yield(select_door_by_click(Vector2(6, 4)), "completed")
	assert_eq(ext.selected_door, 2)
	assert_true(ext.padlock_button.visible and not ext.arm_button.visible)
	yield(click_control(ext.padlock_button), "completed")
	var ok = yield(wait_door("door_padlock", 2, 1), "completed")
	assert_true(ok, "Build Padlock places a padlock blueprint")
	# a party arrives and breaches door 1: the panel shows who, how, progress, failures
	EventBus.emit_signal("command_requested", {"type": "spawn_party", "members": 1})
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	ext.select_door(1)
	var seen := false
	for i in range(600):
		yield(get_tree(), "physics_frame")
		if ext.info.text.find("Adventurer #") >= 0:
			seen = true
			break
	assert_true(seen, "breach in progress shown: %s" % ext.info.text)


# A left-button drag with the mouse through the given tiles (each a neighbour of the last),
# as a player does it: motion to the first tile, press, motion events along the path,
# release on the last tile.
func drag(tiles: Array):
	mouse_motion(tile_screen(tiles[0]), false)
	yield(get_tree(), "idle_frame")
	mouse_button(tile_screen(tiles[0]), BUTTON_LEFT, true)
	yield(get_tree(), "idle_frame")
	for k in range(1, tiles.size()):
		mouse_motion(tile_screen(tiles[k]), true)
		yield(get_tree(), "idle_frame")
	mouse_button(tile_screen(tiles[tiles.size() - 1]), BUTTON_LEFT, false)
	yield(get_tree(), "idle_frame")
	yield(frames(5), "completed")


func mouse_motion(pos: Vector2, left_held: bool) -> void:
	var m := InputEventMouseMotion.new()
	m.position = pos
	m.global_position = pos
	m.button_mask = BUTTON_MASK_LEFT if left_held else 0
	Input.parse_input_event(m)


# The tiles of wire `wire_id` in the snapshot (Vector2s), [] if there is no such wire.
func wire_tiles(wire_id: int) -> Array:
	var s: Dictionary = main.sim.last_snapshot
	var ids = s.get("wire_id", [])
	var lens = s.get("wire_len", [])
	var tiles = s.get("wire_tiles", [])
	var at := 0
	for i in range(ids.size()):
		if int(ids[i]) == wire_id:
			var out := []
			for k in range(int(lens[i])):
				out.append(Vector2(tiles[at + k].x, tiles[at + k].y))
			return out
		at += int(lens[i])
	return []


func test_drag_through_a_door_does_not_connect_it() -> void:
	if not assert_true(main.sim.running, "the session runs"):
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	# door 2 (6, 4) is wired to the lever at (2, 4) by the level's wire, which runs along row
	# 3. A Wiring-tool drag from the corridor (5, 1) straight down through door 1 (5, 2) onto
	# that wire at (5, 3) joins the wire but only passes through door 1: not connected.
	assert_eq(door_value("door_trigger", 1), -1, "door 1 starts unwired")
	var wires_before: int = main.sim.last_snapshot.get("wire_id", []).size()
	yield(click_control(main.hud.tool_row.get_node("wire")), "completed")
	assert_eq(main.world.tool_id, "wire", "the Wiring tool is active")
	yield(drag([Vector2(5, 1), Vector2(5, 2), Vector2(5, 3)]), "completed")
	var ids = main.sim.last_snapshot.get("wire_id", [])
	if not assert_eq(ids.size(), wires_before + 1, "the drag made a wire"):
		return
	var tiles := wire_tiles(int(ids[ids.size() - 1]))
	assert_eq(tiles, [Vector2(5, 1), Vector2(5, 2), Vector2(5, 3)], "the wire follows the drag through the door")
	assert_eq(door_value("door_trigger", 1), -1, "a drag passing through door 1 leaves it unwired")
	assert_true(door_value("door_trigger", 2) >= 0, "door 2 (a wire ends on it) is wired")
