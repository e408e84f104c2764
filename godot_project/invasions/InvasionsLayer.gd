extends Node2D
# Invasion things on the map, from the snapshot: treasure piles (kept in `piles`; drawn by
# economy/EconomyLayer.gd), prison cells (iron bars), altars (a stone block, a crack per hit taken) and
# prisoners (a chain mark over a captured adventurer: ent_captured).

var tile_size := 16
var piles := []       # [tile Vector2, amount]
var cells := []       # tile Vector2
var altars := []      # [tile Vector2, hits left]
var prisoners := []   # tile Vector2
var font: Font = null

const Shared := preload("res://core/Shared.gd")
const ALTAR_HITS := Shared.ALTAR_HITS


func _ready() -> void:
	var c := Control.new()
	font = c.get_font("font")
	c.free()


func on_snapshot(s: Dictionary) -> void:
	piles = []
	var tp = s.get("treasure_pos", [])
	var ta = s.get("treasure_amount", [])
	for i in range(min(tp.size(), ta.size())):
		piles.append([tp[i], int(ta[i])])
	cells = []
	for p in s.get("cell_pos", []):
		cells.append(p)
	altars = []
	var ap = s.get("altar_pos", [])
	var ah = s.get("altar_hits", [])
	for i in range(min(ap.size(), ah.size())):
		altars.append([ap[i], int(ah[i])])
	prisoners = []
	var capt = s.get("ent_captured", [])
	var pos = s.get("ent_pos", [])
	for i in range(min(capt.size(), pos.size())):
		if int(capt[i]) != 0:
			prisoners.append(pos[i])
	update()


func _draw() -> void:
	var ts := float(tile_size)
	for c in cells:
		var o: Vector2 = c * ts
		draw_rect(Rect2(o, Vector2(ts, ts)), Color(0.25, 0.25, 0.3, 0.45), true)
		for k in range(4):
			var x := ts * (0.15 + 0.23 * k)
			draw_line(o + Vector2(x, ts * 0.05), o + Vector2(x, ts * 0.95), Color(0.65, 0.65, 0.7), 1.5)
	for a in altars:
		var o2: Vector2 = a[0] * ts
		draw_rect(Rect2(o2 + Vector2(ts * 0.15, ts * 0.35), Vector2(ts * 0.7, ts * 0.5)), Color(0.55, 0.2, 0.6), true)
		draw_rect(Rect2(o2 + Vector2(ts * 0.3, ts * 0.15), Vector2(ts * 0.4, ts * 0.2)), Color(0.8, 0.35, 0.9), true)
		var cracks := ALTAR_HITS - int(a[1])
		for k in range(min(cracks, 6)):
			var x0 := ts * (0.2 + 0.1 * k)
			draw_line(o2 + Vector2(x0, ts * 0.4), o2 + Vector2(x0 + ts * 0.08, ts * 0.8), Color(0.1, 0.05, 0.1), 1.0)
	# The piles themselves are drawn by economy/EconomyLayer.gd (under the bodies): both
	# branches drew them, and the two amounts overlapped ("2200" for two piles of 20).
	for q in prisoners:
		var o4: Vector2 = q * ts
		draw_arc(o4 + Vector2(ts * 0.35, ts * 0.85), ts * 0.12, 0, TAU, 8, Color(0.75, 0.75, 0.8), 1.5)
		draw_arc(o4 + Vector2(ts * 0.6, ts * 0.85), ts * 0.12, 0, TAU, 8, Color(0.75, 0.75, 0.8), 1.5)
