extends Node2D
# Invasion things on the map, from the snapshot: treasure piles (kept in `piles`; drawn by
# economy/EconomyLayer.gd), prison cells and altars (their sprites, art/sprites.txt
# furniture/cell and furniture/altar; an altar gets a crack per hit taken). Prisoners are
# drawn in shackles by world/EntityLayer.gd.

var tile_size := 32
var piles := []       # [tile Vector2, amount]
var cells := []       # tile Vector2
var altars := []      # [tile Vector2, hits left]
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
	update()


func _draw() -> void:
	var ts := float(tile_size)
	for c in cells:
		Art.draw(self, "furniture/cell", Rect2(c * ts, Vector2(ts, ts)))
	for a in altars:
		var o2: Vector2 = a[0] * ts
		Art.draw(self, "furniture/altar", Rect2(o2, Vector2(ts, ts)))
		var cracks := ALTAR_HITS - int(a[1])
		for k in range(min(cracks, 6)):
			var x0 := ts * (0.2 + 0.1 * k)
			draw_line(o2 + Vector2(x0, ts * 0.45), o2 + Vector2(x0 + ts * 0.08, ts * 0.85), Color(0.05, 0.02, 0.05), 2.0)
	# The piles themselves are drawn by economy/EconomyLayer.gd (under the bodies): both
	# branches drew them, and the two amounts overlapped ("2200" for two piles of 20).
