tool
extends VBoxContainer
# The "Level" dock: Check runs pysim's level checks on the open level scene and lists what
# is wrong (a click on an error selects its node); "Play this level" saves the scene and
# runs the game on it (Main.tscn with --level=<the scene>).

const MAIN_SCENE := "res://main/Main.tscn"
const RUN_ARGS := "editor/main_run_args"

var editor = null              # the EditorInterface (null in tests)
var status: TextEdit
var errors: ItemList
var last_result := {}


func _ready() -> void:
	if status != null:
		return
	var check := Button.new()
	check.name = "Check"
	check.text = "Check level"
	check.hint_tooltip = "Check the open level with the game's own rules"
	var _err := check.connect("pressed", self, "check_open_level")
	add_child(check)
	var play := Button.new()
	play.name = "Play"
	play.text = "Play this level"
	_err = play.connect("pressed", self, "play_open_level")
	add_child(play)
	# A read-only TextEdit, not an autowrapping Label: its height does not depend on its width
	# (an autowrapping Label in a narrow dock asks for the whole column and hides the dock).
	status = TextEdit.new()
	status.name = "Status"
	status.readonly = true
	status.wrap_enabled = true
	status.rect_min_size = Vector2(0, 90)
	status.text = "Open a level scene (res://levels/*.tscn) and press Check."
	add_child(status)
	errors = ItemList.new()
	errors.name = "Errors"
	errors.size_flags_vertical = SIZE_EXPAND_FILL
	errors.rect_min_size = Vector2(0, 60)
	_err = errors.connect("item_activated", self, "_on_error_activated")
	_err = errors.connect("item_selected", self, "_on_error_activated")
	add_child(errors)


# The level scene open in the editor: its root (a node with Level.gd), or null.
func open_level() -> Node:
	if editor == null:
		return null
	var root: Node = editor.get_edited_scene_root()
	if root == null or not root.has_method("is_malignus_level"):
		return null
	return root


func check_open_level() -> Dictionary:
	var root := open_level()
	if root == null:
		return show_result({"error": "the open scene is not a level (its root needs Level.gd)"})
	return show_result(check_scene(root))


# Checks a level scene's nodes as they are now (saved or not): packs them into a temporary
# .tscn and gives its text to pysim under the scene's own path.
static func check_scene(root: Node) -> Dictionary:
	var packed := PackedScene.new()
	if packed.pack(root) != OK:
		return {"error": "cannot pack the scene"}
	var tmp := "user://malignus_level_check.tscn"
	if ResourceSaver.save(tmp, packed) != OK:
		return {"error": "cannot write %s" % tmp}
	var f := File.new()
	if f.open(tmp, File.READ) != OK:
		return {"error": "cannot read %s" % tmp}
	var text := f.get_as_text()
	f.close()
	var source := root.filename if root.filename != "" else "unsaved.tscn"
	return check_text(text, source)


static func check_text(text: String, source: String) -> Dictionary:
	return load("res://core/SimClient.gd").check_level(text, source)


func show_result(result: Dictionary) -> Dictionary:
	last_result = result
	if errors == null:
		return result
	errors.clear()
	if result.has("ok"):
		status.text = "%s: fine (%d x %d tiles, things that move: %d, scripted commands: %d)" % [
			str(result.get("name", "")), int(result.get("width", 0)), int(result.get("height", 0)),
			int(result.get("entities", 0)), int(result.get("commands", 0))]
	else:
		status.text = "The level has an error (click it to select its node):\n" + str(result.get("error", ""))
		errors.add_item(str(result.get("error", "")))
		errors.set_item_tooltip(0, str(result.get("error", "")))
	return result


# Selects the node an error names ("... node 'Things/trap_6_1': ...").
func _on_error_activated(index: int) -> void:
	var root := open_level()
	if root == null or editor == null:
		return
	var text := errors.get_item_text(index)
	var at := text.find("node '")
	if at < 0:
		return
	var rest := text.substr(at + 6)
	var path := rest.substr(0, rest.find("'"))
	var node = root if path == root.name else root.get_node_or_null(path)
	if node != null:
		editor.get_selection().clear()
		editor.get_selection().add_node(node)
		editor.edit_node(node)


func play_open_level() -> void:
	var root := open_level()
	if root == null or root.filename == "":
		var _shown := show_result({"error": "save the level scene first (under res://levels/)"})
		return
	editor.save_scene()
	if not check_open_level().has("ok"):
		return
	# Main reads --level=...; the editor saves the project settings as it launches the game,
	# so the run arguments are put back and saved again at once (project.godot unchanged).
	var before = ProjectSettings.get_setting(RUN_ARGS) if ProjectSettings.has_setting(RUN_ARGS) else ""
	ProjectSettings.set_setting(RUN_ARGS, "--level=" + root.filename)
	editor.play_custom_scene(MAIN_SCENE)
	ProjectSettings.set_setting(RUN_ARGS, before)
	if ProjectSettings.save() != OK:
		push_warning("Level dock: could not save the project settings (the run arguments)")
