extends Node2D
# The hovered tile (outlined; filled when a tool is active) and the tool's drag: a line from
# where it began (a wire), or for an area tool (world.add_area_tool: Dig, Mine vein, Wall and
# the furniture) the rectangle of tiles the drag covers.

var tile_size := 32
var hover_tile := Vector2(-1, -1)
var tool_id := "select"
var drag_from = null   # Vector2 tile while a tool drag is in progress
var map_size := Vector2.ZERO
var area_tools := {}   # tool id -> true: its drag is a rectangle


func _ready() -> void:
	var _err := EventBus.connect("tile_hovered", self, "_on_tile_hovered")
	_err = EventBus.connect("tool_selected", self, "_on_tool_selected")


func _on_tile_hovered(tile: Vector2) -> void:
	hover_tile = tile
	update()


func _on_tool_selected(id: String) -> void:
	tool_id = id
	update()


func _draw() -> void:
	if hover_tile.x < 0 or hover_tile.y < 0 or hover_tile.x >= map_size.x or hover_tile.y >= map_size.y:
		return
	var r := Rect2(hover_tile * tile_size, Vector2(tile_size, tile_size))
	if tool_id != "select":
		draw_rect(r, Color(1.0, 0.85, 0.3, 0.25), true)
		draw_rect(r, Color(1.0, 0.85, 0.3, 0.9), false, 1.5)
	else:
		draw_rect(r, Color(1, 1, 1, 0.35), false, 1.0)
	if drag_from != null and area_tools.has(tool_id):
		var area := drag_area(drag_from, hover_tile)
		var px := Rect2(area.position * tile_size, area.size * tile_size)
		draw_rect(px, Color(1.0, 0.85, 0.3, 0.18), true)
		draw_rect(px, Color(1.0, 0.85, 0.3, 0.95), false, 2.0)
	elif drag_from != null:
		var a: Vector2 = (drag_from + Vector2(0.5, 0.5)) * tile_size
		var b: Vector2 = (hover_tile + Vector2(0.5, 0.5)) * tile_size
		draw_line(a, b, Color(1.0, 0.85, 0.3, 0.9), 2.0, true)
		draw_circle(a, 3.0, Color(1.0, 0.85, 0.3))


# The tiles from `a` to `b` (both included) as a Rect2 of tiles.
static func drag_area(a: Vector2, b: Vector2) -> Rect2:
	var lo := Vector2(min(a.x, b.x), min(a.y, b.y))
	var hi := Vector2(max(a.x, b.x), max(a.y, b.y))
	return Rect2(lo, hi - lo + Vector2.ONE)
