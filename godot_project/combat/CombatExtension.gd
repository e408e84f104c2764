extends "res://core/ConceptExtension.gd"
# Combat UI (docs/rules/combat.md). Everything shown comes from the snapshot (ent_* combat
# keys, combat_shots) and the sim's events; every rule is pysim's.
# - CombatLayer (above the entities): attack lines, shots, wound pops, bleeding marks.
# - "Behavior" tab in the selection panel: stance slider (Flee .. Aggressive) sending
#   set_stance, wounds with locations and wound points, and order buttons.
# - Orders by mouse: a button in the tab (Attack / Carry / Capture / Heal / Kill) picks the
#   "Order" tool; the next left click on an entity (and for Carry, then a tile) sends the
#   command for the selected minion.

const STANCES := ["Flee", "Evasive", "Defensive", "Balanced", "Aggressive"]

var layer = null
var tab = null
var snap := {}
var selected_id := -1
var pending := ""            # "order_attack", "carry", "capture", "heal", "kill", ""
var carry_body := -1


func setup(m) -> void:
	main = m
	layer = preload("res://combat/CombatLayer.gd").new()
	layer.name = "CombatLayer"
	main.world.add_layer(layer, true)
	tab = preload("res://combat/BehaviorTab.gd").new()
	tab.ext = self
	main.hud.add_selection_tab("Behavior", tab)
	add_tool("combat_order", "Order", "Click an enemy or a body to give the selected minion the order chosen in its Behavior tab", "_on_order_click")
	listen({"snapshot_updated": "_on_snapshot", "sim_event": "_on_event",
			"entity_selected": "_on_entity_selected", "tool_selected": "_on_tool_selected"})
	event_texts({
		"knockout": ["_text_knockout", Color(1, 0.8, 0.4)],
		"death": ["_text_death", Color(1, 0.4, 0.4)],
		"wound": ["_text_wound", Color(1, 0.6, 0.5)],
		# Every swing and every look: too many for the on-screen log, which keeps the
		# wounds, knockouts and deaths readable; the headless autoplay prints them all.
		"attack": ["_text_attack", null, true], "noticed": ["_text_noticed", null, true],
		"shot": ["_text_shot", null, true], "noise": ["_text_noise", null, true],
	})


func _text_attack(ev: Dictionary) -> String:
	return "#%d %s #%d: %s" % [int(ev.attacker), "shoots at" if ev.get("ranged", false) else "attacks",
			int(ev.target), str(ev.get("outcome", "?"))]


func _text_noticed(ev: Dictionary) -> String:
	return "#%d notices the enemy #%d at (%d, %d)" % [int(ev.entity), int(ev.enemy), int(ev.x), int(ev.y)]


func _text_shot(ev: Dictionary) -> String:
	if int(ev.hit) != int(ev.target):
		return "#%d shoots at #%d; #%d is in the way" % [int(ev.attacker), int(ev.target), int(ev.hit)]
	return "#%d shoots at #%d" % [int(ev.attacker), int(ev.target)]


func _text_noise(ev: Dictionary) -> String:
	return "A noise at (%d, %d): %s" % [int(ev.x), int(ev.y), str(ev.get("cause", "")).replace("_", " ")]


func _text_knockout(ev: Dictionary) -> String:
	return "#%d is knocked out%s" % [int(ev.entity), " and bleeding" if ev.get("bleeding", false) else ""]


func _text_death(ev: Dictionary) -> String:
	return "#%d died (%s)" % [int(ev.entity), str(ev.get("cause", ""))]


func _text_wound(ev: Dictionary) -> String:
	return "#%d: %s wound, %s (%d points)" % [int(ev.entity), str(ev.level), str(ev.location), int(ev.total)]


func set_stance(value: int) -> void:
	if selected_id >= 0:
		send({"type": "set_stance", "entity": selected_id, "stance": value})


func begin_order(kind: String) -> void:
	pending = kind
	carry_body = -1
	EventBus.emit_signal("tool_selected", "combat_order")
	EventBus.emit_signal("notify", "Click the %s." % ("enemy" if kind == "order_attack" else "body"), "info")


func _on_tool_selected(id: String) -> void:
	if id != "combat_order":
		pending = ""
		carry_body = -1


func _on_entity_selected(id: int) -> void:
	if pending == "":
		selected_id = id


func _on_snapshot(s: Dictionary) -> void:
	snap = s
	if layer != null:
		layer.on_snapshot(s)


func _on_event(ev: Dictionary) -> void:
	if layer != null:
		layer.on_event(ev)


# The entity whose tile is `tile` (up ones first), -1 if none.
func entity_at(tile: Vector2) -> int:
	var ids = snap.get("ent_id", [])
	var pos = snap.get("ent_pos", [])
	var state = snap.get("ent_state", [])
	var best := -1
	for i in range(ids.size()):
		var p: Vector2 = pos[i]
		if int(round(p.x)) == int(tile.x) and int(round(p.y)) == int(tile.y):
			if best < 0 or int(state[i]) == 0:
				best = int(ids[i])
	return best


# A left click on the map with the Order tool.
func _on_order_click(tile: Vector2) -> void:
	if pending == "" or selected_id < 0:
		return
	if pending == "carry" and carry_body >= 0:
		send({"type": "carry", "entity": selected_id, "body": carry_body,
				"x": int(tile.x), "y": int(tile.y)})
		_finish_order()
		return
	var target := entity_at(tile)
	if target < 0:
		EventBus.emit_signal("notify", "Nobody there.", "warn")
		return
	if pending == "order_attack":
		send({"type": "order_attack", "entity": selected_id, "target": target})
	elif pending == "carry":
		carry_body = target
		EventBus.emit_signal("notify", "Now click where to carry it.", "info")
		return
	else:
		send({"type": pending, "entity": selected_id, "body": target})
	_finish_order()


func _finish_order() -> void:
	pending = ""
	carry_body = -1
	EventBus.emit_signal("tool_selected", "select")
