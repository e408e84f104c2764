extends "res://core/ConceptExtension.gd"
# The furniture panel: a select-tool click on a built piece or a blueprint (bed,
# scrapper's table, pyre, prison cell, altar, guardpost, scrying pool) shows, in the right
# dock, its name and place, what it does (the catalog's description) and its state: for a
# blueprint the metal on site of its cost, "waiting for metal" when no pile holds any, who
# builds it; for a built piece a bed's owner, a cell's prisoner, a guardpost's torch, a
# pool's charges, an altar's strength. A blueprint has Cancel (cancel_furniture). Esc or X
# closes it like the other side panels. Every fact comes from Session.describe_furniture
# (pysim/economy/furniture_view.py); this only words them. The map's hover tip names the
# piece too.

const ET = preload("res://hud/EventText.gd")
const REFRESH_SECONDS := 0.25

var panel: GamePanel = null
var info: Label = null
var cancel_button: Button = null
var tile := Vector2(-1, -1)      # the piece shown, (-1, -1) none
var piece := {}                  # Session.describe_furniture(tile)
var _since := 0.0
var mark = null                  # world/TilePreview.gd: a yellow frame on the piece shown


func setup(m) -> void:
	main = m
	panel = add_side_panel("FurniturePanel", "close", "Close the furniture panel")
	info = GamePanel.add_text(panel.box, "Info")
	var row := panel.add_row("Actions")
	cancel_button = add_button(row, "CancelButton", "Cancel blueprint", "_on_cancel")
	cancel_button.hint_tooltip = "Take the blueprint back: metal already on site goes onto a pile there"
	mark = preload("res://world/TilePreview.gd").new()
	mark.name = "FurnitureMark"
	mark.ok_col = Color(1, 0.9, 0.35, 0.95)
	main.world.add_layer(mark, true)
	if main.hud.has_method("add_tile_info"):
		main.hud.add_tile_info(self, "tile_info")
	listen({"tile_selected": "_on_tile_selected", "entity_selected": "_on_entity_selected",
			"game_loaded": "_on_game_loaded", "snapshot_updated": "_on_snapshot"})


func _on_tile_selected(t: Vector2) -> void:
	var d: Dictionary = main.sim.describe_furniture(t)
	if d.empty():
		if tile.x >= 0:
			close()
		return
	tile = t
	piece = d
	if main.world.selected_id >= 0:
		EventBus.emit_signal("entity_selected", -1)   # the piece is what was clicked
	_show()


func _on_entity_selected(id: int) -> void:
	if id >= 0 and tile.x >= 0:
		close()


func _on_game_loaded(_path) -> void:
	close()


func close() -> void:
	tile = Vector2(-1, -1)
	piece = {}
	panel.visible = false
	mark.clear()


func _on_snapshot(_snap: Dictionary) -> void:
	if tile.x < 0 or _since < REFRESH_SECONDS:
		return
	_since = 0.0
	piece = main.sim.describe_furniture(tile)
	if piece.empty():              # cancelled, or gone
		close()
	else:
		_show()


func _process(delta: float) -> void:
	_since += delta


func _on_cancel() -> void:
	if not piece.empty() and not piece.get("built", true):
		send({"type": "cancel_furniture", "x": int(tile.x), "y": int(tile.y)})


func _show() -> void:
	panel.visible = true
	mark.show_at(tile, true, "")
	var built: bool = piece.get("built", false)
	panel.title.text = str(piece.get("label", "Furniture")) + ("" if built else " (blueprint)")
	info.text = PoolStringArray(lines(piece)).join("\n")
	cancel_button.visible = not built


# The panel's lines for describe_furniture's answer.
static func lines(d: Dictionary) -> Array:
	var out := [ET.first_up(ET.where(d.get("x", -1), d.get("y", -1))),
			str(d.get("description", ""))]
	if not d.get("built", false):
		return out + blueprint_lines(d)
	match str(d.get("kind", "")):
		"bed":
			var owner := int(d.get("owner", -1))
			out.append("Belongs to %s" % ET.who(owner) if owner >= 0
					else "Free: the next minion that needs a bed takes it")
		"cell":
			var p := int(d.get("prisoner", -1))
			out.append("Holds %s" % Names.title(p) if p >= 0 else "Empty: no prisoner in it")
		"guardpost":
			if d.get("lit", false):
				out.append("Torch lit: burns %s more" % ET.duration(int(d.get("lit_for", 0))))
			elif int(d.get("worker", -1)) >= 0:
				out.append("Torch out: %s is lighting it" % ET.who(d["worker"]))
			else:
				out.append("Torch out: a Drudgery minion will come and light it")
		"scrying_pool":
			out.append("Charges: %d / %d (Scry spends one)" % [int(d.get("charges", 0)), int(d.get("max_charges", 0))])
		"altar":
			out.append("Strength: %d of %d hits left" % [int(d.get("hits_left", 0)), int(d.get("hits", 0))])
	return out


static func blueprint_lines(d: Dictionary) -> Array:
	var metal := int(d.get("metal", 0))
	var needed := int(d.get("metal_needed", 0))
	var out := ["Metal on site: %d / %d%s" % [metal, needed,
			" (%d on its way)" % int(d["on_its_way"]) if int(d.get("on_its_way", 0)) > 0 else ""]]
	if d.get("waiting_for_metal", false) and int(d.get("veins_marked", 0)) > 0:
		out.append("Waiting for metal: no pile holds any yet; Drudgery minions are mining the marked %s." % (
				"vein" if int(d["veins_marked"]) == 1 else "veins"))
	elif d.get("waiting_for_metal", false):
		out.append("Waiting for metal: no pile holds any. Mark a vein with the Mine vein tool.")
	elif int(d.get("worker", -1)) >= 0:
		var done := int(d.get("work", 0)) * 100 / max(1, int(d.get("work_needed", 1)))
		out.append("%s is building it (%d%%)" % [ET.first_up(ET.who(d["worker"])), done])
	elif metal >= needed:
		out.append("Waiting for a Drudgery minion to build it")
	else:
		out.append("Minions on Drudgery or Traps duty haul the metal to it")
	return out


# The map's hover tip: the piece on the tile ("Bed (blueprint)", "Guardpost"), and a pile of
# treasure ("Treasure: 20").
func tile_info(t: Vector2, s: Dictionary) -> Array:
	var tp = s.get("treasure_pos", [])
	for i in range(tp.size()):
		if int(tp[i].x) == int(t.x) and int(tp[i].y) == int(t.y) and i < s.get("treasure_amount", []).size():
			return ["Treasure: %d" % int(s["treasure_amount"][i])]
	if not _has_piece(t, s.get("furn_pos", [])) and not _has_piece(t, s.get("furn_bp_pos", [])):
		return []
	var d: Dictionary = main.sim.describe_furniture(t)
	if d.empty():
		return []
	return [str(d.get("label", "")) + ("" if d.get("built", false) else " (blueprint)")]


static func _has_piece(t: Vector2, positions) -> bool:
	for p in positions:
		if int(p.x) == int(t.x) and int(p.y) == int(t.y):
			return true
	return false
