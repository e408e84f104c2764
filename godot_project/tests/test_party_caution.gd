extends "res://tests/TestCase.gd"
# The Cautious status and learned bonuses in the game (res://tests/data/party_caution.level):
# the marks layer draws the level's two old marks; the adventurer steps on a tripwire, its
# party turns Cautious and it learns; selected, its "Party" tab says so in words (the
# status, the bonus, the learned bonuses by name); the events read in words.

const LEVEL := "res://tests/data/party_caution.level"

var ext = null


func before_each() -> void:
	record_events()
	yield(start_main(LEVEL), "completed")
	ext = extension("AdventurersCautionExtension")


func after_each() -> void:
	EventBus.emit_signal("entity_selected", -1)
	stop_recording()
	free_main()


func test_old_marks_are_drawn() -> void:
	if not running():
		return
	if not assert_true(ext != null, "AdventurersCautionExtension not loaded"):
		return
	yield(frames(5), "completed")
	assert_eq(snap_get("mark_kind", []).size(), 2, "two marks in the snapshot")
	assert_eq(ext.layer.marks.size(), 2, "the layer has both marks")
	assert_eq(ext.layer.old_count(), 2, "both are old")
	assert_true(ext.layer.is_inside_tree(), "the layer is in the world")


func test_party_tab_shows_cautious_and_learned() -> void:
	if not running():
		return
	if not assert_true(ext != null, "AdventurersCautionExtension not loaded"):
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var adv := first_of_kind(1)
	for _i in range(600):
		yield(get_tree(), "physics_frame")
		if not recorded("party_cautious").empty() and not recorded("bonus_learned").empty():
			break
	if not assert_false(recorded("party_cautious").empty(), "the party turned cautious"):
		return
	assert_eq(str(recorded("party_cautious")[0].get("reason", "")), "trap", "a trap made it cautious")
	EventBus.emit_signal("entity_selected", adv)
	var panel = get_tree().get_nodes_in_group("selection_panel")[0]
	var tab = ext.tab
	yield(frames(30), "completed")
	if not assert_true(panel.tabs.is_page_shown(tab), "Party tab not in the panel"):
		return
	panel.tabs.show_page(tab)
	yield(frames(10), "completed")
	assert_true(tab.visible, "the Party tab shows for an adventurer")
	var status: String = tab.status_label.text
	assert_string_contains(status, "is cautious", "status in words")
	assert_string_contains(status, "a trap went off", "the reason in words")
	assert_string_contains(status, "+1 to spot, disarm and resist traps", "the bonus")
	var learned: String = tab.learned_label.text
	assert_string_contains(learned, "Spot Tripwire: +1", "learned spot bonus by name")
	assert_string_contains(learned, "Block against Alarm Trap: +1", "learned block bonus by name")
	var words: String = main.hud.event_words(recorded("party_cautious")[0])
	assert_string_contains(words, "a trap went off", "party_cautious in words")
	words = main.hud.event_words(recorded("bonus_learned")[0])
	assert_string_contains(words, "Tripwire", "bonus_learned names the kind")


func test_party_tab_hidden_for_minions_and_calm_words() -> void:
	if not running():
		return
	assert_false(ext.tab.applies_to({"kind": "minion", "combat": {}}), "no Party tab for a minion")
	var calm: String = main.hud.event_words({"type": "party_calm", "tick": 1, "party": 3, "cause": "spotted"})
	assert_string_contains(calm, "spotted a trap", "party_calm in words")
	var text: String = ext.tab.status_text({"cautious": false, "corridors_off": true})
	assert_string_contains(text, "not cautious", "calm status")
	assert_string_contains(text, "corridors no longer", "CAUT-04 in words")
	assert_eq(ext.tab.goal_text({}), "", "no goal line for a scripted party")
	assert_string_contains(ext.tab.goal_text({"party_goal_words": "rescue your prisoners"}),
			"came to rescue your prisoners", "GOAL-02: the Party tab shows the goal")
