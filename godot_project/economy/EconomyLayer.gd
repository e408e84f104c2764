extends Node2D
# Metal veins, furniture, treasure and the build tools' placement preview, drawn from the
# snapshot's vein_* and furn_* keys (pysim/economy/mining.py, furniture.py) with their
# sprites (art/sprites.txt; art/Art.gd furniture_thing, gold_thing).
# - A vein: gold flecks over its rock tile; marked for mining, a pick (two crossed strokes)
#   and a frame.
# - Furniture by kind (furn_kind indexes Art.FURNITURE_KINDS, pysim's KIND_ORDER): bed,
#   scrapper's table, pyre, treasury (an iron-bound chest). Built altars, cells, guardposts
#   and scrying pools are drawn by their own layers (InvasionsLayer, WatchLayer); their
#   blueprints here. A blueprint is the same sprite, faint, in a thin frame, with the metal
#   on site of its cost ("1/2").
# - Treasure piles (treasure_pos / treasure_amount, pysim/adventurers/treasure.py): a heap
#   of gold as big as the amount, and the amount; the treasure kept in a treasury is the
#   chest with its amount (the chest is the furniture, not a pile of gold).
# - Dig marks (dig_pos / dig_waiting, pysim/economy/dig_jobs.py): orange hatching in a
#   frame on the marked rock; a mark nobody can reach is framed red with a "?" (the digging
#   done and the digger at work: world/EffectsLayer.gd WORK, as for all work).
# - preview: the hovered tile under a build tool, green when the command would be taken,
#   red when refused; what a click does, or the reason, is the HUD's hint beside the mouse
#   (EventBus.cursor_hint). Drawn by a child of this script (preview_only, z_index 5) so it
#   shows above the entities.

const OWN_LAYER := ["altar", "cell", "guardpost", "scrying_pool"]
const VEIN_COL := Color(1.0, 0.7, 0.25)
const OK_COL := Color(0.3, 1.0, 0.4)
const BAD_COL := Color(1.0, 0.3, 0.25)
const DIG_COL := Color(1.0, 0.62, 0.25)

var tile_size := 32
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
		EventBus.emit_signal("cursor_hint", label if reason == "" else reason, reason == "")


func clear_preview() -> void:
	var was := preview_tile
	preview_tile = Vector2(-1, -1)
	if preview_child != null:
		preview_child.clear_preview()
		if was.x >= 0:
			EventBus.emit_signal("cursor_hint", "", true)
	else:
		update()


func _draw() -> void:
	if preview_only:
		_draw_preview()
		return
	_draw_veins()
	_draw_digs()
	_draw_furniture()
	_draw_treasure()


func _draw_veins() -> void:
	var vp = snap.get("vein_pos", [])
	var vm = snap.get("vein_marked", [])
	var ts := float(tile_size)
	for i in range(vp.size()):
		var o: Vector2 = vp[i] * ts
		Art.draw(self, "map/vein", Rect2(o, Vector2(ts, ts)))
		if i < vm.size() and int(vm[i]) == 1:
			draw_rect(Rect2(o + Vector2(1, 1), Vector2(ts - 2, ts - 2)), Color(1, 0.9, 0.4), false, 2.0)
			draw_line(o + Vector2(6, 6), o + Vector2(ts - 6, ts - 6), Color(0.95, 0.95, 1.0), 3.0)
			draw_line(o + Vector2(ts - 6, 6), o + Vector2(6, ts - 6), Color(0.95, 0.95, 1.0), 3.0)


func _draw_digs() -> void:
	var dp = snap.get("dig_pos", [])
	var dwt = snap.get("dig_waiting", [])
	var ts := float(tile_size)
	for i in range(dp.size()):
		var o: Vector2 = dp[i] * ts
		var waiting: bool = i < dwt.size() and int(dwt[i]) == 1
		var col := BAD_COL if waiting else DIG_COL
		draw_rect(Rect2(o, Vector2(ts, ts)), Color(col.r, col.g, col.b, 0.18))
		for k in [8, 16, 24]:
			draw_line(o + Vector2(k, 2), o + Vector2(2, k), Color(col.r, col.g, col.b, 0.7), 1.5)
			draw_line(o + Vector2(ts - 2, k + 2), o + Vector2(k + 2, ts - 2), Color(col.r, col.g, col.b, 0.7), 1.5)
		draw_rect(Rect2(o + Vector2(1, 1), Vector2(ts - 2, ts - 2)), col, false, 1.5)
		if waiting and _font != null:
			draw_string(_font, o + Vector2(12, 21), "?", BAD_COL)


func _label(at: Vector2, text: String, col: Color) -> void:
	draw_string(_font, at + Vector2(1, 1), text, Color(0, 0, 0, 0.85))
	draw_string(_font, at, text, col)


# The tiles with a built treasury: the treasure kept there is its chest, not a pile.
func _treasuries() -> Dictionary:
	var out := {}
	var fp = snap.get("furn_pos", [])
	var fk = snap.get("furn_kind", [])
	for i in range(min(fp.size(), fk.size())):
		if Art.furniture_thing(int(fk[i])) == "furniture/treasury":
			out[Vector2(round(fp[i].x), round(fp[i].y))] = true
	return out


func _draw_treasure() -> void:
	var tp = snap.get("treasure_pos", [])
	var ta = snap.get("treasure_amount", [])
	var ts := float(tile_size)
	var chests := _treasuries()
	for i in range(tp.size()):
		var o: Vector2 = tp[i] * ts
		var amount := int(ta[i]) if i < ta.size() else 0
		if not chests.has(Vector2(round(tp[i].x), round(tp[i].y))):
			Art.draw(self, Art.gold_thing(amount), Rect2(o, Vector2(ts, ts)))
		if _font != null and i < ta.size():
			_label(o + Vector2(2, 11), str(amount), Color(1, 0.95, 0.6))


func _draw_furniture() -> void:
	var fp = snap.get("furn_pos", [])
	var fk = snap.get("furn_kind", [])
	var ts := float(tile_size)
	for i in range(fp.size()):
		var k := int(fk[i]) if i < fk.size() else -1
		if k >= 0 and k < Art.FURNITURE_KINDS.size() and Art.FURNITURE_KINDS[k] in OWN_LAYER:
			continue
		Art.draw(self, Art.furniture_thing(k), Rect2(fp[i] * ts, Vector2(ts, ts)))
	var bp = snap.get("furn_bp_pos", [])
	var bk = snap.get("furn_bp_kind", [])
	var bm = snap.get("furn_bp_metal", [])
	var bc = snap.get("furn_bp_cost", [])
	for i in range(bp.size()):
		var o: Vector2 = bp[i] * ts
		Art.draw(self, Art.furniture_thing(int(bk[i]) if i < bk.size() else -1), Rect2(o, Vector2(ts, ts)), Color(1, 1, 1, 0.4))
		draw_rect(Rect2(o + Vector2(1, 1), Vector2(ts - 2, ts - 2)), Color(0.6, 0.85, 1.0, 0.8), false, 1.5)
		if _font != null and i < bm.size() and i < bc.size():
			_label(o + Vector2(2, 11), "%d/%d" % [int(bm[i]), int(bc[i])], Color(0.75, 0.9, 1.0))


func _draw_preview() -> void:
	if preview_tile.x < 0:
		return
	var r := Rect2(preview_tile * tile_size, Vector2(tile_size, tile_size))
	var col := OK_COL if preview_reason == "" else BAD_COL
	draw_rect(r, Color(col.r, col.g, col.b, 0.3), true)
	draw_rect(r, col, false, 2.0)
