extends "res://tests/TestCase.gd"
# The HUD's layout and panels against the real session (res://levels/first.level): with a
# minion selected, a trap tool active and a door selected, no two HUD panels overlap and all
# stay on screen, at 1280x720 and other (stretch-expanded) sizes; the Info tab reads like a
# game panel (title, state, duty, stance, wounds "WP n/m", stats line; no raw Id/X/Y);
# the Duty tab's buttons, clicked through Input.parse_input_event, set the minion's duty in
# the sim, and the top bar's "Traps duty" count follows.

const InfoText = preload("res://hud/InfoText.gd")

func before_each() -> void:
	yield(start_main("res://levels/first.level"), "completed")


func after_each() -> void:
	EventBus.emit_signal("entity_selected", -1)
	EventBus.emit_signal("tool_selected", "select")
	free_main()


func duty_of(id: int) -> String:
	return str(main.sim.describe(id).get("duty", ""))


# The HUD's panels that show: name -> rect on the screen (the dock: the part its panels take).
func hud_panels() -> Dictionary:
	var out := {}
	for c in [main.hud.top_bar, main.hud.event_log, main.hud.tool_bar]:
		if c.is_visible_in_tree():
			out[c.name] = screen_rect(c)
	var dock: Control = main.hud.right_dock.scroll
	if dock.rect_size.y > 0:
		out["RightDock"] = screen_rect(dock)
	return out


# Failures for overlapping panels or panels not inside the screen rect.
func overlaps(screen: Rect2) -> Array:
	var bad := []
	var panels := hud_panels()
	var names: Array = panels.keys()
	for i in range(names.size()):
		var ra: Rect2 = panels[names[i]]
		if not screen.grow(0.5).encloses(ra):
			bad.append("%s %s leaves the screen %s" % [names[i], str(ra), str(screen)])
		for j in range(i + 1, names.size()):
			var rb: Rect2 = panels[names[j]]
			if ra.intersects(rb):
				bad.append("%s %s overlaps %s %s" % [names[i], str(ra), names[j], str(rb)])
	return bad


func test_panels_never_overlap() -> void:
	if not running():
		return
	var traps = extension("TrapsExtension")
	var doors = extension("DoorsExtension")
	if not assert_true(traps != null and doors != null, "traps and doors extensions loaded"):
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	var minion := first_of_kind(0)
	EventBus.emit_signal("entity_selected", minion)
	yield(frames(20), "completed")
	assert_true(main.hud.selection_panel.visible, "the selection panel shows")
	yield(click_control(main.hud.tool_button("trap_select")), "completed")
	yield(frames(2), "completed")
	assert_true(traps.panel.visible, "the trap panel shows while the Traps tool is active")
	var door_ids = main.sim.last_snapshot.get("door_id", [])
	if assert_true(door_ids.size() > 0, "the level has doors"):
		doors.select_door(int(door_ids[0]))
	yield(frames(2), "completed")
	assert_true(doors.panel.visible, "the door panel shows")
	# Windows from 1280x720 to 4K, at UI scales from 0.75 to 2.
	for w in [[Vector2(1280, 720), 1.0], [Vector2(1600, 900), 1.0], [Vector2(1280, 960), 1.0],
			[Vector2(1920, 1080), 1.0], [Vector2(3840, 2160), 2.0], [Vector2(1280, 720), 1.5],
			[Vector2(1280, 720), 0.75]]:
		yield(set_window(w[0], w[1]), "completed")
		var bad := overlaps(Rect2(Vector2.ZERO, w[0]))
		assert_eq(bad, [], "at %s, UI scale %s" % [str(w[0]), str(w[1])])
		var dock: ScrollContainer = main.hud.right_dock.scroll
		assert_true(dock.get_v_scrollbar().visible or dock.rect_size.y >= main.hud.right_dock.panels.rect_size.y - 1,
				"the dock shows all its panels or scrolls at %s" % str(w))
	restore_window()
	yield(frames(2), "completed")
	# The workload readout stays visible with the trap panel closed.
	yield(click_control(traps.close_button), "completed")
	yield(frames(2), "completed")
	assert_false(traps.panel.visible, "the trap panel's X closes it")
	assert_eq(main.world.tool_id, "select", "and returns to Select")
	assert_true(traps.workload_label.is_visible_in_tree(), "the reset workload still shows")


func test_info_tab_reads_like_a_game_panel() -> void:
	if not running():
		return
	var minion := first_of_kind(0)
	EventBus.emit_signal("entity_selected", minion)
	yield(frames(30), "completed")
	var panel = main.hud.selection_panel
	var text: String = panel.info_text.text
	var lines: Array = Array(text.split("\n"))
	assert_eq(lines[0], "Minion", "what it is first (the header names it): %s" % text)
	assert_eq(panel.title_label.text, "%s, minion" % Names.who(minion), "the header names it")
	assert_string_contains(text, "Duty  ")
	assert_string_contains(text, "Stance  Balanced")
	assert_string_contains(text, "Wounds  WP 0/10")
	assert_string_contains(text, "Hunt 2  Craft 2  Battle 2  Block 2  Speed 6", "stats in one line")
	for noise in ["Id ", "X ", "Y ", "Stances", "Walking", "Unable At"]:
		for line in lines:
			assert_false(str(line).begins_with(noise), "no raw '%s' line: %s" % [noise, text])
	# The layout is data-driven: wounds with locations and points, bleeding, carried,
	# subtype and name in the title, and a key no one laid out still shows under "More".
	var info := {"id": 7, "kind": "adventurer", "subtype": "locksmith", "name": "Odo",
		"side": "invaders", "state": "knocked_out", "x": 3.0, "y": 4.0, "tile": [3, 4],
		"walking": false, "goal": null, "duty": "", "job": "", "mood": "grim",
		"body_state": "carried", "condition": "Captured, carried by " + Names.who(2),
		"combat": {"wound_points": 7, "unable_at": 10, "bleeding": true, "stance_name": "evasive",
			"wounds": [{"level": "serious", "location": "left_arm", "points": 4, "tick": 5},
				{"level": "light", "location": "head", "points": 3, "tick": 9}],
			"carried_by": 2, "captured": true, "stats": {"level": 1, "hunt": 1, "craft": 4,
				"battle": 1, "block": 2, "speed": 5, "weapon": "dagger", "armour": "leather"}}}
	var bb: String = InfoText.info_bbcode(info)
	var plain := strip_bbcode(bb)
	assert_eq(InfoText.title_for(7, info), "Odo - Adventurer (locksmith)")
	info["title"] = "Odo, locksmith level 1"     # pysim/core/names.py gives the heading
	assert_eq(InfoText.title_for(7, info), "Odo, locksmith level 1")
	assert_true(plain.begins_with("Odo, Adventurer (locksmith)"), plain)
	assert_true(strip_bbcode(InfoText.info_bbcode(info)).begins_with("Adventurer (locksmith)\n"),
			"with the header naming the body, the first line says what it is")
	assert_true(plain.find("Knocked out") < 0, "pysim's condition, not the bare state: %s" % plain)
	assert_string_contains(plain, "WP 7/10  BLEEDING")
	assert_string_contains(plain, "Serious wound, left arm (4 WP)")
	assert_string_contains(plain, "Light wound, head (3 WP)")
	assert_string_contains(plain, "Captured, carried by " + Names.who(2))
	assert_string_contains(plain, "Lv 1  Hunt 1  Craft 4  Battle 1  Block 2  Speed 5")
	assert_string_contains(plain, "More\nMood  grim")
	assert_true(plain.find("Captured") < plain.find("WP 7/10") and plain.find("WP 7/10") < plain.find("Lv 1"),
			"state, then wounds, then stats: %s" % plain)


func test_duty_tab_sets_the_minions_duty() -> void:
	if not running():
		return
	var traps = extension("TrapsExtension")
	var minion := first_of_kind(0)
	if not assert_true(minion >= 0 and traps != null, "a minion and the traps UI"):
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	var before := int(main.sim.last_snapshot.get("traps_duty", -1))
	assert_eq(duty_of(minion), "none", "the minion starts without a duty")
	EventBus.emit_signal("entity_selected", minion)
	yield(frames(30), "completed")
	var panel = main.hud.selection_panel
	var tab = panel.tabs.get_node_or_null("Duty")
	if not assert_true(tab != null, "the Duty tab is in the panel"):
		return
	panel.tabs.show_page(tab)
	yield(frames(3), "completed")
	yield(click_control(tab.find_node("Duty_traps", true, false)), "completed")
	var ok = yield(wait_until(self, "duty_of", [minion], "traps", 60), "completed")
	assert_true(ok, "the sim's duty became traps")
	yield(frames(2), "completed")
	assert_eq(int(main.sim.last_snapshot.get("traps_duty", -1)), before + 1, "one more minion on Traps duty")
	assert_string_contains(traps.workload_label.text, "Traps duty: %d" % (before + 1), "the top bar follows")
	yield(get_tree().create_timer(0.4), "timeout")
	assert_string_contains(tab.label.text, "Duty: Traps", "the tab shows the new duty")
	yield(click_control(tab.find_node("Duty_none", true, false)), "completed")
	ok = yield(wait_until(self, "duty_of", [minion], "none", 60), "completed")
	assert_true(ok, "No duty sets it back")


static func strip_bbcode(bb: String) -> String:
	var out := ""
	var i := 0
	while i < bb.length():
		var open := bb.find("[", i)
		if open < 0:
			out += bb.substr(i, bb.length() - i)
			break
		out += bb.substr(i, open - i)
		var close := bb.find("]", open)
		i = close + 1 if close >= 0 else bb.length()
	return out
