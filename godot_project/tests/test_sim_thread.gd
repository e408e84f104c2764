extends "res://tests/TestCase.gd"
# The ticks run on the sim thread (docs/architecture.md, "The driver"). A physics frame hands
# over its time and shows what the thread built since the last frame; it never waits for the
# ticks it makes due.


func before_each() -> void:
	yield(start_main(), "completed")


func after_each() -> void:
	free_main()


func test_the_game_plays_its_ticks_on_the_sim_thread():
	return _wrap("_t_the_game_plays_its_ticks_on_the_sim_thread")


func _t_the_game_plays_its_ticks_on_the_sim_thread() -> void:
	if not running():
		return
	assert_true(main.sim.sim_thread, "SimClient asks for the thread")
	assert_true(main.sim.bridge.invoke("sim_thread_on", []), "the session runs its ticks on the thread")
	yield(click_control(main.hud.speed_button(4)), "completed")
	var ok = yield(wait_snapshot("speed", 4), "completed")
	assert_true(ok, "the speed button's command came in and is drawn")
	var t0: int = main.sim.current_tick()
	yield(frames(60), "completed")
	# 60 frames at 4x is 40 ticks; the last few may still be on their way
	assert_true(main.sim.current_tick() >= t0 + 20, "ticks ran beside the frames: %d -> %d" % [t0, main.sim.current_tick()])


func test_a_physics_frame_does_not_wait_for_the_ticks_it_makes_due():
	return _wrap("_t_a_physics_frame_does_not_wait_for_the_ticks_it_makes_due")


func _t_a_physics_frame_does_not_wait_for_the_ticks_it_makes_due() -> void:
	if not running():
		return
	main.sim.paused_stepping = true     # the test drives the frames itself
	main.sim.set_speed(4)
	main.sim.step_frame(0.0)            # (lockstep: the command is in, and drawn)
	assert_eq(int(snap_get("speed", 0)), 4, "4x")
	var t0: int = main.sim.current_tick()
	main.sim._frame(0.25, false)        # a physics frame: ten ticks due at 4x
	assert_eq(main.sim.current_tick(), t0, "the frame showed no tick it had only made due")
	var ok = yield(wait_until(main.sim.bridge, "invoke", ["commands_waiting", []], false, 5), "completed")
	assert_true(ok, "nothing waiting")
	main.sim.step_frame(0.0)            # lockstep: waits for the thread, then shows its ticks
	assert_eq(main.sim.current_tick(), t0 + 10, "the ten ticks came in a later frame")


func test_a_save_while_the_thread_plays_loads_back_between_two_ticks():
	return _wrap("_t_a_save_while_the_thread_plays_loads_back_between_two_ticks")


func _t_a_save_while_the_thread_plays_loads_back_between_two_ticks() -> void:
	if not running():
		return
	yield(click_control(main.hud.speed_button(4)), "completed")
	yield(frames(30), "completed")
	var path := "user://test_sim_thread.save"
	assert_true(main.sim.save_game(path), "saved while the thread plays")
	var f := File.new()
	assert_eq(f.open(path, File.READ), OK, "the save is there")
	var _text := f.get_as_text()
	f.close()
	assert_true(main.sim.load_game(path), "and loads")
	yield(frames(30), "completed")
	assert_true(main.sim.current_tick() > 0, "and plays on")
	var d := Directory.new()
	var _gone := d.remove(path)


func test_a_physics_frame_takes_the_thread_s_mail_without_calling_python():
	return _wrap("_t_a_physics_frame_takes_the_thread_s_mail_without_calling_python")


func _t_a_physics_frame_takes_the_thread_s_mail_without_calling_python() -> void:
	if not running():
		return
	assert_true(main.sim._mail_attached, "the bridge holds the sim thread's mailbox")
	main.sim.paused_stepping = true     # the test drives the frames itself
	main.sim.set_speed(4)
	main.sim.step_frame(0.0)            # (lockstep: the command is in, and drawn)
	var t0: int = main.sim.current_tick()
	var updates := []
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot", [updates])
	var entries0: int = main.sim.bridge.python_entries()
	var frames_run := 0
	# physics frames at 4x until the ticks they made due are shown: 1/60 s each, 1.5 ticks
	while main.sim.current_tick() < t0 + 12 and frames_run < 600:
		main.sim._frame(1.0 / 60.0, false)
		frames_run += 1
		OS.delay_usec(2000)             # (the thread runs its ticks meanwhile)
	var entries: int = main.sim.bridge.python_entries() - entries0
	EventBus.disconnect("snapshot_updated", self, "_on_snapshot")
	assert_true(main.sim.current_tick() >= t0 + 12, "the ticks came through the mailbox: %d -> %d" % [t0, main.sim.current_tick()])
	assert_eq(entries, 0, "%d frames entered Python %d times" % [frames_run, entries])
	assert_true(updates.size() > 0 and updates.size() <= frames_run, "each frame that brought a tick drew it once")
	# paused, the snapshot merged from the mail is the game's whole snapshot
	main.sim.set_speed(0)
	main.sim.step_frame(0.0)
	var whole: Dictionary = main.sim.bridge.invoke("snapshot", [])
	for key in ["tick", "ent_id", "ent_pos", "ent_state", "part_state"]:
		assert_eq(str(main.sim.last_snapshot.get(key)), str(whole.get(key)), key + " as the game has it")


func _on_snapshot(_snap, updates: Array) -> void:
	updates.append(1)


func test_a_frame_that_takes_several_posts_says_what_all_of_them_changed():
	return _wrap("_t_a_frame_that_takes_several_posts_says_what_all_of_them_changed")


func _t_a_frame_that_takes_several_posts_says_what_all_of_them_changed() -> void:
	if not running():
		return
	main.sim.paused_stepping = true     # the test drives the frames itself
	main.sim._frame(0.0, false)         # (what was posted so far: shown)
	var t0: int = main.sim.current_tick()
	main.sim._frame(0.25, false)        # (the longest frame) two ticks due at 1x, posted one by one
	for _i in range(500):
		if int(main.sim.bridge.invoke("snapshot", []).get("tick", -1)) >= t0 + 2:
			break
		OS.delay_usec(2000)
	OS.delay_usec(50000)                # (a third, if the frames before left part of one)
	main.sim.set_speed(4)               # and then a post of the speed alone
	var ok = yield(wait_until(main.sim.bridge, "invoke", ["commands_waiting", []], false, 120), "completed")
	assert_true(ok, "the speed came in")
	main.sim._frame(0.0, false)         # takes them all
	assert_true(main.sim.current_tick() >= t0 + 2, "the ticks shown at once: %d -> %d" % [t0, main.sim.current_tick()])
	assert_eq(int(main.sim.last_changed.get("speed", -1)), 4, "last_changed holds the last post's speed")
	assert_eq(int(main.sim.last_changed.get("tick", -1)), main.sim.current_tick(), "and the ticks' posts before it: %s" % str(main.sim.last_changed.keys()))
