extends "res://core/ConceptExtension.gd"
# Combat UI (docs/rules/combat.md). Everything shown comes from the snapshot (ent_* combat
# keys, combat_shots) and the sim's events; every rule is pysim's.
# - CombatLayer (above the entities): attack lines, shots, wound pops, bleeding marks.
# - "Behavior" tab in the selection panel: stance slider (Flee .. Aggressive) sending
#   set_stance, wounds with locations and wound points, and order buttons.
# - Orders by mouse: a button in the tab (Attack / Carry / Capture / Heal / Kill) picks the
#   "Order" tool; the next left click on an entity (and for Carry, then a tile) sends the
#   command for the selected minion.

const ET = preload("res://hud/EventText.gd")
const STANCES := ["Flee", "Evasive", "Defensive", "Balanced", "Aggressive"]

var layer = null
var tab = null
var snap := {}
var selected_id := -1
var pending := ""            # "order_attack", "carry", "capture", "heal", "kill", "imprison", ""
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
		"bleeding_stopped": "_text_bleeding_stopped",
		"woke": "_text_woke",
		"stance_changed": "_text_stance",
		"attack_ordered": "_text_attack_ordered",
		# Orders for the fallen (pysim/combat/afterwards.py, given from the Behavior tab).
		"task_given": "_text_task_given",
		"task_done": "_text_task_done",
		"task_failed": ["_text_task_failed", Color(1, 0.7, 0.45)],
		"healed": ["_text_healed", Color(0.6, 1, 0.6)],
		"captured": ["_text_captured", Color(1, 0.85, 0.5)],
		"picked_up": "_text_picked_up",
		"dropped": "_text_dropped",
		"put_to_bed": "_text_put_to_bed",
		"scrapped": "_text_disposed",
		"burnt": "_text_disposed",
	})


const OUTCOME_WORDS := {"hit": "hits", "miss": "misses"}
const NOISE_WORDS := {"death": "A death cry", "bash": "Bashing", "noise": "A noise"}
const TASK_GERUNDS := {"carry": "carrying", "heal": "healing", "capture": "capturing",
		"kill": "killing", "scrap": "scrapping", "burn": "burning", "imprison": "locking up"}
const DEATH_WORDS := {"wound": "was killed by %s", "executed": "was put to death by %s",
		"bled out": "bled to death", "trap": "was killed by a trap"}


func _text_attack(ev: Dictionary) -> String:
	var out := str(ev.get("outcome", ""))
	var ranged: bool = ev.get("ranged", false)
	if out == "botch":
		return "#%d botches the %s #%d" % [int(ev.attacker), "shot at" if ranged else "attack on", int(ev.target)]
	return "#%d %s #%d and %s" % [int(ev.attacker), "shoots at" if ranged else "attacks", int(ev.target),
			OUTCOME_WORDS.get(out, out.replace("_", " "))]


func _text_noticed(ev: Dictionary) -> String:
	return "#%d notices the enemy #%d at (%d, %d)" % [int(ev.entity), int(ev.enemy), int(ev.x), int(ev.y)]


func _text_shot(ev: Dictionary) -> String:
	if int(ev.hit) != int(ev.target):
		return "#%d shoots at #%d; #%d is in the way" % [int(ev.attacker), int(ev.target), int(ev.hit)]
	return "#%d shoots at #%d" % [int(ev.attacker), int(ev.target)]


func _text_noise(ev: Dictionary) -> String:
	var cause := str(ev.get("cause", "noise"))
	var head: String = NOISE_WORDS.get(cause, "A noise (%s)" % cause.replace("_", " "))
	var heard := ET.size_of(ev.get("listeners", []))
	return "%s at (%d, %d), heard by %s" % [head, int(ev.x), int(ev.y),
			"nobody" if heard == 0 else ET.plural(heard, "creature")]


func _text_knockout(ev: Dictionary) -> String:
	var by := int(ev.get("by", -1))
	return "#%d is knocked out%s%s" % [int(ev.entity), " by #%d" % by if by >= 0 else "",
			" and bleeding" if ev.get("bleeding", false) else ""]


func _text_death(ev: Dictionary) -> String:
	var cause := str(ev.get("cause", ""))
	var by := int(ev.get("by", -1))
	if DEATH_WORDS.has(cause) and (by >= 0 or str(DEATH_WORDS[cause]).find("%s") < 0):
		var w: String = DEATH_WORDS[cause]
		return "#%d %s" % [int(ev.entity), w % ("#%d" % by) if w.find("%s") >= 0 else w]
	return "#%d died (%s)" % [int(ev.entity), cause.replace("_", " ") if cause != "" else "unknown cause"]


# "#6 takes a minor wound to the arms (1 wound point, 3 in all)".
func _text_wound(ev: Dictionary) -> String:
	var s := "#%d takes %s wound to the %s (%s, %d in all)" % [int(ev.entity), ET.a_an(str(ev.level)),
			str(ev.location), ET.plural(int(ev.points), "wound point"), int(ev.total)]
	if ev.get("bleeding", false):
		s += " and bleeds"
	return s


func _text_bleeding_stopped(ev: Dictionary) -> String:
	if str(ev.get("cause", "")) == "clotted":
		return "#%d's wounds clotted: the bleeding stopped" % int(ev.entity)
	return "#%d stopped bleeding" % int(ev.entity)


func _text_woke(ev: Dictionary) -> String:
	return "#%d came to at (%d, %d)%s" % [int(ev.entity), int(ev.x), int(ev.y),
			", a prisoner" if ev.get("captured", false) else ""]


func _text_stance(ev: Dictionary) -> String:
	return "#%d's stance is now %s" % [int(ev.entity), str(ev.get("name", ev.get("stance", "?"))).replace("_", " ")]


func _text_attack_ordered(ev: Dictionary) -> String:
	return "#%d was ordered to attack #%d" % [int(ev.entity), int(ev.target)]


func _gerund(task) -> String:
	return TASK_GERUNDS.get(str(task), str(task).replace("_", " "))


func _text_task_given(ev: Dictionary) -> String:
	return "#%d sets about %s #%d" % [int(ev.entity), _gerund(ev.task), int(ev.body)]


func _text_task_done(ev: Dictionary) -> String:
	return "#%d finished %s #%d" % [int(ev.entity), _gerund(ev.task), int(ev.body)]


func _text_task_failed(ev: Dictionary) -> String:
	var task := str(ev.get("task", ""))
	var what := "its task" if task == "" else _gerund(task)
	return "#%d gave up %s: %s" % [int(ev.entity), what, str(ev.get("reason", "")).trim_suffix(".")]


func _text_healed(ev: Dictionary) -> String:
	var left := int(ev.get("wound_points", 0))
	return "#%d tended #%d's wounds (%s left)" % [int(ev.by), int(ev.entity),
			"no wound points" if left == 0 else ET.plural(left, "wound point")]


func _text_captured(ev: Dictionary) -> String:
	return "#%d took #%d prisoner at (%d, %d)" % [int(ev.by), int(ev.entity), int(ev.x), int(ev.y)]


func _text_picked_up(ev: Dictionary) -> String:
	return "#%d picked up #%d" % [int(ev.by), int(ev.entity)]


func _text_dropped(ev: Dictionary) -> String:
	return "#%d put #%d down at (%d, %d)" % [int(ev.by), int(ev.entity), int(ev.x), int(ev.y)]


func _text_put_to_bed(ev: Dictionary) -> String:
	return "#%d was put to bed to recover (wakes %s)" % [int(ev.entity), ET.clock(int(ev.wake_tick))]


func _text_disposed(ev: Dictionary) -> String:
	return "#%d %s the body of #%d at (%d, %d)" % [int(ev.by),
			"scrapped" if str(ev.type) == "scrapped" else "burnt", int(ev.entity), int(ev.x), int(ev.y)]


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
