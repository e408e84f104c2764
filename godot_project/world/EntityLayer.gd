extends Node2D
# Every body, drawn in one _draw from the snapshot's arrays (ent_id, ent_pos in tile
# coordinates, ent_kind, ent_state, ent_facing, the combat rows, sleep_ids, cautious_ids,
# cell_pos) with its sprite from the atlas: art/Art.gd body_thing(kind, Names.look(id)), so
# each class and creature kind has its own. What a body is doing shows on it:
# - facing: the sprite looks east or west by its facing, and a small wedge at its feet
#   points the exact way (0..7 = N, NE, E, SE, S, SW, W, NW; pysim/core/movement.py);
# - hurt: a wound-point bar over it (wound points against wound_unable_at), red drops when
#   bleeding; knocked out: lying, greyed, with stars; dead: lying, dark, on a pool of blood;
# - asleep: lying with "Zz"; a Cautious party's members: a yellow shield mark;
# - carried: lying across its carrier's shoulders; a prisoner: shackles, and in a cell the
#   cell's bars in front of it.
# Bodies sharing a tile are drawn apart, smaller (layout), and picked where they are drawn
# (pick: the sprite's box under the point; clicking again there picks the next one).
# Effects (world/EffectsLayer.gd) may nudge a body (a lunge) or flash it for a moment:
# fx_offset / fx_flash, views only.

const STATE_UP := 0
const STATE_KO := 1
const STATE_DEAD := 2
const SELECT_COLOR := Color(1.0, 0.92, 0.35)
const SHARED_SCALE := 0.72       # a body sharing its tile is drawn this much smaller
const PICK_HALF := 0.42          # half the picked box of a body, in tiles at scale 1
const MARK := 14.0               # the marks' size in pixels
# Facing 0..7 (pysim: index into its direction table): unit vectors in tile space.
var facing_vectors := [
	Vector2(0, -1), Vector2(1, -1).normalized(), Vector2(1, 0), Vector2(1, 1).normalized(),
	Vector2(0, 1), Vector2(-1, 1).normalized(), Vector2(-1, 0), Vector2(-1, -1).normalized(),
]

var tile_size := 32
var snap := {}
var selected_id := -1
var _time := 0.0
# Where each body is drawn this snapshot: id -> centre in tiles, id -> scale (layout).
var centres := {}
var scales := {}
var carried_by := {}             # a carried body's id -> its carrier's id
var sleepers := {}               # ids asleep (sleep_ids)
var cautious := {}               # ids of Cautious parties' members (cautious_ids)
var cells := {}                  # tiles with a cell (Vector2 -> true)
# Set by the effects each frame (views only): id -> pixels to draw it moved; id -> 0..1 white.
var fx_offset := {}
var fx_flash := {}
# The ids the last _draw drew (the fog's hidden enemies are not among them; Godot tests),
# and the sprite each was drawn with (id -> thing of art/sprites.txt).
var drawn_ids := PoolIntArray()
var drawn_things := {}


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_err = EventBus.connect("entity_selected", self, "_on_entity_selected")


func _process(delta: float) -> void:
	_time += delta
	if selected_id >= 0:
		update()


func _on_snapshot_updated(s: Dictionary) -> void:
	snap = s
	sleepers = _id_set(s.get("sleep_ids", []))
	cautious = _id_set(s.get("cautious_ids", []))
	cells.clear()
	for p in s.get("cell_pos", []):
		cells[Vector2(round(p.x), round(p.y))] = true
	layout()
	update()


static func _id_set(ids) -> Dictionary:
	var out := {}
	for i in ids:
		out[int(i)] = true
	return out


# Where each body is drawn: its own position, or, when several stand or lie on one tile,
# spread over it in id order and smaller; a carried body rides on its carrier.
func layout() -> void:
	centres.clear()
	scales.clear()
	carried_by.clear()
	var ids = snap.get("ent_id", PoolIntArray())
	var pos = snap.get("ent_pos", PoolVector2Array())
	var carriers = snap.get("ent_carried_by", PoolIntArray())
	var on_tile := {}
	for i in range(min(ids.size(), pos.size())):
		var id := int(ids[i])
		var by := int(carriers[i]) if i < carriers.size() else -1
		if by >= 0:
			carried_by[id] = by
			continue
		var t := Vector2(round(pos[i].x), round(pos[i].y))
		if not on_tile.has(t):
			on_tile[t] = []
		on_tile[t].append([id, pos[i]])
	for t in on_tile:
		var here: Array = on_tile[t]
		var n := here.size()
		for k in range(n):
			var id: int = here[k][0]
			var p: Vector2 = here[k][1]
			centres[id] = p + Vector2(0.5, 0.5) + spread(k, n)
			scales[id] = 1.0 if n == 1 else SHARED_SCALE
	for id in carried_by:
		var c = centres.get(carried_by[id])
		if c != null:
			centres[id] = c + Vector2(0, -0.28)
			scales[id] = 0.7


# The k-th of n bodies on one tile: its offset from the tile's centre, in tiles.
static func spread(k: int, n: int) -> Vector2:
	match n:
		1:
			return Vector2.ZERO
		2:
			return Vector2(-0.24 if k == 0 else 0.24, 0.02)
		3:
			return [Vector2(-0.24, 0.14), Vector2(0.24, 0.14), Vector2(0, -0.2)][k]
		4:
			return Vector2(-0.23 if k % 2 == 0 else 0.23, -0.2 if k < 2 else 0.2)
	var a := TAU * k / n - PI / 2
	return Vector2(cos(a), sin(a)) * 0.28


# The body's drawn centre in tiles (null if it is not drawn: unknown or carried away).
func centre_of(entity_id: int):
	return centres.get(entity_id)


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


# The bodies drawn under a point in tile coordinates: those whose drawn box holds it, the
# nearest first (the living before the knocked out before the dead). Hidden ones are not.
func ids_under(tile_point: Vector2) -> Array:
	var ids = snap.get("ent_id", PoolIntArray())
	var states = snap.get("ent_state", PoolIntArray())
	var found := []     # [score, id]
	for i in range(ids.size()):
		var id := int(ids[i])
		var c = centres.get(id)
		if c == null or fog_hides(i):
			continue
		var half: float = PICK_HALF * float(scales.get(id, 1.0))
		var d: Vector2 = tile_point - c
		if abs(d.x) > half or abs(d.y) > half:
			continue
		var st: int = states[i] if i < states.size() else 0
		found.append([d.length() + st * 10.0, id])
	found.sort_custom(self, "_by_score")
	var out := []
	for f in found:
		out.append(int(f[1]))
	return out


# The bodies whose drawn centre lies on a tile.
func ids_on_tile(tile: Vector2) -> Array:
	var out := []
	for id in centres:
		if (centres[id] as Vector2).floor() == tile and id in drawn_things:
			out.append(id)
	return out


# The body drawn under a point in tile coordinates (-1 if none): the first of ids_under.
# Clicking again where the selected body is picks the next body under the point, in turn.
func pick(tile_point: Vector2) -> int:
	var found := ids_under(tile_point)
	if found.empty():
		return -1
	var k := found.find(selected_id)
	return int(found[(k + 1) % found.size()]) if k >= 0 else int(found[0])


func _by_score(a: Array, b: Array) -> bool:
	return a[0] < b[0] or (a[0] == b[0] and a[1] < b[1])


func _draw() -> void:
	var ids = snap.get("ent_id", PoolIntArray())
	var kinds = snap.get("ent_kind", PoolIntArray())
	var states = snap.get("ent_state", PoolIntArray())
	var facings = snap.get("ent_facing", PoolIntArray())
	var wounds = snap.get("ent_wound_points", PoolIntArray())
	var bleeding = snap.get("ent_bleeding", PoolByteArray())
	var captured = snap.get("ent_captured", PoolByteArray())
	var unable := float(max(1, int(snap.get("wound_unable_at", 10))))
	var ts := float(tile_size)
	drawn_ids = PoolIntArray()
	drawn_things.clear()
	# The dead first, then the knocked out, then the living; carried bodies last (on top).
	for pass_state in [STATE_DEAD, STATE_KO, STATE_UP, -1]:
		for i in range(ids.size()):
			var id := int(ids[i])
			var st: int = states[i] if i < states.size() else 0
			st = st if st <= STATE_DEAD else STATE_UP
			var riding := carried_by.has(id)
			if (pass_state == -1) != riding or (not riding and st != pass_state):
				continue
			var c = centres.get(id)
			if c == null or fog_hides(i):
				continue
			var kind: int = kinds[i] if i < kinds.size() else -1
			var thing := Art.body_thing(kind, Names.look(id))
			drawn_ids.append(id)
			drawn_things[id] = thing
			var at: Vector2 = c * ts + fx_offset.get(id, Vector2.ZERO)
			var size: float = ts * float(scales.get(id, 1.0))
			var facing: int = facings[i] if i < facings.size() else 2
			var prisoner: bool = i < captured.size() and int(captured[i]) != 0
			_draw_body(id, thing, at, size, st, facing, riding, prisoner)
			var wp: int = wounds[i] if i < wounds.size() else 0
			if wp > 0 and st != STATE_DEAD:
				var bleeds: bool = i < bleeding.size() and int(bleeding[i]) != 0
				_draw_wound_bar(at, size, float(wp) / unable, bleeds)
	if selected_id >= 0 and centres.has(selected_id) and drawn_things.has(selected_id):
		var sc: Vector2 = centres[selected_id] * ts
		var pulse := 0.5 + 0.5 * sin(_time * 6.0)
		var r: float = ts * float(scales.get(selected_id, 1.0)) * (0.56 + 0.05 * pulse)
		draw_arc(sc, r, 0, TAU, 28, Color(SELECT_COLOR.r, SELECT_COLOR.g, SELECT_COLOR.b, 0.6 + 0.4 * pulse), 2.0, true)
		draw_arc(sc, r + 2.0, 0, TAU, 28, Color(0, 0, 0, 0.35), 1.0, true)


func _draw_body(id: int, thing: String, at: Vector2, size: float, st: int, facing: int,
		riding: bool, prisoner: bool) -> void:
	var flash: float = fx_flash.get(id, 0.0)
	var asleep := sleepers.has(id) and st == STATE_UP
	var lying := st != STATE_UP or riding or asleep
	var tint := Color(1, 1, 1, 1)
	if st == STATE_KO:
		tint = Color(0.7, 0.7, 0.8, 1)
	elif st == STATE_DEAD:
		tint = Color(0.42, 0.36, 0.36, 0.9)
	if flash > 0.0:
		tint = tint.linear_interpolate(Color(3, 3, 3, 1), flash)
	var dir: Vector2 = facing_vectors[int(clamp(facing, 0, 7))]
	var west := dir.x < -0.1
	if st == STATE_DEAD:
		Art.draw(self, "map/blood_old/0", Rect2(at - Vector2(size, size) * 0.5, Vector2(size, size)), Color(1, 1, 1, 0.85))
	if not lying:
		# A ground shadow and a wedge at the feet pointing the way the body faces.
		draw_set_transform(at + Vector2(0, size * 0.36), 0.0, Vector2(1.0, 0.38))
		draw_circle(Vector2.ZERO, size * 0.3, Color(0, 0, 0, 0.4))
		draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)
		var foot := at + Vector2(0, size * 0.36)
		var tip := foot + Vector2(dir.x, dir.y * 0.45) * size * 0.42
		var side := Vector2(-dir.y, dir.x * 0.45) * size * 0.1
		draw_colored_polygon(PoolVector2Array([tip, foot + side, foot - side]), Color(1, 0.95, 0.6, 0.85))
		Art.draw_turned(self, thing, at, size, 0.0, tint, west)
	else:
		Art.draw_turned(self, thing, at + Vector2(0, size * 0.12), size, -PI / 2 if not west else PI / 2, tint, west)
	var corner := at + Vector2(-size * 0.5, -size * 0.5)
	if st == STATE_KO:
		Art.draw(self, "mark/knocked_out", Rect2(at + Vector2(-size * 0.4, -size * 0.62), Vector2(size * 0.8, size * 0.8)))
	if asleep:
		Art.draw(self, "mark/asleep", Rect2(at + Vector2(size * 0.05, -size * 0.75), Vector2(size * 0.8, size * 0.8)))
	if prisoner:
		Art.draw(self, "mark/captured", Rect2(at + Vector2(-size * 0.4, size * 0.05), Vector2(size * 0.8, size * 0.8)))
		var t := (at / float(tile_size)).floor()
		if cells.has(t) and not riding:
			Art.draw(self, "mark/cell_bars", Rect2(t * tile_size, Vector2(tile_size, tile_size)), Color(1, 1, 1, 0.85))
	if cautious.has(id) and st == STATE_UP:
		Art.draw(self, "mark/cautious", Rect2(corner + Vector2(-2, -2), Vector2(MARK, MARK)))


# A bar over the body: the share of the wound points that leave it unable to fight.
func _draw_wound_bar(at: Vector2, size: float, share: float, bleeds: bool) -> void:
	var w := size * 0.7
	var top := at + Vector2(-w / 2, -size * 0.56)
	var f: float = clamp(share, 0.0, 1.0)
	var col := Color(0.35, 0.9, 0.35).linear_interpolate(Color(1, 0.85, 0.2), clamp(f * 2.0, 0, 1))
	if f > 0.5:
		col = Color(1, 0.85, 0.2).linear_interpolate(Color(0.95, 0.2, 0.15), (f - 0.5) * 2.0)
	draw_rect(Rect2(top - Vector2(1, 1), Vector2(w + 2, 5)), Color(0, 0, 0, 0.75))
	draw_rect(Rect2(top, Vector2(max(1.0, w * f), 3)), col)
	if bleeds:
		var d := top + Vector2(w + 5, 1)
		draw_circle(d, 2.5, Color(0.8, 0.05, 0.05))
		draw_colored_polygon(PoolVector2Array([d + Vector2(-2, -1), d + Vector2(0, -5), d + Vector2(2, -1)]), Color(0.8, 0.05, 0.05))


# Fog of war: a body the fog hides (pysim/invasions/unseen.py: the snapshot's ent_unseen,
# an enemy on a tile none of yours sees now) is not drawn or picked.
func fog_hides(i: int) -> bool:
	var unseen = snap.get("ent_unseen", PoolByteArray())
	return i < unseen.size() and unseen[i] != 0
