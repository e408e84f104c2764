extends "res://tests/TestCase.gd"
# The end screen from a real Boss death: tests/data/last_stand.level, played at 4x
# (the 4x button clicked), has two of your kobolds kill a peasant while five knights walk in
# and kill the Boss through the simulation's own fight (about tick 220). The end screen shows
# the Boss by name and the tally the simulation's game_over event gave (one adventurer killed,
# score 20), the clock stops, and Start again plays the level from the start.

const LEVEL := "res://tests/data/last_stand.level"
const BOSS_KIND := 3
const DEAD := 2

func after_each() -> void:
	stop_recording()
	free_main()


func test_the_boss_dies_in_play_and_the_end_screen_starts_again():
	return _wrap("_t_end")


func _boss_state() -> int:
	var s := snap()
	var kinds = s.get("ent_kind", [])
	for i in range(kinds.size()):
		if int(kinds[i]) == BOSS_KIND:
			return int(s["ent_state"][i])
	return -1


func _t_end():
	yield(start_main(LEVEL), "completed")
	if not running():
		return
	record_events()
	var ext = extension("EconomyExtension")
	assert_false(ext.end_panel.visible, "no end screen while the Boss lives")
	var boss_name: String = ext.boss_name()
	assert_true(boss_name != "your Boss" and boss_name != "the Boss" and boss_name != "", "the Boss has a name: %s" % boss_name)
	yield(click_control(main.hud.speed_button(4)), "completed")
	for _i in range(2400):
		yield(get_tree(), "physics_frame")
		if ext.end_panel.visible:
			break
	assert_true(ext.end_panel.visible, "the end screen shows once the Boss is dead")
	assert_eq(_boss_state(), DEAD, "the Boss died in the simulation")
	var said := recorded("game_over")
	assert_eq(said.size(), 1, "the simulation said game_over once")
	if said.empty():
		return
	var over: Dictionary = said[0]
	var tally: String = ext.end_text.text
	assert_eq(int(over.get("killed", -1)), 1, "the kobolds killed the peasant first: %s" % str(over))
	assert_string_contains(tally, "Adventurers killed: %d" % int(over["killed"]))
	assert_string_contains(tally, "Days survived: %d" % int(over["days"]))
	assert_string_contains(tally, "Score: %d" % int(over["score"]))
	assert_eq(ext.end_panel.title.text, boss_name + " is dead")
	var tick := int(snap_get("tick", -1))
	yield(frames(30), "completed")
	assert_eq(int(snap_get("tick", -1)), tick, "the clock stopped")
	yield(click_control(ext.end_panel.find_node("StartAgain", true, false)), "completed")
	yield(frames(6), "completed")
	assert_false(ext.end_panel.visible, "Start again closes the end screen")
	assert_eq(main.sim.level_path, LEVEL, "the same level")
	assert_true(int(snap_get("tick", 9999)) < 60, "from the start: tick %d" % int(snap_get("tick", -1)))
	assert_eq(_boss_state(), 0, "with the Boss alive again")
