extends Node2D
# A tool's preview on one tile, before the click (issue 13): a green frame and what the click
# would do, or a red frame with a cross and the reason the command would be refused (the
# command's own check, Session.check). Above the entities (z_index); the Doors and
# Wiring tools each own one (world.add_layer(preview, true)).

const OK_COL := Color(0.4, 1, 0.45, 0.95)
const BAD_COL := Color(1, 0.3, 0.25, 0.95)

var tile_size := 16
var ok_col := OK_COL            # the frame of a valid tile (the furniture panel's mark: yellow)
var tile := Vector2(-1, -1)     # (-1, -1): nothing shown
var ok := true
var text := ""
var _font: Font = null


func _ready() -> void:
	z_index = 5
	_font = Control.new().get_font("font")


func show_at(t: Vector2, is_ok: bool, words: String) -> void:
	if t == tile and is_ok == ok and words == text:
		return
	tile = t
	ok = is_ok
	text = words
	update()


func clear() -> void:
	if tile.x < 0 and text == "":
		return
	tile = Vector2(-1, -1)
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
	if _font == null or text == "":
		return
	var at := r.position + Vector2(tile_size + 3, 12)
	var size := _font.get_string_size(text)
	draw_rect(Rect2(at + Vector2(-2, -size.y + 2), size + Vector2(4, 2)), Color(0.05, 0.03, 0.08, 0.85))
	draw_string(_font, at, text, col)
