extends "res://tests/TestCase.gd"
# The adventurers' minds UI against the real session (res://tests/data/adventurer_minds.level):
# a Rogue learns of a pressure plate by Detect Traps at once; selecting it shows the plate in
# its Log tab by name and place in words, and the map rings the plate's tile.

const LEVEL := "res://tests/data/adventurer_minds.level"
const PLATE := Vector2(5, 3)

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
	for i in range(240):
		yield(get_tree(), "physics_frame")
		if tab.get_parent() == panel.tabs and tab.known_label.text.find("Pressure plate") >= 0:
			shown = true
			break
	if not assert_true(shown, "the Log tab lists the plate (got %s)" % tab.known_label.text):
		return
	panel.tabs.current_tab = tab.get_index()
	yield(frames(3), "completed")
	assert_string_contains(tab.known_label.text, "Knows of 1 trap trigger")
	assert_string_contains(tab.known_label.text, "(5, 3)")
	assert_string_contains(tab.known_label.text, "tiles")
	assert_eq(ext.layer.marks, [PLATE], "the map rings the known plate")
	# the place in words, from a known spot
	assert_eq(tab.place_words(Vector2(1, 1), PLATE), "4 tiles south-east (5, 3)")
	assert_eq(tab.place_words(Vector2(9, 3), PLATE), "4 tiles west (5, 3)")
	# nothing selected: no rings
	EventBus.emit_signal("entity_selected", -1)
	yield(frames(2), "completed")
	assert_eq(ext.layer.marks, [], "no rings without a selected adventurer")
