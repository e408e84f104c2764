extends "res://tests/TestCase.gd"
# The combat UI against the real session (res://levels/combat_demo.level, seed 3): the
# Behavior tab's stance slider, clicked through Input.parse_input_event, changes the sim's
# stance (read back from the snapshot's ent_stance); the fight in the demo hall ends with the
# minions standing and both peasants down; fights are drawn (attack lines / pops appear).

const MAIN_SCENE := "res://main/Main.tscn"
const LEVEL := "res://levels/combat_demo.level"

var main = null
var ext = null


func before_each() -> void:
	main = load(MAIN_SCENE).instance()
	main.level_path = LEVEL
	get_tree().root.add_child(main)
	yield(get_tree(), "physics_frame")
	yield(get_tree(), "physics_frame")
	ext = null
	for c in main.extensions.get_children():
		if c.name == "CombatExtension":
			ext = c


func after_each() -> void:
	EventBus.emit_signal("entity_selected", -1)
	EventBus.emit_signal("tool_selected", "select")
	if main != null and is_instance_valid(main):
		main.get_parent().remove_child(main)
		main.free()
	main = null


func frames(n: int) -> void:
	for i in range(n):
		yield(get_tree(), "physics_frame")


func mouse_button(pos: Vector2, button: int, pressed: bool) -> void:
	var ev := InputEventMouseButton.new()
	ev.button_index = button
	ev.pressed = pressed
	ev.button_mask = (1 << (button - 1)) if pressed else 0
	ev.position = pos
	ev.global_position = pos
	Input.parse_input_event(ev)


func click_at(pos: Vector2, button: int = BUTTON_LEFT):
	var motion := InputEventMouseMotion.new()
	motion.position = pos
	motion.global_position = pos
	Input.parse_input_event(motion)
	mouse_button(pos, button, true)
	yield(get_tree(), "idle_frame")
	mouse_button(pos, button, false)
	yield(get_tree(), "idle_frame")


func ent_value(key: String, id: int):
	var s: Dictionary = main.sim.last_snapshot
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		if int(ids[i]) == id:
			return int(s[key][i])
	return null


func first_of_kind(kind: int) -> int:
	var s: Dictionary = main.sim.last_snapshot
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		if int(s["ent_kind"][i]) == kind:
			return int(ids[i])
	return -1


func test_stance_slider_changes_sim_stance() -> void:
	if not assert_true(main.sim.running, "session did not start: %s" % main.sim.failure_text):
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
	var ok := false
	for i in range(60):
		if ent_value("ent_stance", minion) == 0:
			ok = true
			break
		yield(get_tree(), "physics_frame")
	assert_true(ok, "the sim's stance became Flee (got %s)" % str(ent_value("ent_stance", minion)))
	# far right = Aggressive
	yield(click_at(Vector2(r.end.x - 2, r.position.y + r.size.y / 2)), "completed")
	ok = false
	for i in range(60):
		if ent_value("ent_stance", minion) == 4:
			ok = true
			break
		yield(get_tree(), "physics_frame")
	assert_true(ok, "the sim's stance became Aggressive (got %s)" % str(ent_value("ent_stance", minion)))


func test_fight_ends_with_minions_standing() -> void:
	if not assert_true(main.sim.running, "session did not start: %s" % main.sim.failure_text):
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
