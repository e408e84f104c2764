extends Node2D
# Doors, drawn from whatever door keys the snapshot has (the doors rule area owns them):
#   positions: "door_pos" (PoolVector2Array, tile coordinates) or "door_x" + "door_y"
#              (int arrays) or "door_tile" (flat index y * width + x);
#   state:     "door_open" (0/1) or "door_state" (0 closed, 1 open);
#   padlock:   "door_locked" (0/1), optional; "door_held" (held open, 0/1), optional.
# Each door is its sprite (art/Art.gd door_thing: closed, open, breached); held open, a
# green wedge. Padlocks and breaches are drawn over it by doors/BreachLayer.gd.

var tile_size := 32
var snap := {}
var door_count := 0

const HELD := Color(0.4, 0.9, 0.5)


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


func _draw() -> void:
	var ps := positions()
	var ts := float(tile_size)
	var states = snap.get("door_state", [])
	for i in range(ps.size()):
		var t: Vector2 = ps[i]
		var open := _flag("door_open", i) if snap.has("door_open") else _flag("door_state", i)
		var state: int = int(states[i]) if i < states.size() else (1 if open else 0)
		var r := Rect2(t * ts, Vector2(ts, ts))
		Art.draw(self, Art.door_thing(state, open != 0), r)
		if _flag("door_held", i):
			# held open: a green wedge at the foot of the door
			var c := r.position + Vector2(ts * 0.5, ts * 0.9)
			draw_colored_polygon(PoolVector2Array([c + Vector2(-5, 0), c + Vector2(5, 0), c + Vector2(0, -6)]), HELD)
