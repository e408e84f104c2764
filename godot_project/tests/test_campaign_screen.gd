extends "res://tests/TestCase.gd"
# What playing the campaign level in a window showed,
# each checked as the player sees it: the top bar's last readout (the Invasion indicator)
# stays on the 1280x720 screen whatever band it says; the selection panel of a creature is
# as tall as its text, not the whole right side, and its first line says what the body is
# while the header names it ("Grub the kobold").

const CAMPAIGN := "res://levels/campaign.level"
const CREATURE := 2


func after_each() -> void:
	free_main()


func test_the_top_bar_fits_the_screen_on_the_campaign():
	return _wrap("_t_top_bar")


func _t_top_bar():
	yield(start_main(CAMPAIGN), "completed")
	if not running():
		return
	yield(frames(3), "completed")
	var row: Container = main.hud.top_bar.row
	var width: float = main.hud.get_node("Root").rect_size.x
	var inv = extension("InvasionsExtension")
	for word in ["Possible", "Imminent", "Underway", "Quiet"]:
		if inv != null and inv.get("indicator") != null:
			inv.indicator.text = "Invasion: %s" % word
		yield(get_tree(), "idle_frame")
		yield(get_tree(), "idle_frame")
		var last: Control = null
		for c in row.get_children():
			if c is Control and c.visible:
				last = c
		assert_true(last != null and last.get_global_rect().end.x <= width + 0.5,
				"the top bar's last readout (%s) ends on screen: %s > %s" % [
				last.name if last != null else "?", (str(last.get_global_rect().end.x) if last != null else "-1"), str(width)])


func test_a_creature_panel_is_as_tall_as_its_text():
	return _wrap("_t_panel")


func _t_panel():
	yield(start_main(CAMPAIGN), "completed")
	if not running():
		return
	var kobold := first_of_kind(CREATURE)
	EventBus.emit_signal("entity_selected", kobold)
	yield(frames(40), "completed")
	var panel = main.hud.selection_panel
	var dock: Control = main.hud.right_dock
	assert_true(panel.visible)
	assert_true(panel.rect_size.y < dock.rect_size.y * 0.8,
			"the panel ends under its text (%s of %s)" % [str(panel.rect_size.y), str(dock.rect_size.y)])
	assert_true(panel.rect_size.y >= 200, "and keeps room for its tabs")
	assert_string_contains(panel.title_label.text, " the kobold", "the header names it")
	var first: String = panel.info_text.text.split("\n")[0]
	assert_eq(first, "Creature (kobold)", "the first line says what it is")
	assert_true(panel.info_text.text.find("Lv 0") < 0, "no 'Lv 0' for a kobold: %s" % panel.info_text.text)


func test_the_log_says_the_first_step_on_a_new_game():
	return _wrap("_t_first_steps")


func _t_first_steps():
	yield(start_main(CAMPAIGN), "completed")
	if not running():
		return
	yield(frames(4), "completed")
	var texts: Array = main.hud.shown_log_texts()
	var joined := PoolStringArray(texts).join("\n")
	assert_string_contains(joined, "F1 shows the keys")
	# The campaign has goals: its first goal says the first step (how to get metal) at the
	# first tick, once; a few frames on, the lines are not repeated.
	yield(frames(30), "completed")
	var again := PoolStringArray(main.hud.shown_log_texts()).join("\n")
	assert_string_contains(again, "Goal 1: Mine 6 metal. Pick Mine vein", "the campaign's first goal says how to get metal")
	assert_eq(again.count("Goal 1: Mine 6 metal"), 1, again)
	assert_eq(again.count("F1 shows the keys"), 1, again)
	assert_eq(again.count("No metal yet"), 0, "the first goal says it: " + again)
	# Without goals, with no metal and unmarked veins, the log says how to get metal; with
	# metal in a pile, or a vein marked already, no advice about metal.
	var F = preload("res://economy/FirstStepsExtension.gd")
	assert_eq(F.first_steps({"metal_total": 0, "vein_pos": [Vector2(1, 1)], "vein_marked": [0]}).size(), 2)
	assert_eq(F.first_steps({"metal_total": 0, "vein_pos": [Vector2(1, 1)], "vein_marked": [0], "goal_title": ["Mine 6 metal"]}).size(), 1)
	assert_eq(F.first_steps({"metal_total": 5, "vein_pos": [Vector2(1, 1)], "vein_marked": [0]}).size(), 1)
	assert_eq(F.first_steps({"metal_total": 0, "vein_pos": [Vector2(1, 1)], "vein_marked": [1]}).size(), 1)
