extends "res://tests/TestCase.gd"
# A frame in which no tick ran and no command came in takes no snapshot changes (at 1x five
# frames in six), a frame with a tick takes them, a command sent while paused (it changes the
# game without a tick) is still drawn on the next frame, and the merged changes are the whole
# snapshot. The frames are lockstep frames of the sim thread (SimClient.step_frame).


func before_each() -> void:
	yield(start_main(), "completed")
	main.sim.paused_stepping = true     # the test drives the frames itself


func after_each() -> void:
	free_main()


func test_a_frame_without_a_tick_makes_no_snapshot_call():
	if not running():
		return
	assert_true(main.sim.bridge.invoke("sim_thread_on", []), "the frames are the sim thread's")
	main.sim.set_speed(1)
	main.sim.step_frame(0.0)           # applies the speed command: changes taken
	var tick0: int = main.sim.current_tick()
	var taken0: int = main.sim.snapshots_taken
	for _i in range(5):
		main.sim.step_frame(0.015)     # 15 ms at 1x: under a tick (100 ms) in all
	assert_eq(main.sim.current_tick(), tick0, "a tick ran in 75 ms at 1x")
	assert_eq(main.sim.snapshots_taken, taken0, "frames without a tick took snapshot changes")
	main.sim.step_frame(0.03)          # 105 ms in all: one tick
	assert_eq(main.sim.snapshots_taken, taken0 + 1, "the frame with a tick took no changes")
	assert_eq(main.sim.current_tick(), tick0 + 1, "the snapshot does not show the new tick")


func test_a_command_while_paused_is_drawn_without_a_tick():
	if not running():
		return
	main.sim.set_speed(0)
	main.sim.step_frame(0.1)
	var tick0: int = main.sim.current_tick()
	var taken0: int = main.sim.snapshots_taken
	main.sim.step_frame(0.1)
	assert_eq(main.sim.snapshots_taken, taken0, "a paused frame took snapshot changes")
	main.sim.set_speed(4)
	main.sim.step_frame(0.0)           # no time passed: the command alone changes the game
	assert_eq(main.sim.current_tick(), tick0, "a tick ran in no time")
	assert_eq(main.sim.snapshots_taken, taken0 + 1, "the command was not drawn")
	assert_eq(int(snap_get("speed", -1)), 4, "the snapshot does not show the new speed")


# The merged changes are the whole snapshot: every key of Session.snapshot() with the same
# value, after frames in which ticks changed some keys and left the rest; and after another
# level replaced the game (its first answer replaces, nothing of the old game stays).
func test_the_merged_changes_are_the_whole_snapshot():
	if not running():
		return
	main.sim.set_speed(4)
	var sent := 0
	for _i in range(90):
		main.sim.step_frame(1.0 / 60.0)
		sent += main.sim.last_changed.size()
	assert_true(main.sim.current_tick() > 40, "the clock did not run")
	var keys: int = main.sim.last_snapshot.size()
	assert_true(sent < keys * 30, "%d keys sent in 60 ticks: not only the changes" % sent)
	_assert_whole("after play")
	main.sim.load_level(main.sim.level_path)
	assert_true(main.sim.last_changed.get("snapshot_full", false), "a new game is not a whole snapshot")
	_assert_whole("after another level")


func _assert_whole(when: String) -> void:
	var full: Dictionary = main.sim.bridge.invoke("snapshot", [])
	var merged: Dictionary = main.sim.last_snapshot
	assert_eq(merged.size(), full.size(), "%s: the merged snapshot has other keys" % when)
	for key in full:
		if not merged.has(key):
			fail("%s: %s missing from the merged snapshot" % [when, key])
		elif str(merged[key]) != str(full[key]):
			fail("%s: %s differs from the whole snapshot" % [when, key])


# The game the sim thread plays beside the frames is the game run a whole tick at a time:
# the state hash after the same ticks, in a second session stepped without the thread.
func test_the_threaded_frames_play_the_game_of_whole_ticks():
	if not running():
		return
	main.sim.set_speed(1)
	main.sim.step_frame(0.0)
	var shown := [main.sim.current_tick()]
	for _i in range(400):
		main.sim.step_frame(1.0 / 60.0)
		var tick: int = main.sim.current_tick()
		if tick != shown[shown.size() - 1]:
			assert_eq(tick, shown[shown.size() - 1] + 1, "a shown snapshot skipped a tick")
			shown.append(tick)
	assert_true(shown.size() > 60, "only %d ticks were shown in 400 frames" % shown.size())
	var ticks: int = int(main.sim.bridge.invoke("snapshot", [])["tick"])
	assert_eq(main.sim.state_hash(), bare_session_hash(ticks),
			"the game the thread played is not the game run a tick at a time")
