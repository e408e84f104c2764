extends "res://core/ConceptExtension.gd"
# Economy UI (docs/rules/economy.md): metal, digging and building, the end of the game.
# Every rule is pysim's; everything shown comes from the snapshot or Session.check.
# - Metal counter in the top bar (snapshot metal_total: metal in all stock piles).
# - Build tools, one button each from Session.catalog() (dig, mine vein, wall, bed,
#   scrapper's table, pyre ...): the tooltip gives the cost and a one-line description.
#   Hovering the map with one shows the placement preview (EconomyLayer): green, or red
#   with the reason pysim's check gives, before any click. A click sends the command
#   (a refusal is said at once, nothing sent); a drag applies it to every tile of the
#   rectangle that would be taken (dig a room, mark a seam, wall a corridor): while the
#   button is down the map shows the rectangle (world.add_area_tool) and the hint beside
#   the mouse its size.
# - Digging is a job (pysim/economy/dig_jobs.py): the Dig tool marks rock (a click or a
#   drag), a click on a mark takes it back; the layer draws the marks and the digging done.
# - Sleepers (pysim/economy/sleep.py) are drawn lying with "Zz" (world/EntityLayer.gd); treasure carried to the treasury
#   (pysim/economy/treasury.py) is said in the log.
# - The end screen: when the Boss dies (game_over) a panel with the days survived, the
#   invasions beaten, the adventurers captured and killed, the treasure lost and the score,
#   with "Start again" (the same level) and "New campaign" (the default level).

const TOOL_PREFIX := "econ_"
const EventText = preload("res://hud/EventText.gd")
const MAX_DRAG_TILES := 400
const CAMPAIGN_LEVEL := "res://levels/campaign.level"

var layer = null
var metal_label: Label = null
var end_panel: GamePanel = null
var end_text: Label = null
var catalog := []           # Session.catalog()
var tools := {}             # tool id -> catalog entry
var tool_id := "select"
var hover := Vector2(-1, -1)
var drag_from := Vector2(-1, -1)   # where a drag with a build tool began, (-1, -1): none
var _layer_key := ""
# The snapshot keys the layer draws: when one of them changes, it is redrawn and the
# hovered tile's preview asked again.
const LAYER_KEYS := ["vein_metal", "vein_marked", "furn_pos", "furn_kind", "furn_bp_pos",
		"furn_bp_metal", "treasure_pos", "treasure_amount", "dig_pos", "dig_work",
		"dig_waiting"]
var _preview_dirty := false   # an event may have changed what the hovered tile allows


func setup(m) -> void:
	main = m
	layer = preload("res://economy/EconomyLayer.gd").new()
	layer.name = "EconomyLayer"
	main.world.add_layer(layer, false)
	metal_label = Label.new()
	metal_label.name = "MetalCounter"
	metal_label.text = "Metal: 0"
	metal_label.hint_tooltip = "Metal in your stock piles. Mark veins with Mine vein: Drudgery minions mine them."
	main.hud.add_status(metal_label)
	_build_end_panel()
	if main.hud.has_method("add_tile_name"):
		main.hud.add_tile_name(self, "tile_name")
	listen({"snapshot_updated": "_on_snapshot", "sim_started": "_on_sim_started",
			"tool_selected": "_on_tool_selected", "tile_hovered": "_on_tile_hovered",
			"tile_clicked": "_on_tile_clicked", "tile_drag_finished": "_on_drag_finished",
			"tile_drag_started": "_on_drag_started",
			"sim_event": "_on_sim_event"})
	event_texts({
		# A drag marks many tiles at once: their lines merge into one with the count (the
		# log's one merging, hud/EventLog.gd add_line), so a 12-tile Dig drag is one line.
		"vein_marked": ["_text_vein_marked", null, false, "_many_vein_marked"],
		"vein_unmarked": ["_text_vein_unmarked", null, false, "_many_vein_unmarked"],
		"metal_mined": ["_text_metal_mined", null, true],
		"vein_exhausted": "_text_vein_exhausted",
		"blueprint_waiting_for_metal": ["_text_waiting", Color(1, 0.75, 0.35)],
		"furniture_built": "_text_furniture_built",
		"furniture_placed": "_text_furniture_placed",
		"furniture_cancelled": "_text_furniture_cancelled",
		"furniture_waiting_for_metal": ["_text_furniture_waiting", Color(1, 0.75, 0.35)],
		"padlock_waiting_for_metal": ["_text_padlock_waiting", Color(1, 0.75, 0.35)],
		"game_over": ["_text_game_over", Color(1, 0.35, 0.35)],
		"dig_marked": ["_text_dig_marked", null, false, "_many_dig_marked"],
		"dig_unmarked": ["_text_dig_unmarked", null, false, "_many_dig_unmarked"],
		"dig_waiting": ["_text_dig_waiting", Color(1, 0.75, 0.35)],
		"dug": ["_text_dug", null, false, "_many_dug"],
		"fell_asleep": ["_text_fell_asleep", null, true],
		"minion_woke": "_text_minion_woke",
		"treasure_stored": "_text_treasure_stored",
	})
	if main.sim.running:
		_on_sim_started({})


func _on_sim_started(_info: Dictionary) -> void:
	end_panel.visible = false
	if not tools.empty():
		return
	catalog = main.sim.catalog()
	for item in catalog:
		var id: String = TOOL_PREFIX + str(item.get("kind", ""))
		var cost := int(item.get("cost", 0))
		var tip := "%s%s" % [str(item.get("description", "")),
				" Costs %d metal." % cost if cost > 0 else ""]
		add_tool(id, str(item.get("label", id)), tip)
		main.world.add_area_tool(id)
		tools[id] = item


# The command a build tool sends on a tile.
func command_for(id: String, tile: Vector2, key: String = "command") -> Dictionary:
	var cmd: Dictionary = tools[id].get(key, {}).duplicate()
	cmd["x"] = int(tile.x)
	cmd["y"] = int(tile.y)
	return cmd


# What a click with tool `id` on `tile` would do: [command, label, reason] where reason is
# "" when pysim would take it. A refused command whose undo would be taken (a marked vein,
# a planned piece) offers the undo.
func decide(id: String, tile: Vector2) -> Array:
	var item: Dictionary = tools[id]
	var cmd := command_for(id, tile)
	var reason: String = main.sim.check(cmd)
	var label := str(item.get("label", ""))
	var cost := int(item.get("cost", 0))
	if cost > 0:
		label += " (%d metal)" % cost
	if reason != "" and item.has("undo"):
		var undo := command_for(id, tile, "undo")
		if main.sim.check(undo) == "":
			return [undo, str(item.get("undo_label", "Undo")), ""]
	return [cmd, label, reason]


func _on_tool_selected(id: String) -> void:
	tool_id = id
	drag_from = Vector2(-1, -1)
	if tools.has(id):
		_preview(hover)
	else:
		layer.clear_preview()


func _on_tile_hovered(tile: Vector2) -> void:
	hover = tile
	if tools.has(tool_id):
		_preview(tile)


func _preview(tile: Vector2) -> void:
	if tile.x < 0 or tile.y < 0:
		layer.clear_preview()
		return
	var d := decide(tool_id, tile)
	layer.set_preview(tile, d[1], d[2])
	if drag_from.x >= 0:
		EventBus.emit_signal("cursor_hint", drag_words(tool_id, drag_from, tile), true)


# "Let go: Dig on 5 x 3 tiles (those that can be)".
func drag_words(id: String, a: Vector2, b: Vector2) -> String:
	var w := int(abs(a.x - b.x)) + 1
	var h := int(abs(a.y - b.y)) + 1
	var more := " (the first %d)" % MAX_DRAG_TILES if w * h > MAX_DRAG_TILES else ""
	return "Let go: %s on %d x %d tiles%s, where it can be" % [str(tools[id].get("label", id)), w, h, more]


func _on_drag_started(tile: Vector2, id: String) -> void:
	if tools.has(id):
		drag_from = tile
		_preview(hover)


func _on_tile_clicked(tile: Vector2, button: int, id: String) -> void:
	if button != BUTTON_LEFT or not tools.has(id):
		return
	var d := decide(id, tile)
	if d[2] != "":
		EventBus.emit_signal("notify", d[2], "warn")
		return
	send(d[0])


func _on_drag_finished(a: Vector2, b: Vector2, id: String) -> void:
	drag_from = Vector2(-1, -1)
	if not tools.has(id):
		return
	var x0 := int(min(a.x, b.x))
	var x1 := int(max(a.x, b.x))
	var y0 := int(min(a.y, b.y))
	var y1 := int(max(a.y, b.y))
	var sent := 0
	var first_reason := ""
	var count := 0
	for y in range(y0, y1 + 1):
		for x in range(x0, x1 + 1):
			count += 1
			if count > MAX_DRAG_TILES:
				break
			var cmd := command_for(id, Vector2(x, y))
			var reason: String = main.sim.check(cmd)
			if reason == "":
				send(cmd)
				sent += 1
			elif first_reason == "":
				first_reason = reason
	if sent == 0 and first_reason != "":
		EventBus.emit_signal("notify", first_reason, "warn")


# The map tip's name for a vein's tile: pysim's words ("Metal vein (7 metal left)",
# pysim/economy/mining.py vein_words), not the rock's place.
func tile_name(tile: Vector2, s: Dictionary) -> String:
	var pos = s.get("vein_pos", [])
	var words = s.get("vein_words", [])
	for i in range(min(pos.size(), words.size())):
		if pos[i] == tile:
			return str(words[i])
	return ""


func _on_snapshot(snap: Dictionary) -> void:
	metal_label.text = "Metal: %d" % int(snap.get("metal_total", 0))
	# var2str, not str: str() of a PoolByteArray (vein_marked, dig_waiting) is
	# "[PoolByteArray]" whatever it holds, so a vein marked or unmarked left the key as it
	# was, and the layer and the hovered tile's preview waited for some other change
	var parts := PoolStringArray()
	for k in LAYER_KEYS:
		parts.append(var2str(snap.get(k, [])))
	var key := parts.join("|")
	if key != _layer_key:
		_layer_key = key
		layer.set_snapshot(snap)
		_preview_dirty = true
	if _preview_dirty:
		_preview_dirty = false
		if tools.has(tool_id):
			_preview(hover)
	if snap.get("game_over", false) and not end_panel.visible:
		show_end(snap)


func _on_sim_event(ev: Dictionary) -> void:
	_preview_dirty = true
	if str(ev.get("type", "")) == "game_over" and not end_panel.visible:
		var snap := {}
		for k in ["days", "invasions_beaten", "captured", "killed", "treasure_lost", "score"]:
			snap["score_" + k] = ev.get(k, 0)
		show_end(snap)


# --- the end screen ------------------------------------------------------------------------

func _build_end_panel() -> void:
	end_panel = GamePanel.new()
	end_panel.build("EndScreen", "The Boss is dead")
	end_panel.title.align = Label.ALIGN_CENTER
	end_panel.title.add_color_override("font_color", Color(1, 0.4, 0.35))
	end_text = GamePanel.add_text(end_panel.box, "Tally")
	var row: Container = end_panel.add_row("Buttons")
	row.size_flags_horizontal = Control.SIZE_SHRINK_CENTER
	var again := add_button(row, "StartAgain", "Start again", "_on_start_again")
	again.hint_tooltip = "Play this level again from the start"
	var campaign := add_button(row, "NewCampaign", "New campaign", "_on_new_campaign")
	campaign.hint_tooltip = "Start the campaign level"
	main.hud.add_letter(end_panel, 400.0)


func show_end(snap: Dictionary) -> void:
	var days := int(snap.get("score_days", 0))
	end_text.text = PoolStringArray([
		"Days survived: %d" % days,
		"Invasions beaten: %d" % int(snap.get("score_invasions_beaten", 0)),
		"Adventurers captured: %d" % int(snap.get("score_captured", 0)),
		"Adventurers killed: %d" % int(snap.get("score_killed", 0)),
		"Treasure lost: %d" % int(snap.get("score_treasure_lost", 0)),
		"",
		"Score: %d" % int(snap.get("score_score", 0)),
		"(100 a day, 50 an invasion beaten, 30 a prisoner, 20 a kill, -1 a treasure lost)",
	]).join("\n")
	end_panel.title.text = "%s is dead" % EventText.first_up(boss_name())
	end_panel.visible = true


# "Vorgath the Vile" (names.md NAME-01), from the last snapshot's Boss.
func boss_name() -> String:
	var s: Dictionary = main.sim.last_snapshot if "last_snapshot" in main.sim else {}
	var kinds = s.get("ent_kind", [])
	for i in range(kinds.size()):
		if int(kinds[i]) == 3:
			return Names.who(s["ent_id"][i], "the Boss")
	return "the Boss"


func _on_start_again() -> void:
	end_panel.visible = false
	EventBus.emit_signal("level_requested", main.sim.level_path)


func _on_new_campaign() -> void:
	end_panel.visible = false
	EventBus.emit_signal("level_requested", CAMPAIGN_LEVEL)


# --- event words ---------------------------------------------------------------------------

func _text_vein_marked(ev: Dictionary) -> String:
	return "A metal vein %s was marked for mining (%d metal in it)" % [_where(ev), int(ev.get("metal", 0))]


func _text_vein_unmarked(ev: Dictionary) -> String:
	return "The metal vein %s is no longer marked for mining" % _where(ev)


# The merged lines of a drag (hud/EventWords.gd register, many): %d is the count, the place the
# first tile's.
func _many_vein_marked(ev: Dictionary) -> String:
	return "Mine ordered on %%d metal veins (the first %s)" % _where(ev)


func _many_vein_unmarked(ev: Dictionary) -> String:
	return "%%d metal veins are no longer marked for mining (the first %s)" % _where(ev)


func _text_metal_mined(ev: Dictionary) -> String:
	var by := EventText.first_up(EventText.who(ev.get("entity", -1), "a minion"))
	return "%s mined a metal %s (%d left in the vein)" % [by, _where(ev), int(ev.get("left", 0))]


func _text_vein_exhausted(ev: Dictionary) -> String:
	return "The metal vein %s is mined out: the rock there is open floor now" % _where(ev)


func _text_waiting(ev: Dictionary) -> String:
	return "The %s blueprint %s waits for %d metal: no pile holds any. %s" % [
			str(ev.get("name", "trap")).to_lower(), _where(ev), int(ev.get("needed", 1)), metal_hint()]


func _text_furniture_built(ev: Dictionary) -> String:
	var what := EventText.a_an(str(ev.get("name", "piece")).to_lower())
	if int(ev.get("entity", -1)) >= 0:
		return "%s built %s %s" % [EventText.first_up(EventText.who(ev["entity"])), what, _where(ev)]
	return "%s was built %s" % [EventText.first_up(what), _where(ev)]


func _text_furniture_placed(ev: Dictionary) -> String:
	return "%s is planned %s (%d metal): Drudgery minions will haul the metal and build it" % [
			EventText.first_up(EventText.a_an(str(ev.get("name", "piece")).to_lower())), _where(ev), int(ev.get("cost", 0))]


func _text_furniture_cancelled(ev: Dictionary) -> String:
	return "The planned %s %s was cancelled" % [str(ev.get("name", "piece")).to_lower(), _where(ev)]


func _text_furniture_waiting(ev: Dictionary) -> String:
	return "The planned %s %s waits for %d metal: no pile holds any. %s" % [
			str(ev.get("name", "piece")).to_lower(), _where(ev), int(ev.get("needed", 1)), metal_hint()]


func _text_padlock_waiting(ev: Dictionary) -> String:
	return "The padlock blueprint on %s waits for metal: no pile holds any. %s" % [Names.door_place(ev.get("door", -1), "a door"), metal_hint()]


# What to do about no metal: mark a vein, or (veins marked already) wait for the miners.
func metal_hint() -> String:
	var s: Dictionary = main.sim.last_snapshot if main != null and "last_snapshot" in main.sim else {}
	for m in s.get("vein_marked", []):
		if int(m) == 1:
			return "Drudgery minions are mining the marked veins."
	return "Mark a vein (Mine vein tool) and put minions on Drudgery."


# A dig mark is on rock or a wall, which its place names already ("the rock by the west room").
func _text_dig_marked(ev: Dictionary) -> String:
	return "%s was marked for digging" % _rock(ev)


func _text_dig_unmarked(ev: Dictionary) -> String:
	return "%s is no longer marked for digging" % _rock(ev)


func _many_dig_marked(ev: Dictionary) -> String:
	return "Dig ordered on %%d tiles (the first: %s)" % EventText.place(ev.get("x", -1), ev.get("y", -1))


func _many_dig_unmarked(ev: Dictionary) -> String:
	return "%%d tiles are no longer marked for digging (the first: %s)" % EventText.place(ev.get("x", -1), ev.get("y", -1))


static func _rock(ev: Dictionary) -> String:
	return EventText.first_up(EventText.place(ev.get("x", -1), ev.get("y", -1)))


func _text_dig_waiting(ev: Dictionary) -> String:
	var n := int(ev.get("count", 1))
	var what := "A mark for digging %s" % _where(ev)
	if n > 1:
		what = "%d marks for digging, the first %s," % [n, _where(ev)]
	if str(ev.get("reason", "")) == "no_drudgery":
		return "%s %s: nobody is on Drudgery duty. Put a minion on Drudgery." % [what, "wait" if n > 1 else "waits"]
	return "%s %s: no Drudgery minion can walk beside %s. Dig a way to %s first." % [
			what, "wait" if n > 1 else "waits", "them" if n > 1 else "it", "them" if n > 1 else "it"]


func _text_dug(ev: Dictionary) -> String:
	var by := EventText.first_up(EventText.who(ev.get("entity", -1), "a minion"))
	return "%s dug out the rock %s: it is your floor now" % [by, _where(ev)]


func _many_dug(ev: Dictionary) -> String:
	return "Your minions dug out the rock of %%d tiles (the first %s): your floor now" % _where(ev)


func _text_fell_asleep(ev: Dictionary) -> String:
	var who := EventText.first_up(EventText.who(ev.get("entity", -1), "a minion"))
	if ev.get("in_bed", false):
		return "%s went to sleep in its bed %s" % [who, _where(ev)]
	return "%s lay down to sleep on the floor %s (it has no bed)" % [who, _where(ev)]


const WOKE_WORDS := {"rested": "rested", "enemy": "at the sight of an enemy", "hurt": "hurt",
		"alarm": "to the alarm", "order": "to your order", "fight": "to fight"}


func _text_minion_woke(ev: Dictionary) -> String:
	var who := EventText.first_up(EventText.who(ev.get("entity", -1), "a minion"))
	return "%s woke %s %s" % [who, WOKE_WORDS.get(str(ev.get("reason", "")), "up"), _where(ev)]


func _text_treasure_stored(ev: Dictionary) -> String:
	var who := EventText.first_up(EventText.who(ev.get("entity", -1), "a minion"))
	return "%s carried %s to the treasury %s" % [who, EventText.plural(int(ev.get("amount", 0)), "treasure", "treasure"), _where(ev)]


func _text_game_over(ev: Dictionary) -> String:
	return "The Boss is dead: the game is over after %d days (score %d)" % [int(ev.get("days", 0)), int(ev.get("score", 0))]


# "in the west room" (hud/EventText.gd: names, never coordinates).
static func _where(ev: Dictionary) -> String:
	return EventText.where(ev.get("x", -1), ev.get("y", -1))
