extends "res://tests/TestCase.gd"
# Arrival (ARRIVE-01's fog, ARRIVE-02's letter) against the real session
# (res://tests/data/arrival_test.level: invasions on, so fog on; a scripted send_invasion at
# 0:05; a minion behind a closed door spots the party; an adventurer shut in an unseen room):
# - the fog layer is drawn (the domain shown as ours), and an enemy on a tile nobody sees
#   is neither drawn nor picked;
# - spotting pauses the game and shows the letter, "Read on" (a click) shows the party screen
#   with the same title, the goal and each adventurer; closing it leaves the game paused;
#   Escape does the same from the keyboard.

const LEVEL := "res://tests/data/arrival_test.level"

var ext = null


func before_each() -> void:
	yield(start_main(LEVEL), "completed")
	ext = extension("InvasionsExtension")


func after_each() -> void:
	free_main()


func test_unseen_enemies_are_not_drawn() -> void:
	if not running():
		return
	if not assert_true(ext != null, "InvasionsExtension loaded"):
		return
	var ok = yield(wait_snapshot("fog_on", true, 60), "completed")
	if not assert_true(ok, "the level shows fog"):
		return
	yield(frames(2), "completed")
	assert_true(ext.fog_layer.visible, "the fog layer is drawn")
	var fog_values = preload("res://invasions/FogLayer.gd")
	assert_eq(ext.fog_layer.at(Vector2(4, 4)), fog_values.YOURS, "the shut room is ours, unwatched")
	assert_eq(ext.fog_layer.at(Vector2(13, 1)), fog_values.SEEN_NOW, "the minion's tile is seen")
	var layer = main.world.entities
	var adv: int = layer.index_of(first_of_kind(1))
	var minion: int = layer.index_of(first_of_kind(0))
	assert_true(adv >= 0 and minion >= 0, "both in the snapshot")
	assert_true(layer.fog_hides(adv), "the unseen adventurer is hidden by the fog")
	assert_false(layer.fog_hides(minion), "our minion is not")
	layer.update()
	yield(frames(2), "completed")
	assert_false(first_of_kind(1) in Array(layer.drawn_ids), "the unseen adventurer was not drawn")
	assert_true(first_of_kind(0) in Array(layer.drawn_ids), "our minion was drawn")
	assert_eq(layer.pick(Vector2(4.5, 4.5)), -1, "nor can it be picked")


func letter_visible() -> bool:
	return ext.spotted_letter.letter.visible


# At 4x until the spotting letter shows: a coroutine, whether it did.
func run_to_the_letter():
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var ok = yield(wait_until(self, "letter_visible", [], true, 900), "completed")
	return assert_true(ok, "the letter arrived")


func party_hidden() -> bool:
	return int(snap_get("invasion_party", -1)) >= 0 and snap_get("invasion_party_hidden", false) == true


# The letter as a player reads it with the keyboard: Escape reads on (the party screen), a
# second Escape closes that; the game stays paused, and no pause menu or dropped tool came
# of it.
func test_escape_reads_the_letter_on_then_closes_the_party_screen() -> void:
	if not running():
		return
	if not (yield(run_to_the_letter(), "completed")):
		return
	yield(frames(2), "completed")
	var tick := int(snap_get("tick", -1))
	yield(press_key(KEY_ESCAPE), "completed")
	yield(frames(2), "completed")
	var screen = ext.spotted_letter.screen
	assert_false(ext.spotted_letter.letter.visible, "Escape closed the letter")
	assert_true(screen.visible, "and read on: the party screen")
	yield(press_key(KEY_ESCAPE), "completed")
	yield(frames(2), "completed")
	assert_false(screen.visible, "a second Escape closed the party screen")
	assert_eq(int(snap_get("speed", -1)), 0, "still paused")
	assert_eq(int(snap_get("tick", -1)), tick, "no tick ran")


# ARRIVE-02 with fog: the indicator keeps its last band while the party walks in unseen and
# says Underway once it is spotted (the letter).
func test_underway_only_once_the_party_is_spotted() -> void:
	if not running():
		return
	if not assert_true(ext != null, "InvasionsExtension loaded"):
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var ok = yield(wait_until(self, "party_hidden", [], true, 600), "completed")
	if not assert_true(ok, "the party walks in unspotted"):
		return
	yield(frames(2), "completed")
	assert_eq(ext.indicator.text, "Invasion: Quiet", "an unspotted party is not announced")
	ok = yield(wait_until(self, "letter_visible", [], true, 900), "completed")
	if not assert_true(ok, "the letter arrived"):
		return
	yield(frames(2), "completed")
	assert_eq(ext.indicator.text, "Invasion: Underway")


func test_letter_then_party_screen_and_the_game_stays_paused() -> void:
	if not running():
		return
	if not assert_true(ext != null, "InvasionsExtension loaded"):
		return
	if not (yield(run_to_the_letter(), "completed")):
		return
	yield(frames(2), "completed")
	assert_eq(int(snap_get("speed", -1)), 0, "the game paused")
	var letter = ext.spotted_letter.letter
	var title := "Adventurers spotted in your dungeon"
	assert_eq(letter.title.text, title)
	yield(click_control(letter.find_node("Button", true, false)), "completed")
	yield(frames(2), "completed")
	var screen = ext.spotted_letter.screen
	assert_false(letter.visible, "the letter closed")
	assert_true(screen.visible, "the party screen opened")
	assert_eq(screen.title.text, title)
	var text: String = ext.spotted_letter.party_text()
	assert_string_contains(text, "Their goal: to ")
	assert_string_contains(text, "Peasant")
	yield(click_control(screen.find_node("Button", true, false)), "completed")
	var tick := int(snap_get("tick", -1))
	yield(frames(20), "completed")
	assert_false(screen.visible, "the party screen closed")
	assert_eq(int(snap_get("speed", -1)), 0, "still paused after closing")
	assert_eq(int(snap_get("tick", -1)), tick, "no tick ran")
	var again: Button = ext.party_button
	assert_true(again.visible, "the Party button offers the screen again")
	yield(click_control(again), "completed")
	yield(frames(2), "completed")
	assert_true(screen.visible, "the party screen opened again")


# GOAL-02: selected, a member of the spotted party shows the party's goal on its Party tab.
func test_party_tab_shows_the_goal() -> void:
	if not running():
		return
	var caution = extension("AdventurersCautionExtension")
	if not assert_true(caution != null, "AdventurersCautionExtension loaded"):
		return
	if not (yield(run_to_the_letter(), "completed")):
		return
	var member := int(ext.spotted_letter.last["members"][0]["entity"])
	EventBus.emit_signal("entity_selected", member)
	var panel = get_tree().get_nodes_in_group("selection_panel")[0]
	var tab = caution.tab
	yield(frames(30), "completed")
	if not assert_true(panel.tabs.is_page_shown(tab), "Party tab in the panel"):
		return
	panel.tabs.show_page(tab)
	yield(frames(10), "completed")
	assert_string_contains(tab.status_label.text, "The party came to ")


func snap_len(key: String) -> int:
	var v = snap_get(key, [])
	return v.size() if v != null else 0


func eye_x() -> bool:
	var e = snap_get("eye_pos", [-1, -1])
	return e != null and int(e[0]) >= 0


# ARRIVE-03 / ARRIVE-05 as a player does it: the Guardpost tool (from the furniture catalog)
# and a click on the map plan one (a blueprint waiting for metal); the Eye Scouts button
# sends the eye from the level's built guardpost, and is disabled while it patrols.
func test_build_a_guardpost_and_send_the_eye() -> void:
	if not running():
		return
	var watch = extension("WatchExtension")
	if not assert_true(watch != null, "WatchExtension loaded"):
		return
	yield(frames(3), "completed")
	assert_true(watch.eye_button.visible, "Eye Scouts shown on a level with invasions")
	assert_true(watch.scry_button.disabled, "no scrying pool, no charge")
	assert_true(main.hud.tool_button("guardpost") == null, "no separate Guardpost tool")
	var tool_button: Button = main.hud.tool_button("econ_guardpost")
	yield(click_control(tool_button), "completed")
	yield(click_at(tile_screen(Vector2(11, 2))), "completed")
	var ok = yield(wait_until(self, "snap_len", ["furn_bp_pos"], 1, 120), "completed")
	if not assert_true(ok, "a guardpost was planned"):
		return
	assert_eq(int(snap_get("furn_bp_pos")[0].x), 11)
	assert_eq(int(snap_get("furn_bp_cost")[0]), 2, "it waits for its 2 metal")
	assert_eq(snap_len("guardposts"), 1, "only the level's guardpost stands")
	yield(click_control(watch.eye_button), "completed")
	ok = yield(wait_until(self, "eye_x", [], true, 120), "completed")
	assert_true(ok, "the ghostly eye patrols")
	yield(frames(3), "completed")
	assert_true(watch.eye_button.disabled, "one eye at a time")


# INV-04 with fog: once the party is spotted, a click on Underway centres the camera on it.
func test_clicking_underway_jumps_to_the_spotted_party() -> void:
	if not running():
		return
	if not (yield(run_to_the_letter(), "completed")):
		return
	yield(click_control(ext.spotted_letter.letter.find_node("Button", true, false)), "completed")
	yield(click_control(ext.spotted_letter.screen.find_node("Button", true, false)), "completed")
	yield(frames(3), "completed")
	var ind: Button = ext.indicator
	assert_eq(ind.text, "Invasion: Underway")
	var p = snap_get("invasion_party_pos")
	assert_true(int(p[0]) >= 0, "the spotted party's position is known")
	var cam = main.world.camera
	cam.zoom = Vector2(0.35, 0.35)
	cam.position = Vector2(38, 5) * main.world.TILE
	cam.set_map_rect(cam.map_rect)
	var before: Vector2 = cam.position
	var want: Vector2 = (Vector2(int(p[0]), int(p[1])) + Vector2(0.5, 0.5)) * main.world.TILE
	yield(click_control(ind), "completed")
	yield(frames(2), "completed")
	assert_true(cam.position.distance_to(want) < before.distance_to(want) - main.world.TILE * 5,
			"camera jumped towards the party: %s -> %s (party %s)" % [before, cam.position, want])
