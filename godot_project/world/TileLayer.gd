extends Sprite
# Terrain and domain, drawn by one sprite: a W x H R8 image of terrain codes scaled to
# World.TILE pixels per tile (nearest filtering), coloured by res://world/terrain.shader.
# Rebuilt only when the snapshot's tiles_version (or the map size) changes.

const TerrainShader = preload("res://world/terrain.shader")

var tile_size := 16
var tiles_version := -1
var map_width := 0
var map_height := 0
var rebuild_count := 0
var terrain_tex := ImageTexture.new()
var domain_tex := ImageTexture.new()


func _ready() -> void:
	centered = false
	var mat := ShaderMaterial.new()
	mat.shader = TerrainShader
	material = mat
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_err = EventBus.connect("game_loaded", self, "_on_game_loaded")


# Another game's tiles_version can equal ours while its map differs.
func _on_game_loaded(_path: String) -> void:
	tiles_version = -1


func _on_snapshot_updated(snap: Dictionary) -> void:
	var w := int(snap.get("width", 0))
	var h := int(snap.get("height", 0))
	var v := int(snap.get("tiles_version", 0))
	if v == tiles_version and w == map_width and h == map_height and texture != null:
		return
	rebuild(snap)


func rebuild(snap: Dictionary) -> void:
	var w := int(snap.get("width", 0))
	var h := int(snap.get("height", 0))
	if w <= 0 or h <= 0:
		return
	var terrain := _bytes(snap.get("terrain"), w * h)
	var domain := _bytes(snap.get("domain"), w * h)
	var img := Image.new()
	img.create_from_data(w, h, false, Image.FORMAT_R8, terrain)
	terrain_tex.create_from_image(img, 0)
	var dimg := Image.new()
	dimg.create_from_data(w, h, false, Image.FORMAT_R8, domain)
	domain_tex.create_from_image(dimg, 0)
	texture = terrain_tex
	scale = Vector2(tile_size, tile_size)
	material.set_shader_param("terrain_tex", terrain_tex)
	material.set_shader_param("domain_tex", domain_tex)
	material.set_shader_param("map_size", Vector2(w, h))
	map_width = w
	map_height = h
	tiles_version = int(snap.get("tiles_version", 0))
	rebuild_count += 1


# A PoolByteArray of exactly n bytes: the value when it already is one of that size,
# else a zero-filled array with as much of the value copied as fits.
static func _bytes(value, n: int) -> PoolByteArray:
	if typeof(value) == TYPE_RAW_ARRAY and value.size() == n:
		return value
	var out := PoolByteArray()
	out.resize(n)
	for i in range(n):
		out[i] = 0
	if typeof(value) in [TYPE_RAW_ARRAY, TYPE_ARRAY, TYPE_INT_ARRAY]:
		for i in range(min(n, value.size())):
			out[i] = int(value[i])
	return out
