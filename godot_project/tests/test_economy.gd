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
	var b: Button = main.hud.tool_row.get_node_or_null(id)
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
		var b: Button = main.hud.tool_row.get_node_or_null(id)
		assert_true(b != null and b.hint_tooltip != "", "%s has a tool button with a description" % id)
	assert_string_contains(main.hud.tool_row.get_node("econ_bed").hint_tooltip, "Costs 1 metal")


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


func test_dig_drag_opens_rock_and_wall_refuses_the_last_path() -> void:
	yield(start(CAMPAIGN), "completed")
	if not running():
		return
	# dig a short tunnel south of the west corridor: (4, 13) .. (4, 15)
	yield(pick_tool("econ_dig"), "completed")
	yield(hover(Vector2(4, 13)), "completed")
	assert_eq(ext.layer.preview_reason, "", "rock beside the corridor can be dug")
	yield(drag([Vector2(4, 13), Vector2(4, 14), Vector2(4, 15)]), "completed")
	yield(frames(4), "completed")
	for y in [13, 14, 15]:
		assert_eq(terrain_at(Vector2(4, y)), 1, "(4, %d) is floor after the drag" % y)
	yield(hover(Vector2(0, 5)), "completed")
	assert_eq(ext.layer.preview_reason, "The map edge can't be dug.")
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
	for i in range(1800):
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
	var tabs: TabContainer = main.hud.selection_panel.tabs
	var r: Rect2 = tabs.get_global_rect()
	var x := r.position.x + 4
	while x < r.end.x and tabs.current_tab != combat.tab.get_index():
		yield(click_at(Vector2(x, r.position.y + 12)), "completed")
		x += 8
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
	for i in range(30):
		yield(get_tree(), "physics_frame")
		if toast_has("Only dead adventurers are scrapped."):
			seen = true
			break
	assert_true(seen, "the scrap order reached the sim and its refusal shows")


func test_the_campaign_top_bar_fits_the_screen() -> void:
	yield(start(""), "completed")
	if not running():
		return
	yield(frames(3), "completed")
	var bar: Control = main.hud.get_node("Root/TopBar")
	var screen := Rect2(Vector2.ZERO, main.get_viewport().get_visible_rect().size)
	assert_true(screen.encloses(bar.get_global_rect()), "the top bar %s fits %s with the metal counter and the invasion indicator" % [str(bar.get_global_rect()), str(screen)])
	assert_true(ext.metal_label.is_visible_in_tree(), "the metal counter shows")
