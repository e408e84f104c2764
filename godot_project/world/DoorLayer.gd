extends Node2D
# Doors, drawn from whatever door keys the snapshot has (the doors rule area owns them):
#   positions: "door_pos" (PoolVector2Array, tile coordinates) or "door_x" + "door_y"
#              (int arrays) or "door_tile" (flat index y * width + x);
#   state:     "door_open" (0/1) or "door_state" (0 closed, 1 open);
#   padlock:   "door_locked" (0/1), optional; "door_held" (held open, 0/1), optional.
# A door runs across its tile between the two walls beside it.

var tile_size := 16
var snap := {}
var door_count := 0

const WOOD := Color(0.55, 0.33, 0.16)
const WOOD_DARK := Color(0.30, 0.17, 0.08)
const IRON := Color(0.18, 0.18, 0.2)
const GOLD := Color(1.0, 0.82, 0.25)


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")


func _on_snapshot_updated(s: Dictionary) -> void:
	snap = s
	var had := door_count
	door_count = positions().size()
	if door_count > 0 or had > 0:
		update()


# Door tiles as an Array of Vector2 (tile coordinates).
func positions() -> Array:
	var out := []
	var w := int(snap.get("width", 0))
	if snap.has("door_pos"):
		for p in snap["door_pos"]:
			out.append(Vector2(p.x, p.y).floor())
	elif snap.has("door_x") and snap.has("door_y"):
		var xs = snap["door_x"]
		var ys = snap["door_y"]
		for i in range(min(xs.size(), ys.size())):
			out.append(Vector2(xs[i], ys[i]))
	elif snap.has("door_tile") and w > 0:
		for t in snap["door_tile"]:
			out.append(Vector2(int(t) % w, int(int(t) / float(w))))
	return out


func _flag(key: String, i: int) -> int:
	var a = snap.get(key)
	if a == null or typeof(a) < TYPE_ARRAY or i >= a.size():
		return 0
	return int(a[i])


func _is_wall(x: int, y: int) -> bool:
	var w := int(snap.get("width", 0))
	var h := int(snap.get("height", 0))
	var terrain = snap.get("terrain")
	if x < 0 or y < 0 or x >= w or y >= h or terrain == null:
		return true
	var code := int(terrain[y * w + x])
	return code == 0 or code == 2


func _draw() -> void:
	var ps := positions()
	var ts := float(tile_size)
	for i in range(ps.size()):
		var t: Vector2 = ps[i]
		var open := _flag("door_open", i) if snap.has("door_open") else _flag("door_state", i)
		var locked := _flag("door_locked", i)
		var held := _flag("door_held", i)
		# Walls left and right: the door runs horizontally; else vertically.
		var horizontal := _is_wall(int(t.x) - 1, int(t.y)) or _is_wall(int(t.x) + 1, int(t.y))
		var o := t * ts
		var frame_a: Rect2
		var frame_b: Rect2
		var leaf: Rect2
		if horizontal:
			frame_a = Rect2(o + Vector2(0, ts * 0.3), Vector2(ts * 0.15, ts * 0.4))
			frame_b = Rect2(o + Vector2(ts * 0.85, ts * 0.3), Vector2(ts * 0.15, ts * 0.4))
			leaf = Rect2(o + Vector2(ts * 0.12, ts * 0.36), Vector2(ts * 0.76, ts * 0.28))
			if open:
				leaf = Rect2(o + Vector2(ts * 0.12, ts * 0.36), Vector2(ts * 0.16, ts * 0.6))
		else:
			frame_a = Rect2(o + Vector2(ts * 0.3, 0), Vector2(ts * 0.4, ts * 0.15))
			frame_b = Rect2(o + Vector2(ts * 0.3, ts * 0.85), Vector2(ts * 0.4, ts * 0.15))
			leaf = Rect2(o + Vector2(ts * 0.36, ts * 0.12), Vector2(ts * 0.28, ts * 0.76))
			if open:
				leaf = Rect2(o + Vector2(ts * 0.36, ts * 0.12), Vector2(ts * 0.6, ts * 0.16))
		draw_rect(frame_a, IRON, true)
		draw_rect(frame_b, IRON, true)
		draw_rect(leaf, WOOD if not open else WOOD.lightened(0.15), true)
		draw_rect(leaf, WOOD_DARK, false, 1.0)
		if held:
			draw_circle(o + Vector2(ts * 0.5, ts * 0.5), ts * 0.08, Color(0.4, 0.9, 0.5))
		if locked:
			var c := o + Vector2(ts * 0.5, ts * 0.5)
			draw_arc(c + Vector2(0, -ts * 0.08), ts * 0.1, PI, TAU, 8, GOLD, 1.5)
			draw_rect(Rect2(c + Vector2(-ts * 0.13, -ts * 0.06), Vector2(ts * 0.26, ts * 0.2)), GOLD, true)
