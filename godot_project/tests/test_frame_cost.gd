extends "res://tests/TestCase.gd"
# Issue 15: a physics frame in which no tick ran builds no snapshot (at 1x five frames in six),
# a frame with a tick builds one, and a command sent while paused (it changes the game without
# a tick) is still drawn on the next frame.


func before_each() -> void:
	yield(start_main(), "completed")
	main.sim.paused_stepping = true     # the test drives the frames itself
	main.sim.set_sim_thread(false)      # these are the frame budget's frames (test_sim_thread.gd: the thread's)


func after_each() -> void:
	free_main()


func test_a_frame_without_a_tick_makes_no_snapshot_call():
	if not running():
		return
	main.sim.set_frame_budget(0)       # whole ticks: the frame a tick is due shows it
	main.sim.set_speed(1)
	main.sim.step_frame(0.0)           # applies the speed command: one snapshot (stale)
	var tick0: int = main.sim.current_tick()
	var taken0: int = main.sim.snapshots_taken
	for _i in range(5):
		main.sim.step_frame(0.015)     # 15 ms at 1x: under a tick (100 ms) in all
	assert_eq(main.sim.current_tick(), tick0, "a tick ran in 75 ms at 1x")
	assert_eq(main.sim.snapshots_taken, taken0, "frames without a tick called snapshot()")
	main.sim.step_frame(0.03)          # 105 ms in all: one tick
	assert_eq(main.sim.snapshots_taken, taken0 + 1, "the frame with a tick made no snapshot")
	assert_eq(main.sim.current_tick(), tick0 + 1, "the snapshot does not show the new tick")


func test_a_command_while_paused_is_drawn_without_a_tick():
	if not running():
		return
	main.sim.set_speed(0)
	main.sim.step_frame(0.1)
	var tick0: int = main.sim.current_tick()
	var taken0: int = main.sim.snapshots_taken
	main.sim.step_frame(0.1)
	assert_eq(main.sim.snapshots_taken, taken0, "a paused frame called snapshot()")
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
	# compared at a frame that showed a tick: with the frame budget the last frame may have
	# left the next tick half run or its changes half built, and the whole snapshot finishes
	# them first (a tick on; on a slow machine about one run in three ended so)
	var shown := false
	for _i in range(60):
		var taken: int = main.sim.snapshots_taken
		main.sim.step_frame(1.0 / 60.0)
		if main.sim.snapshots_taken > taken and not main.sim.bridge.invoke("tick_under_way", []):
			shown = true
			break
	assert_true(shown, "no frame showed a tick")
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


# Issue 15: with the frame budget a command sent while a tick is under way waits for the tick
# to be shown and comes in at the next frame's start (as between two whole ticks), a frame
# in which no tick runs: SimClient still draws what it did (Session.commands_waiting).
func test_a_command_sent_mid_tick_is_drawn_once_it_comes_in():
	if not running():
		return
	main.sim.set_frame_budget(1)
	main.sim.set_speed(1)
	main.sim.step_frame(0.0)
	for _i in range(200):
		if main.sim.bridge.invoke("tick_under_way", []):
			break
		main.sim.step_frame(1.0 / 60.0)
	if not assert_true(main.sim.bridge.invoke("tick_under_way", []), "no frame ended mid tick"):
		return
	main.sim.send({"type": "set_speed", "speed": 0})
	var drawn := -1
	for i in range(300):
		main.sim.step_frame(1.0 / 60.0)
		if int(main.sim.last_snapshot.get("speed", -1)) == 0:
			drawn = i
			break
	assert_true(drawn >= 0, "the pause sent mid tick was never drawn (speed %s)"
			% str(main.sim.last_snapshot.get("speed")))
	assert_false(main.sim.bridge.invoke("commands_waiting", []), "the pause is still queued")


# Issue 15, the frame budget (Session.set_frame_budget): with a budget so small that each frame
# runs about one system, a tick is spread over many frames; those frames build no snapshot and
# show nothing half done; each shown snapshot is one whole tick on; and the game is the same,
# state hash and all, as a session of the same level and seed run a whole tick at a time.
func test_a_tick_spread_over_frames_plays_the_same_game():
	if not running():
		return
	main.sim.set_frame_budget(1)
	main.sim.set_speed(1)
	main.sim.step_frame(0.0)
	var shown := [main.sim.current_tick()]
	var between := 0
	var inside := 0
	var taken: int = main.sim.snapshots_taken
	for _i in range(400):
		main.sim.step_frame(1.0 / 60.0)
		var tick: int = main.sim.current_tick()
		if main.sim.bridge.invoke("tick_under_way", []):
			between += 1
		if main.sim.bridge.invoke("tick_paused_inside_a_system", []):
			inside += 1   # a greenlet switched out in the middle of a system's work
			assert_eq(main.sim.snapshots_taken, taken, "a frame mid tick built a snapshot")
		if tick != shown[shown.size() - 1]:
			assert_eq(tick, shown[shown.size() - 1] + 1, "a shown snapshot skipped a tick")
			shown.append(tick)
		taken = main.sim.snapshots_taken
	assert_true(between > 100, "the ticks were not spread over frames (%d frames mid tick)" % between)
	assert_true(inside > 10, "no frame stopped a tick inside a system (%d frames)" % inside)
	assert_true(shown.size() > 20, "only %d ticks were shown in 400 frames" % shown.size())
	# stop between two ticks, then play the same ticks whole in a second session
	while main.sim.bridge.invoke("tick_under_way", []):
		main.sim.step_frame(0.0)
	var ticks: int = int(main.sim.bridge.invoke("snapshot", [])["tick"])
	assert_eq(main.sim.state_hash(), bare_session_hash(ticks),
			"a game spread over frames is not the game run a tick at a time")
