extends "res://tests/TestCase.gd"
# The economy tools and screens (godot_project/economy/EconomyExtension.gd) against the real
# session, driven as a player would: tool buttons clicked, the mouse moved over tiles (the
# placement preview says valid or the reason before any click), clicks and drags on the map.
# The campaign level (the default) has a vein in the quarters' west wall at (27, 3) beside
# the floor (28, 3), and two ways in (west and north portals) to the sanctum.

const CAMPAIGN := "res://levels/campaign.level"
const TRAP_DEMO := "res://levels/trap_demo.level"

var ext = null


func after_each() -> void:
	free_main()
	EventBus.emit_signal("tool_selected", "select")


func start(level: String):
	yield(start_main(level), "completed")
	ext = extension("EconomyExtension")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")


func pick_tool(id: String):
	var b: Button = main.hud.tool_button(id)
	assert_true(b != null, "the tool bar has %s" % id)
	if b != null:
		yield(click_control(b), "completed")
	else:
		yield(frames(1), "completed")


func hover(tile: Vector2):
	mouse_motion(tile_screen(tile))
	yield(frames(2), "completed")


func terrain_at(tile: Vector2) -> int:
	var s := snap()
	return int(s["terrain"][int(tile.y) * int(s["width"]) + int(tile.x)])


func vein_marked(tile: Vector2) -> bool:
	var s := snap()
	var vp = s.get("vein_pos", [])
	for i in range(vp.size()):
		if Vector2(vp[i].x, vp[i].y) == tile:
			return int(s["vein_marked"][i]) == 1
	return false


func test_default_level_is_the_campaign_with_a_metal_counter() -> void:
	yield(start(""), "completed")
	if not running():
		return
	assert_eq(main.sim.level_path, CAMPAIGN, "make play opens the campaign")
	assert_true(ext != null, "EconomyExtension loaded")
	assert_eq(ext.metal_label.text, "Metal: 0")
	for id in ["econ_dig", "econ_mine", "econ_wall", "econ_bed", "econ_scrapper_table", "econ_pyre"]:
		var b: Button = main.hud.tool_button(id)
		assert_true(b != null and b.hint_tooltip != "", "%s has a tool button with a description" % id)
	assert_string_contains(main.hud.tool_button("econ_bed").hint_tooltip, "Costs 1 metal")


func test_mine_tool_previews_and_marks_a_vein() -> void:
	yield(start(CAMPAIGN), "completed")
	if not running():
		return
	yield(pick_tool("econ_mine"), "completed")
	yield(hover(Vector2(20, 20)), "completed")
	assert_eq(ext.layer.preview_tile, Vector2(20, 20))
	assert_eq(ext.layer.preview_reason, "There is no metal vein there.", "preview says why before the click")
	yield(hover(Vector2(27, 3)), "completed")
	assert_eq(ext.layer.preview_reason, "", "a vein beside the floor is a valid target")
	yield(click_at(tile_screen(Vector2(27, 3))), "completed")
	yield(frames(4), "completed")
	assert_true(vein_marked(Vector2(27, 3)), "the click marked the vein in the sim")
	yield(hover(Vector2(27, 3)), "completed")
	assert_eq(ext.layer.preview_reason, "", "a marked vein offers to stop mining")
	assert_eq(ext.layer.preview_label, "Stop mining")
	yield(click_at(tile_screen(Vector2(27, 3))), "completed")
	yield(frames(4), "completed")
	assert_false(vein_marked(Vector2(27, 3)), "a second click unmarked the vein")


func dig_marks() -> Array:
	var out := []
	for p in snap_get("dig_pos", []):
		out.append(Vector2(p.x, p.y))
	return out


# Runs the sim at speed 4 (10 ticks a call) until method() is true or `calls` run out.
func run_sim_until(method: String, calls: int) -> bool:
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	for _i in range(calls):
		main.sim.step_frame(0.25)
		if call(method):
			return true
	return call(method)


func _tunnel_dug() -> bool:
	for y in [13, 14, 15]:
		if terrain_at(Vector2(4, y)) != 1:
			return false
	return true


func log_has(text: String) -> bool:
	for line in main.hud.event_log.lines:
		if str(line).find(text) >= 0:
			return true
	return false


func test_dig_drag_marks_rock_minions_dig_it_and_wall_refuses_the_last_path() -> void:
	yield(start(CAMPAIGN), "completed")
	if not running():
		return
	# mark a short tunnel south of the west corridor: (4, 13) .. (4, 15)
	yield(pick_tool("econ_dig"), "completed")
	yield(hover(Vector2(4, 13)), "completed")
	assert_eq(ext.layer.preview_reason, "", "rock beside the corridor can be marked")
	yield(drag([Vector2(4, 13), Vector2(4, 14), Vector2(4, 15)]), "completed")
	yield(frames(4), "completed")
	for y in [13, 14, 15]:
		assert_true(dig_marks().has(Vector2(4, y)), "(4, %d) is marked after the drag" % y)
		assert_eq(terrain_at(Vector2(4, y)), 0, "(4, %d) is still rock: minions dig it" % y)
	assert_eq(ext.layer.snap.get("dig_pos", []).size(), 3, "the layer draws the three marks")
	# a click on a mark offers to take it back, and does
	yield(hover(Vector2(4, 15)), "completed")
	assert_eq(ext.layer.preview_label, "Take the mark back")
	yield(click_at(tile_screen(Vector2(4, 15))), "completed")
	yield(frames(4), "completed")
	assert_false(dig_marks().has(Vector2(4, 15)), "the second click took the mark back")
	yield(click_at(tile_screen(Vector2(4, 15))), "completed")
	yield(frames(4), "completed")
	assert_true(dig_marks().has(Vector2(4, 15)), "and a third marks it again")
	# the Drudgery minions walk there and dig: the digging done shows, then floor
	var started := false
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	for _i in range(400):
		main.sim.step_frame(0.25)
		for w in snap_get("dig_work", []):
			if float(w) > 0.0:
				started = true
		if started:
			break
	assert_true(started, "a mark shows the digging done")
	assert_true(run_sim_until("_tunnel_dug", 400), "Drudgery minions dug the tunnel out")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	assert_true(dig_marks().empty(), "no marks are left")
	assert_true(log_has("dug out the rock"), "the log says the rock was dug out: %s" % str(main.hud.event_log.lines))
	yield(pick_tool("econ_dig"), "completed")
	yield(hover(Vector2(0, 5)), "completed")
	assert_eq(ext.layer.preview_reason, "The map edge can't be dug.")
	yield(hover(Vector2(6, 12)), "completed")
	assert_eq(ext.layer.preview_reason, "Only rock and walls can be dug.", "floor is refused before the click")
	# walls: the west corridor may be closed (the north way stays), then the north one may not
	yield(pick_tool("econ_wall"), "completed")
	yield(click_at(tile_screen(Vector2(5, 12))), "completed")
	yield(frames(4), "completed")
	assert_eq(terrain_at(Vector2(5, 12)), 2, "a wall closes the west corridor")
	yield(hover(Vector2(14, 4)), "completed")
	assert_true(ext.layer.preview_reason != "", "walling the last way in is refused in the preview")
	yield(click_at(tile_screen(Vector2(14, 4))), "completed")
	yield(frames(4), "completed")
	assert_eq(terrain_at(Vector2(14, 4)), 1, "the last path stays open")
	var toast_found := false
	for t in main.hud.toasts.get_children():
		var l = t.get_child(0) if t.get_child_count() > 0 else null
		if l is Label and l.text == ext.layer.preview_reason:
			toast_found = true
	assert_true(toast_found, "the refusal reason is shown on screen")


func has_tile(list, tile: Vector2) -> bool:
	for p in list:
		if Vector2(p.x, p.y) == tile:
			return true
	return false


func test_furniture_is_planned_then_built_from_metal_and_drawn() -> void:
	yield(start(TRAP_DEMO), "completed")
	if not running():
		return
	var before := int(snap_get("metal_total", 0))
	assert_true(before > 0, "the trap demo has a metal pile")
	yield(pick_tool("econ_bed"), "completed")
	yield(hover(Vector2(15, 4)), "completed")
	assert_eq(ext.layer.preview_reason, "")
	assert_string_contains(ext.layer.preview_label, "1 metal")
	yield(click_at(tile_screen(Vector2(15, 4))), "completed")
	yield(frames(4), "completed")
	assert_true(has_tile(snap_get("furn_bp_pos", []), Vector2(15, 4)), "the click placed a bed blueprint")
	assert_true(has_tile(ext.layer.snap.get("furn_bp_pos", []), Vector2(15, 4)), "the layer draws the blueprint")
	yield(hover(Vector2(15, 4)), "completed")
	assert_eq(ext.layer.preview_label, "Cancel the plan", "a planned piece offers to cancel it")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var built := false
	for _i in range(1800):
		yield(get_tree(), "physics_frame")
		if has_tile(snap_get("furn_pos", []), Vector2(15, 4)):
			built = true
			break
	assert_true(built, "a Drudgery minion hauled the metal and built the bed")
	assert_true(int(snap_get("metal_total", 0)) < before, "the bed took metal from the pile")
	yield(frames(2), "completed")
	assert_eq(ext.metal_label.text, "Metal: %d" % int(snap_get("metal_total", 0)))
	assert_true(has_tile(ext.layer.snap.get("furn_pos", []), Vector2(15, 4)), "the layer draws the bed")


func test_end_screen_shows_the_tally_and_starts_again() -> void:
	yield(start(CAMPAIGN), "completed")
	if not running():
		return
	EventBus.emit_signal("sim_event", {"type": "game_over", "tick": 50000, "days": 3,
			"invasions_beaten": 2, "captured": 1, "killed": 4, "treasure_lost": 7, "score": 503})
	yield(frames(2), "completed")
	assert_true(ext.end_panel.visible, "the end screen shows")
	assert_string_contains(ext.end_text.text, "Days survived: 3")
	assert_string_contains(ext.end_text.text, "Adventurers captured: 1")
	assert_string_contains(ext.end_text.text, "Score: 503")
	var again: Button = ext.end_panel.find_node("StartAgain", true, false)
	yield(click_control(again), "completed")
	yield(frames(4), "completed")
	assert_false(ext.end_panel.visible, "Start again closes the end screen")
	assert_eq(int(snap_get("tick", -1)) < 5, true, "the level started again")


# --- Scrap / Burn from the Behavior tab ----------------------------------------------------------

func ent_screen(id: int) -> Vector2:
	var s: Dictionary = snap()
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		if int(ids[i]) == id:
			var p: Vector2 = s["ent_pos"][i]
			return main.world.get_viewport().canvas_transform.xform((p + Vector2(0.5, 0.5)) * main.world.TILE)
	return Vector2(-1, -1)


func toast_has(text: String) -> bool:
	for t in main.hud.toasts.get_children():
		var l = t.get_child(0) if t.get_child_count() > 0 else null
		if l is Label and l.text.find(text) >= 0:
			return true
	return false


func test_scrap_button_sends_the_order_and_shows_the_refusal() -> void:
	yield(start(CAMPAIGN), "completed")
	if not running():
		return
	var combat = extension("CombatExtension")
	var minion := first_of_kind(0)
	yield(click_at(ent_screen(minion)), "completed")
	yield(frames(4), "completed")
	assert_eq(main.world.selected_id, minion, "clicking the minion selects it")
	yield(click_control(main.hud.selection_panel.tabs.tab_button("Behavior")), "completed")
	yield(frames(2), "completed")
	var b: Button = combat.tab.orders.get_node_or_null("Scrap")
	if not assert_true(b != null and b.is_visible_in_tree(), "the Behavior tab has a Scrap button"):
		return
	assert_true(combat.tab.orders.get_node_or_null("Burn") != null, "and a Burn button")
	yield(click_control(b), "completed")
	assert_eq(main.world.tool_id, "combat_order", "Scrap picks the Order tool")
	# the minion itself is no dead adventurer: the order goes to pysim and is refused on screen
	yield(click_at(ent_screen(minion)), "completed")
	var seen := false
	for _i in range(30):
		yield(get_tree(), "physics_frame")
		if toast_has("Only dead adventurers are scrapped; a pyre burns the others: Heal would work."):
			seen = true
			break
	assert_true(seen, "the scrap order reached the sim and its refusal shows")


func test_the_campaign_top_bar_fits_the_screen() -> void:
	yield(start(""), "completed")
	if not running():
		return
	yield(frames(3), "completed")
	var bar: Control = main.hud.top_bar
	var screen := Rect2(Vector2.ZERO, main.get_viewport().get_visible_rect().size)
	assert_true(screen.encloses(bar.get_global_rect()), "the top bar %s fits %s with the metal counter and the invasion indicator" % [str(bar.get_global_rect()), str(screen)])
	assert_true(ext.metal_label.is_visible_in_tree(), "the metal counter shows")


# --- sleep (SLEEP-01..04) ---------------------------------------------------------------------

const SLEEP_LEVEL := "res://tests/data/sleep_test.level"


func _someone_asleep() -> bool:
	return snap_get("sleep_ids", []).size() > 0


func test_a_sleeping_minion_is_drawn_and_its_info_names_its_bed() -> void:
	yield(start(SLEEP_LEVEL), "completed")
	if not running():
		return
	assert_false(_someone_asleep(), "nobody sleeps at the start")
	# the fourth minion's slot is 04:00 (SLEEP-01)
	assert_true(run_sim_until("_someone_asleep", 300), "a minion went to sleep at 04:00")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	var id := int(snap_get("sleep_ids", [])[0])
	assert_eq(int(snap_get("sleep_in_bed", [])[0]), 1, "in its own bed")
	assert_eq(ext.layer.preview_child.snap.get("sleep_pos", []).size(), 1, "the layer draws its Zz")
	yield(click_at(ent_screen(id)), "completed")
	yield(frames(20), "completed")
	var panel = main.hud.get_tree().get_nodes_in_group("selection_panel")[0]
	assert_eq(panel.selected_id, id, "the click selected the sleeper")
	var text: String = panel.info_text.text
	assert_string_contains(text, "asleep in its bed")
	assert_string_contains(text, "wakes day 1 10:00")


# --- the treasury (TREAS-01..02) ---------------------------------------------------------------

const TREASURY_LEVEL := "res://tests/data/treasury_test.level"


func _treasure_in_treasury() -> bool:
	var tp = snap_get("treasure_pos", [])
	var ta = snap_get("treasure_amount", [])
	return tp.size() == 1 and Vector2(tp[0].x, tp[0].y) == Vector2(2, 2) and int(ta[0]) == 7


func test_a_treasury_is_built_and_minions_carry_the_treasure_into_it() -> void:
	yield(start(TREASURY_LEVEL), "completed")
	if not running():
		return
	yield(pick_tool("econ_treasury"), "completed")
	yield(hover(Vector2(2, 2)), "completed")
	assert_eq(ext.layer.preview_reason, "", "a floor tile takes a treasury")
	assert_string_contains(ext.layer.preview_label, "2 metal")
	yield(click_at(tile_screen(Vector2(2, 2))), "completed")
	yield(frames(4), "completed")
	assert_true(has_tile(snap_get("furn_bp_pos", []), Vector2(2, 2)), "the click planned a treasury")
	assert_true(run_sim_until("_treasure_in_treasury", 600), "the treasure was carried into the treasury")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")
	assert_true(has_tile(ext.layer.snap.get("furn_pos", []), Vector2(2, 2)), "the layer draws the built treasury")
	assert_true(log_has("to the treasury"), "the log says the treasure was stored: %s" % str(main.hud.event_log.lines))


# A 12-tile Dig drag is one line in the log with the count, not a line a tile: the log's one
# merging (hud/EventLog.gd add_line, by the event's type for words registered with `many`).
func test_a_dig_drag_is_one_log_line() -> void:
	yield(start(CAMPAIGN), "completed")
	if not running():
		return
	main.hud.clear_log()
	yield(pick_tool("econ_dig"), "completed")
	# 4 x 3 tiles of rock east of the entry hall, (19, 9) .. (22, 11)
	yield(drag([Vector2(19, 9), Vector2(20, 10), Vector2(21, 11), Vector2(22, 11)]), "completed")
	yield(frames(4), "completed")
	assert_eq(dig_marks().size(), 12, "the drag marked 12 tiles")
	var dig_lines := dig_log_lines()
	assert_eq(dig_lines.size(), 1, "one line for the drag: %s" % str(main.hud.shown_log_texts()))
	if dig_lines.size() == 1:
		assert_string_contains(dig_lines[0], "Dig ordered on 12 tiles (the first: the rock by ")
	# The next drag beside it counts on in the same line (no other line came between).
	yield(drag([Vector2(23, 9), Vector2(23, 10)]), "completed")
	yield(frames(4), "completed")
	dig_lines = dig_log_lines()
	assert_eq(dig_lines.size(), 1, "still one line: %s" % str(main.hud.shown_log_texts()))
	assert_string_contains(str(dig_lines[0]) if dig_lines.size() > 0 else "", "Dig ordered on 14 tiles")
	# A single tile's line says which tile.
	main.hud.clear_log()
	yield(click_at(tile_screen(Vector2(19, 13))), "completed")
	yield(frames(4), "completed")
	dig_lines = dig_log_lines()
	assert_eq(dig_lines.size(), 1, "a click, one line: %s" % str(main.hud.shown_log_texts()))
	assert_string_contains(str(dig_lines[0]) if dig_lines.size() > 0 else "", " was marked for digging")


func dig_log_lines() -> Array:
	var out := []
	for t in main.hud.shown_log_texts():
		if str(t).find("digging") >= 0 or str(t).find("Dig ordered") >= 0:
			out.append(t)
	return out


# The tiles dug out one after another, by whichever minion, are one line that counts them; a
# line of another kind between two lines does not part them (the window of 6 lines).
func test_tiles_dug_out_in_a_row_are_one_log_line() -> void:
	yield(start(CAMPAIGN), "completed")
	if not running():
		return
	main.hud.clear_log()
	for k in range(5):
		EventBus.emit_signal("sim_event", {"type": "dug", "tick": 100 + k, "entity": 2 + k % 2, "x": 19 + k, "y": 9})
		if k == 2:
			EventBus.emit_signal("sim_event", {"type": "speed_changed", "tick": 102, "speed": 2})
	var shown: Array = main.hud.shown_log_texts()
	var dug := []
	for t in shown:
		if str(t).find("dug out") >= 0:
			dug.append(t)
	assert_eq(dug.size(), 1, "one line for five tiles: %s" % str(shown))
	assert_string_contains(str(dug[0]) if dug.size() > 0 else "", "Your minions dug out the rock of 5 tiles (the first ")
	assert_eq(shown.size(), 2, "and the other line: %s" % str(shown))
