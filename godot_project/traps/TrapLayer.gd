extends Node2D
# Trap parts, wires, jump bumps, join points, gas clouds, webs and metal piles, drawn from
# the snapshot's part_* / wire_* / gas_* / web_* / stock_* keys (pysim/traps.py _snapshot).
# Blueprints are drawn faint; a part needing a reset or expired gets a crossed-out dart;
# a rigged trigger a red ring. The Wiring tool's drag in progress is drawn as `preview`.

const KINDS := ["tripwire", "wide_tripwire", "pressure_plate", "sensor", "lever",
		"spinning_blades", "flame_sprayer", "gas_sprayer", "electric_coil", "dart_thrower",
		"blast_trap", "spider_trap", "web_trap", "terror_trap", "alarm_trap", "timer"]
const SHORT := ["Tw", "WT", "Pp", "Sn", "Lv", "Bl", "Fl", "Gs", "Co", "Dt", "Bx", "Sp",
		"Wb", "Tr", "Al", "Ti"]
const TRIGGER_COL := Color(0.95, 0.85, 0.3)
const MECH_COL := Color(0.9, 0.35, 0.3)
const TIMER_COL := Color(0.4, 0.75, 1.0)
const WIRE_COL := Color(0.95, 0.6, 0.15)
const PREVIEW_COL := Color(1, 1, 1, 0.6)

var tile_size := 16
var snap := {}
var preview := []          # tiles of the drag in progress (Vector2)
var selected_part := -1
var _font: Font = null
var _version := -1


func _ready() -> void:
	EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
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
		var col := TIMER_COL
		if kind <= 4:
			col = TRIGGER_COL
		elif kind <= 14:
			col = MECH_COL
		var st := int(states[i])
		if st == 0:
			col.a = 0.35            # blueprint
		var r := tile_size * 0.4
		if kind == 1:               # wide tripwire: three tiles
			var vertical: bool = (int(flags[i]) & 16) != 0
			var d: Vector2 = Vector2(0, tile_size) if vertical else Vector2(tile_size, 0)
			draw_line(c - d, c + d, col, 3.0)
		draw_rect(Rect2(c - Vector2(r, r), Vector2(2 * r, 2 * r)), col, st != 0)
		if _font != null:
			draw_string(_font, c + Vector2(-r + 1, 3), SHORT[kind], Color(0, 0, 0) if st != 0 else col)
		var f := int(flags[i])
		if kind == 4 and (f & 2) != 0:
			draw_circle(c + Vector2(r, -r), 2.5, Color(0.2, 1, 0.2))      # lever on
		if (f & 1) != 0:
			draw_arc(c, r + 3, 0, TAU, 16, Color(1, 0.1, 0.1), 2.0)        # rigged
		if st == 2 or st == 3:
			_crossed_dart(c, st == 3)
		if int(ids[i]) == selected_part:
			draw_rect(Rect2(c - Vector2(r + 2, r + 2), Vector2(2 * r + 4, 2 * r + 4)), Color(1, 1, 0), false, 1.5)


func _crossed_dart(c: Vector2, expired: bool) -> void:
	var o := c + Vector2(tile_size * 0.25, -tile_size * 0.25)
	var col: Color = Color(0.85, 0.85, 0.85) if not expired else Color(0.6, 0.6, 0.6)
	draw_line(o + Vector2(-4, 4), o + Vector2(4, -4), col, 1.5)
	draw_line(o + Vector2(4, -4), o + Vector2(1, -4), col, 1.5)
	draw_line(o + Vector2(4, -4), o + Vector2(4, -1), col, 1.5)
	draw_line(o + Vector2(-5, -5), o + Vector2(5, 5), Color(1, 0.15, 0.15), 2.0)


func _draw_preview() -> void:
	for j in range(preview.size() - 1):
		draw_line(centre(preview[j]), centre(preview[j + 1]), PREVIEW_COL, 2.0)
