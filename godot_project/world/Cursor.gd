extends Node2D
# The hovered tile (outlined; filled when a tool is active) and the tool drag line.

var tile_size := 32
var hover_tile := Vector2(-1, -1)
var tool_id := "select"
var drag_from = null   # Vector2 tile while a tool drag is in progress
var map_size := Vector2.ZERO


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
	if drag_from != null:
		var a: Vector2 = (drag_from + Vector2(0.5, 0.5)) * tile_size
		var b: Vector2 = (hover_tile + Vector2(0.5, 0.5)) * tile_size
		draw_line(a, b, Color(1.0, 0.85, 0.3, 0.9), 2.0, true)
		draw_circle(a, 3.0, Color(1.0, 0.85, 0.3))
