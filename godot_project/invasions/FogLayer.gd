extends Sprite
# Fog of war (pysim/invasions/fog.py): one sprite above the entities, a W x H R8 image of
# the snapshot's `fog` layer scaled to World.TILE pixels per tile (nearest filtering). The
# shader draws unexplored tiles black, explored ones dark, your own domain (and the tiles
# touching it) under a light veil when none of yours sees it now: its layout and everything
# of yours on it always show, and the veil says enemies there may go unseen; tiles seen now
# clear. Hidden when the snapshot's fog_on is false. Bodies the fog hides are neither drawn
# nor picked (world/EntityLayer.gd fog_hides: the snapshot's ent_unseen).

# The layer's values (pysim/invasions/fog.py UNSEEN, SEEN_BEFORE, YOURS, SEEN_NOW; a pysim
# test holds these equal to them).
const UNEXPLORED := 0
const EXPLORED := 1
const YOURS := 2
const SEEN_NOW := 3
const FOG_SHADER := """
shader_type canvas_item;
void fragment() {
	float v = texture(TEXTURE, UV).r * 255.0;
	float a = v > 2.5 ? 0.0 : (v > 1.5 ? 0.3 : (v > 0.5 ? 0.6 : 0.97));
	COLOR = vec4(0.02, 0.02, 0.04, a);
}
"""

var tile_size := 16
var fog_on := false
var map_width := 0
var map_height := 0
var fog := PoolByteArray()
var fog_tex := ImageTexture.new()
var updates := 0


func _ready() -> void:
	centered = false
	var sh := Shader.new()
	sh.code = FOG_SHADER
	var mat := ShaderMaterial.new()
	mat.shader = sh
	material = mat
	visible = false
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")


func _on_snapshot_updated(snap: Dictionary) -> void:
	fog_on = bool(snap.get("fog_on", false))
	var w := int(snap.get("width", 0))
	var h := int(snap.get("height", 0))
	var f = snap.get("fog")
	if not fog_on or w <= 0 or h <= 0 or typeof(f) != TYPE_RAW_ARRAY or f.size() != w * h:
		fog_on = false
		visible = false
		return
	visible = true
	if f == fog and w == map_width and h == map_height:
		return
	fog = f
	map_width = w
	map_height = h
	var img := Image.new()
	img.create_from_data(w, h, false, Image.FORMAT_R8, fog)
	fog_tex.create_from_image(img, 0)
	texture = fog_tex
	scale = Vector2(tile_size, tile_size)
	updates += 1


# UNEXPLORED, EXPLORED, YOURS or SEEN_NOW; SEEN_NOW everywhere when the level has no fog.
func at(tile: Vector2) -> int:
	if not fog_on:
		return SEEN_NOW
	var x := int(tile.x)
	var y := int(tile.y)
	if x < 0 or y < 0 or x >= map_width or y >= map_height:
		return UNEXPLORED
	return int(fog[y * map_width + x])
