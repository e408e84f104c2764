extends "res://tests/TestCase.gd"
# The adventurers' minds UI against the real session (res://tests/data/adventurer_minds.level):
# a Rogue learns of a pressure plate by Detect Traps at once; selecting it shows the plate in
# its Log tab by name and place in words, and the map rings the plate's tile.

const LEVEL := "res://tests/data/adventurer_minds.level"
const PLATE := Vector2(5, 3)
const EventText = preload("res://hud/EventText.gd")

var ext = null


func before_each() -> void:
	yield(start_main(LEVEL), "completed")
	ext = extension("AdventurersExtension")


func after_each() -> void:
	EventBus.emit_signal("entity_selected", -1)
	free_main()


func test_log_tab_and_map_marks_show_what_the_adventurer_knows() -> void:
	if not running():
		return
	if not assert_true(ext != null, "AdventurersExtension not loaded"):
		return
	var rogue := first_of_kind(1)
	if not assert_true(rogue >= 0, "no adventurer in the level"):
		return
	EventBus.emit_signal("entity_selected", rogue)
	var panel = get_tree().get_nodes_in_group("selection_panel")[0]
	var tab = ext.tab
	var shown := false
	for _i in range(240):
		yield(get_tree(), "physics_frame")
		if panel.tabs.is_page_shown(tab) and tab.known_label.text.find("Pressure plate") >= 0:
			shown = true
			break
	if not assert_true(shown, "the Log tab lists the plate (got %s)" % tab.known_label.text):
		return
	panel.tabs.show_page(tab)
	yield(frames(3), "completed")
	assert_string_contains(tab.known_label.text, "Knows of 1 trap trigger")
	assert_string_contains(tab.known_label.text, Names.place(5, 3))
	assert_string_contains(tab.known_label.text, "tiles")
	# the learned bonuses per kind sit below, worded as on the Party tab
	assert_string_contains(tab.learned_label.text, "Learned from traps:")
	assert_eq(tab.learned_label.text, "Learned from traps:\n" + tab.PartyTab.learned_text(main.sim.describe(tab.entity_id)))
	assert_eq(ext.layer.marks, [PLATE], "the map rings the known plate")
	# the place in words, from a known spot
	assert_eq(tab.place_words(Vector2(1, 1), PLATE), "4 tiles south-east " + EventText.where(5, 3))
	assert_eq(tab.place_words(Vector2(9, 3), PLATE), "4 tiles west " + EventText.where(5, 3))
	# nothing selected: no rings
	EventBus.emit_signal("entity_selected", -1)
	yield(frames(2), "completed")
	assert_eq(ext.layer.marks, [], "no rings without a selected adventurer")


func test_events_in_words_and_learning_kept_off_the_screen_log() -> void:
	if not running():
		return
	var et = main.hud.event_text
	var spotted := {"type": "trap_spotted", "tick": 5, "entity": 3, "party": 1, "part": 4,
			"kind": "pressure_plate", "x": 7, "y": 3}
	assert_string_contains(et.text_of(spotted), "%s spotted the pressure plate " % _up(Names.who(3)))
	var botched := {"type": "disarm_botched", "tick": 5, "entity": 3, "party": 1, "part": 4,
			"kind": "sensor", "x": 7, "y": 3}
	assert_string_contains(et.text_of(botched), "botched disarming the sensor")
	var learned := {"type": "trap_learned", "tick": 5, "entity": 3, "part": 4,
			"kind": "tripwire", "x": 7, "y": 3, "how": "detected"}
	assert_string_contains(et.text_of(learned), "%s now knows of the tripwire " % _up(Names.who(3)))
	assert_true(et.is_quiet(learned), "trap_learned is kept off the on-screen log")
	assert_false(et.is_quiet(spotted), "trap_spotted is on the on-screen log")


static func _up(s: String) -> String:
	return s.substr(0, 1).to_upper() + s.substr(1)
