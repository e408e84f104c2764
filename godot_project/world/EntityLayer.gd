extends Node2D
# Every entity, drawn in one _draw from the snapshot's pool arrays:
# ent_id, ent_pos (tile coordinates, float), ent_kind, ent_state, ent_facing.
# Kinds (pysim/core/entities.py): MINION 0, ADVENTURER 1, CREATURE 2, BOSS 3.
# States: 0 up, 1 knocked out, 2 dead.

const MINION := 0
const ADVENTURER := 1
const CREATURE := 2
const BOSS := 3
const STATE_UP := 0
const STATE_KO := 1
const STATE_DEAD := 2

const KIND_COLORS := {
	MINION: Color(0.49, 0.80, 0.32),
	ADVENTURER: Color(0.96, 0.71, 0.22),
	CREATURE: Color(0.27, 0.74, 0.72),
	BOSS: Color(0.86, 0.18, 0.20),
}
const KIND_NAMES := {MINION: "minion", ADVENTURER: "adventurer", CREATURE: "creature", BOSS: "Boss"}
const OUTLINE := Color(0.05, 0.04, 0.06, 0.95)
const SELECT_COLOR := Color(1.0, 0.92, 0.35)
# Facing 0..7 (pysim: index into its direction table): unit vectors in tile space.
var facing_vectors := [
	Vector2(0, -1), Vector2(1, -1).normalized(), Vector2(1, 0), Vector2(1, 1).normalized(),
	Vector2(0, 1), Vector2(-1, 1).normalized(), Vector2(-1, 0), Vector2(-1, -1).normalized(),
]

var tile_size := 16
var snap := {}
var selected_id := -1
var _time := 0.0
# Bodies lying on a tile another body lies on are drawn side by side (issue 13: two knocked-out
# bodies on one tile looked and selected as one): id -> offset in tiles; tile -> how many.
var offsets := {}
var stacked := {}
# The ids the last _draw drew (the fog's hidden enemies are not among them; Godot tests).
var drawn_ids := PoolIntArray()
const STACK_SPREAD := 0.32


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_err = EventBus.connect("entity_selected", self, "_on_entity_selected")


func _process(delta: float) -> void:
	_time += delta
	if selected_id >= 0:
		update()


func _on_snapshot_updated(s: Dictionary) -> void:
	snap = s
	_spread_bodies()
	update()


# Bodies down (knocked out or dead) sharing a tile: spread across it in id order.
func _spread_bodies() -> void:
	offsets.clear()
	stacked.clear()
	var ids = snap.get("ent_id", PoolIntArray())
	var pos = snap.get("ent_pos", PoolVector2Array())
	var states = snap.get("ent_state", PoolIntArray())
	var on_tile := {}
	for i in range(min(ids.size(), min(pos.size(), states.size()))):
		if int(states[i]) == STATE_UP:
			continue
		var t := Vector2(round(pos[i].x), round(pos[i].y))
		if not on_tile.has(t):
			on_tile[t] = []
		on_tile[t].append(int(ids[i]))
	for t in on_tile:
		var here: Array = on_tile[t]
		if here.size() < 2:
			continue
		stacked[t] = here.size()
		for k in range(here.size()):
			offsets[here[k]] = Vector2(0, (k - (here.size() - 1) / 2.0) * STACK_SPREAD)


func offset_of(entity_id: int) -> Vector2:
	return offsets.get(entity_id, Vector2.ZERO)


func _on_entity_selected(entity_id: int) -> void:
	selected_id = entity_id
	update()


func count() -> int:
	var pos = snap.get("ent_pos")
	return pos.size() if pos != null else 0


# Index of entity_id in the snapshot arrays, or -1.
func index_of(entity_id: int) -> int:
	var ids = snap.get("ent_id", PoolIntArray())
	for i in range(ids.size()):
		if ids[i] == entity_id:
			return i
	return -1


# The entity nearest to a point in tile coordinates within max_dist tiles (-1 if none);
# living ones win over knocked-out ones, which win over the dead.
func pick(tile_point: Vector2, max_dist: float = 0.75) -> int:
	var ids = snap.get("ent_id", PoolIntArray())
	var pos = snap.get("ent_pos", PoolVector2Array())
	var states = snap.get("ent_state", PoolIntArray())
	var found := []     # [score, id]
	for i in range(min(ids.size(), pos.size())):
		var d: float = (pos[i] + offset_of(ids[i]) + Vector2(0.5, 0.5)).distance_to(tile_point)
		if d > max_dist or fog_hides(i):
			continue
		var st: int = states[i] if i < states.size() else 0
		found.append([d + st * 10.0, int(ids[i])])
	if found.empty():
		return -1
	found.sort_custom(self, "_by_score")
	# Clicking the selected body again picks the next one under the mouse, so bodies that
	# lie together can each be selected.
	if found.size() > 1 and int(found[0][1]) == selected_id:
		return int(found[1][1])
	return int(found[0][1])


func _by_score(a: Array, b: Array) -> bool:
	return a[0] < b[0] or (a[0] == b[0] and a[1] < b[1])


func entity_position(entity_id: int):
	var i := index_of(entity_id)
	if i < 0:
		return null
	return snap["ent_pos"][i]


func _draw() -> void:
	var ids = snap.get("ent_id", PoolIntArray())
	var pos = snap.get("ent_pos", PoolVector2Array())
	var kinds = snap.get("ent_kind", PoolIntArray())
	var states = snap.get("ent_state", PoolIntArray())
	var facings = snap.get("ent_facing", PoolIntArray())
	var n: int = pos.size()
	var ts := float(tile_size)
	drawn_ids = PoolIntArray()
	# The dead first, then the knocked out, then the living on top.
	for pass_state in [STATE_DEAD, STATE_KO, STATE_UP]:
		for i in range(n):
			var st: int = states[i] if i < states.size() else 0
			if (st if st <= STATE_DEAD else STATE_UP) != pass_state:
				continue
			var kind: int = kinds[i] if i < kinds.size() else -1
			if fog_hides(i):
				continue
			drawn_ids.append(ids[i])
			var facing: int = facings[i] if i < facings.size() else 2
			var center: Vector2 = (pos[i] + offset_of(ids[i]) + Vector2(0.5, 0.5)) * ts
			_draw_entity(center, kind, st, facing, ts)
	# A small count on a tile where bodies lie together.
	for t in stacked:
		_draw_count((t + Vector2(0.12, 0.08)) * ts, int(stacked[t]), ts)
	if selected_id >= 0:
		var i := index_of(selected_id)
		if i >= 0 and i < n:
			var c: Vector2 = (pos[i] + offset_of(selected_id) + Vector2(0.5, 0.5)) * ts
			var pulse := 0.5 + 0.5 * sin(_time * 6.0)
			var r := ts * (0.62 + 0.06 * pulse)
			draw_arc(c, r, 0, TAU, 28, Color(SELECT_COLOR.r, SELECT_COLOR.g, SELECT_COLOR.b, 0.6 + 0.4 * pulse), 2.0, true)
			draw_arc(c, r + 2.0, 0, TAU, 28, Color(0, 0, 0, 0.35), 1.0, true)


# One pip per body lying on the tile, in a row from its top-left corner.
func _draw_count(at: Vector2, n: int, ts: float) -> void:
	for k in range(min(n, 5)):
		var p := at + Vector2(k * ts * 0.18, 0)
		draw_circle(p, ts * 0.07, Color(1, 0.9, 0.5))


func _draw_entity(c: Vector2, kind: int, st: int, facing: int, ts: float) -> void:
	var col: Color = KIND_COLORS.get(kind, Color(0.9, 0.9, 0.9))
	var dir: Vector2 = facing_vectors[clamp(facing, 0, 7)]
	if st == STATE_KO:
		col = col.linear_interpolate(Color(0.55, 0.55, 0.6), 0.55)
		# Lying down: squashed sideways, with a little "z".
		draw_set_transform(c, 0.0, Vector2(1.15, 0.55))
		_draw_shape(Vector2.ZERO, kind, col, Vector2(1, 0), ts)
		draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)
		var z := c + Vector2(ts * 0.25, -ts * 0.45)
		var zc := Color(0.75, 0.85, 1.0)
		draw_polyline(PoolVector2Array([z, z + Vector2(4, 0), z + Vector2(0, 4), z + Vector2(4, 4)]), zc, 1.0)
		return
	if st == STATE_DEAD:
		col = col.darkened(0.55)
		col.a = 0.75
		draw_set_transform(c, 0.0, Vector2(1.1, 0.5))
		_draw_shape(Vector2.ZERO, kind, col, Vector2(1, 0), ts)
		draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)
		var k := ts * 0.28
		var xc := Color(0.75, 0.12, 0.12, 0.9)
		draw_line(c + Vector2(-k, -k), c + Vector2(k, k), xc, 2.0)
		draw_line(c + Vector2(-k, k), c + Vector2(k, -k), xc, 2.0)
		return
	# Ground shadow.
	draw_set_transform(c + Vector2(0, ts * 0.28), 0.0, Vector2(1.0, 0.35))
	draw_circle(Vector2.ZERO, ts * 0.34, Color(0, 0, 0, 0.35))
	draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)
	_draw_shape(c, kind, col, dir, ts)


func _draw_shape(c: Vector2, kind: int, col: Color, dir: Vector2, ts: float) -> void:
	match kind:
		MINION:
			# An imp: round body, two horns, a facing dot.
			var r := ts * 0.28
			var hl := c + Vector2(-r * 0.6, -r * 0.7)
			var hr := c + Vector2(r * 0.6, -r * 0.7)
			draw_colored_polygon(PoolVector2Array([hl + Vector2(-3, 0), hl + Vector2(-2, -6), hl + Vector2(2, 0)]), col.darkened(0.3))
			draw_colored_polygon(PoolVector2Array([hr + Vector2(-2, 0), hr + Vector2(2, -6), hr + Vector2(3, 0)]), col.darkened(0.3))
			draw_circle(c, r + 1.0, OUTLINE)
			draw_circle(c, r, col)
			draw_circle(c + dir * r * 0.55, 1.6, OUTLINE)
		ADVENTURER:
			# A hero: a triangle pointing where it looks.
			var r2 := ts * 0.38
			var side := Vector2(-dir.y, dir.x)
			var tip := c + dir * r2
			var pts := PoolVector2Array([tip, c - dir * r2 * 0.7 + side * r2 * 0.8, c - dir * r2 * 0.35, c - dir * r2 * 0.7 - side * r2 * 0.8])
			var outline := PoolVector2Array(pts)
			outline.append(pts[0])
			draw_colored_polygon(pts, col)
			draw_polyline(outline, OUTLINE, 1.5, true)
		CREATURE:
			# A beast of the dungeon: a diamond.
			var r3 := ts * 0.34
			var d := PoolVector2Array([c + Vector2(0, -r3), c + Vector2(r3, 0), c + Vector2(0, r3), c + Vector2(-r3, 0)])
			var dl := PoolVector2Array(d)
			dl.append(d[0])
			draw_colored_polygon(d, col)
			draw_polyline(dl, OUTLINE, 1.5, true)
			draw_circle(c + dir * r3 * 0.45, 1.6, OUTLINE)
		BOSS:
			# The Boss: a big crimson disc with a golden crown.
			var r4 := ts * 0.44
			draw_circle(c, r4 + 1.5, OUTLINE)
			draw_circle(c, r4, col)
			var gold := Color(1.0, 0.82, 0.25)
			var b := c + Vector2(0, -r4 * 0.15)
			var w := r4 * 0.75
			var crown := PoolVector2Array([
				b + Vector2(-w, 0), b + Vector2(-w, -w * 0.9), b + Vector2(-w * 0.45, -w * 0.4),
				b + Vector2(0, -w * 1.05), b + Vector2(w * 0.45, -w * 0.4), b + Vector2(w, -w * 0.9),
				b + Vector2(w, 0)])
			draw_colored_polygon(crown, gold)
			draw_circle(c + dir * r4 * 0.6, 2.0, gold)
		_:
			draw_circle(c, ts * 0.3 + 1.0, OUTLINE)
			draw_circle(c, ts * 0.3, col)


# Fog of war (pysim/invasions/fog.py): an entity not of the dungeon's side (ent_side 0)
# standing on a tile the dungeon does not see now (fog value below 2) is not drawn or picked.
func fog_hides(i: int) -> bool:
	if not snap.get("fog_on", false):
		return false
	var sides = snap.get("ent_side", PoolIntArray())
	if i >= sides.size() or sides[i] == 0:
		return false
	var fog = snap.get("fog", PoolByteArray())
	var w := int(snap.get("width", 0))
	var p: Vector2 = snap["ent_pos"][i]
	var k := int(round(p.y)) * w + int(round(p.x))
	return k < 0 or k >= fog.size() or fog[k] < 2
