extends "res://tests/TestCase.gd"
# The Wiring tool against the real session (res://levels/trap_wiring_test.level), driven by
# mouse drags through Input.parse_input_event: a wire jumping another (a bump in the
# snapshot, separate networks), a wire joining another at a bend (a join point, one
# network), and a refused second mechanism (a toast-worthy refused event, no new wire).
# The trap panel: the Traps tool selects a part by a click; Switch Lever flips the sim's
# lever; a delay typed into the spinbox and sent with Set Delay changes the sim's timer; the
# top bar's reset-workload readout shows the sim's trap_workload / traps_duty.

const LEVEL := "res://levels/trap_wiring_test.level"

var ext = null


func before_each() -> void:
	yield(start_main(LEVEL), "completed")
	ext = extension("TrapsExtension")
	record_events()


func after_each() -> void:
	stop_recording()
	free_main()
	EventBus.emit_signal("tool_selected", "select")


# A left-button drag with the mouse through the given corner tiles, tile by tile.
func drag_corners(corners: Array):
	var tiles := [corners[0]]
	for k in range(1, corners.size()):
		var cur: Vector2 = tiles[tiles.size() - 1]
		var to: Vector2 = corners[k]
		while cur != to:
			cur = cur + Vector2(sign(to.x - cur.x), sign(to.y - cur.y))
			tiles.append(cur)
	yield(drag(tiles, 4), "completed")


func has_point(key: String, tile: Vector2) -> bool:
	for p in snap().get(key, []):
		if Vector2(p.x, p.y) == tile:
			return true
	return false


func ready_to_wire() -> bool:
	yield(get_tree(), "idle_frame")
	if not running():
		return false
	if not assert_true(ext != null, "TrapsExtension loaded"):
		return false
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	yield(click_control(main.hud.tool_button("wire")), "completed")
	assert_eq(ext.tool_id, "wire", "the Wiring tool is active")
	assert_eq(ext.wire_count(), 1, "the level's wire is there")
	return true


func test_wire_jumps_another() -> void:
	var ok = yield(ready_to_wire(), "completed")
	if not ok:
		return
	# lever (5,5) straight up to the blades (5,1): crosses wire 1's straight run at (5,3)
	yield(drag_corners([Vector2(5, 5), Vector2(5, 1)]), "completed")
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
	yield(drag_corners([Vector2(12, 5), Vector2(12, 4), Vector2(9, 4), Vector2(9, 3), Vector2(11, 3)]), "completed")
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
	yield(drag_corners([Vector2(1, 5), Vector2(1, 3)]), "completed")
	assert_eq(ext.wire_count(), 1, "no wire added")
	var reason := ""
	for ev in recorded_events:
		if ev.get("type", "") == "refused" and ev.get("command", "") == "wire":
			reason = ev.get("reason", "")
	assert_string_contains(reason, "only one mechanism")
	assert_eq(ext.layer.preview.size(), 0, "nothing of the drag is left on the map")


# --- the trap panel: Traps tool, Switch Lever, Set Delay; the reset workload readout --------

func part_value(key: String, part_id: int):
	return snap_value("part_id", key, part_id)


# The part's snapshot value & mask, null if there is no such part.
func part_bits(key: String, part_id: int, mask: int):
	var v = part_value(key, part_id)
	return null if v == null else v & mask


# Waits (up to max_frames physics frames) until the part's snapshot value, masked, equals want.
func wait_part(key: String, part_id: int, want: int, mask: int = -1, max_frames: int = 120):
	return wait_until(self, "part_bits", [key, part_id, mask], want, max_frames)


func part_id_at(tile: Vector2) -> int:
	var i: int = ext.part_index_at(tile)
	return int(snap()["part_id"][i]) if i >= 0 else -1


# Pauses, picks the Traps tool by its button and clicks the part's tile.
func select_part_by_click(tile: Vector2):
	yield(get_tree(), "idle_frame")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	yield(click_control(main.hud.tool_button("trap_select")), "completed")
	assert_eq(ext.tool_id, "trap_select", "the Traps tool is active")
	yield(click_at(tile_screen(tile)), "completed")
	yield(frames(3), "completed")


func test_switch_lever_button_flips_the_lever() -> void:
	if not assert_true(main.sim.running and ext != null, "the session runs, TrapsExtension loaded"):
		return
	var lever := part_id_at(Vector2(5, 5))
	if not assert_true(lever >= 0, "the level's lever at (5, 5)"):
		return
	assert_false(ext.panel.visible, "no trap panel while Select is active and no part is selected")
	yield(select_part_by_click(Vector2(5, 5)), "completed")
	assert_eq(ext.selected_part, lever, "clicking the lever with the Traps tool selects it")
	assert_true(ext.panel.visible and ext.lever_button.is_visible_in_tree(), "the panel offers Switch Lever")
	assert_false(ext.delay_row.visible, "no delay for a lever")
	assert_string_contains(ext.part_label.text, "Lever: off", "describe_part's lever state")
	assert_eq(part_value("part_flags", lever) & 2, 0, "the lever starts off")
	yield(click_control(ext.lever_button), "completed")
	var ok = yield(wait_part("part_flags", lever, 2, 2), "completed")
	assert_true(ok, "Switch Lever turned the sim's lever on")
	yield(get_tree().create_timer(0.4), "timeout")    # the panel's describe_part refresh
	assert_string_contains(ext.part_label.text, "Lever: ON", "the panel shows the lever on")
	yield(click_control(ext.lever_button), "completed")
	ok = yield(wait_part("part_flags", lever, 0, 2), "completed")
	assert_true(ok, "a second click turns it off again")


func test_set_delay_through_the_panel_changes_the_timer() -> void:
	if not assert_true(main.sim.running and ext != null, "the session runs, TrapsExtension loaded"):
		return
	var timer := part_id_at(Vector2(12, 5))
	if not assert_true(timer >= 0, "the level's timer at (12, 5)"):
		return
	assert_eq(part_value("part_delay", timer), 30, "the default delay")
	yield(select_part_by_click(Vector2(12, 5)), "completed")
	assert_eq(ext.selected_part, timer, "clicking the timer with the Traps tool selects it")
	assert_true(ext.delay_row.is_visible_in_tree() and not ext.lever_button.visible, "the panel offers the delay")
	assert_string_contains(ext.part_label.text, "Delay: 3 min")
	assert_eq(ext.delay_box.value, 3.0, "the delay box speaks minutes")
	assert_string_contains(ext.part_label.text, "Decays in", "describe_part's decay time left")
	# type 13 (minutes) into the spinbox (click it, select all, keys), then click Set Delay
	var edit: LineEdit = ext.delay_box.get_line_edit()
	yield(click_control(edit), "completed")
	edit.select_all()
	for ch in ["1", "3"]:
		key_event(OS.find_scancode_from_string(ch), true, ord(ch))
		key_event(OS.find_scancode_from_string(ch), false, ord(ch))
		yield(get_tree(), "idle_frame")
	assert_string_contains(edit.text, "13", "typed into the spinbox")
	yield(click_control(ext.delay_button), "completed")
	var ok = yield(wait_part("part_delay", timer, 130), "completed")
	assert_true(ok, "Set Delay changed the sim's timer delay (got %s)" % str(part_value("part_delay", timer)))
	yield(get_tree().create_timer(0.4), "timeout")
	assert_string_contains(ext.part_label.text, "Delay: 13 min", "the panel shows the new delay")


func test_workload_label_shows_the_sims_count() -> void:
	if not assert_true(main.sim.running and ext != null, "the session runs, TrapsExtension loaded"):
		return
	var label: Label = ext.workload_label
	assert_true(label.is_visible_in_tree(), "the reset workload shows in the top bar")
	assert_true(main.hud.top_bar.is_a_parent_of(label), "beside the clock, in the top bar")
	assert_false(ext.panel.visible, "even with the trap panel hidden")
	# the lever at (5, 5) wired to the blades at (5, 1); switching it on fires the blades,
	# which then wait for a reset (RESET-01): the sim's workload becomes 1
	var lever := part_id_at(Vector2(5, 5))
	var path := []
	for y in range(5, 0, -1):
		path.append([5, y])
	EventBus.emit_signal("command_requested", {"type": "wire", "path": path})
	EventBus.emit_signal("command_requested", {"type": "switch_lever", "part": lever, "on": true})
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var seen := false
	for _i in range(240):
		yield(get_tree(), "physics_frame")
		if int(snap().get("trap_workload", 0)) > 0:
			seen = true
			break
	if not assert_true(seen, "a part waits for a reset in the sim"):
		return
	yield(frames(2), "completed")
	var s := snap()
	assert_eq(label.text, "Resets: %d  Traps duty: %d" % [int(s["trap_workload"]), int(s["traps_duty"])])
	assert_string_contains(label.text, "Resets: 1")
