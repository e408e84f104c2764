extends Sprite
# Terrain and domain, drawn by one sprite: a W x H R8 image of terrain codes scaled to
# World.TILE pixels per tile (nearest filtering), drawn by res://world/terrain.shader with
# each code's sprites (art/sprites.txt terrain/<name>/0..3) from a strip cut from the atlas
# once (make_strip). Rebuilt only when the snapshot's tiles_version (or the map size) changes.
# A light layer, when there is one, is another node over this one.

const TerrainShader = preload("res://world/terrain.shader")
# Terrain codes in order (pysim/core/terrain.py: ROCK 0 .. SANCTUM 5) and sprites per code.
const CODE_NAMES := ["rock", "floor", "wall", "water", "portal", "sanctum"]
const VARIANTS := 4

var tile_size := 32
var tiles_version := -1
var map_width := 0
var map_height := 0
var rebuild_count := 0
var terrain_tex := ImageTexture.new()
var domain_tex := ImageTexture.new()
var strip_tex: ImageTexture = null


func _ready() -> void:
	centered = false
	var mat := ShaderMaterial.new()
	mat.shader = TerrainShader
	material = mat
	strip_tex = make_strip()
	mat.set_shader_param("use_strip", strip_tex != null)
	if strip_tex != null:
		mat.set_shader_param("strip_tex", strip_tex)
	mat.set_shader_param("codes", float(CODE_NAMES.size()))
	mat.set_shader_param("variants", float(VARIANTS))
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


# Every terrain code's sprites side by side (code * VARIANTS + variant), cut from the atlas;
# null without an atlas (the shader then uses flat colours).
static func make_strip() -> ImageTexture:
	if Art.image == null:
		return null
	var t := Art.TILE
	var img := Image.new()
	img.create(t * VARIANTS * CODE_NAMES.size(), t, false, Image.FORMAT_RGBA8)
	for c in range(CODE_NAMES.size()):
		for v in range(VARIANTS):
			var r: Rect2 = Art.region("terrain/%s/%d" % [CODE_NAMES[c], v])
			if r.size.x > 0:
				img.blit_rect(Art.image, r, Vector2((c * VARIANTS + v) * t, 0))
	var tex := ImageTexture.new()
	tex.create_from_image(img, 0)
	return tex


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
