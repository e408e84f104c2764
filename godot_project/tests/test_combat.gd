extends "res://tests/TestCase.gd"
# The combat UI against the real session (res://levels/combat_demo.level, seed 3): the
# Behavior tab's stance slider, clicked through Input.parse_input_event, changes the sim's
# stance (read back from the snapshot's ent_stance); the fight in the demo hall ends with the
# minions standing and both peasants down; fights are drawn (attack lines / pops appear).

const LEVEL := "res://levels/combat_demo.level"

var ext = null


func before_each() -> void:
	yield(start_main(LEVEL), "completed")
	ext = extension("CombatExtension")


func after_each() -> void:
	EventBus.emit_signal("entity_selected", -1)
	EventBus.emit_signal("tool_selected", "select")
	free_main()


func ent_value(key: String, id: int):
	return snap_value("ent_id", key, id)


func test_stance_slider_changes_sim_stance() -> void:
	if not running():
		return
	if not assert_true(ext != null, "CombatExtension not loaded"):
		return
	var minion := first_of_kind(0)
	assert_true(minion >= 0, "no minion in the demo")
	assert_eq(ent_value("ent_stance", minion), 3, "default stance is Balanced")
	EventBus.emit_signal("entity_selected", minion)
	var panel = get_tree().get_nodes_in_group("selection_panel")[0]
	var tab = ext.tab
	yield(frames(30), "completed")
	if not assert_true(tab.get_parent() == panel.tabs, "Behavior tab not in the panel"):
		return
	panel.tabs.current_tab = tab.get_index()
	yield(frames(5), "completed")
	assert_eq(tab.entity_id, minion, "tab shows the selected minion")
	var r: Rect2 = tab.slider.get_global_rect()
	# far left = Flee
	yield(click_at(Vector2(r.position.x + 2, r.position.y + r.size.y / 2)), "completed")
	var ok = yield(wait_value("ent_id", "ent_stance", minion, 0, 60), "completed")
	assert_true(ok, "the sim's stance became Flee (got %s)" % str(ent_value("ent_stance", minion)))
	# far right = Aggressive
	yield(click_at(Vector2(r.end.x - 2, r.position.y + r.size.y / 2)), "completed")
	ok = yield(wait_value("ent_id", "ent_stance", minion, 4, 60), "completed")
	assert_true(ok, "the sim's stance became Aggressive (got %s)" % str(ent_value("ent_stance", minion)))


func test_fight_ends_with_minions_standing() -> void:
	if not running():
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var drawn := false
	for i in range(1500):
		yield(get_tree(), "physics_frame")
		if ext != null and (not ext.layer.lines.empty() or not ext.layer.pops.empty()):
			drawn = true
		if int(main.sim.last_snapshot.get("tick", 0)) >= 600:
			break
	var s: Dictionary = main.sim.last_snapshot
	assert_true(int(s.get("tick", 0)) >= 600, "the sim reached tick 600")
	var minions_up := 0
	var adventurers_up := 0
	var adventurers := 0
	for i in range(s["ent_id"].size()):
		var kind := int(s["ent_kind"][i])
		var state := int(s["ent_state"][i])
		if kind == 0 and state == 0:
			minions_up += 1
		if kind == 1:
			adventurers += 1
			if state == 0:
				adventurers_up += 1
	assert_eq(adventurers, 2)
	assert_eq(adventurers_up, 0, "both peasants are down")
	assert_eq(minions_up, 4, "every minion stands")
	assert_true(drawn, "attack lines or wound pops were drawn")
	assert_true(s.has("ent_wound_points") and s.has("combat_shots"), "combat snapshot keys")
