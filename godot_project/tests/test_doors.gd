extends "res://tests/TestCase.gd"
# The doors UI against the real session (res://levels/doors_demo.level): the Doors tool
# selects a door, the panel's buttons, clicked through Input.parse_input_event, change the
# sim's door state; the door panel shows a breach in progress; a mouse drag with the Wiring
# tool that only passes through a door makes a wire but does not connect the door.

const LEVEL := "res://levels/doors_demo.level"

var ext = null


func before_each() -> void:
	yield(start_main(LEVEL), "completed")
	ext = extension("DoorsExtension")


func after_each() -> void:
	free_main()
	EventBus.emit_signal("tool_selected", "select")


func door_value(key: String, door_id: int):
	return snap_value("door_id", key, door_id)


func wait_door(key: String, door_id: int, value: int, max_frames: int = 120):
	return wait_value("door_id", key, door_id, value, max_frames)


func select_door_by_click(tile: Vector2):
	var tool_button: Button = main.hud.tool_button("door")
	yield(click_control(tool_button), "completed")
	yield(click_at(tile_screen(tile)), "completed")
	yield(frames(3), "completed")


func test_panel_buttons_change_the_door() -> void:
	if not running():
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
	if not running():
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
	for _i in range(600):
		yield(get_tree(), "physics_frame")
		if ext.info.text.find(" is bashing the door: ") >= 0 or ext.info.text.find(" is picking the lock: ") >= 0:
			seen = true
			break
	assert_true(seen, "breach in progress shown, by name: %s" % ext.info.text)
	assert_true(ext.info.text.find("#") < 0, "no ids in the door panel: %s" % ext.info.text)


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
	if not running():
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	# door 2 (6, 4) is wired to the lever at (2, 4) by the level's wire, which runs along row
	# 3. A Wiring-tool drag from the corridor (5, 1) straight down through door 1 (5, 2) onto
	# that wire at (5, 3) joins the wire but only passes through door 1: not connected.
	assert_eq(door_value("door_trigger", 1), -1, "door 1 starts unwired")
	var wires_before: int = main.sim.last_snapshot.get("wire_id", []).size()
	yield(click_control(main.hud.tool_button("wire")), "completed")
	assert_eq(main.world.tool_id, "wire", "the Wiring tool is active")
	yield(drag([Vector2(5, 1), Vector2(5, 2), Vector2(5, 3)]), "completed")
	var ids = main.sim.last_snapshot.get("wire_id", [])
	if not assert_eq(ids.size(), wires_before + 1, "the drag made a wire"):
		return
	var tiles := wire_tiles(int(ids[ids.size() - 1]))
	assert_eq(tiles, [Vector2(5, 1), Vector2(5, 2), Vector2(5, 3)], "the wire follows the drag through the door")
	assert_eq(door_value("door_trigger", 1), -1, "a drag passing through door 1 leaves it unwired")
	assert_true(door_value("door_trigger", 2) >= 0, "door 2 (a wire ends on it) is wired")
