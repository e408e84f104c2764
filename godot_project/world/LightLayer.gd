extends Sprite
# Darkness over the map: a node of its own drawn right over the terrain (whatever draws the
# terrain), under the structures and the bodies. A W x H L8 image of the snapshot's "light"
# (0..255 a tile, pysim/core/grid.py; a level makes it with [light], docs/level-format.md),
# scaled to World.TILE pixels a tile with nearest filtering (light is a tile's, as the rules
# read it) and drawn by world/light.shader: the night colour, DARKEST alpha over a tile of
# light 0, none over full light. Hidden while every tile is in full light. Rebuilt only when
# the snapshot's tiles_version (or the map size) changes.

const World = preload("res://world/World.gd")
const LightShader = preload("res://world/light.shader")
const DARKEST := 0.72

var tiles_version := -1
var map_width := 0
var map_height := 0
var rebuild_count := 0
var light := PoolByteArray()     # the light drawn, a byte a tile
var light_tex := ImageTexture.new()
var _full_light := PoolByteArray()


func _ready() -> void:
	centered = false
	visible = false
	var mat := ShaderMaterial.new()
	mat.shader = LightShader
	mat.set_shader_param("darkest", DARKEST)
	material = mat
	var _a = EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	var _b = EventBus.connect("game_loaded", self, "_on_game_loaded")


# Another game's tiles_version can equal ours while its light differs.
func _on_game_loaded(_path: String) -> void:
	tiles_version = -1


func _on_snapshot_updated(snap: Dictionary) -> void:
	var w := int(snap.get("width", 0))
	var h := int(snap.get("height", 0))
	if int(snap.get("tiles_version", 0)) == tiles_version and w == map_width and h == map_height:
		return
	rebuild(snap)


func rebuild(snap: Dictionary) -> void:
	var w := int(snap.get("width", 0))
	var h := int(snap.get("height", 0))
	var value = snap.get("light")
	map_width = w
	map_height = h
	tiles_version = int(snap.get("tiles_version", 0))
	rebuild_count += 1
	if w <= 0 or h <= 0 or typeof(value) != TYPE_RAW_ARRAY or value.size() != w * h:
		light = PoolByteArray()
		visible = false
		return
	light = value
	if _full_light.size() != w * h:
		_full_light.resize(w * h)
		for i in range(w * h):
			_full_light[i] = 255
	visible = light != _full_light
	if not visible:
		return
	var img := Image.new()
	img.create_from_data(w, h, false, Image.FORMAT_L8, light)
	light_tex.create_from_image(img, 0)
	texture = light_tex
	scale = Vector2(World.TILE, World.TILE)


# The darkness drawn over a tile: the night colour's alpha there (0 in full light), as
# light.shader makes it.
func darkness_at(tile: Vector2) -> float:
	var x := int(tile.x)
	var y := int(tile.y)
	if not visible or x < 0 or y < 0 or x >= map_width or y >= map_height:
		return 0.0
	return DARKEST * (1.0 - light[y * map_width + x] / 255.0)
