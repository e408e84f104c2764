extends "res://tests/TestCase.gd"
# The Invasion indicator (INV-04) and the Rite of Storms button against the real session
# (res://tests/data/invasions_test.level: invasions on, a scripted send_invasion at 0:10):
# Quiet with 0% on day 1; Underway once the party is in, and a click on it (through
# Input.parse_input_event) centres the camera on the party; the Rite of Storms button sends
# the command (the sim's storm hours and treasure change).

const LEVEL := "res://tests/data/invasions_test.level"

var ext = null


func before_each() -> void:
	yield(start_main(LEVEL), "completed")
	ext = extension("InvasionsExtension")


func after_each() -> void:
	free_main()


func test_indicator_quiet_then_underway_and_jumps_to_the_party() -> void:
	if not running():
		return
	if not assert_true(ext != null, "InvasionsExtension loaded"):
		return
	yield(frames(3), "completed")
	var ind: Button = ext.indicator
	assert_true(ind.visible, "indicator shown on a level with invasions")
	assert_eq(ind.text, "Invasion: Quiet", "day 1 is Quiet")
	assert_string_contains(ind.hint_tooltip, "0%", "hover shows the chance")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var ok = yield(wait_until(self, "snap_get", ["invasion_state", ""], "underway", 600), "completed")
	if not assert_true(ok, "the scripted invasion is underway"):
		return
	yield(frames(2), "completed")
	assert_eq(ind.text, "Invasion: Underway")
	var p = snap_get("invasion_party_pos")
	var cam = main.world.camera
	# zoomed in, far east, away from the party at the west portal (the rig clamps to the map)
	cam.zoom = Vector2(0.35, 0.35)
	cam.position = Vector2(100, 2) * main.world.TILE
	cam.set_map_rect(cam.map_rect)
	var before: Vector2 = cam.position
	var want: Vector2 = (Vector2(int(p[0]), int(p[1])) + Vector2(0.5, 0.5)) * main.world.TILE
	yield(click_control(ind), "completed")
	yield(frames(2), "completed")
	assert_true(cam.position.distance_to(want) < before.distance_to(want) - main.world.TILE * 20,
			"camera jumped towards the party: %s -> %s (party %s)" % [before, cam.position, want])


func test_rite_of_storms_button() -> void:
	if not running():
		return
	if not assert_true(ext != null, "InvasionsExtension loaded"):
		return
	yield(frames(3), "completed")
	yield(click_control(ext.storm_button), "completed")
	var ok = yield(wait_until(self, "snap_get", ["invasion_storm_hours", 0], 12, 120), "completed")
	assert_true(ok, "the storm rages for 12 hours")
	assert_eq(int(snap_get("treasure_total", -1)), 2, "the rite cost 2 treasure")
	yield(frames(2), "completed")
	assert_true(ext.storm_button.disabled, "no second storm while one rages")


# --- drifters (PARTY-06), cells and altars, the map layer ----------------------------------

var seen := []


func _on_sim_event(ev) -> void:
	seen.append(str(ev.get("type", "")))


func letter_shown() -> bool:
	return ext.letter.visible


func has_seen(type: String) -> bool:
	return seen.has(type)


func size_of_key(key: String) -> int:
	var v = snap_get(key, [])
	return v.size() if v != null else 0


func test_drifter_letter_yes_and_no_buttons() -> void:
	if not running():
		return
	if not assert_true(ext != null, "InvasionsExtension loaded"):
		return
	var _err := EventBus.connect("sim_event", self, "_on_sim_event")
	seen = []
	yield(frames(3), "completed")
	assert_false(ext.letter.visible, "no letter before a drifter asks")
	EventBus.emit_signal("command_requested", {"type": "send_drifter"})
	var ok = yield(wait_until(self, "letter_shown", [], true, 120), "completed")
	if not assert_true(ok, "the drifter's letter opens"):
		return
	assert_string_contains(ext.letter.body.text, str(snap_get("drifter_letter", "?")), "the letter names the drifter")
	yield(click_control(ext.letter.yes_button), "completed")
	ok = yield(wait_until(self, "has_seen", ["drifter_let_in"], true, 120), "completed")
	assert_true(ok, "Yes lets the drifter in")
	assert_true(has_seen("party_departed"), "their pursuers set off")
	yield(frames(3), "completed")
	assert_false(ext.letter.visible, "the letter closes after the answer")
	EventBus.emit_signal("command_requested", {"type": "send_drifter"})
	ok = yield(wait_until(self, "letter_shown", [], true, 120), "completed")
	if not assert_true(ok, "a second drifter's letter opens"):
		return
	yield(click_control(ext.letter.no_button), "completed")
	ok = yield(wait_until(self, "has_seen", ["drifter_turned_away"], true, 120), "completed")
	assert_true(ok, "No turns the drifter away")
	EventBus.disconnect("sim_event", self, "_on_sim_event")


# The Prison cell and Altar tools come from the furniture catalog: a click plans one (a
# blueprint waiting for metal); the level's built cell is drawn by the invasions layer.
func test_cell_and_altar_tools_and_the_map_layer() -> void:
	if not running():
		return
	if not assert_true(ext != null, "InvasionsExtension loaded"):
		return
	yield(frames(3), "completed")
	assert_true(ext.layer.piles.size() >= 1, "the treasure pile is drawn")
	assert_true(main.hud.tool_button("cell") == null, "no separate Prison cell tool")
	yield(click_control(main.hud.tool_button("econ_cell")), "completed")
	yield(click_at(tile_screen(Vector2(10, 1))), "completed")
	var ok = yield(wait_until(self, "size_of_key", ["furn_bp_pos"], 1, 120), "completed")
	assert_true(ok, "a click with the Prison cell tool plans a cell")
	yield(click_control(main.hud.tool_button("econ_altar")), "completed")
	yield(click_at(tile_screen(Vector2(12, 2))), "completed")
	ok = yield(wait_until(self, "size_of_key", ["furn_bp_pos"], 2, 120), "completed")
	assert_true(ok, "a click with the Altar tool plans an altar")
	yield(frames(3), "completed")
	assert_eq(size_of_key("altar_pos"), 0, "not built without metal")
	assert_eq(ext.layer.cells.size(), 1, "the level's cell is drawn")
	assert_eq(ext.layer.cells[0], Vector2(30, 2), "at its tile")
