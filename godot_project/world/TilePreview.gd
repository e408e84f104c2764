extends Node2D
# A tool's preview on one tile, before the click: a green frame, or a red frame with a cross
# when the command would be refused (the command's own check, Session.check); what
# the click would do, or the reason, is the HUD's hint beside the mouse (EventBus.cursor_hint:
# a text drawn on the map grew with the zoom and ran across it). Above the entities
# (z_index); the Doors and Wiring tools each own one (world.add_layer(preview, true)).

const OK_COL := Color(0.4, 1, 0.45, 0.95)
const BAD_COL := Color(1, 0.3, 0.25, 0.95)

var tile_size := 32
var ok_col := OK_COL            # the frame of a valid tile (the furniture panel's mark: yellow)
var tile := Vector2(-1, -1)     # (-1, -1): nothing shown
var ok := true
var text := ""


func _ready() -> void:
	z_index = 5


func show_at(t: Vector2, is_ok: bool, words: String) -> void:
	if t == tile and is_ok == ok and words == text:
		return
	tile = t
	ok = is_ok
	EventBus.emit_signal("cursor_hint", words, is_ok)
	text = words
	update()


func clear() -> void:
	if tile.x < 0 and text == "":
		return
	tile = Vector2(-1, -1)
	if text != "":
		EventBus.emit_signal("cursor_hint", "", true)
	text = ""
	update()


func _draw() -> void:
	if tile.x < 0:
		return
	var r := Rect2(tile * tile_size, Vector2(tile_size, tile_size))
	var col := ok_col if ok else BAD_COL
	draw_rect(r, Color(col.r, col.g, col.b, 0.2), true)
	draw_rect(r, col, false, 1.5)
	if not ok:
		draw_line(r.position + Vector2(3, 3), r.end - Vector2(3, 3), col, 1.5)
		draw_line(Vector2(r.end.x - 3, r.position.y + 3), Vector2(r.position.x + 3, r.end.y - 3), col, 1.5)
