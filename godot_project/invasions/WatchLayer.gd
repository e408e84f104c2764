extends Node2D
# Guardposts, scrying pools and the ghostly eye (snapshot keys guardposts, scrying_pools,
# eye_pos from pysim/invasions/watch.py), drawn with the structures under the entities.

var tile_size := 32
var posts := []
var pools := []
var eye := Vector2(-1, -1)


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot")


func _on_snapshot(snap: Dictionary) -> void:
	var p = snap.get("guardposts", [])
	var q = snap.get("scrying_pools", [])
	var e = snap.get("eye_pos", [-1, -1])
	var new_eye := Vector2(int(e[0]), int(e[1])) if e != null and e.size() == 2 else Vector2(-1, -1)
	if p == posts and q == pools and new_eye == eye:
		return
	posts = p if p != null else []
	pools = q if q != null else []
	eye = new_eye
	update()


func _draw() -> void:
	var ts := float(tile_size)
	for q in pools:
		Art.draw(self, "furniture/scrying_pool", Rect2(Vector2(q[0], q[1]) * ts, Vector2(ts, ts)))
	for p in posts:
		var o := Vector2(p[0], p[1]) * ts
		var lit := int(p[2]) == 1
		if lit:
			draw_circle(o + Vector2(ts, ts) / 2, ts * 0.7, Color(1.0, 0.7, 0.25, 0.16))
		Art.draw(self, "furniture/guardpost" if lit else "furniture/guardpost_out", Rect2(o, Vector2(ts, ts)))
	if eye.x >= 0:
		var c := (eye + Vector2(0.5, 0.5)) * ts
		draw_set_transform(c, 0.0, Vector2(1.0, 0.6))
		draw_circle(Vector2.ZERO, ts * 0.4, Color(0.8, 0.9, 1.0, 0.75))
		draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)
		draw_circle(c, ts * 0.14, Color(0.1, 0.2, 0.45))
