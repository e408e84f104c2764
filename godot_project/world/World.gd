extends Node2D
# The map in world space: TILE pixels per tile, tile (x, y) covers
# [x*TILE, (x+1)*TILE) x [y*TILE, (y+1)*TILE).
# Children (drawing order): Tiles (terrain sprite), Structures (doors and concept
# overlays such as traps and wires), Entities, Effects (the events' effects, above the
# bodies), Cursor, Camera. A light layer belongs between Structures and Entities (or over
# Tiles) as a node of its own: the terrain shader draws no light.
# Input on the map (what the GUI did not take):
# - tool "select": a left click selects the entity under the mouse
#   (EventBus.entity_selected(id), -1 when nothing is there); with nobody new picked there
#   (empty, or the selected body again) also tile_selected(tile): the furniture panel;
# - another tool: a left click emits tile_clicked(tile, BUTTON_LEFT, tool); a left drag
#   across tiles emits tile_drag_started / tile_drag_finished;
# - right click or Escape: back to the select tool, or clear the selection; with neither to
#   drop, Escape goes on up (the title's pause menu opens).

const TILE := 32         # the art's own size (art/Art.gd TILE): sprites are never scaled down

onready var tiles = $Tiles
onready var structures = $Structures
onready var doors = $Structures/Doors
onready var entities = $Entities
onready var effects = $Effects
onready var cursor = $Cursor
onready var camera = $Camera

var map_size := Vector2.ZERO
var tool_id := "select"
var selected_id := -1
var _press_tile = null
var _dragging := false
var _hover := Vector2(-1, -1)
var _framed := false


func _ready() -> void:
	add_to_group("world")
	for layer in [tiles, doors, entities, effects, cursor]:
		layer.tile_size = TILE
	effects.entities = entities
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_err = EventBus.connect("tool_selected", self, "_on_tool_selected")
	_err = EventBus.connect("entity_selected", self, "_on_entity_selected")
	_err = EventBus.connect("game_loaded", self, "_on_game_loaded")


# Another level or a loaded save: frame the camera on it again.
func _on_game_loaded(_path) -> void:
	_framed = false
	map_size = Vector2.ZERO


# Adds a concept's drawing layer (a Node2D drawing in world pixels, see tile_to_world; its
# tile_size, if it has one, is set to TILE). above_entities=false puts it with the
# structures (under entities), true above them.
func add_layer(node: Node2D, above_entities: bool = false) -> void:
	if "tile_size" in node:
		node.tile_size = TILE
	if above_entities:
		add_child_below_node(entities, node)
	else:
		structures.add_child(node)


# A tool whose drag covers a rectangle of tiles (Dig, Mine vein ...): the cursor draws it.
func add_area_tool(id: String) -> void:
	cursor.area_tools[id] = true


func tile_to_world(tile: Vector2) -> Vector2:
	return (tile + Vector2(0.5, 0.5)) * TILE


func world_to_tile(p: Vector2) -> Vector2:
	return (p / TILE).floor()


func tile_under_mouse() -> Vector2:
	return world_to_tile(get_global_mouse_position())


# The bodies drawn under the mouse (at their drawn places: apart on a shared tile, between
# two tiles while walking); when the mouse is not over `tile`, those drawn on that tile.
func bodies_under_mouse(tile: Vector2) -> Array:
	var p := get_global_mouse_position() / TILE
	if world_to_tile(p * TILE) != tile:
		p = tile + Vector2(0.5, 0.5)
	var out: Array = entities.ids_under(p)
	if out.empty():
		out = entities.ids_on_tile(tile)
	return out


func _on_snapshot_updated(snap: Dictionary) -> void:
	var size := Vector2(int(snap.get("width", 0)), int(snap.get("height", 0)))
	if size != map_size:
		map_size = size
		cursor.map_size = size
		camera.set_map_rect(Rect2(Vector2.ZERO, size * TILE))
	if not _framed and size.x > 0:
		_framed = true
		camera.frame(map_size * TILE / 2)


func _on_tool_selected(id: String) -> void:
	tool_id = id
	_press_tile = null
	_dragging = false
	cursor.drag_from = null


func _on_entity_selected(entity_id: int) -> void:
	selected_id = entity_id


func _unhandled_input(event: InputEvent) -> void:
	if event is InputEventMouseMotion:
		var t := tile_under_mouse()
		if t != _hover:
			_hover = t
			EventBus.emit_signal("tile_hovered", t)
			if _press_tile != null and tool_id != "select" and not _dragging and t != _press_tile:
				_dragging = true
				cursor.drag_from = _press_tile
				EventBus.emit_signal("tile_drag_started", _press_tile, tool_id)
			cursor.update()
	elif event is InputEventMouseButton:
		if event.is_action("select"):
			_on_left_button(event.pressed)
			get_tree().set_input_as_handled()
		elif event.pressed and event.is_action("cancel"):
			var _dropped := _cancel()
			get_tree().set_input_as_handled()
	elif event is InputEventKey and event.pressed and event.is_action("cancel"):
		if _cancel():
			get_tree().set_input_as_handled()


func _on_left_button(pressed: bool) -> void:
	var t := tile_under_mouse()
	if tool_id == "select":
		if pressed:
			var id: int = entities.pick(get_global_mouse_position() / TILE)
			var again := id == selected_id
			EventBus.emit_signal("entity_selected", id)
			if id < 0 or again:
				EventBus.emit_signal("tile_selected", t)
		return
	if pressed:
		_press_tile = t
		_dragging = false
		return
	if _press_tile == null:
		return
	if _dragging:
		EventBus.emit_signal("tile_drag_finished", _press_tile, t, tool_id)
	else:
		EventBus.emit_signal("tile_clicked", t, BUTTON_LEFT, tool_id)
	_press_tile = null
	_dragging = false
	cursor.drag_from = null
	cursor.update()


# Drops the tool, else the selection; false when there was neither.
func _cancel() -> bool:
	if tool_id != "select":
		EventBus.emit_signal("tool_selected", "select")
	elif selected_id >= 0:
		EventBus.emit_signal("entity_selected", -1)
	else:
		return false
	return true
