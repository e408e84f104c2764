extends "res://tests/TestCase.gd"
# The Level dock's Goals list (res://addons/malignus_level/GoalFields.gd), driven as the
# editor drives it: a level's goals listed in order; Add makes the scene's Sections/goals
# node; a goal's kind, furniture kind, N and advice set from pysim's catalogue of goal kinds
# and checked by pysim as they change; Up, Down, Remove; every change one step of an
# UndoRedo; and Check level naming the goals' node for a bad line.

const LevelDock = preload("res://addons/malignus_level/LevelDock.gd")
const GoalFields = preload("res://addons/malignus_level/GoalFields.gd")
const TRAP_DEMO := "res://levels/trap_demo.tscn"
const CAMPAIGN := "res://levels/campaign.tscn"

var dock = null
var level = null


func after_each() -> void:
	if dock != null:
		remove_child(dock)
		dock.free()
		dock = null
	if level != null:
		level.free()
		level = null


func _dock(scene: String, undo = null):
	level = load(scene).instance()
	dock = LevelDock.new()
	dock.level_root = level
	dock.undo = undo
	add_child(dock)
	return dock


func _lines() -> Array:
	var node = level.get_node_or_null("Sections/goals")
	return Array(node.lines) if node != null else []


func test_the_campaigns_goals_are_listed_in_order():
	_dock(CAMPAIGN)
	var g = dock.goals
	assert_eq(g.goal_list.get_item_count(), 12)
	assert_string_contains(g.goal_list.get_item_text(0), "1. mine 6: ")
	assert_string_contains(g.goal_list.get_item_text(11), "12. capture: ")
	assert_eq(g.selected, 0)
	assert_eq(g.kind_list.get_item_text(g.kind_list.selected), "mine")
	assert_eq(int(g.number.value), 6)
	assert_true(g.number.get_parent().visible, "mine takes N")
	assert_false(g.what_list.get_parent().visible, "mine builds nothing")
	assert_string_contains(g.advice.text, "Pick Mine vein")
	assert_eq(g.reason_label.text, "The goal fits.")
	g.select(3)
	assert_eq(g.kind_list.get_item_text(g.kind_list.selected), "build")
	assert_true(g.what_list.get_parent().visible, "build picks a furniture kind")
	assert_eq(g.what_list.get_item_text(g.what_list.selected), "treasury")


func test_the_kinds_come_from_pysim():
	_dock(TRAP_DEMO)
	var listed := []
	for i in range(dock.goals.kind_list.get_item_count()):
		listed.append(dock.goals.kind_list.get_item_text(i))
	assert_eq(listed, ["mine", "dig", "trap", "beds", "build", "survive", "capture", "kill", "day"])


func test_add_edit_move_and_remove_goals():
	_dock(TRAP_DEMO)
	var g = dock.goals
	assert_eq(g.goal_list.get_item_count(), 0)
	assert_true(level.get_node_or_null("Sections/goals") == null, "no goals yet")
	g.add_goal()
	var node = level.get_node_or_null("Sections/goals")
	assert_true(node != null, "Add made the Sections/goals node")
	assert_eq(node.section, "goals")
	assert_eq(node.owner, level, "the node is saved with the scene")
	assert_eq(_lines(), ["mine 1: " + GoalFields.NEW_ADVICE])
	# the kind, a furniture kind and N, then the advice typed
	assert_eq(g.set_goal("build", "treasury", 2, "Two treasuries."), "")
	assert_eq(_lines(), ["build treasury 2: Two treasuries."])
	assert_eq(g.set_goal("build", "throne", 1, "One."), "")     # a kind it does not take: its first
	assert_eq(_lines(), ["build bed: One."])
	assert_eq(g.set_goal("dig", "", 1, "A room."), "")          # below dig's least: 2
	assert_eq(_lines(), ["dig 2: A room."])
	assert_eq(g.set_goal("beds", "", 5, "Beds."), "")            # beds take no N
	assert_eq(_lines(), ["beds: Beds."])
	g._on_advice_typed("Beds for all.")
	assert_eq(_lines(), ["beds: Beds for all."])
	# a second goal after it, moved up, then removed
	g.add_goal()
	assert_eq(g.selected, 1)
	assert_eq(g.set_goal("survive", "", 3, "Hold."), "")
	assert_eq(_lines(), ["beds: Beds for all.", "survive 3: Hold."])
	g.move_goal(-1)
	assert_eq(_lines(), ["survive 3: Hold.", "beds: Beds for all."])
	assert_eq(g.selected, 0)
	assert_string_contains(g.goal_list.get_item_text(0), "1. survive 3: Hold.")
	g.remove_goal()
	assert_eq(_lines(), ["beds: Beds for all."])
	# the level with its goal passes Check level
	var result: Dictionary = dock.check_open_level()
	assert_eq(result.get("ok"), true, str(result))


func test_a_bad_goal_is_said_and_check_level_names_the_node():
	_dock(TRAP_DEMO)
	var g = dock.goals
	g.add_goal()
	var why: String = g.set_goal("mine", "", 3, "")
	assert_string_contains(why, "needs a line of advice")
	assert_eq(g.reason_label.text, why)
	var result: Dictionary = dock.check_open_level()
	assert_string_contains(str(result.get("error", "")), "node 'Sections/goals': the goal needs a line of advice")
	assert_eq(dock.open_error(0), level.get_node("Sections/goals"), "a click on the error finds the goals' node")


func test_every_change_is_one_undo_step():
	var undo := UndoRedo.new()
	_dock(TRAP_DEMO, undo)
	var g = dock.goals
	g.add_goal()
	assert_eq(_lines().size(), 1)
	var _e = g.set_goal("trap", "", 2, "Two traps.")
	g._on_advice_typed("Two traps, wired.")
	g._on_advice_typed("Two traps, wired!")
	assert_eq(_lines(), ["trap 2: Two traps, wired!"])
	assert_true(undo.undo(), "typing undone")
	assert_eq(_lines(), ["trap 2: Two traps."], "the typing was one step")
	assert_eq(g.goal_list.get_item_text(0), "1. trap 2: Two traps.", "the list follows the undo")
	assert_true(undo.undo(), "the kind undone")
	assert_eq(_lines(), ["mine 1: " + GoalFields.NEW_ADVICE])
	assert_true(undo.undo(), "the add undone")
	assert_true(level.get_node_or_null("Sections") == null, "Sections was made by the add: gone again")
	assert_eq(g.goal_list.get_item_count(), 0)
	assert_true(undo.redo(), "the add again")
	assert_eq(_lines(), ["mine 1: " + GoalFields.NEW_ADVICE])
	undo.free()
