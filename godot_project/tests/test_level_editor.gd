extends "res://tests/TestCase.gd"
# The level editor plugin's scripts (res://addons/malignus_level), driven as the editor
# drives them (the editor itself cannot run under godot3-server): the Level dock's check and
# its wrapped, clickable errors; a Thing's Kind and Arg chosen from lists built from pysim's
# catalogue, the Arg checked by pysim as it is typed; the palette placing a thing where the 2D
# view is clicked; the Wire tool drawing a wire along a drag with pysim's own [wires] check;
# Paint light; the list of level scenes to open; the Goals list (its kinds from pysim, Add
# making the scene's Sections/goals node, each goal's fields checked by pysim, Up, Down,
# Remove, one undo step each); and the game run as "Play this level" runs it, with nothing
# of ours in the Debugger.

const LevelDock = preload("res://addons/malignus_level/LevelDock.gd")
const ThingFields = preload("res://addons/malignus_level/ThingFields.gd")
const SimClient = preload("res://core/SimClient.gd")
const GoalFields = preload("res://addons/malignus_level/GoalFields.gd")
const TRAP_DEMO := "res://levels/trap_demo.tscn"
const CAMPAIGN := "res://levels/campaign.tscn"
const WIRING := "res://levels/trap_wiring_test.tscn"

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


# A Level dock as the editor shows it (a narrow column), editing an instance of `scene`
# (through `undo` when given, as the editor's UndoRedo).
func _dock(scene: String, width: float = 220.0, undo = null):
	level = load(scene).instance()
	dock = LevelDock.new()
	dock.level_root = level
	dock.undo = undo
	add_child(dock)
	dock.rect_size = Vector2(width, 700)
	return dock


func _catalogue_kinds() -> Array:
	var out := []
	for t in SimClient.level_things():
		out.append(str(t["kind"]))
	return out


# --- Check level ---------------------------------------------------------------------------

func test_the_dock_checks_a_good_level():
	_dock(TRAP_DEMO)
	var result: Dictionary = dock.check_open_level()
	assert_eq(result.get("ok"), true, str(result))
	assert_eq([result.get("name"), result.get("width"), result.get("height")], ["Trap demo", 18, 7])
	assert_string_contains(dock.status.text, "Trap demo: fine")
	assert_eq(dock.errors_shown, [])


func test_an_error_wraps_in_the_narrow_dock_and_a_click_selects_its_node():
	_dock(TRAP_DEMO, 200.0)
	level.get_node("Things/trap_timer_9_1").arg = "timer/delay=x"
	var result: Dictionary = dock.check_open_level()
	var error := str(result.get("error", ""))
	assert_string_contains(error, "node 'Things/trap_timer_9_1': trap at tile 9,1: delay=N (ticks) is for timers")
	assert_eq(dock.errors_shown, [error])
	assert_string_contains(dock.errors.text, "trap_timer_9_1")
	yield(get_tree(), "idle_frame")
	yield(get_tree(), "idle_frame")
	# wrapped to the dock: no wider than it, over several lines
	var line_height: float = dock.errors.get_font("normal_font").get_height()
	assert_true(dock.errors.rect_size.x <= 200.0, "the error is %s wide" % str(dock.errors.rect_size.x))
	assert_true(dock.errors.get_content_height() >= 3 * line_height,
			"the error is not wrapped (%s px high)" % str(dock.errors.get_content_height()))
	# a click on it (the link the error is) selects the node it names
	assert_eq(dock.open_error(0), level.get_node("Things/trap_timer_9_1"))
	assert_eq(dock.errors.get_signal_connection_list("meta_clicked").size(), 1, "the error is not clickable")


func test_a_text_level_is_checked_too():
	var text_check: Dictionary = SimClient.check_level("name: x\n[map]\nP..S\nP.\n", "res://levels/x.level")
	assert_string_contains(str(text_check.get("error", "")), "res://levels/x.level:4: map row is 2 wide")


func test_an_error_without_a_node_shows_the_line_it_names():
	_dock(TRAP_DEMO)
	var _ok = dock.check_open_level()
	var lines: PoolStringArray = dock.checked_text.split("\n")
	var _r = dock.show_result({"error": "res://levels/trap_demo.tscn:5: a made-up error"})
	assert_eq(LevelDock.error_line("res://levels/trap_demo.tscn:5: x: 9"), 5)
	assert_eq(dock.open_error(0), null)
	assert_string_contains(dock.status.text, "Line 5 of the scene: " + lines[4])


# --- Kind and Arg from pysim's catalogue ---------------------------------------------------

func _fields(thing: Node) -> Control:
	var fields = ThingFields.new()
	add_child(fields)
	fields.rect_size = Vector2(260, 200)
	fields.edit(thing)
	return fields


func test_kind_and_arg_lists_are_pysims_catalogue():
	var thing: Node2D = load("res://addons/malignus_level/Thing.gd").new()
	thing.kind = "door"
	var fields = _fields(thing)
	var kinds := _catalogue_kinds()
	assert_eq(fields.listed_kinds(), kinds, "the Kind list is not pysim's catalogue")
	for k in ["minion", "padlock", "trap", "vein", "guardpost", "dungeon_creature"]:
		assert_true(k in kinds, "%s is not listed" % k)
	assert_eq(fields.kind_list.get_item_text(fields.kind_list.selected), "door")
	assert_eq(fields.listed_args(), ["(nothing)", "held"])
	fields.set_kind("trap")
	var trap_args: Array = fields.listed_args()
	assert_true("pressure_plate" in trap_args and "timer" in trap_args and "+/shoddy" in trap_args
			and "+/delay=20" in trap_args, str(trap_args))
	fields.set_kind("faction")
	assert_eq(fields.listed_args(), [], "a faction's arg is free text")
	assert_true(fields.arg_menu.disabled)
	remove_child(fields)
	fields.free()
	thing.free()


func test_the_arg_is_checked_by_pysim_as_it_is_typed():
	var thing: Node2D = load("res://addons/malignus_level/Thing.gd").new()
	thing.kind = "door"
	thing.arg = "held"
	var fields = _fields(thing)
	assert_string_contains(fields.reason_label.text, "fits door")
	fields.arg_edit.grab_focus()
	fields.arg_edit.caret_position = fields.arg_edit.text.length()
	yield(press_key(KEY_X, ord("x")), "completed")
	assert_eq(thing.arg, "heldx", "typing does not reach the Thing")
	assert_eq(fields.reason_label.text, "door takes nothing or :held, not :heldx")
	yield(press_key(KEY_BACKSPACE), "completed")
	assert_eq(thing.arg, "held")
	assert_string_contains(fields.reason_label.text, "fits door")
	# chosen from the list
	fields._on_arg_chosen(0)
	assert_eq(thing.arg, "")
	assert_eq(fields.arg_edit.text, "")
	fields.set_kind("trap")
	assert_eq(thing.arg, "tripwire", "an arg the new kind does not take becomes its first choice")
	fields.set_arg("timer")
	fields._on_arg_chosen(fields.listed_args().find("+/delay=20"))
	assert_eq(thing.arg, "timer/delay=20")
	assert_string_contains(fields.reason_label.text, "fits trap")
	fields.set_arg("timer/delay=x")
	assert_eq(fields.reason_label.text, "delay=N (ticks) is for timers")
	fields.set_kind("adventurer")
	fields.set_arg("wariror")
	assert_string_contains(fields.reason_label.text, "unknown adventurer class 'wariror'")
	fields.arg_edit.release_focus()
	remove_child(fields)
	fields.free()
	thing.free()


# --- the palette ---------------------------------------------------------------------------

func test_the_palette_places_a_thing_where_the_view_is_clicked():
	_dock(TRAP_DEMO)
	assert_eq(dock.palette_kinds(), _catalogue_kinds(), "the palette is not pysim's catalogue")
	var before: int = level.get_node("Things").get_child_count()
	# picking a kind in the palette turns the place tool on
	var item: TreeItem = dock.palette.get_root().get_children()
	while item != null and str(item.get_text(0)) != "Bodies":
		item = item.get_next()
	item = item.get_children()
	while item != null and str(item.get_metadata(0)) != "minion":
		item = item.get_next()
	item.select(0)
	assert_eq([dock.tool, dock.place_kind], ["place", "minion"])
	assert_true(dock.press(Vector2(5, 4)), "the click is not taken")
	assert_true(dock.press(Vector2(6, 4)))
	var things: Node = level.get_node("Things")
	assert_eq(things.get_child_count(), before + 2)
	var placed: Node2D = things.get_node("minion_5_4")
	assert_eq([placed.kind, placed.arg, placed.position, placed.owner], ["minion", "", Vector2(160, 128), level])
	var result: Dictionary = dock.check_open_level()
	assert_eq(result.get("ok"), true, str(result))
	assert_eq(int(result.get("entities")), 5, "two minions more than the demo's three bodies")
	# a kind with an arg gets its first choice; a padlock on a floor tile with no door is
	# refused by the check, naming the new node
	dock.pick_thing("padlock")
	var _p = dock.press(Vector2(2, 4))
	assert_eq(things.get_node("padlock_2_4").arg, "")
	assert_string_contains(str(dock.check_open_level().get("error")), "node 'Things/padlock_2_4'")
	assert_true(dock.cancel_tool())
	assert_eq(dock.tool, "")
	assert_false(dock.press(Vector2(3, 4)), "a click with no tool is the editor's")


# --- the Wire tool -------------------------------------------------------------------------

func test_the_wire_tool_draws_a_wire_checked_by_pysim():
	_dock(WIRING)
	dock.wire_button.pressed = true
	dock._on_wire_toggled()
	assert_eq(dock.tool, "wire")
	# from the lever (5,5) up to the blades (5,1), across wire 1 at (5,3): a jump
	assert_true(dock.press(Vector2(5, 5)))
	assert_eq(dock.wire_tool.check, {}, "one tile: nothing to check yet")
	assert_true(dock.motion(Vector2(5, 4)))
	assert_eq(dock.wire_tool.check.get("ok"), true, "from the lever to a loose end")
	var _m = dock.motion(Vector2(5, 1))
	var check: Dictionary = dock.preview()["check"]
	assert_eq(dock.preview()["path"], [Vector2(5, 5), Vector2(5, 4), Vector2(5, 3), Vector2(5, 2), Vector2(5, 1)])
	assert_eq([check.get("ok"), check.get("bumps"), check.get("joins")], [true, [[5, 3]], []], str(check))
	assert_string_contains(dock.tool_hint.text, "Let go: the wire is laid, jumping another wire at 5,3")
	assert_true(dock.release(Vector2(5, 1)))
	var wires: Node = level.get_node("Wires")
	assert_eq(wires.get_child_count(), 2)
	var wire: Line2D = wires.get_child(1)
	assert_eq(wire.points, PoolVector2Array([Vector2(176, 176), Vector2(176, 48)]))
	assert_eq(wire.owner, level)
	assert_string_contains(dock.tool_hint.text, "Wire laid: %s" % wire.name)
	var result: Dictionary = dock.check_open_level()
	assert_eq(result.get("ok"), true, str(result))
	# a diagonal move goes across, then up (from the timer, a loose end: taken)
	assert_true(dock.press(Vector2(12, 5)))
	_m = dock.motion(Vector2(11, 4))
	assert_eq(dock.preview()["path"], [Vector2(12, 5), Vector2(11, 5), Vector2(11, 4)])
	var _r = dock.release(Vector2(11, 4))
	assert_eq(wires.get_child_count(), 3)
	# the blast trap (1,5) onto wire 1's end bend (1,3) would put a second mechanism on its
	# network: refused, nothing added
	assert_true(dock.press(Vector2(1, 5)))
	_m = dock.motion(Vector2(1, 3))
	assert_eq(dock.preview()["check"].get("ok"), false)
	_r = dock.release(Vector2(1, 3))
	assert_eq(wires.get_child_count(), 3, "a refused wire was added")
	assert_string_contains(dock.tool_hint.text, "No wire: ")
	assert_string_contains(dock.tool_hint.text, "mechanism")


# --- Paint light ---------------------------------------------------------------------------

func test_paint_light_gives_a_light_map_whose_dark_tiles_pysim_reads():
	_dock(TRAP_DEMO)
	var map: TileMap = dock.paint_light()
	assert_true(map != null and map.name == "Light" and map.owner == level)
	assert_eq(map.get_index(), level.get_node("Terrain").get_index() + 1, "not right over the terrain")
	assert_eq(map.tile_set.resource_path, "res://addons/malignus_level/light.tres")
	assert_eq(map.tile_set.tile_get_name(0), "light 0 (dark)")
	assert_eq(map.tile_set.tile_get_name(9), "light 9 (full light)")
	assert_eq(map.cell_size, Vector2(32, 32), "the light map is on the terrain's cells")
	assert_eq(map.tile_set.tile_get_region(0).size, Vector2(32, 32), "a light tile covers a cell")
	assert_eq(dock.paint_light(), map, "a second map")
	map.set_cell(6, 1, 0)
	map.set_cell(7, 1, 3)
	map.set_cell(8, 1, 9)
	var result: Dictionary = dock.check_open_level()
	assert_eq(result.get("dark"), 2, str(result))
	map.set_cell(30, 1, 0)
	assert_string_contains(str(dock.check_open_level().get("error")), "node 'Light': light painted at 30,1, off the painted map")


# --- opening -------------------------------------------------------------------------------

func test_the_dock_lists_the_level_scenes_to_open():
	_dock(TRAP_DEMO)
	var listed: Array = dock.listed_levels()
	for name in ["campaign", "combat_demo", "doors_demo", "first", "trap_demo", "trap_wiring_test"]:
		assert_true("res://levels/%s.tscn" % name in listed, "%s is not listed" % name)
	assert_eq(dock.level_list.get_item_count(), listed.size() + 1)


# --- Play this level: the Debugger -----------------------------------------------------------

# The game as the editor's "Play this level" runs it (the main scene with --level=<the scene>,
# the editor's remote debugger attached), here with a debugger of ours on a local port: every
# error and warning it reports about a script of ours (res://) would be in the Debugger.
func test_the_debugger_shows_nothing_of_ours_after_play_this_level():
	return _wrap("_t_debugger")


func _t_debugger():
	var server := TCP_Server.new()
	var port := 0
	for p in range(6300, 6400):
		if server.listen(p, "127.0.0.1") == OK:
			port = p
			break
	if not assert_true(port > 0, "no free port"):
		return
	var args := PoolStringArray(["--path", ProjectSettings.globalize_path("res://"),
			"--remote-debug", "127.0.0.1:%d" % port, "--", "--level=" + TRAP_DEMO,
			"--quit-after=180"])
	var pid := OS.execute(OS.get_executable_path(), args, false)
	assert_true(pid > 0, "the game did not start")
	var peer: PacketPeerStream = null
	var queue := []
	var ours := []
	var connected := false
	var t0 := OS.get_ticks_msec()
	while OS.get_ticks_msec() - t0 < 60000:
		yield(get_tree(), "idle_frame")
		if peer == null:
			if server.is_connection_available():
				peer = PacketPeerStream.new()
				peer.stream_peer = server.take_connection()
				connected = true
			continue
		while peer.get_available_packet_count() > 0:
			queue.append(peer.get_var())
		ours += _debugger_errors(queue, peer)
		if not peer.stream_peer.is_connected_to_host():
			break
	server.stop()
	assert_true(connected, "the game never reached the debugger")
	assert_eq(ours, [], "the Debugger shows %d errors and warnings of ours" % ours.size())


# Takes the whole "error" messages off the front of the queue: "FILE:LINE: text" of each
# about res://. Answers a break into the debugger with "continue".
static func _debugger_errors(queue: Array, peer: PacketPeerStream) -> Array:
	var out := []
	while not queue.empty():
		var v = queue[0]
		if typeof(v) == TYPE_STRING and v == "error":
			if queue.size() < 4 or queue.size() < 4 + int(queue[3]):
				break
			var data: Array = queue[2]
			if str(data[5]).begins_with("res://"):
				out.append("%s:%d: %s %s" % [str(data[5]), int(data[6]), str(data[7]), str(data[8])])
			for _i in range(4 + int(queue[3])):
				queue.pop_front()
		else:
			if typeof(v) == TYPE_STRING and v == "debug_enter":
				var _c = peer.put_var(["continue"])
			queue.pop_front()
	return out


# "Play this level" saves the project settings as the editor launches the game (the run
# arguments are put back at once): the file must be in the form Godot writes, or that save
# rewrites project.godot.
func test_play_this_level_leaves_project_godot_as_it_is():
	var path := "user://project_as_godot_writes_it.godot"
	assert_eq(ProjectSettings.save_custom(path), OK)
	var written := File.new()
	var ours := File.new()
	if not assert_eq(written.open(path, File.READ), OK) or not assert_eq(ours.open("res://project.godot", File.READ), OK):
		return
	assert_eq(written.get_as_text(), ours.get_as_text(), "project.godot is not in the form Godot saves it")
	written.close()
	ours.close()


# --- the Goals list ------------------------------------------------------------------------

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
	assert_eq(g.type_advice("Beds for all."), "")
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
	# the level with its goal passes Check level, which counts it
	var result: Dictionary = dock.check_open_level()
	assert_eq(result.get("ok"), true, str(result))
	assert_eq(int(result.get("goals", -1)), 1)
	assert_string_contains(dock.status.text, "goals: 1")


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
	_dock(TRAP_DEMO, 220.0, undo)
	var g = dock.goals
	g.add_goal()
	assert_eq(_lines().size(), 1)
	var _e = g.set_goal("trap", "", 2, "Two traps.")
	var _t = g.type_advice("Two traps, wired.")
	_t = g.type_advice("Two traps,\nwired!")
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
