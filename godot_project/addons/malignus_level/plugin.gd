tool
extends EditorPlugin
# The level editor plugin: the "Level" dock (LevelDock.gd) on the right, under the
# Inspector; a selected Thing's Kind and Arg in the Inspector from pysim's catalogue
# (ThingInspector.gd); the dock's tools take the 2D view's mouse while a level scene is open
# (as tiles) and their preview is drawn over the view.

const LevelDock = preload("res://addons/malignus_level/LevelDock.gd")
const ThingInspector = preload("res://addons/malignus_level/ThingInspector.gd")
const Level = preload("res://addons/malignus_level/Level.gd")
const OK_COLOR := Color(0.45, 1, 0.45)
const BAD_COLOR := Color(1, 0.35, 0.3)

const META := "malignus_level"
var dock_slot := DOCK_SLOT_RIGHT_BL    # right of the 2D view, under the Inspector
var dock = null
var inspector = null


func _enter_tree() -> void:
	dock = LevelDock.new()
	dock.editor = get_editor_interface()
	dock.undo = get_undo_redo()
	var _c = dock.connect("tool_changed", self, "_on_tool_changed")
	var _g = connect("scene_changed", self, "_on_scene_changed")
	add_control_to_dock(dock_slot, dock)
	# The editor puts docks back where its saved layout has them once it has scanned the
	# files, after this; a layout saved when the dock lived bottom-left keeps it there. Once
	# per project, after that, the dock moves to its place on the right (then wherever the
	# designer moves it, it stays).
	var fs = get_editor_interface().get_resource_filesystem()
	if not get_editor_interface().get_editor_settings().get_project_metadata(META, "on_the_right", false):
		var _s = fs.connect("sources_changed", self, "_move_to_the_right", [], CONNECT_ONESHOT)
	inspector = ThingInspector.new()
	inspector.catalog = dock.catalog
	inspector.undo = get_undo_redo()
	add_inspector_plugin(inspector)


func _move_to_the_right(_exist: bool) -> void:
	if dock == null:
		return
	remove_control_from_docks(dock)
	add_control_to_dock(dock_slot, dock)
	get_editor_interface().get_editor_settings().set_project_metadata(META, "on_the_right", true)


func _exit_tree() -> void:
	if inspector != null:
		remove_inspector_plugin(inspector)
		inspector = null
	if dock != null:
		remove_control_from_docks(dock)
		dock.free()
		dock = null


# The 2D view's input comes here while something of an open level scene is edited.
func handles(object) -> bool:
	var root = dock.open_level() if dock != null else null
	return root != null and object is Node and (object == root or root.is_a_parent_of(object))


func _on_scene_changed(_root) -> void:
	if dock != null:
		dock.show_goals()


func _on_tool_changed() -> void:
	_redraw()


func _redraw() -> void:
	var _n = update_overlays()


# The 2D view's transform of the level's pixels: the editor pans and zooms the edited scene
# through its viewport's global canvas transform.
static func _view_of(root: Node2D) -> Transform2D:
	return root.get_viewport().global_canvas_transform * root.get_global_transform_with_canvas()


# The tile under a point of the 2D view.
func _tile_at(root: Node2D, point: Vector2) -> Vector2:
	return (_view_of(root).affine_inverse().xform(point) / Level.cell_of(root)).floor()


func forward_canvas_gui_input(event: InputEvent) -> bool:
	var root = dock.open_level() if dock != null else null
	if root == null or not root is Node2D or dock.tool == "":
		return false
	var taken := false
	if event is InputEventMouseMotion:
		taken = dock.motion(_tile_at(root, event.position))
		_redraw()
	elif event is InputEventMouseButton and event.button_index == BUTTON_LEFT:
		var tile := _tile_at(root, event.position)
		taken = dock.press(tile) if event.pressed else dock.release(tile)
		_redraw()
	elif event is InputEventMouseButton and event.button_index == BUTTON_RIGHT and event.pressed:
		taken = dock.cancel_tool()
	elif event is InputEventKey and event.pressed and event.scancode == KEY_ESCAPE:
		taken = dock.cancel_tool()
	return taken


# The tool's preview over the 2D view: the hovered tile; the wire's tiles green where pysim
# takes it, red where not, a ring where it would join another wire, a bar where it would
# jump one.
func forward_canvas_draw_over_viewport(overlay: Control) -> void:
	var root = dock.open_level() if dock != null else null
	if root == null or not root is Node2D or dock.tool == "":
		return
	var xform: Transform2D = _view_of(root)
	var p: Dictionary = dock.preview()
	var scale := xform.get_scale().x
	var cell := Level.cell_of(root)
	if p["hover"].x >= 0:
		overlay.draw_rect(Rect2(xform.xform(p["hover"] * cell), cell * scale),
				Color(1, 0.85, 0.3, 0.9), false, 2.0)
	var check: Dictionary = p["check"]
	var colour := OK_COLOR if check.get("ok", true) else BAD_COLOR
	var centres := PoolVector2Array()
	for t in p["path"]:
		centres.append(xform.xform((t + Vector2(0.5, 0.5)) * cell))
	if centres.size() >= 2:
		overlay.draw_polyline(centres, colour, 3.0)
	for j in check.get("joins", []):
		overlay.draw_arc(xform.xform((Vector2(j[0], j[1]) + Vector2(0.5, 0.5)) * cell),
				4.0 * scale, 0, TAU, 16, Color(1, 1, 1), 2.0)
	for b in check.get("bumps", []):
		var c: Vector2 = xform.xform((Vector2(b[0], b[1]) + Vector2(0.5, 0.5)) * cell)
		overlay.draw_line(c - Vector2(5, 5) * scale, c + Vector2(5, -5) * scale, Color(1, 1, 1), 2.0)
