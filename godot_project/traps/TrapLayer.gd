extends Node2D
# Trap parts, wires, jump bumps, join points, gas clouds, webs and metal piles, drawn from
# the snapshot's part_* / wire_* / gas_* / web_* / stock_* keys (pysim/traps/trap_view.py _snapshot).
# Each part kind is a small glyph drawn with primitives inside its tile (draw_part):
# triggers gold on dark olive (tripwire line, pressure plate square, sensor eye, lever stick
# leaning right with a green knob when on), mechanisms red on maroon (blades cross, flame
# triangle, gas cloud, coil zigzag, dart arrow, blast star, spider, web, skull, bell), the
# timer a blue clock. Blueprints are drawn faint with a thin frame and no backing; a part
# needing a reset or expired gets a crossed-out dart; a rigged trigger a red ring. The Wiring tool's drag in progress is drawn as `preview`.

const KINDS := ["tripwire", "wide_tripwire", "pressure_plate", "sensor", "lever",
		"spinning_blades", "flame_sprayer", "gas_sprayer", "electric_coil", "dart_thrower",
		"blast_trap", "spider_trap", "web_trap", "terror_trap", "alarm_trap", "timer"]
const TRIGGER_COL := Color(1.0, 0.86, 0.3)       # triggers: gold on dark olive
const TRIGGER_BACK := Color(0.22, 0.18, 0.02, 0.75)
const MECH_COL := Color(1.0, 0.42, 0.32)          # mechanisms: red on dark maroon
const MECH_BACK := Color(0.28, 0.04, 0.04, 0.75)
const TIMER_COL := Color(0.45, 0.8, 1.0)          # the timer: blue on dark navy
const TIMER_BACK := Color(0.03, 0.1, 0.25, 0.75)
const LEVER_ON_COL := Color(0.3, 1, 0.3)
const BLUEPRINT_ALPHA := 0.4
const WIRE_COL := Color(0.95, 0.6, 0.15)
const PREVIEW_COL := Color(1, 1, 1, 0.6)

var tile_size := 16
var snap := {}
var preview := []          # tiles of the drag in progress (Vector2)
var placement := {}        # the Build Trap tool's hovered tile: {"tile", "ok", "reason"}
var selected_part := -1
var _font: Font = null
var _version := -1


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_font = Control.new().get_font("font")


func _on_snapshot_updated(s: Dictionary) -> void:
	snap = s
	var v: int = int(s.get("trap_version", 0)) + 7 * s.get("gas_pos", []).size() \
			+ 13 * s.get("web_pos", []).size()
	if v != _version:
		_version = v
		update()


func centre(t: Vector2) -> Vector2:
	return (t + Vector2(0.5, 0.5)) * tile_size


func _draw() -> void:
	_draw_clouds()
	_draw_wires()
	_draw_parts()
	_draw_preview()
	_draw_placement()


func _draw_clouds() -> void:
	var gp = snap.get("gas_pos", [])
	var gr = snap.get("gas_radius", [])
	for i in range(gp.size()):
		var r := float(int(gr[i]) * 2 + 1) * tile_size
		var c := centre(gp[i])
		draw_rect(Rect2(c - Vector2(r, r) / 2, Vector2(r, r)), Color(0.5, 0.9, 0.3, 0.25))
	for p in snap.get("web_pos", []):
		var c := centre(p)
		var h := tile_size * 0.45
		draw_line(c - Vector2(h, h), c + Vector2(h, h), Color(0.9, 0.9, 0.9, 0.7))
		draw_line(c - Vector2(h, -h), c + Vector2(h, -h), Color(0.9, 0.9, 0.9, 0.7))
		draw_line(c - Vector2(h, 0), c + Vector2(h, 0), Color(0.9, 0.9, 0.9, 0.7))
	var sp = snap.get("stock_pos", [])
	var sm = snap.get("stock_metal", [])
	for i in range(sp.size()):
		if i < sm.size() and int(sm[i]) <= 0:
			continue             # its last metal is on its way: an empty pile is no pile
		var c := centre(sp[i])
		draw_rect(Rect2(c - Vector2(5, 3), Vector2(10, 6)), Color(0.6, 0.62, 0.7))
		if _font != null:
			draw_string(_font, c + Vector2(-4, -4), str(sm[i]), Color(1, 1, 1))


func _draw_wires() -> void:
	var lens = snap.get("wire_len", [])
	var tiles = snap.get("wire_tiles", [])
	var nets = snap.get("wire_net", [])
	var k := 0
	for i in range(lens.size()):
		var n := int(lens[i])
		var col := WIRE_COL.linear_interpolate(Color(1, 0.3, 0.8), fmod(float(nets[i]) * 0.37, 1.0))
		for j in range(n - 1):
			draw_line(centre(tiles[k + j]), centre(tiles[k + j + 1]), col, 2.0)
		k += n
	var bumps = snap.get("wire_bumps", [])
	var vert = snap.get("wire_bump_vertical", [])
	for i in range(bumps.size()):
		var c := centre(bumps[i])
		# a small arc where the newer wire jumps the older one
		var ang: float = PI / 2 if int(vert[i]) == 1 else 0.0
		draw_arc(c, tile_size * 0.3, ang - PI / 2 + PI, ang + PI / 2 + PI, 8, Color(1, 1, 1), 2.0)
	for p in snap.get("wire_joins", []):
		draw_circle(centre(p), 3.0, Color(1, 1, 1))


func _draw_parts() -> void:
	var ids = snap.get("part_id", [])
	var kinds = snap.get("part_kind", [])
	var pos = snap.get("part_pos", [])
	var states = snap.get("part_state", [])
	var flags = snap.get("part_flags", [])
	for i in range(ids.size()):
		var kind := int(kinds[i])
		var c := centre(pos[i])
		var st := int(states[i])
		var f := int(flags[i])
		draw_part(kind, c, st, f)
		var r := tile_size * 0.5
		if (f & 1) != 0:
			draw_arc(c, r + 1.5, 0, TAU, 20, Color(1, 0.1, 0.1), 1.5)        # rigged
		if (f & 32) != 0:
			# A timer counting down (part_flags bit 5): a blue ring, not the needs-reset dart.
			draw_arc(c, r - 1.0, -PI / 2, -PI / 2 + TAU * 0.75, 16, Color(0.55, 0.8, 1), 1.5)
		elif st == 2 or st == 3:
			_crossed_dart(c, st == 3)
		if int(ids[i]) == selected_part:
			draw_rect(Rect2(c - Vector2(r + 1, r + 1), Vector2(2 * r + 2, 2 * r + 2)), Color(1, 1, 0), false, 1.5)


# One part's glyph on its tile, centred on c: a dark backing in its role's colour family
# (triggers gold, mechanisms red, the timer blue) and a small picture of the kind, drawn
# with primitives so it stays inside the 16-px tile at any zoom. Blueprints: no backing,
# the glyph faint, a thin frame.
func draw_part(kind: int, c: Vector2, state: int, flags: int) -> void:
	var role := role_of(kind)
	var col: Color = [TRIGGER_COL, MECH_COL, TIMER_COL][role]
	var back: Color = [TRIGGER_BACK, MECH_BACK, TIMER_BACK][role]
	var blueprint := state == 0
	var k := tile_size / 16.0              # glyphs are drawn for a 16-px tile
	var h := 7.0 * k                       # the backing's half size
	if kind == 1:                          # wide tripwire: the wire spans three tiles
		var d: Vector2 = Vector2(0, tile_size) if (flags & 16) != 0 else Vector2(tile_size, 0)
		var wc := col
		if blueprint:
			wc.a = BLUEPRINT_ALPHA
		draw_line(c - d, c + d, wc, 1.5 * k)
		for e in [c - d, c + d]:
			draw_rect(Rect2(e - Vector2(1.5, 1.5) * k, Vector2(3, 3) * k), wc)
	if blueprint:
		col.a = BLUEPRINT_ALPHA
		draw_rect(Rect2(c - Vector2(h, h), Vector2(2 * h, 2 * h)), Color(col.r, col.g, col.b, 0.5), false, 1.0)
	else:
		draw_rect(Rect2(c - Vector2(h, h), Vector2(2 * h, 2 * h)), back)
	var dark := Color(0, 0, 0, col.a * 0.8)
	var vertical := (flags & 16) != 0
	match kind:
		0, 1:                              # tripwire: a taut line across with two posts
			var d := Vector2(0, 6) * k if vertical else Vector2(6, 0) * k
			draw_line(c - d, c + d, col, 1.5 * k)
			draw_rect(Rect2(c - d - Vector2(1.5, 1.5) * k, Vector2(3, 3) * k), col)
			draw_rect(Rect2(c + d - Vector2(1.5, 1.5) * k, Vector2(3, 3) * k), col)
		2:                                 # pressure plate: a raised square
			draw_rect(Rect2(c - Vector2(5, 5) * k, Vector2(10, 10) * k), col)
			draw_rect(Rect2(c - Vector2(3, 3) * k, Vector2(6, 6) * k), dark, false, 1.0)
		3:                                 # sensor: an eye
			var lid := PoolVector2Array()
			for j in range(13):
				var t := PI * j / 12.0
				lid.append(c + Vector2(-cos(t) * 6, -sin(t) * 3.5) * k)
			for j in range(1, 12):
				var t := PI * j / 12.0
				lid.append(c + Vector2(cos(t) * 6, sin(t) * 3.5) * k)
			draw_colored_polygon(lid, col)
			draw_circle(c, 2.2 * k, dark)
		4:                                 # lever: a stick with a knob, leaning by its pose
			var on := (flags & 2) != 0
			var base := c + Vector2(0, 4) * k
			var tip := base + (Vector2(4, -8) if on else Vector2(-4, -8)) * k
			draw_rect(Rect2(base - Vector2(4, 0) * k, Vector2(8, 2.5) * k), col)
			draw_line(base, tip, col, 1.5 * k)
			draw_circle(tip, 2.2 * k, LEVER_ON_COL if on else col)
		5:                                 # spinning blades: a four-bladed cross
			for j in range(4):
				var a := j * PI / 2 + PI / 8
				var dir := Vector2(cos(a), sin(a))
				var side := Vector2(-dir.y, dir.x)
				draw_colored_polygon(PoolVector2Array([c + side * 1.8 * k,
						c + dir * 6.5 * k + side * 1.2 * k, c + dir * 6 * k - side * 1.5 * k]), col)
			draw_circle(c, 1.8 * k, dark)
		6:                                 # flame sprayer: a flame (triangle, hot core)
			draw_colored_polygon(PoolVector2Array([c + Vector2(0, -6) * k, c + Vector2(5, 5) * k,
					c + Vector2(-5, 5) * k]), col)
			draw_colored_polygon(PoolVector2Array([c + Vector2(0, -1) * k, c + Vector2(2.5, 4.5) * k,
					c + Vector2(-2.5, 4.5) * k]), Color(1, 0.9, 0.4, col.a))
		7:                                 # gas sprayer: a cloud of puffs
			draw_circle(c + Vector2(-3, 1.5) * k, 3 * k, col)
			draw_circle(c + Vector2(3, 1.5) * k, 3 * k, col)
			draw_circle(c + Vector2(0, -2) * k, 3.5 * k, col)
			draw_circle(c + Vector2(0, 1.5) * k, 2.5 * k, col)
		8:                                 # electric coil: a zigzag
			var z := PoolVector2Array()
			for j in range(6):
				z.append(c + Vector2(-6 + j * 2.4, -4 if j % 2 == 0 else 4) * k)
			draw_polyline(z, col, 1.5 * k)
		9:                                 # dart thrower: an arrow
			draw_line(c + Vector2(-6, 0) * k, c + Vector2(4, 0) * k, col, 1.5 * k)
			draw_colored_polygon(PoolVector2Array([c + Vector2(6.5, 0) * k, c + Vector2(2, -3.5) * k,
					c + Vector2(2, 3.5) * k]), col)
			draw_line(c + Vector2(-4.5, 0) * k, c + Vector2(-6.5, -2.5) * k, col, 1.0)
			draw_line(c + Vector2(-4.5, 0) * k, c + Vector2(-6.5, 2.5) * k, col, 1.0)
		10:                                # blast trap: an eight-pointed star
			var star := PoolVector2Array()
			for j in range(16):
				var a := j * PI / 8
				star.append(c + Vector2(cos(a), sin(a)) * (6.5 if j % 2 == 0 else 2.8) * k)
			draw_colored_polygon(star, col)
		11:                                # spider trap: a body and eight legs
			for s in [-1, 1]:
				for j in range(4):
					var y := (-3 + j * 2) * k
					draw_line(c + Vector2(s * 1.5 * k, y * 0.5), c + Vector2(s * 6.5 * k, y + (j - 1.5) * k), col, 1.0)
			draw_circle(c + Vector2(0, 1) * k, 3 * k, col)
			draw_circle(c + Vector2(0, -3) * k, 1.8 * k, col)
		12:                                # web trap: spokes and a ring
			for j in range(4):
				var a := j * PI / 4
				var d := Vector2(cos(a), sin(a)) * 6.5 * k
				draw_line(c - d, c + d, col, 1.0)
			for rr in [2.5, 5.0]:
				var ring := PoolVector2Array()
				for j in range(9):
					var a := j * PI / 4
					ring.append(c + Vector2(cos(a), sin(a)) * rr * k)
				draw_polyline(ring, col, 1.0)
		13:                                # terror trap: a skull
			draw_circle(c + Vector2(0, -1.5) * k, 5 * k, col)
			draw_rect(Rect2(c + Vector2(-3, 2) * k, Vector2(6, 4) * k), col)
			draw_circle(c + Vector2(-2, -1.5) * k, 1.5 * k, dark)
			draw_circle(c + Vector2(2, -1.5) * k, 1.5 * k, dark)
			draw_line(c + Vector2(-1, 4) * k, c + Vector2(-1, 6) * k, dark, 1.0)
			draw_line(c + Vector2(1, 4) * k, c + Vector2(1, 6) * k, dark, 1.0)
		14:                                # alarm trap: a bell with its clapper
			draw_circle(c + Vector2(0, -2.5) * k, 3.5 * k, col)
			draw_colored_polygon(PoolVector2Array([c + Vector2(-3.5, -2.5) * k, c + Vector2(3.5, -2.5) * k,
					c + Vector2(6, 3.5) * k, c + Vector2(-6, 3.5) * k]), col)
			draw_circle(c + Vector2(0, 5) * k, 1.6 * k, col)
		15:                                # timer: a clock face
			draw_arc(c, 5.5 * k, 0, TAU, 20, col, 1.5 * k)
			draw_line(c, c + Vector2(0, -4) * k, col, 1.5 * k)
			draw_line(c, c + Vector2(3, 0) * k, col, 1.5 * k)
		_:
			draw_circle(c, 4 * k, col)


# 0 trigger, 1 mechanism, 2 timer (KINDS order: triggers, mechanisms, the timer).
static func role_of(kind: int) -> int:
	if kind <= 4:
		return 0
	if kind <= 14:
		return 1
	return 2


# A small crossed-out dart in the tile's top-right corner: the part needs a reset (grey when
# expired), drawn over the glyph but kept inside the tile.
func _crossed_dart(c: Vector2, expired: bool) -> void:
	var k := tile_size / 16.0
	var o := c + Vector2(4.5, -4.5) * k
	var col: Color = Color(0.9, 0.9, 0.9) if not expired else Color(0.6, 0.6, 0.6)
	draw_line(o + Vector2(-3, 3) * k, o + Vector2(3, -3) * k, col, 1.2 * k)
	draw_line(o + Vector2(3, -3) * k, o + Vector2(0.5, -3) * k, col, 1.2 * k)
	draw_line(o + Vector2(3, -3) * k, o + Vector2(3, -0.5) * k, col, 1.2 * k)
	draw_line(o + Vector2(-3.5, -3.5) * k, o + Vector2(3.5, 3.5) * k, Color(1, 0.15, 0.15), 1.5 * k)


# Green frame: a part can go on the hovered tile; red with a cross: it would be refused.
func _draw_placement() -> void:
	if placement.empty():
		return
	var t: Vector2 = placement.tile
	var r := Rect2(t * tile_size, Vector2(tile_size, tile_size))
	var col := Color(0.4, 1, 0.45, 0.9) if placement.ok else Color(1, 0.3, 0.25, 0.9)
	draw_rect(r, Color(col.r, col.g, col.b, 0.18), true)
	draw_rect(r, col, false, 1.5)
	if not placement.ok:
		draw_line(r.position + Vector2(3, 3), r.end - Vector2(3, 3), col, 1.5)
		draw_line(Vector2(r.end.x - 3, r.position.y + 3), Vector2(r.position.x + 3, r.end.y - 3), col, 1.5)


func _draw_preview() -> void:
	for j in range(preview.size() - 1):
		draw_line(centre(preview[j]), centre(preview[j + 1]), PREVIEW_COL, 2.0)
