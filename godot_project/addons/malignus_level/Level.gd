tool
extends Node2D
# The root of a level scene (pysim/core/level_scene.py reads the .tscn; docs/level-format.md):
# children Terrain (TileMap painted with terrain.tres), Domain (TileMap, with domain "map"),
# Things (Thing.gd nodes), Wires (Line2D), Commands (Commands.gd), Sections (Section.gd).
# Things and wires stand on the Terrain's cells (cell_of: its cell_size, 32 px as the
# converter writes it, the art's own size).

const Art = preload("res://art/Art.gd")

export var level_name := ""
export var level_seed := 0
export(String, "all", "none", "map") var domain := "all"
export(String, MULTILINE) var notes := ""
export(PoolStringArray) var headers := PoolStringArray()

var _atlas := {}      # the game's sprites (Art.read_atlas), read once: its things draw with them


func is_malignus_level() -> bool:
	return true


func _draw() -> void:
	# The map's outline and the level's name above it, so the level reads as one piece.
	var ground = get_node_or_null("Terrain")
	if ground == null or not ground is TileMap:
		return
	var r: Rect2 = ground.get_used_rect()
	var px := Rect2(r.position * ground.cell_size, r.size * ground.cell_size)
	draw_rect(px, Color(0.85, 0.65, 0.2, 0.9), false, 2.0)
	var font := _font()
	if font != null:
		draw_string(font, px.position + Vector2(0, -6), level_name, Color(0.95, 0.85, 0.6))


# The game's sprite atlas (Art.read_atlas: texture, regions; or missing), read on first use.
func atlas() -> Dictionary:
	if _atlas.empty():
		_atlas = Art.read_atlas()
	return _atlas


# The pixels of a tile of the level scene `root`: its Terrain's cell_size (the art's tile
# when it has no Terrain yet).
static func cell_of(root: Node) -> Vector2:
	var ground = root.get_node_or_null("Terrain") if root != null else null
	if ground is TileMap:
		return ground.cell_size
	return Vector2(Art.TILE, Art.TILE)


static func _font() -> Font:
	var c := Control.new()
	var f := c.get_font("font")
	c.free()
	return f
