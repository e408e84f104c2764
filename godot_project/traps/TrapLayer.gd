extends Node2D
# Trap parts, wires, jump bumps, join points, webs and metal piles, drawn from the
# snapshot's part_* / wire_* / web_* / stock_* keys (pysim/traps/trap_view.py _snapshot).
# Each part is its sprite (art/Art.gd part_thing: the lever on or off), over a dark backing
# in its role's colour (triggers gold, mechanisms red, the timer blue) so the role reads at a
# glance. Blueprints are drawn faint in a thin frame with no backing; a part needing a reset
# or expired gets a crossed-out dart; a rigged trigger a red ring; a timer counting down a
# blue ring; a built part in no whole trap (it does nothing, TRAP-04) the "not wired" mark, a
# cut wire, in its top-left corner. Gas clouds are drawn by the effects (world/EffectsLayer.gd). The Wiring tool's
# drag in progress is drawn as `preview`.

const TRIGGER_COL := Color(1.0, 0.86, 0.3)       # triggers: gold on dark olive
const TRIGGER_BACK := Color(0.22, 0.18, 0.02, 0.75)
const MECH_COL := Color(1.0, 0.42, 0.32)          # mechanisms: red on dark maroon
const MECH_BACK := Color(0.28, 0.04, 0.04, 0.75)
const TIMER_COL := Color(0.45, 0.8, 1.0)          # the timer: blue on dark navy
const TIMER_BACK := Color(0.03, 0.1, 0.25, 0.75)
const BLUEPRINT_ALPHA := 0.4
const WIRE_COL := Color(0.95, 0.6, 0.15)
const PREVIEW_COL := Color(1, 1, 1, 0.6)
const NOT_WIRED := 64       # part_flags bit 6 (pysim/traps/trap_view.py): built, in no whole trap

var tile_size := 32
var snap := {}
var preview := []          # tiles of the drag in progress (Vector2)
var placement := {}        # the Build Trap tool's hovered tile: {"tile", "ok", "reason", "note"}
var selected_part := -1
var not_wired_drawn := []  # the parts the last _draw marked "not wired" (ids; tests read it)
var _font: Font = null
var _version := -1


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_font = Control.new().get_font("font")


func _on_snapshot_updated(s: Dictionary) -> void:
	snap = s
	var v: int = int(s.get("trap_version", 0)) + 13 * s.get("web_pos", []).size() \
			+ 17 * s.get("stock_pos", []).size()
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
	var ts := float(tile_size)
	for p in snap.get("web_pos", []):
		Art.draw(self, "map/web", Rect2(p * ts, Vector2(ts, ts)), Color(1, 1, 1, 0.85))
	var sp = snap.get("stock_pos", [])
	var sm = snap.get("stock_metal", [])
	for i in range(sp.size()):
		if i < sm.size() and int(sm[i]) <= 0:
			continue             # its last metal is on its way: an empty pile is no pile
		var o: Vector2 = sp[i] * ts
		Art.draw(self, "map/metal_pile", Rect2(o, Vector2(ts, ts)))
		if _font != null and i < sm.size():
			_label(o + Vector2(2, 11), str(sm[i]), Color(1, 1, 1))


func _label(at: Vector2, text: String, col: Color) -> void:
	draw_string(_font, at + Vector2(1, 1), text, Color(0, 0, 0, 0.85))
	draw_string(_font, at, text, col)


func _draw_wires() -> void:
	var lens = snap.get("wire_len", [])
	var tiles = snap.get("wire_tiles", [])
	var nets = snap.get("wire_net", [])
	var k := 0
	for i in range(lens.size()):
		var n := int(lens[i])
		var col := WIRE_COL.linear_interpolate(Color(1, 0.3, 0.8), fmod(float(nets[i]) * 0.37, 1.0))
		for j in range(n - 1):
			draw_line(centre(tiles[k + j]), centre(tiles[k + j + 1]), col, 3.0)
		k += n
	var bumps = snap.get("wire_bumps", [])
	var vert = snap.get("wire_bump_vertical", [])
	for i in range(bumps.size()):
		var c := centre(bumps[i])
		# a small arc where the newer wire jumps the older one
		var ang: float = PI / 2 if int(vert[i]) == 1 else 0.0
		draw_arc(c, tile_size * 0.3, ang - PI / 2 + PI, ang + PI / 2 + PI, 8, Color(1, 1, 1), 3.0)
	for p in snap.get("wire_joins", []):
		draw_circle(centre(p), 5.0, Color(1, 1, 1))


func _draw_parts() -> void:
	var ids = snap.get("part_id", [])
	var kinds = snap.get("part_kind", [])
	var pos = snap.get("part_pos", [])
	var states = snap.get("part_state", [])
	var flags = snap.get("part_flags", [])
	not_wired_drawn = []
	for i in range(ids.size()):
		var kind := int(kinds[i])
		var c := centre(pos[i])
		var st := int(states[i])
		var f := int(flags[i])
		draw_part(kind, c, st, f)
		var r := tile_size * 0.5
		if (f & 1) != 0:
			draw_arc(c, r + 1.5, 0, TAU, 24, Color(1, 0.1, 0.1), 2.0)        # rigged
		if (f & 32) != 0:
			# A timer counting down (part_flags bit 5): a blue ring, not the needs-reset dart.
			draw_arc(c, r - 1.5, -PI / 2, -PI / 2 + TAU * 0.75, 20, Color(0.55, 0.8, 1), 2.5)
		elif st == 2 or st == 3:
			_crossed_dart(c, st == 3)
		if (f & NOT_WIRED) != 0:
			Art.draw(self, "mark/not_wired", Rect2(c - Vector2(r, r), Vector2(r, r)))
			not_wired_drawn.append(int(ids[i]))
		if int(ids[i]) == selected_part:
			draw_rect(Rect2(c - Vector2(r + 1, r + 1), Vector2(2 * r + 2, 2 * r + 2)), Color(1, 1, 0), false, 2.0)


# One part on its tile, centred on c: a dark backing in its role's colour family (triggers
# gold, mechanisms red, the timer blue) under its sprite. Blueprints: no backing, the sprite
# faint, a thin frame. A wide tripwire's wire spans the tiles on both sides (flag 16: up and
# down).
func draw_part(kind: int, c: Vector2, state: int, flags: int) -> void:
	var role := role_of(kind)
	var col: Color = [TRIGGER_COL, MECH_COL, TIMER_COL][role]
	var back: Color = [TRIGGER_BACK, MECH_BACK, TIMER_BACK][role]
	var blueprint := state == 0
	var ts := float(tile_size)
	var h := ts * 0.47
	var vertical := (flags & 16) != 0
	var tint := Color(1, 1, 1, BLUEPRINT_ALPHA if blueprint else 1.0)
	if blueprint:
		draw_rect(Rect2(c - Vector2(h, h), Vector2(2 * h, 2 * h)), Color(col.r, col.g, col.b, 0.5), false, 1.0)
	else:
		draw_rect(Rect2(c - Vector2(h, h), Vector2(2 * h, 2 * h)), back)
	var thing := Art.part_thing(kind, flags)
	var angle := PI / 2 if vertical and kind <= 1 else 0.0
	if kind == 1:
		var d: Vector2 = Vector2(0, ts) if vertical else Vector2(ts, 0)
		for e in [c - d, c + d]:
			Art.draw_turned(self, thing, e, ts, angle, tint)
	Art.draw_turned(self, thing, c, ts, angle, tint)


# 0 trigger, 1 mechanism, 2 timer (part kinds in order: triggers, mechanisms, the timer;
# art/Art.gd PART_KINDS).
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


# Green frame: a part can go on the hovered tile; amber with the "not wired" mark: it can, but
# it could not be wired into the trap beside it (the preview's note); red with a cross: it
# would be refused.
func _draw_placement() -> void:
	if placement.empty():
		return
	var t: Vector2 = placement.tile
	var r := Rect2(t * tile_size, Vector2(tile_size, tile_size))
	var warned: bool = placement.ok and str(placement.get("note", "")) != ""
	var col := Color(0.4, 1, 0.45, 0.9) if placement.ok else Color(1, 0.3, 0.25, 0.9)
	if warned:
		col = Color(1, 0.72, 0.2, 0.95)
	draw_rect(r, Color(col.r, col.g, col.b, 0.18), true)
	draw_rect(r, col, false, 2.0)
	if warned:
		Art.draw(self, "mark/not_wired", Rect2(r.position, r.size * 0.5))
	if not placement.ok:
		draw_line(r.position + Vector2(5, 5), r.end - Vector2(5, 5), col, 2.0)
		draw_line(Vector2(r.end.x - 5, r.position.y + 5), Vector2(r.position.x + 5, r.end.y - 5), col, 2.0)


func _draw_preview() -> void:
	for j in range(preview.size() - 1):
		draw_line(centre(preview[j]), centre(preview[j + 1]), PREVIEW_COL, 3.0)
