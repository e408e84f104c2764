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
