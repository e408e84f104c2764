extends Node2D
# Blood and scorch marks on the floor (under the entities), from the snapshot keys mark_pos
# (float32 (N, 2) tiles), mark_kind (0 blood, 1 scorch) and mark_old (1 once old: the
# marks that make a party Cautious). Old marks are drawn dark and dry, fresh ones bright.
# Redrawn only when the marks change (their count or how many are old).

const TILE := 16.0
const BLOOD_FRESH := Color(0.75, 0.05, 0.05, 0.75)
const BLOOD_OLD := Color(0.35, 0.08, 0.05, 0.8)
const SCORCH_FRESH := Color(0.35, 0.2, 0.1, 0.6)
const SCORCH_OLD := Color(0.08, 0.07, 0.06, 0.75)

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
	for m in marks:
		var c: Vector2 = (m[0] + Vector2(0.5, 0.5)) * TILE
		if m[1] == 0:
			var col: Color = BLOOD_OLD if m[2] == 1 else BLOOD_FRESH
			draw_circle(c + Vector2(-2, 1), TILE * 0.22, col)
			draw_circle(c + Vector2(3, -2), TILE * 0.12, col)
			draw_circle(c + Vector2(1, 4), TILE * 0.08, col)
		else:
			var col2: Color = SCORCH_OLD if m[2] == 1 else SCORCH_FRESH
			draw_circle(c, TILE * 0.4, col2)
			draw_circle(c + Vector2(3, 3), TILE * 0.2, col2.darkened(0.3))
