extends Node2D
# Metal veins, furniture and the build tools' placement preview, drawn from the snapshot's
# vein_* and furn_* keys (pysim/economy/mining.py, furniture.py).
# - A vein: gold-orange flecks on its rock tile; marked for mining, a pick (two crossed
#   strokes) and a dashed frame.
# - Furniture by kind (furn_kind indexes KINDS, pysim's KIND_ORDER): bed (a grey frame, a
#   white pillow, a red blanket), scrapper's table (a brown top on four legs, a blade),
#   pyre (crossed logs under a flame). Built altars, cells, guardposts and scrying pools
#   are drawn by their own layers (InvasionsLayer, WatchLayer); their blueprints here, as
#   grey squares. An unknown kind (added in pysim, not drawn here yet)
#   is a labelled grey square. A blueprint (furn_bp_*) is the same glyph, faint, in a thin
#   frame, with the metal on site of its cost ("1/2").
# - Treasure piles (treasure_pos / treasure_amount, pysim/adventurers/treasure.py): a heap
#   of gold coins with the amount. A treasury (furniture, pysim/economy/treasury.py): an
#   iron-bound chest under the pile it keeps.
# - Dig marks (dig_pos / dig_work / dig_waiting, pysim/economy/dig_jobs.py): orange hatching
#   in a frame on the marked rock, a green bar growing with the digging done; a mark nobody
#   can reach is framed red with a "?".
# - Sleepers (sleep_pos / sleep_in_bed, pysim/economy/sleep.py): "Zz" over the minion, drawn
#   by the preview child so it shows above the entities.
# - preview: the hovered tile under a build tool, green when the command would be taken,
#   red when refused, with the reason written beside it. Drawn by a child of this script
#   (preview_only, z_index 5) so it shows above the entities.

const Shared := preload("res://core/Shared.gd")
const KINDS := Shared.FURNITURE_KINDS     # the snapshot's furn_kind codes index it
const OWN_LAYER := ["altar", "cell", "guardpost", "scrying_pool"]
const VEIN_COL := Color(1.0, 0.7, 0.25)
const OK_COL := Color(0.3, 1.0, 0.4)
const BAD_COL := Color(1.0, 0.3, 0.25)
const DIG_COL := Color(1.0, 0.62, 0.25)
const ZZ_COL := Color(0.75, 0.85, 1.0)

var tile_size := 16
var snap := {}
var preview_tile := Vector2(-1, -1)
var preview_reason := ""      # "" = valid
var preview_label := ""
var preview_only := false
var preview_child = null
var _font: Font = null


func _ready() -> void:
	_font = Control.new().get_font("font")
	if not preview_only:
		preview_child = get_script().new()
		preview_child.name = "Preview"
		preview_child.preview_only = true
		preview_child.tile_size = tile_size
		preview_child.z_index = 5
		add_child(preview_child)


func set_snapshot(s: Dictionary) -> void:
	snap = s
	update()
	if preview_child != null:
		preview_child.set_snapshot(s)


func set_preview(tile: Vector2, label: String, reason: String) -> void:
	preview_tile = tile
	preview_label = label
	preview_reason = reason
	if preview_only:
		update()
	if preview_child != null:
		preview_child.set_preview(tile, label, reason)


func clear_preview() -> void:
	preview_tile = Vector2(-1, -1)
	if preview_child != null:
		preview_child.clear_preview()
	else:
		update()


func _draw() -> void:
	if preview_only:
		_draw_sleepers()
		_draw_preview()
		return
	_draw_veins()
	_draw_digs()
	_draw_furniture()
	_draw_treasure()


func _draw_veins() -> void:
	var vp = snap.get("vein_pos", [])
	var vm = snap.get("vein_marked", [])
	for i in range(vp.size()):
		var o: Vector2 = vp[i] * tile_size
		for f in [Vector2(3, 4), Vector2(9, 3), Vector2(6, 9), Vector2(12, 11), Vector2(4, 13)]:
			draw_rect(Rect2(o + f, Vector2(2, 2)), VEIN_COL)
		if i < vm.size() and int(vm[i]) == 1:
			draw_rect(Rect2(o + Vector2(1, 1), Vector2(tile_size - 2, tile_size - 2)), Color(1, 0.9, 0.4), false, 1.0)
			draw_line(o + Vector2(3, 3), o + Vector2(13, 13), Color(0.95, 0.95, 1.0), 2.0)
			draw_line(o + Vector2(13, 3), o + Vector2(3, 13), Color(0.95, 0.95, 1.0), 2.0)


func _draw_digs() -> void:
	var dp = snap.get("dig_pos", [])
	var dw = snap.get("dig_work", [])
	var dwt = snap.get("dig_waiting", [])
	for i in range(dp.size()):
		var o: Vector2 = dp[i] * tile_size
		var waiting: bool = i < dwt.size() and int(dwt[i]) == 1
		var col := BAD_COL if waiting else DIG_COL
		draw_rect(Rect2(o, Vector2(tile_size, tile_size)), Color(col.r, col.g, col.b, 0.18))
		for k in [4, 8, 12]:
			draw_line(o + Vector2(k, 1), o + Vector2(1, k), Color(col.r, col.g, col.b, 0.7), 1.0)
			draw_line(o + Vector2(15, k + 1), o + Vector2(k + 1, 15), Color(col.r, col.g, col.b, 0.7), 1.0)
		draw_rect(Rect2(o + Vector2(0.5, 0.5), Vector2(tile_size - 1, tile_size - 1)), col, false, 1.0)
		var work: float = float(dw[i]) if i < dw.size() else 0.0
		if work > 0.0:
			draw_rect(Rect2(o + Vector2(2, tile_size - 4), Vector2(tile_size - 4, 3)), Color(0, 0, 0, 0.7))
			draw_rect(Rect2(o + Vector2(2, tile_size - 4), Vector2((tile_size - 4) * min(work, 1.0), 3)), OK_COL)
		if waiting and _font != null:
			draw_string(_font, o + Vector2(5, 12), "?", BAD_COL)


func _draw_sleepers() -> void:
	if _font == null:
		return
	for p in snap.get("sleep_pos", []):
		var o: Vector2 = p * tile_size
		draw_string(_font, o + Vector2(8, 1), "z", Color(0, 0, 0, 0.8))
		draw_string(_font, o + Vector2(7, 0), "z", ZZ_COL)
		draw_string(_font, o + Vector2(11, -5), "Z", ZZ_COL)


func _draw_treasure() -> void:
	var tp = snap.get("treasure_pos", [])
	var ta = snap.get("treasure_amount", [])
	for i in range(tp.size()):
		var o: Vector2 = tp[i] * tile_size
		for c in [Vector2(5, 11), Vector2(11, 11), Vector2(8, 7)]:
			draw_circle(o + c, 3.2, Color(0.55, 0.4, 0.05))
			draw_circle(o + c, 2.4, Color(1.0, 0.82, 0.2))
		if _font != null and i < ta.size():
			draw_string(_font, o + Vector2(1, 5), str(ta[i]), Color(1, 0.95, 0.6))


func _draw_furniture() -> void:
	var fp = snap.get("furn_pos", [])
	var fk = snap.get("furn_kind", [])
	for i in range(fp.size()):
		var k := int(fk[i]) if i < fk.size() else -1
		if k >= 0 and k < KINDS.size() and KINDS[k] in OWN_LAYER:
			continue
		_draw_piece(fp[i] * tile_size, k, 1.0)
	var bp = snap.get("furn_bp_pos", [])
	var bk = snap.get("furn_bp_kind", [])
	var bm = snap.get("furn_bp_metal", [])
	var bc = snap.get("furn_bp_cost", [])
	for i in range(bp.size()):
		var o: Vector2 = bp[i] * tile_size
		_draw_piece(o, int(bk[i]) if i < bk.size() else -1, 0.4)
		draw_rect(Rect2(o + Vector2(0.5, 0.5), Vector2(tile_size - 1, tile_size - 1)), Color(0.6, 0.85, 1.0, 0.8), false, 1.0)
		if _font != null and i < bm.size() and i < bc.size():
			draw_string(_font, o + Vector2(1, 5), "%d/%d" % [int(bm[i]), int(bc[i])], Color(0.75, 0.9, 1.0))


func _draw_piece(o: Vector2, k: int, a: float) -> void:
	var kind: String = KINDS[k] if k >= 0 and k < KINDS.size() else ""
	match kind:
		"bed":
			draw_rect(Rect2(o + Vector2(2, 2), Vector2(12, 13)), Color(0.45, 0.42, 0.4, a))
			draw_rect(Rect2(o + Vector2(3, 3), Vector2(10, 3)), Color(0.95, 0.95, 0.92, a))
			draw_rect(Rect2(o + Vector2(3, 7), Vector2(10, 7)), Color(0.65, 0.15, 0.18, a))
		"scrapper_table":
			draw_rect(Rect2(o + Vector2(1, 4), Vector2(14, 6)), Color(0.5, 0.32, 0.16, a))
			for lx in [2, 12]:
				draw_rect(Rect2(o + Vector2(lx, 10), Vector2(2, 5)), Color(0.35, 0.22, 0.1, a))
			draw_line(o + Vector2(4, 6), o + Vector2(11, 6), Color(0.85, 0.88, 0.95, a), 1.0)
		"pyre":
			draw_line(o + Vector2(2, 14), o + Vector2(14, 10), Color(0.45, 0.28, 0.12, a), 2.0)
			draw_line(o + Vector2(2, 10), o + Vector2(14, 14), Color(0.45, 0.28, 0.12, a), 2.0)
			draw_colored_polygon(PoolVector2Array([o + Vector2(8, 1), o + Vector2(12, 11),
					o + Vector2(4, 11)]), Color(1.0, 0.5, 0.1, 0.9 * a))
			draw_colored_polygon(PoolVector2Array([o + Vector2(8, 5), o + Vector2(10, 11),
					o + Vector2(6, 11)]), Color(1.0, 0.9, 0.3, a))
		"treasury":
			draw_rect(Rect2(o + Vector2(1, 6), Vector2(14, 9)), Color(0.42, 0.26, 0.12, a))
			draw_rect(Rect2(o + Vector2(1, 3), Vector2(14, 4)), Color(0.52, 0.33, 0.15, a))
			for bx in [3, 11]:
				draw_rect(Rect2(o + Vector2(bx, 3), Vector2(2, 12)), Color(0.6, 0.62, 0.68, a))
			draw_rect(Rect2(o + Vector2(7, 7), Vector2(2, 3)), Color(1.0, 0.82, 0.2, a))
		_:
			draw_rect(Rect2(o + Vector2(2, 2), Vector2(12, 12)), Color(0.6, 0.6, 0.65, a))


func _draw_preview() -> void:
	if preview_tile.x < 0:
		return
	var r := Rect2(preview_tile * tile_size, Vector2(tile_size, tile_size))
	var col := OK_COL if preview_reason == "" else BAD_COL
	draw_rect(r, Color(col.r, col.g, col.b, 0.3), true)
	draw_rect(r, col, false, 1.5)
	if _font != null:
		var text := preview_label if preview_reason == "" else preview_reason
		var at := r.position + Vector2(tile_size + 3, 12)
		var size := _font.get_string_size(text)
		draw_rect(Rect2(at + Vector2(-2, -size.y + 2), size + Vector2(4, 2)), Color(0.05, 0.03, 0.08, 0.8))
		draw_string(_font, at + Vector2(1, 1), text, Color(0, 0, 0, 0.8))
		draw_string(_font, at, text, col)
