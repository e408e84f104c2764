extends Node2D
# Doors, drawn from the snapshot's door keys (the doors rule area owns them): "door_pos"
# (PoolVector2Array, tile coordinates), "door_open" (0/1), "door_state" (Shared's door
# states: the sprite), "door_held" (held open, 0/1).
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
	for p in snap.get("door_pos", []):
		out.append(Vector2(p.x, p.y).floor())
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
		var open := _flag("door_open", i)
		var state: int = int(states[i]) if i < states.size() else (1 if open else 0)
		var r := Rect2(t * ts, Vector2(ts, ts))
		Art.draw(self, Art.door_thing(state, open != 0), r)
		if _flag("door_held", i):
			# held open: a green wedge at the foot of the door
			var c := r.position + Vector2(ts * 0.5, ts * 0.9)
			draw_colored_polygon(PoolVector2Array([c + Vector2(-5, 0), c + Vector2(5, 0), c + Vector2(0, -6)]), HELD)
