extends Node2D
# Over the doors: a padlock (gold = armed, grey = disarmed: art/sprites.txt door/padlock*),
# and a progress bar with one pip per failed roll while a party breaches it (a breached door
# is its own sprite, world/DoorLayer.gd).

var tile_size := 32
var snap := {}


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot")


var _had_doors := false
var padlock_marks := 0     # padlock marks drawn by the last _draw (tests read it)


func _on_snapshot(s: Dictionary) -> void:
	snap = s
	# Redraw once more when the doors are gone (another level with none): the previous
	# level's padlock marks must not stay on screen.
	var has: bool = s.get("door_id", []).size() > 0
	if has or _had_doors:
		update()
	_had_doors = has


func _draw() -> void:
	var ids = snap.get("door_id", [])
	var ts := float(tile_size)
	padlock_marks = 0
	for i in range(ids.size()):
		var o: Vector2 = snap["door_pos"][i] * ts
		if int(snap["door_padlock"][i]) == 2:
			padlock_marks += 1
			var armed := int(snap["door_armed"][i]) == 1
			Art.draw(self, "door/padlock" if armed else "door/padlock_disarmed", Rect2(o, Vector2(ts, ts)))
	var bd = snap.get("breach_door", [])
	for j in range(bd.size()):
		var k := -1
		for i in range(ids.size()):
			if int(ids[i]) == int(bd[j]):
				k = i
		if k < 0:
			continue
		var o2: Vector2 = snap["door_pos"][k] * ts
		var frac := float(snap["breach_progress"][j]) / max(1.0, float(snap["breach_needed"][j]))
		var bar_col := Color(0.3, 0.8, 1.0) if int(snap["breach_method"][j]) == 0 else Color(1.0, 0.5, 0.2)
		draw_rect(Rect2(o2 + Vector2(0, -ts * 0.3), Vector2(ts, ts * 0.15)), Color(0, 0, 0, 0.6), true)
		draw_rect(Rect2(o2 + Vector2(0, -ts * 0.3), Vector2(ts * frac, ts * 0.15)), bar_col, true)
		for f in range(int(snap["breach_failures"][j])):
			draw_circle(o2 + Vector2(ts * (0.1 + 0.2 * f), -ts * 0.45), ts * 0.06, Color(1, 0.2, 0.2))
