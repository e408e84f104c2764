extends "res://tests/TestCase.gd"
# The faster speeds and skip ahead (pysim/core/skipping.py; README "Speeds and skip"), as a
# player drives them: keys 4 and 5 and the 8x / 16x buttons set the speed; N and the Skip
# button start a skip, which shows ("Skipping ahead..." above the log and in the log,
# Skip pressed), runs far faster than 16x, stops on its own when a trap goes off (the log
# says why) and gives back the speed the player had; N again stops one.

const LEVEL := "res://tests/data/unseen_trap_test.level"
const LAIR := "res://levels/campaign.level"     # nothing happens in its first hours




func after_each() -> void:
	free_main()


func test_keys_4_and_5_and_the_buttons_set_8x_and_16x() -> void:
	yield(start_main(LEVEL), "completed")
	if not running():
		return
	for k in [[KEY_4, 8], [KEY_5, 16], [KEY_1, 1]]:
		yield(press_key(k[0]), "completed")
		var ok = yield(wait_snapshot("speed", k[1]), "completed")
		assert_true(ok, "key %s sets %dx" % [OS.get_scancode_string(k[0]), k[1]])
	for v in [8, 16, 2]:
		var b: Button = main.hud.speed_button(v)
		if not assert_true(b != null and b.is_visible_in_tree(), "a %dx button in the top bar" % v):
			return
		yield(click_control(b), "completed")
		var ok = yield(wait_snapshot("speed", v), "completed")
		assert_true(ok and b.pressed, "the %s button sets and shows %dx" % [b.text, v])
	var help: String = main.hud.help_panel.box.get_node("Text").bbcode_text
	assert_string_contains(help, "8x 16x")
	assert_string_contains(help, "skip ahead")


func _stopped_count() -> int:
	return recorded("skip_stopped").size()


func skipping() -> bool:
	return bool(snap_get("skipping", false))


func test_n_skips_ahead_until_a_trap_goes_off_then_the_speed_is_back() -> void:
	yield(start_main(LEVEL), "completed")
	if not running():
		return
	yield(press_key(KEY_2), "completed")
	yield(wait_snapshot("speed", 2), "completed")
	record_events()
	yield(press_key(KEY_N), "completed")
	# (the trap goes off 36 ticks on: at the skip's pace that is over within a frame, so
	# the skip is seen by its events; the Skip button's test sees one that runs on)
	var ok = yield(wait_until(self, "_stopped_count", [], 1, 300), "completed")
	stop_recording()
	if not assert_eq(recorded("skip_started").size(), 1, "N starts a skip"):
		return
	if not assert_true(ok, "the skip stopped by itself"):
		return
	yield(frames(2), "completed")
	assert_string_contains(log_text(), "Skipping ahead...")
	var stopped := recorded("skip_stopped")
	assert_eq(stopped.size(), 1, "one stop")
	assert_eq(str(stopped[0].get("reason", "")), "trap", "a trap went off")
	var trig := recorded("trap_triggered")
	assert_true(not trig.empty() and int(trig[0].tick) == int(stopped[0].tick), "on that very tick")
	assert_string_contains(log_text(), "a trap went off")
	assert_eq(int(snap_get("speed", -1)), 2, "the speed the player had")
	assert_false(main.hud.top_bar.skip_button.pressed, "Skip no longer pressed")
	assert_false(main.hud.skip_banner.visible, "the banner is gone")


func test_the_skip_button_starts_and_stops_a_skip() -> void:
	yield(start_main(LAIR), "completed")
	if not running():
		return
	yield(press_key(KEY_SPACE), "completed")       # paused: a skip runs all the same
	yield(wait_snapshot("speed", 0), "completed")
	yield(click_control(main.hud.top_bar.skip_button), "completed")
	var ok = yield(wait_snapshot("skipping", true, 60), "completed")
	if not assert_true(ok, "Skip starts a skip"):
		return
	var t0: int = main.sim.current_tick()
	yield(click_control(main.hud.top_bar.skip_button), "completed")
	ok = yield(wait_snapshot("skipping", false, 60), "completed")
	assert_true(ok, "Skip again stops it")
	assert_string_contains(log_text(), "you stopped it")
	assert_eq(int(snap_get("speed", -1)), 0, "paused again, as it was")
	assert_true(main.sim.current_tick() >= t0, "time ran")
