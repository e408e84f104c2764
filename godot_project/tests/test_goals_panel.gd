extends "res://tests/TestCase.gd"
# The Goals panel (res://economy/GoalsPanel.tscn): a level's goals in order, the current one
# with its advice, met ones ticked; folded to one line and shown again; hidden for a level
# without goals. In play (tests/data/goals_test.level): a bed built through the game's own
# command meets the first goal, and the panel ticks it and moves the advice to the next.

const GOALS_LEVEL := "res://tests/data/goals_test.level"
const GoalsPanel = preload("res://economy/GoalsPanel.tscn")
const LayoutCheck = preload("res://tests/LayoutCheck.gd")

var panel = null


func after_each() -> void:
	restore_window()
	if panel != null:
		remove_child(panel)
		panel.free()
		panel = null
	stop_recording()
	free_main()


func _snap(met: Array, current: int) -> Dictionary:
	return {"goal_kind": ["mine", "trap", "day"],
			"goal_title": ["Mine 6 metal", "Build and wire a trap", "Live to see day 3"],
			"goal_advice": ["Mark the veins.", "Lay a plate and blades.", "Hold out."],
			"goal_met": met, "goal_progress": [2 if met[0] == 0 else 6, 0, 1],
			"goal_target": [6, 1, 3], "goal_current": current}


func test_the_panel_lists_the_goals_the_current_one_with_its_advice():
	panel = GoalsPanel.instance()
	add_child(panel)
	assert_false(panel.visible, "nothing to show before a snapshot")
	panel.show_goals(_snap([0, 0, 0], 0))
	assert_true(panel.visible)
	assert_eq(panel.rows(), [{"text": "Mine 6 metal (2/6)", "met": false},
			{"text": "Build and wire a trap", "met": false},
			{"text": "Live to see day 3", "met": false}])
	assert_eq(panel.title_label.text, "Goal 1 of 3: Mine 6 metal")
	assert_eq(panel.advice_label.text, "Mark the veins.")
	assert_true(panel.advice_label.visible)
	assert_eq(panel.advice_label.get_index(), panel.goal_rows.get_node("Goal1").get_index() + 1,
			"the advice is under the current goal")
	# the first met: ticked, the second current with its advice under it
	panel.show_goals(_snap([1, 0, 0], 1))
	assert_eq(panel.rows()[0], {"text": "Mine 6 metal", "met": true})
	assert_eq(panel.title_label.text, "Goal 2 of 3: Build and wire a trap")
	assert_eq(panel.advice_label.text, "Lay a plate and blades.")
	assert_eq(panel.advice_label.get_index(), panel.goal_rows.get_node("Goal2").get_index() + 1)
	# all met
	panel.show_goals(_snap([1, 1, 1], 3))
	assert_eq(panel.title_label.text, "Goals: all 3 met")
	assert_false(panel.advice_label.visible)
	# a level without goals: hidden
	panel.show_goals({"goal_title": [], "goal_current": 0})
	assert_false(panel.visible)


func test_a_long_list_stays_short():
	panel = GoalsPanel.instance()
	add_child(panel)
	var titles := []
	var kinds := []
	for i in range(10):
		titles.append("Goal number %d" % (i + 1))
		kinds.append("build")
	var s := {"goal_kind": kinds, "goal_title": titles, "goal_advice": titles,
			"goal_met": [1, 1, 1, 1, 0, 0, 0, 0, 1, 0], "goal_progress": [], "goal_target": [],
			"goal_current": 4}
	panel.show_goals(s)
	assert_eq(panel.rows(), [{"text": "2 goals met", "met": true},
			{"text": "Goal number 3", "met": true}, {"text": "Goal number 4", "met": true},
			{"text": "Goal number 5", "met": false}, {"text": "Goal number 6", "met": false},
			{"text": "Goal number 7", "met": false}, {"text": "Goal number 9", "met": true},
			{"text": "and 2 more", "met": false}])
	assert_eq(panel.goal_rows.get_node("Earlier").hint_tooltip, "Goal number 1\nGoal number 2")
	assert_eq(panel.goal_rows.get_node("Later").hint_tooltip, "Goal number 8\nGoal number 10")
	assert_eq(panel.title_label.text, "Goal 5 of 10: Goal number 5")


func test_the_panel_folds_to_one_line_and_unfolds():
	panel = GoalsPanel.instance()
	add_child(panel)
	panel.show_goals(_snap([0, 0, 0], 0))
	yield(get_tree(), "idle_frame")
	var open_height: float = panel.get_combined_minimum_size().y
	panel.fold_button.emit_signal("pressed")
	yield(get_tree(), "idle_frame")
	assert_true(panel.folded and not panel.body.visible, "folded")
	assert_eq(panel.title_label.text, "Goal 1 of 3: Mine 6 metal", "one line that names the goal")
	assert_true(panel.get_combined_minimum_size().y < open_height * 0.6,
			"folded it is one line (%s of %s)" % [str(panel.get_combined_minimum_size().y), str(open_height)])
	panel.fold_button.emit_signal("pressed")
	assert_true(panel.body.visible, "unfolded")


func test_the_panel_ticks_a_goal_met_in_play():
	return _wrap("_t_in_play")


func _t_in_play():
	yield(start_main(GOALS_LEVEL), "completed")
	if not running():
		return
	record_events()
	yield(frames(2), "completed")
	var ext = extension("GoalsExtension")
	assert_true(ext.panel.visible, "shown from the level's start, before its first tick ends")
	assert_eq(ext.panel.advice_label.text, "Build a second bed: pick Bed and click the floor.")
	for _i in range(300):
		if int(snap_get("tick", 0)) >= 2:
			break
		yield(get_tree(), "physics_frame")
	yield(frames(2), "completed")
	assert_true(ext != null, "the goals extension is loaded")
	if ext == null:
		return
	var p = ext.panel
	assert_true(p.visible, "shown from the start of a level with goals")
	assert_true(p.is_visible_in_tree() and main.hud.right_dock.is_a_parent_of(p), "in the HUD's right dock")
	assert_eq(p.rows()[0], {"text": "Build a bed for every minion (1/2)", "met": false})
	assert_eq(p.advice_label.text, "Build a second bed: pick Bed and click the floor.")
	assert_string_contains(PoolStringArray(main.hud.shown_log_texts()).join("\n"),
			"Goal 1: Build a bed for every minion. Build a second bed")
	EventBus.emit_signal("command_requested", {"type": "build_furniture", "kind": "bed", "x": 4, "y": 2})
	yield(click_control(main.hud.speed_button(4)), "completed")
	for _i in range(1200):
		yield(get_tree(), "physics_frame")
		if not recorded("goal_met").empty():
			break
	assert_eq(recorded("goal_met").size(), 1, "the bed built meets the first goal")
	yield(frames(3), "completed")
	assert_eq(p.rows()[0], {"text": "Build a bed for every minion", "met": true}, "ticked")
	assert_eq(p.rows()[1]["met"], false)
	assert_eq(p.title_label.text, "Goal 2 of 3: Build a treasury")
	assert_eq(p.advice_label.text, "Build a treasury with the Treasury tool.")
	var log_text := PoolStringArray(main.hud.shown_log_texts()).join("\n")
	assert_string_contains(log_text, "Goal met: Build a bed for every minion")
	assert_string_contains(log_text, "Goal 2: Build a treasury. Build a treasury with the Treasury tool.")


func test_the_panel_fits_beside_a_selection_from_720p_to_4k():
	return _wrap("_t_fits")


# The campaign's goals with a minion selected, checked by the layout walker's checks
# (tests/LayoutCheck.gd: on screen, nothing cut or squeezed, no panel over another) in
# windows from 1280x720 to 3840x2160 and at UI scale 2 on 4K.
func _t_fits():
	yield(start_main("res://levels/campaign.level"), "completed")
	if not running():
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	EventBus.emit_signal("entity_selected", first_of_kind(0))
	yield(frames(20), "completed")
	var p = extension("GoalsExtension").panel
	assert_true(p.visible and main.hud.selection_panel.visible, "the goals and a selection show together")
	assert_eq(main.hud.right_dock.docked()[0], p, "the goals are first in the dock")
	for w in [[Vector2(1280, 720), 1.0], [Vector2(1920, 1080), 1.0], [Vector2(3840, 2160), 1.0],
			[Vector2(3840, 2160), 2.0], [Vector2(1280, 720), 1.5]]:
		yield(set_window(w[0], w[1]), "completed")
		yield(frames(3), "completed")
		assert_eq(LayoutCheck.problems(get_tree()), [], "at %s, UI scale %s" % [str(w[0]), str(w[1])])
		var small: bool = w[1] == 1.5
		assert_eq(p.folded, small, "folded only in a HUD less tall than 600 (%s, UI scale %s)" % [str(w[0]), str(w[1])])
		if not small:
			assert_true(p.advice_label.get_line_count() >= 2, "the advice wraps at %s" % str(w[0]))
	# the player's own choice stands whatever the window
	yield(click_control(p.fold_button), "completed")
	assert_false(p.folded, "unfolded by a click")
	yield(set_window(Vector2(1280, 720), 1.0), "completed")
	yield(set_window(Vector2(1280, 720), 1.5), "completed")
	assert_false(p.folded, "the player's unfold stands")
	restore_window()
	EventBus.emit_signal("entity_selected", -1)


func test_the_map_under_the_panel_pans_into_the_open():
	return _wrap("_t_pans_out")


# The Lair at its start (the whole map framed): the quarters' east vein (35, 4) lies under the
# Goals panel; the camera pans far enough right (D / Right held) to bring it out from under
# the panel, still on screen.
func _t_pans_out():
	yield(start_main("res://levels/campaign.level"), "completed")
	if not running():
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(10), "completed")
	var p = extension("GoalsExtension").panel
	var vein := Vector2(35, 4)
	assert_true(screen_rect(p).has_point(tile_screen(vein)), "at the start the panel covers the vein")
	Input.action_press("pan_right")
	yield(frames(120), "completed")
	Input.action_release("pan_right")
	yield(frames(2), "completed")
	var at := tile_screen(vein)
	assert_false(screen_rect(p).has_point(at), "panned out from under the panel: %s" % str(at))
	assert_true(main.get_viewport().get_visible_rect().has_point(at), "still on screen: %s" % str(at))
