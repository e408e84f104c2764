extends "res://tests/TestCase.gd"
# The game scene end to end (res://main/Main.tscn with the real bridge and pysim Session):
# it runs and steps, the speed buttons work through real input events, a Python exception
# is reported and the game keeps stepping, clicking selects, and the extension points work.

var errors := []
var selected := []
var clicked := []


func before_each() -> void:
	errors = []
	selected = []
	clicked = []
	var _main := add_main()
	if not EventBus.is_connected("sim_error", self, "_on_sim_error"):
		var _err := EventBus.connect("sim_error", self, "_on_sim_error")
		_err = EventBus.connect("sim_event", self, "_on_sim_event")
		_err = EventBus.connect("entity_selected", self, "_on_entity_selected")
		_err = EventBus.connect("tile_clicked", self, "_on_tile_clicked")
	yield(get_tree().create_timer(0.05), "timeout")


func after_each() -> void:
	free_main()
	if EventBus.is_connected("sim_error", self, "_on_sim_error"):
		EventBus.disconnect("sim_error", self, "_on_sim_error")
		EventBus.disconnect("sim_event", self, "_on_sim_event")
		EventBus.disconnect("entity_selected", self, "_on_entity_selected")
		EventBus.disconnect("tile_clicked", self, "_on_tile_clicked")
	EventBus.emit_signal("entity_selected", -1)


func _on_sim_error(text: String) -> void:
	errors.append(text)


# With the sim thread a step's exception is raised on that thread, not in the bridge call:
# the session shows it as an "error" event (the same banner), so both count as shown.
func _on_sim_event(ev: Dictionary) -> void:
	if str(ev.get("type", "")) == "error":
		errors.append(str(ev.get("message", "")))


func _on_entity_selected(id: int) -> void:
	selected.append(id)


func _on_tile_clicked(tile: Vector2, button: int, tool_id: String) -> void:
	clicked.append([tile, button, tool_id])


# --- the tests ---------------------------------------------------------------------------
# Each test_* only wraps its body _t_*: the wrapper yields exactly once (on the body's
# "completed", which Godot 3.2 emits on the body's first state at its very end), so a
# runner that checks GDScriptFunctionState.is_valid() between frames sees a live coroutine
# until the test is over even though the body yields many times.

func _wrap(method: String):
	var state = call(method)
	if state is GDScriptFunctionState and state.is_valid():
		yield(state, "completed")


func test_main_scene_runs_600_physics_frames():
	return _wrap("_t_main_scene_runs_600_physics_frames")


func test_speed_buttons_change_sim_speed():
	return _wrap("_t_speed_buttons_change_sim_speed")


func test_python_exception_is_reported_and_game_keeps_running():
	return _wrap("_t_python_exception_is_reported_and_game_keeps_running")


func test_refused_command_is_shown():
	return _wrap("_t_refused_command_is_shown")


func test_click_selects_entity_and_panel_describes_it():
	return _wrap("_t_click_selects_entity_and_panel_describes_it")


func test_extension_points_tab_and_tool():
	return _wrap("_t_extension_points_tab_and_tool")


func test_camera_zoom_and_pan():
	return _wrap("_t_camera_zoom_and_pan")


func test_speed_keys():
	return _wrap("_t_speed_keys")



func _t_main_scene_runs_600_physics_frames() -> void:
	if not running():
		return
	var tick0: int = main.sim.current_tick()
	var frames0: int = main.sim.frames_stepped
	for _i in range(700):
		if main.sim.frames_stepped - frames0 >= 600:
			break
		yield(get_tree(), "physics_frame")
	assert_true(main.sim.frames_stepped - frames0 >= 600, "stepped %d frames" % (main.sim.frames_stepped - frames0))
	var tick1: int = main.sim.current_tick()
	assert_true(tick1 > tick0, "tick went from %d to %d" % [tick0, tick1])
	assert_eq(errors, [], "no sim errors")
	assert_string_contains(main.hud.clock_label.text, "Day ")
	assert_eq(main.hud.tick_label.text, "tick %d" % tick1)
	assert_true(main.world.tiles.texture != null, "the terrain texture was built")
	assert_eq(main.world.tiles.rebuild_count, 1, "tiles rebuilt only when tiles_version changes")


func _t_speed_buttons_change_sim_speed() -> void:
	if not running():
		return
	for speed in [2, 4, 0, 1]:
		var b: Button = main.hud.speed_button(speed)
		yield(click_control(b), "completed")
		var ok = yield(wait_snapshot("speed", speed), "completed")
		assert_true(ok, "snapshot speed %s after clicking %s" % [str(main.sim.last_snapshot.get("speed")), b.text])
		assert_true(b.pressed, "button %s shows the sim's speed" % b.text)
		assert_eq(main.hud.speed_label.text, "Paused" if speed == 0 else "Speed %dx" % speed)
	# Paused: the clock stands still.
	yield(click_control(main.hud.speed_button(0)), "completed")
	yield(wait_snapshot("speed", 0), "completed")
	var t0: int = main.sim.current_tick()
	yield(frames(30), "completed")
	assert_eq(main.sim.current_tick(), t0, "no ticks while paused")
	assert_eq(errors, [])


func _t_python_exception_is_reported_and_game_keeps_running() -> void:
	if not running():
		return
	yield(frames(10), "completed")
	main.sim.debug_fail_next_step()
	yield(frames(5), "completed")
	assert_eq(errors.size(), 1, "one error shown (sim_error, or an error event from the sim thread)")
	if errors.size() > 0:
		assert_string_contains(errors[0], "Traceback")
	assert_true(main.hud.error_banner.visible, "the error banner shows")
	assert_string_contains(main.hud.error_label.text, "Simulation error")
	var t1: int = main.sim.current_tick()
	yield(frames(60), "completed")
	assert_true(main.sim.current_tick() > t1, "the game keeps stepping after the error")
	assert_eq(errors.size(), 1, "no further errors")
	yield(click_control(main.hud.error_banner.get_node("Row/Close")), "completed")
	assert_false(main.hud.error_banner.visible, "Dismiss hides the banner")


func _t_refused_command_is_shown() -> void:
	if not running():
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 3})
	yield(frames(20), "completed")
	var found := false
	for line in main.hud.event_log.lines:
		if str(line).find("Refused") >= 0:
			found = true
	assert_true(found, "a Refused line in the event log: %s" % str(main.hud.event_log.lines))
	assert_true(main.hud.toasts.get_child_count() > 0, "a toast for the refusal")


func _t_click_selects_entity_and_panel_describes_it() -> void:
	if not running():
		return
	var snap: Dictionary = main.sim.last_snapshot
	if not assert_true(snap.get("ent_id", []).size() > 0, "the level has entities"):
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(wait_snapshot("speed", 0), "completed")
	snap = main.sim.last_snapshot
	var id: int = snap["ent_id"][0]
	var world_pos: Vector2 = (snap["ent_pos"][0] + Vector2(0.5, 0.5)) * main.world.TILE
	var screen_pos: Vector2 = main.world.get_viewport().canvas_transform.xform(world_pos)
	yield(click_at(screen_pos), "completed")
	assert_eq(selected, [id], "clicking the entity selects it")
	yield(frames(30), "completed")
	var panel = main.hud.selection_panel
	assert_true(panel.visible, "the selection panel shows")
	assert_false(panel.last_info.empty(), "describe(id) arrived")
	# Its name (pysim/core/names.py), never an id.
	assert_string_contains(panel.title_label.text, Names.who(id))
	assert_true(panel.title_label.text.find("#") < 0, "no id in the title: %s" % panel.title_label.text)
	# Escape-equivalent: right click clears the selection.
	yield(click_at(screen_pos, BUTTON_RIGHT), "completed")
	assert_eq(selected, [id, -1])
	assert_false(panel.visible)


func _t_extension_points_tab_and_tool() -> void:
	if not running():
		return
	var tab := Label.new()
	main.hud.add_selection_tab("Probe", tab)
	assert_eq(main.hud.selection_panel.tabs.tab_button("Probe").text, "Probe")
	var b: Button = main.hud.add_tool("probe_tool", "Probe", "a test tool")
	yield(click_control(b), "completed")
	assert_eq(main.world.tool_id, "probe_tool", "the tool button selects the tool")
	var vp_size: Vector2 = main.get_viewport().get_visible_rect().size
	var target := Vector2(vp_size.x * 0.45, vp_size.y * 0.5)
	yield(click_at(target), "completed")
	assert_eq(clicked.size(), 1, "a map click with a tool emits tile_clicked")
	if clicked.size() == 1:
		var expected_tile: Vector2 = main.world.world_to_tile(main.world.get_viewport().canvas_transform.affine_inverse().xform(target))
		assert_eq(clicked[0], [expected_tile, BUTTON_LEFT, "probe_tool"])
	assert_eq(selected, [], "no selection while a tool is active")
	yield(click_at(target, BUTTON_RIGHT), "completed")
	assert_eq(main.world.tool_id, "select", "right click returns to the select tool")
	assert_true(main.hud.tool_button("select").pressed)


func _t_camera_zoom_and_pan() -> void:
	if not running():
		return
	var cam: Camera2D = main.world.camera
	var z0: float = cam.zoom.x
	var center: Vector2 = main.get_viewport().get_visible_rect().size / 2
	yield(click_at(center, BUTTON_WHEEL_UP), "completed")
	assert_true(cam.zoom.x < z0, "the wheel zooms in (%s -> %s)" % [str(z0), str(cam.zoom.x)])
	yield(click_at(center, BUTTON_WHEEL_DOWN), "completed")
	yield(click_at(center, BUTTON_WHEEL_DOWN), "completed")
	assert_true(cam.zoom.x > z0, "the wheel zooms out")
	# Close in so the map is wider than the view, then centre it.
	cam.min_zoom = 0.15   # close enough that even a small map is wider than the view
	for _i in range(20):
		yield(click_at(center, BUTTON_WHEEL_UP), "completed")
	assert_almost(cam.zoom.x, cam.min_zoom, 1e-4, "zoom stops at min_zoom")
	cam.position = cam.map_rect.position + cam.map_rect.size / 2
	# Middle-button drag to the right moves the view left.
	var p0: Vector2 = cam.position
	mouse_button(center, BUTTON_MIDDLE, true)
	mouse_motion(center + Vector2(40, 0), BUTTON_MASK_MIDDLE, Vector2(40, 0))
	yield(get_tree(), "idle_frame")
	mouse_button(center + Vector2(40, 0), BUTTON_MIDDLE, false)
	yield(get_tree(), "idle_frame")
	assert_almost(cam.position.x, p0.x - 40 * cam.zoom.x, 0.01, "middle drag pans")
	# Keyboard pan: the pan_right action (D / Right) moves the camera right.
	var p1: Vector2 = cam.position
	Input.action_press("pan_right")
	yield(frames(10), "completed")
	Input.action_release("pan_right")
	assert_true(cam.position.x > p1.x, "pan_right moves the camera (%s -> %s)" % [str(p1), str(cam.position)])
	# The camera stays over the map however far it pans.
	Input.action_press("pan_right")
	yield(frames(120), "completed")
	Input.action_release("pan_right")
	var half: Vector2 = main.get_viewport().get_visible_rect().size * cam.zoom / 2
	# (past the map's edge by 2 tiles and a third of the window at most: CameraRig.EDGE_ROOM)
	var past: float = 64.0 + main.get_viewport().get_visible_rect().size.x * cam.zoom.x / 3.0
	assert_true(cam.position.x + half.x <= cam.map_rect.end.x + past + 0.01, "clamped to the map")


func key(scancode: int) -> void:
	key_event(scancode, true)
	key_event(scancode, false)


func _t_speed_keys() -> void:
	if not running():
		return
	key(KEY_2)
	assert_true(yield(wait_snapshot("speed", 2), "completed"), "key 2 -> 2x")
	key(KEY_SPACE)
	assert_true(yield(wait_snapshot("speed", 0), "completed"), "Space pauses")
	key(KEY_SPACE)
	assert_true(yield(wait_snapshot("speed", 2), "completed"), "Space resumes at the last speed")
	key(KEY_3)
	assert_true(yield(wait_snapshot("speed", 4), "completed"), "key 3 -> 4x")
