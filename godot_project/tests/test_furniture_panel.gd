extends "res://tests/TestCase.gd"
# The furniture panel (economy/FurnitureExtension.gd), driven as a player would on
# the campaign level: a bed blueprint placed with the Bed tool, the Select tool, a click on
# the blueprint shows its name, place, what it does and its metal ("waiting for metal": the
# Lair starts with none); Cancel takes it back; a click on a built bed shows it with its
# owner or "Free"; Esc closes the panel; a click on bare floor shows nothing.

const CAMPAIGN := "res://levels/campaign.level"
const FLOOR := Vector2(30, 4)         # the quarters' floor
const BED := Vector2(28, 2)           # a bed of the quarters

var ext = null


func after_each() -> void:
	free_main()
	EventBus.emit_signal("tool_selected", "select")


func _start():
	yield(start_main(CAMPAIGN), "completed")
	ext = extension("FurnitureExtension")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")


func _click_tool(id: String):
	yield(click_control(main.hud.tool_button(id)), "completed")


func _click_tile(tile: Vector2):
	yield(click_at(tile_screen(tile)), "completed")
	yield(frames(3), "completed")


func _blueprints() -> int:
	return snap().get("furn_bp_pos", []).size()


func test_a_blueprint_shows_its_metal_and_cancel_takes_it_back():
	return _wrap("_t_blueprint")


func _t_blueprint():
	yield(_start(), "completed")
	if not running():
		return
	assert_true(ext != null, "FurnitureExtension loaded")
	yield(_click_tool("econ_bed"), "completed")
	yield(_click_tile(FLOOR), "completed")
	yield(frames(4), "completed")
	assert_eq(_blueprints(), 1, "the Bed tool planned a bed")
	yield(_click_tool("select"), "completed")
	yield(_click_tile(FLOOR), "completed")
	assert_true(ext.panel.visible, "a click on the blueprint shows the furniture panel")
	assert_eq(ext.panel.title.text, "Bed (blueprint)")
	var text: String = ext.info.text
	assert_string_contains(text, "In the ")
	assert_string_contains(text, "wakes within the hour", "what it does, from the catalog")
	assert_string_contains(text, "Metal on site: 0 / 1")
	assert_string_contains(text, "Waiting for metal: no pile holds any. Mark a vein")
	assert_true(text.find("30, 4") < 0 and text.find("#") < 0, "no coordinates or ids: %s" % text)
	assert_true(ext.cancel_button.is_visible_in_tree(), "a blueprint can be cancelled")
	yield(click_control(ext.cancel_button), "completed")
	yield(frames(6), "completed")
	assert_eq(_blueprints(), 0, "Cancel took the blueprint back in the sim")
	yield(get_tree().create_timer(0.3), "timeout")
	yield(frames(3), "completed")
	assert_false(ext.panel.visible, "and the panel of a piece that is gone closes")


func test_a_built_bed_shows_its_owner_and_esc_closes_the_panel():
	return _wrap("_t_built")


func _t_built():
	yield(_start(), "completed")
	if not running():
		return
	yield(_click_tile(FLOOR + Vector2(1, 1)), "completed")
	assert_false(ext.panel.visible, "bare floor: no furniture panel")
	yield(_click_tile(BED), "completed")
	if main.world.selected_id >= 0:
		yield(_click_tile(BED), "completed")      # a minion asleep on it: the second click
	assert_true(ext.panel.visible, "a click on a bed shows the panel")
	assert_eq(ext.panel.title.text, "Bed")
	var text: String = ext.info.text
	assert_true(text.find("Belongs to ") >= 0 or text.find("Free: ") >= 0, text)
	assert_false(ext.cancel_button.is_visible_in_tree(), "a built piece has no Cancel")
	assert_eq(main.world.selected_id, -1, "the piece, not a body, is selected")
	assert_eq(ext.mark.tile, BED, "and framed on the map")
	yield(press_key(KEY_ESCAPE), "completed")
	assert_false(ext.panel.visible, "Esc closes the furniture panel")
	assert_eq(ext.mark.tile, Vector2(-1, -1), "and the frame goes")
	# The hover tip names the piece.
	assert_true(main.hud.tile_lines(BED).has("Bed"), str(main.hud.tile_lines(BED)))
	# And a pile of treasure (the Lair's sanctum holds two of 20).
	var tp = snap().get("treasure_pos", [])
	assert_true(tp.size() > 0, "the Lair has treasure")
	if tp.size() > 0:
		var lines: Array = main.hud.tile_lines(Vector2(tp[0].x, tp[0].y))
		assert_true(lines.has("Treasure: %d" % int(snap()["treasure_amount"][0])), str(lines))


func test_panel_lines_for_each_kind() -> void:
	var F = preload("res://economy/FurnitureExtension.gd")
	var base := {"x": -1, "y": -1, "description": "d", "built": true}
	var post := base.duplicate()
	post["kind"] = "guardpost"
	post["lit"] = true
	post["lit_for"] = 600
	assert_string_contains(PoolStringArray(F.lines(post)).join("|"), "Torch lit: burns 1 h")
	post["lit"] = false
	post["worker"] = -1
	assert_string_contains(PoolStringArray(F.lines(post)).join("|"), "Torch out: a Drudgery minion")
	var pool := base.duplicate()
	pool["kind"] = "scrying_pool"
	pool["charges"] = 2
	pool["max_charges"] = 3
	assert_string_contains(PoolStringArray(F.lines(pool)).join("|"), "Charges: 2 / 3")
	var cell := base.duplicate()
	cell["kind"] = "cell"
	cell["prisoner"] = -1
	assert_string_contains(PoolStringArray(F.lines(cell)).join("|"), "Empty")
	var bp := {"x": -1, "y": -1, "built": false, "metal": 2, "metal_needed": 2, "worker": -1}
	assert_string_contains(PoolStringArray(F.lines(bp)).join("|"), "Waiting for a Drudgery minion")
