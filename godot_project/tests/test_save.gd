extends "res://tests/TestCase.gd"
# Save and Load from the HUD (buttons and F5 / F9) against the real session: a loaded game
# is the saved game (same state hash and tick); a bad save is refused with the file and
# line, and the game keeps running. Also: quiet events (each attack) stay off the on-screen
# log but still have words for the headless autoplay.

const SAVE_PATH := "user://quicksave.msave"

var saved := {}
var loaded := {}
var notices := []


func before_each() -> void:
	var d := Directory.new()
	if d.file_exists(SAVE_PATH):
		var _gone := d.remove(SAVE_PATH)
	saved = {}
	loaded = {}
	notices = []
	yield(start_main(), "completed")
	var _err := EventBus.connect("game_saved", self, "_on_saved")
	_err = EventBus.connect("game_loaded", self, "_on_loaded")
	_err = EventBus.connect("notify", self, "_on_notify")


func after_each() -> void:
	EventBus.disconnect("game_saved", self, "_on_saved")
	EventBus.disconnect("game_loaded", self, "_on_loaded")
	EventBus.disconnect("notify", self, "_on_notify")
	free_main()


# The live game at the moment of saving / loading (Session.state_hash, not the snapshot).
func _on_saved(_path: String) -> void:
	saved = {"hash": main.sim.state_hash(), "tick": main.sim.bridge.invoke("snapshot", [])["tick"]}


func _on_loaded(_path: String) -> void:
	loaded = {"hash": main.sim.state_hash(), "tick": main.sim.bridge.invoke("snapshot", [])["tick"]}


func _on_notify(text: String, _kind: String) -> void:
	notices.append(text)


func button(button_name: String) -> Button:
	return main.hud.top_bar.row.get_node(button_name) as Button


func test_save_then_load_brings_back_the_saved_game():
	if not running():
		return
	yield(frames(20), "completed")
	yield(click_control(button("SaveButton")), "completed")
	assert_true(saved.has("hash"), "Save did not write a save")
	var f := File.new()
	assert_true(f.file_exists(SAVE_PATH), "no file at %s" % SAVE_PATH)
	var reached = yield(wait_until(self, "snap_get", ["tick"], saved.get("tick", 0) + 30, 600), "completed")
	assert_true(reached or int(snap_get("tick", 0)) > int(saved.get("tick", 0)), "the game did not go on after saving")
	yield(click_control(button("LoadButton")), "completed")
	var asked = yield(answer_confirm(), "completed")
	assert_true(asked, "the game went on after the save: Load asked first")
	assert_eq(loaded.get("tick"), saved.get("tick"), "the loaded game is at another tick")
	assert_eq(loaded.get("hash"), saved.get("hash"), "the loaded game is not the saved game (%s)" % PoolStringArray(notices).join(" / "))


func test_f5_and_f9_save_and_load():
	if not running():
		return
	# The frames are driven here (in lockstep with the sim thread): a tick the thread ran
	# between the save and the listener's state_hash() would make the two hashes differ.
	main.sim.paused_stepping = true
	main.sim.step_frame(0.0)
	yield(press_key(KEY_F5), "completed")
	assert_true(saved.has("hash"), "F5 did not save")
	for _i in range(20):
		main.sim.step_frame(1.0 / 60.0)
	yield(press_key(KEY_F9), "completed")
	var _asked = yield(answer_confirm(), "completed")
	assert_eq(loaded.get("hash"), saved.get("hash"), "F9 did not load the saved game (%s)" % PoolStringArray(notices).join(" / "))
	main.sim.paused_stepping = false


# Saves at awkward moments (valid saves were once refused as "does not replay"). The test drives
# the frames itself (paused_stepping), so the moment is exact.
func _step_to_tick(tick: int) -> void:
	main.sim.paused_stepping = true
	main.sim.set_speed(1)
	main.sim.step_frame(0.0)
	var guard := 0
	while main.sim.current_tick() < tick and guard < tick + 10:
		main.sim.step_frame(0.1)      # one tick at 1x
		guard += 1


func test_f5_on_the_tick_a_scripted_command_is_due_then_f9_loads_it():
	if not running():
		return
	# first.level scripts a party at 0:58 (tick 580): the frame that reaches 580 has not run it.
	_step_to_tick(580)
	assert_eq(main.sim.current_tick(), 580)
	yield(press_key(KEY_F5), "completed")
	assert_eq(saved.get("tick"), 580, "F5 did not save at tick 580")
	main.sim.step_frame(0.1)
	main.sim.step_frame(0.1)
	yield(press_key(KEY_F9), "completed")
	var _asked = yield(answer_confirm(), "completed")
	assert_eq(loaded.get("tick"), 580, "F9 did not load (%s)" % PoolStringArray(notices).join(" / "))
	assert_eq(loaded.get("hash"), saved.get("hash"), "the loaded game is not the saved one")
	main.sim.paused_stepping = false


func test_f5_with_a_command_sent_but_not_yet_applied_then_f9_loads_it():
	if not running():
		return
	_step_to_tick(40)
	# "sent but not yet applied" is a moment of frames without the sim thread: the thread
	# takes a command in as soon as it is sent (tests/core/test_driver.py saves with
	# commands queued while it plays)
	main.sim.set_sim_thread(false)
	main.sim.send({"type": "set_speed", "speed": 2})     # queued; the next frame applies it
	yield(press_key(KEY_F5), "completed")
	assert_true(saved.has("hash"), "F5 did not save")
	main.sim.step_frame(0.1)
	yield(press_key(KEY_F9), "completed")
	var _asked = yield(answer_confirm(), "completed")
	assert_eq(loaded.get("hash"), saved.get("hash"), "F9 did not load the saved game (%s)" % PoolStringArray(notices).join(" / "))
	main.sim.step_frame(0.1)
	assert_eq(int(snap_get("speed", 0)), 2, "the pending command was lost in the save")
	main.sim.paused_stepping = false


func test_a_bad_save_is_refused_with_file_and_line_and_the_game_goes_on():
	if not running():
		return
	var f := File.new()
	assert_eq(f.open(SAVE_PATH, File.WRITE), OK)
	f.store_string("malignus-save 2\nsource: x\nseed: one\n")
	f.close()
	var before := int(snap_get("tick", 0))
	yield(click_control(button("LoadButton")), "completed")
	var _asked = yield(answer_confirm(), "completed")
	assert_true(loaded.empty(), "a bad save was loaded")
	var said := PoolStringArray(notices).join("\n")
	assert_string_contains(said, "quicksave.msave:3:", "the refusal does not name the file and line")
	var went_on = yield(wait_until(self, "snap_get", ["tick"], before + 5, 300), "completed")
	assert_true(went_on or int(snap_get("tick", 0)) > before, "the game stopped after a bad save")


func test_quiet_events_stay_off_the_log_but_have_words():
	if not running():
		return
	# Shaped as pysim emits them (the combat layer reads the coordinates too).
	var ev := {"type": "attack", "tick": 1, "attacker": 3, "target": 4, "outcome": "hit", "ranged": false,
			"margin": 2, "x0": 5, "y0": 5, "x1": 6, "y1": 5}
	var lines_before: int = main.hud.event_log.lines.size()
	EventBus.emit_signal("sim_event", ev)
	assert_eq(main.hud.event_log.lines.size(), lines_before, "an attack event went to the on-screen log")
	assert_eq(main.hud.event_words(ev), "%s attacks %s and hits" % [Names.who(3).substr(0, 1).to_upper() + Names.who(3).substr(1), Names.who(4)])
	var wound := {"type": "wound", "tick": 1, "entity": 4, "level": "Minor", "location": "arm", "total": 1,
			"points": 1, "by": 3, "x": 6, "y": 5, "bleeding": false}
	EventBus.emit_signal("sim_event", wound)
	assert_eq(main.hud.event_log.lines.size(), min(lines_before + 1, main.hud.event_log.LOG_LINES), "a wound did not reach the log")
