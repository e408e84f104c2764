extends Node2D
# Blood and scorch marks on the floor (under the entities), from the snapshot keys mark_pos
# (float32 (N, 2) tiles), mark_kind (0 blood, 1 scorch) and mark_old (1 once old: the
# marks that make a party Cautious): their sprites (art/sprites.txt map/blood/*, map/scorch),
# a splash picked per tile; old marks drawn dark and dry, fresh ones bright.
# Redrawn only when the marks change (their count or how many are old).

const BLOOD_FRESH := Color(1, 1, 1, 0.95)
const BLOOD_OLD := Color(0.45, 0.35, 0.3, 0.9)
const SCORCH_FRESH := Color(1, 0.8, 0.6, 0.8)
const SCORCH_OLD := Color(0.7, 0.7, 0.7, 0.9)

var tile_size := 32
var marks := []          # [tile Vector2, kind, old]
var _key := [-1, -1]     # count, old count: what was drawn


func on_snapshot(s: Dictionary) -> void:
	var pos = s.get("mark_pos", [])
	var kind = s.get("mark_kind", [])
	var old = s.get("mark_old", [])
	var n := int(min(kind.size(), old.size()))
	var olds := 0
	for i in range(n):
		olds += int(old[i])
	if n == _key[0] and olds == _key[1]:
		return
	_key = [n, olds]
	marks = []
	for i in range(n):
		var p: Vector2
		if typeof(pos) == TYPE_REAL_ARRAY:
			p = Vector2(pos[2 * i], pos[2 * i + 1])
		elif typeof(pos) == TYPE_VECTOR2_ARRAY:
			p = pos[i]
		else:
			var row = pos[i]
			p = Vector2(row[0], row[1]) if typeof(row) == TYPE_ARRAY else row
		marks.append([p, int(kind[i]), int(old[i])])
	update()


func old_count() -> int:
	var n := 0
	for m in marks:
		n += m[2]
	return n


func _draw() -> void:
	var ts := float(tile_size)
	for m in marks:
		var t: Vector2 = m[0]
		var r := Rect2(t * ts, Vector2(ts, ts))
		if m[1] == 0:
			Art.draw(self, Art.variant("map/blood", int(t.x), int(t.y), 4), r, BLOOD_OLD if m[2] == 1 else BLOOD_FRESH)
		else:
			Art.draw(self, "map/scorch", r, SCORCH_OLD if m[2] == 1 else SCORCH_FRESH)
