tool
extends VBoxContainer
# The "Level" dock (right of the 2D view, under the Inspector; plugin.gd):
# - Open: the level scenes of res://levels, one click opens one.
# - Check level runs pysim's level checks on the open level scene as it is (saved or not) and
#   lists what is wrong, wrapped; a click on an error selects the node it names, or shows the
#   line of the scene it names. Play this level saves the scene and runs the game on it (the
#   project's main scene, the title, with --level=<the scene>: straight into the game, with
#   its pause menu).
# - Tools: Wire (drag in the 2D view: a wire tile by tile, pysim's own [wires] check shown as
#   it goes, WireTool.gd) and Paint light (the Light map, selected to paint dark areas).
# - Add a thing: the palette of pysim's level things (LevelCatalog.gd), by group; pick one
#   and click tiles in the 2D view to place it (LevelEdits.add_thing).
# - Goals: the level's goals for a new keeper, listed and edited in order (GoalFields.gd).
# The 2D view's mouse comes in through press / motion / release (plugin.gd forwards it as
# tiles); preview() is what the plugin draws over the view.

signal tool_changed()

const RUN_ARGS := "editor/main_run_args"
const LEVELS_DIR := "res://levels"
const Files = preload("res://core/Files.gd")
const SimClient = preload("res://core/SimClient.gd")
const LevelCatalog = preload("res://addons/malignus_level/LevelCatalog.gd")
const LevelEdits = preload("res://addons/malignus_level/LevelEdits.gd")
const WireTool = preload("res://addons/malignus_level/WireTool.gd")
const GoalFields = preload("res://addons/malignus_level/GoalFields.gd")
const Widgets = preload("res://addons/malignus_level/Widgets.gd")
const OK_COLOR := Color(0.55, 0.88, 0.55)
const BAD_COLOR := Color(1, 0.54, 0.5)
const NO_TOOL := ""
const WIRE := "wire"
const PLACE := "place"

var editor = null              # the EditorInterface (null in tests)
var level_root = null          # without an editor (tests): the level scene edited
var undo = null                # the editor's UndoRedo (null: changes are made at once)
var catalog = LevelCatalog.new()
var wire_tool = WireTool.new()
var tool := NO_TOOL
var place_kind := ""           # the palette's kind while the place tool is on
var hover := Vector2(-1, -1)   # the tile under the mouse in the 2D view
var last_result := {}
var errors_shown := []         # the errors listed, in order (a click opens one)
var checked_text := ""         # the scene text the last check read (for an error's line)
var level_list: OptionButton
var status: RichTextLabel
var errors: RichTextLabel
var wire_button: Button
var light_button: Button
var tool_hint: RichTextLabel
var palette: Tree
var goals = null               # the Goals list (GoalFields.gd)
var _level_paths := []


func _ready() -> void:
	if status != null:
		return
	name = "Level"
	var scroll := ScrollContainer.new()
	scroll.size_flags_vertical = SIZE_EXPAND_FILL
	scroll.scroll_horizontal_enabled = false
	add_child(scroll)
	var body := VBoxContainer.new()
	body.name = "Body"
	body.size_flags_horizontal = SIZE_EXPAND_FILL
	scroll.add_child(body)

	body.add_child(_title("Level scene"))
	level_list = OptionButton.new()
	level_list.name = "Open"
	level_list.clip_text = true
	level_list.hint_tooltip = "Open a level scene of res://levels"
	var _o = level_list.connect("item_selected", self, "_on_level_picked")
	var _p = level_list.get_popup().connect("about_to_show", self, "list_levels")
	body.add_child(level_list)
	list_levels()
	var buttons := GridContainer.new()
	buttons.columns = 2
	body.add_child(buttons)
	var _check := _button(buttons, "Check", "Check level", "Check the open level with the game's own rules",
			"check_open_level")
	var _play := _button(buttons, "Play", "Play this level", "Save the level and run the game on it",
			"play_open_level")
	status = _text("Status")
	status.add_text("Open a level scene (above, or res://levels/*.tscn) and press Check.")
	body.add_child(status)
	errors = _text("Errors")
	errors.visible = false
	var _e = errors.connect("meta_clicked", self, "_on_error_clicked")
	body.add_child(errors)

	body.add_child(_title("Tools"))
	var tools := GridContainer.new()
	tools.columns = 2
	body.add_child(tools)
	wire_button = _button(tools, "Wire", "Wire", "Drag in the 2D view from a trap part (or a "
			+ "door, a wire) to another: the wire follows the mouse, tile by tile", "_on_wire_toggled")
	wire_button.toggle_mode = true
	light_button = _button(tools, "Light", "Paint light", "Select the Light map and paint dark "
			+ "areas with its tiles: 0 dark .. 9 full light", "paint_light")
	tool_hint = _text("ToolHint")
	body.add_child(tool_hint)

	body.add_child(_title("Add a thing"))
	palette = Tree.new()
	palette.name = "Palette"
	palette.hide_root = true
	palette.rect_min_size = Vector2(0, 220)
	palette.hint_tooltip = "Pick a thing, then click tiles in the 2D view to place it"
	var _s = palette.connect("item_selected", self, "_on_palette_picked")
	body.add_child(palette)
	fill_palette()

	body.add_child(_title("Goals"))
	goals = GoalFields.new()
	goals.undo = undo
	body.add_child(goals)
	show_goals()
	_show_tool()


func _title(text: String) -> Label:
	var l := Label.new()
	l.text = text
	l.modulate = Color(1, 0.85, 0.6)
	return l


# A read-only text that wraps to the dock's width and is as tall as its text.
func _text(node_name: String) -> RichTextLabel:
	var t := RichTextLabel.new()
	t.name = node_name
	t.fit_content_height = true
	t.scroll_active = false
	t.selection_enabled = true
	t.size_flags_horizontal = SIZE_EXPAND_FILL
	return t


func _button(parent: Node, node_name: String, text: String, tip: String, method: String) -> Button:
	return Widgets.button(parent, node_name, text, tip, self, method)


# --- opening, checking, playing --------------------------------------------------------------

# The level scenes of res://levels in the Open list.
func list_levels() -> void:
	_level_paths = Files.find(LEVELS_DIR, "", ".tscn")
	level_list.clear()
	level_list.add_item("Open a level scene...")
	for path in _level_paths:
		level_list.add_item(str(path).get_file())
		level_list.get_popup().set_item_tooltip(level_list.get_item_count() - 1, path)
	level_list.select(0)


func listed_levels() -> Array:
	return _level_paths.duplicate()


func _on_level_picked(index: int) -> void:
	if index >= 1 and index <= _level_paths.size():
		open_level_scene(_level_paths[index - 1])
	level_list.select(0)


func open_level_scene(path: String) -> void:
	if editor != null:
		editor.open_scene_from_path(path)


# The level scene open in the editor: its root (a node with Level.gd), or null.
func open_level() -> Node:
	if editor == null:
		return level_root
	var root: Node = editor.get_edited_scene_root()
	if root == null or not root.has_method("is_malignus_level"):
		return null
	return root


# The Goals list shows the open level's goals (again when another scene is opened: plugin.gd).
func show_goals() -> void:
	if goals != null:
		goals.edit(open_level())


func check_open_level() -> Dictionary:
	var root := open_level()
	if root == null:
		return show_result({"error": "the open scene is not a level (its root needs Level.gd)"})
	return show_result(check_scene(root))


# Checks a level scene's nodes as they are now (saved or not) with pysim's own checks, under
# the scene's own path.
func check_scene(root: Node) -> Dictionary:
	checked_text = LevelEdits.scene_text(root)
	if checked_text == "":
		return {"error": "cannot pack the scene"}
	var source := root.filename if root.filename != "" else "unsaved.tscn"
	return SimClient.check_level(checked_text, source)


func show_result(result: Dictionary) -> Dictionary:
	last_result = result
	if errors == null:
		return result
	errors_shown = []
	errors.clear()
	status.clear()
	errors.visible = not result.has("ok")
	if result.has("ok"):
		_say(status, "%s: fine" % str(result.get("name", "")), OK_COLOR)
		status.add_text(" (%d x %d tiles, things that move: %d, scripted commands: %d, tiles out of full light: %d, goals: %d)" % [
			int(result.get("width", 0)), int(result.get("height", 0)),
			int(result.get("entities", 0)), int(result.get("commands", 0)),
			int(result.get("dark", 0)), int(result.get("goals", 0))])
	else:
		_say(status, "The level has an error", BAD_COLOR)
		status.add_text(" (click it to select its node or see its line):")
		errors_shown.append(str(result.get("error", "")))
		errors.push_meta(0)
		errors.add_text(errors_shown[0])
		errors.pop()
	return result


# Text in a colour (as text: whatever brackets it holds are shown as they are).
static func _say(label: RichTextLabel, text: String, colour: Color) -> void:
	label.push_color(colour)
	label.add_text(text)
	label.pop()


func _on_error_clicked(meta) -> void:
	var _found = open_error(int(meta))


# Opens error number `index`: selects the node it names ("... node 'Things/trap_6_1': ..."),
# else shows the line of the scene it names ("FILE:LINE: ..."). Returns the node selected,
# or null.
func open_error(index: int) -> Node:
	if index < 0 or index >= errors_shown.size():
		return null
	var text: String = errors_shown[index]
	var at := text.find("node '")
	if at >= 0:
		var rest := text.substr(at + 6)
		var node := node_at(rest.substr(0, rest.find("'")))
		if node != null:
			select(node)
			return node
	var line := error_line(text)
	if line > 0:
		var lines := checked_text.split("\n")
		if line <= lines.size():
			status.clear()
			status.add_text("Line %d of the scene: " % line)
			status.push_mono()
			status.add_text(lines[line - 1])
			status.pop()
	return null


# The line number an error names (FILE:LINE: ...), 0 when none. FILE may hold ':' itself
# (res://...), so the number is the first all-digit field after it.
static func error_line(text: String) -> int:
	var parts := text.split(":")
	for i in range(1, parts.size()):
		if parts[i].is_valid_integer():
			return int(parts[i])
	return 0


# The node of the open level at a path pysim names ('Things/trap_6_1', or the root's name).
func node_at(path: String) -> Node:
	var root := open_level()
	if root == null:
		return null
	return root if path == root.name else root.get_node_or_null(path)


# Selects a node in the editor (the scene tree, and so the Inspector and the plugins).
func select(node: Node) -> void:
	if editor == null or node == null:
		return
	editor.get_selection().clear()
	editor.get_selection().add_node(node)


func play_open_level() -> void:
	var root := open_level()
	if root == null or root.filename == "":
		var _r = show_result({"error": "save the level scene first (under res://levels/)"})
		return
	editor.save_scene()
	if not check_open_level().has("ok"):
		return
	# the title reads --level=...; the editor saves the project settings as it launches the game,
	# so the run arguments are put back and saved again at once (project.godot unchanged).
	var before = ProjectSettings.get_setting(RUN_ARGS) if ProjectSettings.has_setting(RUN_ARGS) else ""
	ProjectSettings.set_setting(RUN_ARGS, "--level=" + root.filename)
	editor.play_main_scene()
	ProjectSettings.set_setting(RUN_ARGS, before)
	if ProjectSettings.save() != OK:
		push_warning("Level dock: could not save the project settings (the run arguments)")


# --- the palette and the tools ---------------------------------------------------------------

# The palette: pysim's level things by group (loads the catalogue on first use).
func fill_palette() -> void:
	palette.clear()
	var top := palette.create_item()
	if not catalog.loaded() and not catalog.load_catalog():
		var item := palette.create_item(top)
		item.set_text(0, "pysim's catalogue: %s" % catalog.error)
		item.set_selectable(0, false)
		return
	for group in catalog.groups():
		var head := palette.create_item(top)
		head.set_text(0, group)
		head.set_selectable(0, false)
		head.set_custom_color(0, Color(1, 0.85, 0.6))
		for kind in catalog.kinds():
			if str(catalog.entry(kind)["group"]) != group:
				continue
			var item := palette.create_item(head)
			item.set_text(0, kind)
			item.set_metadata(0, kind)
			item.set_tooltip(0, catalog.describe(kind))


# The kinds the palette offers, in its order.
func palette_kinds() -> Array:
	var out := []
	var head = palette.get_root().get_children() if palette.get_root() != null else null
	while head != null:
		var item = head.get_children()
		while item != null:
			out.append(str(item.get_metadata(0)))
			item = item.get_next()
		head = head.get_next()
	return out


func _on_palette_picked() -> void:
	var item := palette.get_selected()
	if item != null and item.get_metadata(0) != null:
		pick_thing(str(item.get_metadata(0)))


# The place tool: clicks in the 2D view place things of this kind.
func pick_thing(kind: String) -> void:
	place_kind = kind
	set_tool(PLACE)


func _on_wire_toggled() -> void:
	set_tool(WIRE if wire_button.pressed else NO_TOOL)


func set_tool(id: String) -> void:
	tool = id
	wire_tool.cancel()
	var root := open_level()
	if id != NO_TOOL and editor != null and root != null:
		# the 2D view's mouse reaches the tools while a node of the level is selected
		var picked: Array = editor.get_selection().get_selected_nodes()
		if picked.empty() or not (picked[0] == root or root.is_a_parent_of(picked[0])):
			select(root)
	if wire_button != null:
		wire_button.pressed = id == WIRE
	if id != PLACE and palette != null and palette.get_selected() != null:
		palette.get_selected().deselect(0)
	_show_tool()
	emit_signal("tool_changed")


func _show_tool(note: String = "", colour: Color = Color(1, 1, 1)) -> void:
	if tool_hint == null:
		return
	tool_hint.clear()
	if note != "":
		_say(tool_hint, note, colour)
	var text := ""
	if tool == WIRE:
		text = "Wire: drag in the 2D view from a trap part, a door or a wire to another; right click or Esc: stop."
	elif tool == PLACE:
		text = "Click tiles in the 2D view to place a %s (arg: %s); right click or Esc: stop." % [
			place_kind, _arg_words(catalog.default_arg(place_kind))]
	if text != "":
		tool_hint.add_text(("\n" if note != "" else "") + text)
	tool_hint.visible = note != "" or text != ""


static func _arg_words(arg: String) -> String:
	return "none" if arg == "" else arg


# Mouse in the 2D view, as tiles (plugin.gd). Each returns whether it took the event.
func press(tile: Vector2) -> bool:
	var root := open_level()
	if root == null or tool == NO_TOOL:
		return false
	if tool == PLACE:
		var thing := place_thing(root, tile)
		select(thing)
		_show_tool("Placed %s at %d,%d." % [thing.name, int(tile.x), int(tile.y)])
		return true
	wire_tool.begin(root, tile)
	_show_tool()
	return true


# A thing of the palette's kind (with its first arg) on a tile of the level.
func place_thing(root: Node, tile: Vector2) -> Node2D:
	return LevelEdits.add_thing(root, place_kind, catalog.default_arg(place_kind), tile, undo)


func motion(tile: Vector2) -> bool:
	hover = tile
	if tool == WIRE and wire_tool.dragging():
		var check: Dictionary = wire_tool.drag_to(tile)
		if check.empty():
			_show_tool()
		elif check["ok"]:
			_show_tool("Let go: the wire is laid" + _wire_words(check), OK_COLOR)
		else:
			_show_tool(str(check["reason"]), BAD_COLOR)
		return true
	return tool != NO_TOOL


static func _wire_words(check: Dictionary) -> String:
	var words := ""
	if not check["joins"].empty():
		words += ", joining another wire at %s" % _tiles_words(check["joins"])
	if not check["bumps"].empty():
		words += ", jumping another wire at %s" % _tiles_words(check["bumps"])
	return words + "."


static func _tiles_words(tiles: Array) -> String:
	var out := PoolStringArray()
	for t in tiles:
		out.append("%d,%d" % [int(t[0]), int(t[1])])
	return out.join(" and ")


func release(tile: Vector2) -> bool:
	if tool != WIRE or not wire_tool.dragging():
		return tool != NO_TOOL
	var _last = wire_tool.drag_to(tile)
	var reason := str(wire_tool.check.get("reason", ""))
	var wire = wire_tool.finish(undo)
	if wire != null:
		_show_tool("Wire laid: %s." % wire.name, OK_COLOR)
	elif reason != "":
		_show_tool("No wire: " + reason, BAD_COLOR)
	else:
		_show_tool()
	return true


# Right click or Esc in the 2D view: the tool stops.
func cancel_tool() -> bool:
	if tool == NO_TOOL:
		return false
	set_tool(NO_TOOL)
	return true


# What plugin.gd draws over the 2D view: the tool, the hovered tile, the drag's tiles and
# pysim's answer for them.
func preview() -> Dictionary:
	return {"tool": tool, "hover": hover, "path": wire_tool.path, "check": wire_tool.check}


# Paint light: the level's Light map (made if missing, LevelEdits.light_map), selected so the
# TileMap editor shows the light tiles.
func paint_light() -> Node:
	var root := open_level()
	if root == null:
		_show_tool("Open a level scene first.")
		return null
	var map := LevelEdits.light_map(root, undo)
	select(map)
	_show_tool("Paint on Light with its tiles: 0 (dark) .. 9 (full light); an unpainted tile is in full light. Spotting a trigger is harder in dim light (2-4) and in the dark (0-1).")
	return map
