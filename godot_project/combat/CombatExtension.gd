extends "res://core/ConceptExtension.gd"
# Combat UI (docs/rules/combat.md). Everything shown comes from the snapshot (ent_* combat
# keys, combat_shots) and the sim's events; every rule is pysim's.
# - On the map, blows, shots, wounds, knockouts and deaths are the effects of
#   world/EffectsLayer.gd; wound bars and bleeding are drawn on the bodies (EntityLayer).
# - "Behavior" tab in the selection panel: stance slider (Flee .. Aggressive) sending
#   set_stance, wounds with locations and wound points, and order buttons.
# - Orders by mouse: a button in the tab (Attack / Carry / Capture / Heal / Kill ...) picks the
#   "Order" tool; the next left click on an entity (and for Carry, then a tile) sends the
#   command for the selected minion.
# - What can be done with the selected body (combat/BodyOrders.gd, under the panel's title):
#   the orders its state takes (pysim/combat/body_orders.py), each for the minion pysim
#   offers; Carry then asks for the tile with the Order tool.

const ET = preload("res://hud/EventText.gd")
const Shared := preload("res://core/Shared.gd")

var tab = null
var body_orders = null       # combat/BodyOrders.gd, the selection panel's row
var snap := {}
var selected_id := -1
var pending := ""            # an order of ORDERS ("order_attack", "carry" ...), "" none
var carry_body := -1
var tool_id := "select"
var order_panel = null       # the Orders side panel, shown while the Order tool is active
var order_hint: Label = null
# The Order tool's orders, as pysim's body_orders.ORDERS lists them (its describe gives a
# minion's own list, minion_orders; the tool shows them before any minion is picked).
const ORDERS := [["Attack", "order_attack"], ["Carry", "carry"], ["Heal", "heal"],
		["Capture", "capture"], ["Imprison", "imprison"], ["Kill", "kill"],
		["Release", "release"], ["Scrap", "scrap"], ["Burn", "burn"]]
const ORDER_VERBS := {"carry": "carry", "capture": "capture", "heal": "heal", "kill": "kill",
		"imprison": "lock up", "release": "release", "scrap": "scrap", "burn": "burn"}


func setup(m) -> void:
	main = m
	tab = preload("res://combat/BehaviorTab.gd").new()
	tab.ext = self
	main.hud.add_selection_tab("Behavior", tab)
	body_orders = preload("res://combat/BodyOrders.gd").new()
	body_orders.ext = self
	main.hud.add_selection_row(body_orders)
	add_tool("combat_order", "Order", "Give a minion an order: pick the order, the minion, then the target", "_on_order_click")
	_build_order_panel()
	listen({"snapshot_updated": "_on_snapshot",
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
		"kill": "killing", "scrap": "scrapping", "burn": "burning", "imprison": "locking up",
		"release": "releasing"}
const DEATH_WORDS := {"wound": "was killed by %s", "executed": "was put to death by %s",
		"bled out": "bled to death", "trap": "was killed by a trap"}


func _text_attack(ev: Dictionary) -> String:
	var out := str(ev.get("outcome", ""))
	var ranged: bool = ev.get("ranged", false)
	if out == "botch":
		return "%s botches the %s %s" % [_up(ev.attacker), "shot at" if ranged else "attack on", ET.who(ev.target)]
	return "%s %s %s and %s" % [_up(ev.attacker), "shoots at" if ranged else "attacks", ET.who(ev.target),
			OUTCOME_WORDS.get(out, out.replace("_", " "))]


func _text_noticed(ev: Dictionary) -> String:
	return "%s notices the enemy %s %s" % [_up(ev.entity), ET.who(ev.enemy), ET.where(ev.x, ev.y)]


func _text_shot(ev: Dictionary) -> String:
	if int(ev.hit) != int(ev.target):
		return "%s shoots at %s; %s is in the way" % [_up(ev.attacker), ET.who(ev.target), ET.who(ev.hit)]
	return "%s shoots at %s" % [_up(ev.attacker), ET.who(ev.target)]


func _text_noise(ev: Dictionary) -> String:
	var cause := str(ev.get("cause", "noise"))
	var head: String = NOISE_WORDS.get(cause, "A noise (%s)" % cause.replace("_", " "))
	var heard := ET.size_of(ev.get("listeners", []))
	return "%s %s, heard by %s" % [head, ET.where(ev.x, ev.y),
			"nobody" if heard == 0 else ET.plural(heard, "creature")]


func _text_knockout(ev: Dictionary) -> String:
	var by := int(ev.get("by", -1))
	return "%s is knocked out%s%s" % [_up(ev.entity), " by " + ET.who(by) if by != -1 else "",
			" and bleeding" if ev.get("bleeding", false) else ""]


func _text_death(ev: Dictionary) -> String:
	var cause := str(ev.get("cause", ""))
	var by := int(ev.get("by", -1))
	if DEATH_WORDS.has(cause) and (by != -1 or str(DEATH_WORDS[cause]).find("%s") < 0):
		var w: String = DEATH_WORDS[cause]
		return "%s %s" % [_up(ev.entity), w % ET.who(by) if w.find("%s") >= 0 else w]
	return "%s died (%s)" % [_up(ev.entity), cause.replace("_", " ") if cause != "" else "unknown cause"]


# "Grubnose takes a minor wound to the arms (1 wound point, 3 in all)".
func _text_wound(ev: Dictionary) -> String:
	var s := "%s takes %s wound to the %s (%s, %d in all)" % [_up(ev.entity), ET.a_an(str(ev.level)),
			str(ev.location), ET.plural(int(ev.points), "wound point"), int(ev.total)]
	if ev.get("bleeding", false):
		s += " and bleeds"
	return s


func _text_bleeding_stopped(ev: Dictionary) -> String:
	if str(ev.get("cause", "")) == "clotted":
		return "%s's wounds clotted: the bleeding stopped" % _up(ev.entity)
	return "%s stopped bleeding" % _up(ev.entity)


func _text_woke(ev: Dictionary) -> String:
	# "under": who stood on the body (it got up beside them, docs/rules/combat.md "Waking")
	var under := int(ev.get("under", -1))
	return "%s came to %s%s%s" % [_up(ev.entity), ET.where(ev.x, ev.y),
			", crawling out from under %s" % ET.who(under) if under >= 0 else "",
			", a prisoner" if ev.get("captured", false) else ""]


func _text_stance(ev: Dictionary) -> String:
	return "%s's stance is now %s" % [_up(ev.entity), str(ev.get("name", ev.get("stance", "?"))).replace("_", " ")]


func _text_attack_ordered(ev: Dictionary) -> String:
	return "%s was ordered to attack %s" % [_up(ev.entity), ET.who(ev.target)]


func _gerund(task) -> String:
	return TASK_GERUNDS.get(str(task), str(task).replace("_", " "))


func _text_task_given(ev: Dictionary) -> String:
	return "%s sets about %s %s" % [_up(ev.entity), _gerund(ev.task), ET.who(ev.body)]


func _text_task_done(ev: Dictionary) -> String:
	return "%s finished %s %s" % [_up(ev.entity), _gerund(ev.task), ET.who(ev.body)]


func _text_task_failed(ev: Dictionary) -> String:
	var task := str(ev.get("task", ""))
	var what := "its task" if task == "" else _gerund(task)
	return "%s gave up %s: %s" % [_up(ev.entity), what, str(ev.get("reason", "")).trim_suffix(".")]


func _text_healed(ev: Dictionary) -> String:
	var left := int(ev.get("wound_points", 0))
	return "%s tended %s's wounds (%s left)" % [_up(ev.by), ET.who(ev.entity),
			"no wound points" if left == 0 else ET.plural(left, "wound point")]


func _text_captured(ev: Dictionary) -> String:
	return "%s took %s prisoner %s" % [_up(ev.by), ET.who(ev.entity), ET.where(ev.x, ev.y)]


func _text_picked_up(ev: Dictionary) -> String:
	return "%s picked up %s" % [_up(ev.by), ET.who(ev.entity)]


func _text_dropped(ev: Dictionary) -> String:
	return "%s put %s down %s" % [_up(ev.by), ET.who(ev.entity), ET.where(ev.x, ev.y)]


func _text_put_to_bed(ev: Dictionary) -> String:
	return "%s was put to bed to recover (wakes %s)" % [_up(ev.entity), ET.clock(int(ev.wake_tick))]


func _text_disposed(ev: Dictionary) -> String:
	return "%s %s the body of %s %s" % [_up(ev.by),
			"scrapped" if str(ev.type) == "scrapped" else "burnt", ET.who(ev.entity), ET.where(ev.x, ev.y)]


# A body's name with a capital, to start a sentence: "Grubnose", "The kobold".
static func _up(id) -> String:
	return ET.first_up(ET.who(id))


func set_stance(value: int) -> void:
	if selected_id >= 0:
		send({"type": "set_stance", "entity": selected_id, "stance": value})


func begin_order(kind: String) -> void:
	pending = kind
	carry_body = -1
	if tool_id != "combat_order":
		EventBus.emit_signal("tool_selected", "combat_order")
	_refresh_order_panel()


# An order from the body's row (BodyOrders.gd): pysim's command for the minion it offers,
# sent now; for Carry the Order tool asks where (the minion and the body already picked).
func body_order(order: Dictionary, body: int) -> void:
	var cmd: Dictionary = order.get("command", {})
	if not bool(order.get("ok", false)):
		EventBus.emit_signal("notify", str(order.get("reason", "")), "warn")
		return
	if str(order.get("needs", "")) != "tile":
		send(cmd)
		return
	begin_order(str(order.get("order", "")))
	selected_id = int(order.get("minion", -1))
	carry_body = body
	_refresh_order_panel()


func _on_tool_selected(id: String) -> void:
	tool_id = id
	if id != "combat_order":
		pending = ""
		carry_body = -1
	elif selected_id >= 0 and not _is_my_minion(selected_id):
		selected_id = -1
	_refresh_order_panel()


# --- the Orders panel: the Order tool works on its own ----------------------------
# Pick the order, the minion, the target (and for Carry the place), in any state of the
# selection; the panel's hint always says the next step, and goes with the tool.

func _build_order_panel() -> void:
	order_panel = add_side_panel("OrderPanel", "_on_order_panel_close", "Close the orders (Esc)")
	order_panel.title.text = "Orders"
	var row: Container = order_panel.add_row("OrderButtons")
	for pair in ORDERS:
		var b := Button.new()
		b.name = pair[0]
		b.text = pair[0]
		b.toggle_mode = true
		b.focus_mode = Control.FOCUS_NONE
		var _err := b.connect("pressed", self, "begin_order", [pair[1]])
		row.add_child(b)
	order_hint = GamePanel.add_text(order_panel.box, "Hint")


func _on_order_panel_close() -> void:
	EventBus.emit_signal("tool_selected", "select")


# The next step in words.
func order_hint_text() -> String:
	if pending == "":
		return "Pick an order: %s." % _order_list()
	if selected_id < 0:
		return "Now click one of your minions to carry it out."
	var who := ET.who(selected_id)
	if pending == "order_attack":
		return "Click the enemy %s should attack." % who
	if pending == "carry" and carry_body >= 0:
		return "Click where %s should carry %s." % [who, ET.who(carry_body)]
	return "Click the body %s should %s." % [who, ORDER_VERBS.get(pending, pending)]


func _refresh_order_panel() -> void:
	if order_panel == null:
		return
	order_panel.visible = tool_id == "combat_order"
	if not order_panel.visible:
		return
	order_hint.text = order_hint_text()
	for pair in ORDERS:
		var b: Button = order_panel.box.get_node("OrderButtons").get_node(pair[0])
		b.pressed = pending == pair[1]


func _is_my_minion(id: int) -> bool:
	var i := row_index(snap, "ent_id", id)
	return i >= 0 and int(snap["ent_kind"][i]) == Shared.MINION and _is_up(id)


func _on_entity_selected(id: int) -> void:
	if tool_id != "combat_order":
		selected_id = id


func _on_snapshot(s: Dictionary) -> void:
	snap = s


# The entity whose tile is `tile` (up ones first), -1 if none.
func entity_at(tile: Vector2) -> int:
	var found := bodies_at(tile)
	return int(found[0]) if not found.empty() else -1


# The bodies on `tile` the player sees (not those the fog hides), up ones first.
func bodies_at(tile: Vector2) -> Array:
	var ids = snap.get("ent_id", [])
	var pos = snap.get("ent_pos", [])
	var state = snap.get("ent_state", [])
	var unseen = snap.get("ent_unseen", PoolByteArray())
	var up := []
	var down := []
	for i in range(ids.size()):
		var p: Vector2 = pos[i]
		if int(round(p.x)) != int(tile.x) or int(round(p.y)) != int(tile.y):
			continue
		if i < unseen.size() and unseen[i] != 0:
			continue
		if int(state[i]) == Shared.STATE_UP:
			up.append(int(ids[i]))
		else:
			down.append(int(ids[i]))
	return up + down


# The body on `tile` the pending order means: the first the game would take it on (Imprison
# where a minion stands over the captured adventurer means the adventurer; Carry, whose place
# comes later, a body that is down), else the first there (its refusal says why); -1: nobody.
func order_target(tile: Vector2) -> int:
	var found := bodies_at(tile)
	if found.empty():
		return -1
	for id in found:
		if pending == "carry":
			if not _is_up(id):
				return id
		elif main.sim.check(order_command(id)) == "":
			return id
	return int(found[0])


func _is_up(id: int) -> bool:
	var i := row_index(snap, "ent_id", id)
	return i >= 0 and int(snap["ent_state"][i]) == Shared.STATE_UP


# The command of the pending order (not Carry's) on `target`, by the selected minion.
func order_command(target: int) -> Dictionary:
	if pending == "order_attack":
		return {"type": "order_attack", "entity": selected_id, "target": target}
	return {"type": pending, "entity": selected_id, "body": target}


static func _order_list() -> String:
	var labels := []
	for pair in ORDERS:
		labels.append(pair[0])
	return "%s or %s" % [PoolStringArray(labels.slice(0, labels.size() - 2)).join(", "), labels[-1]]


# A left click on the map with the Order tool.
func _on_order_click(tile: Vector2) -> void:
	if pending == "":
		EventBus.emit_signal("notify", "Pick an order first (%s)." % _order_list(), "warn")
		return
	if selected_id < 0:
		var who := entity_at(tile)
		if who >= 0 and _is_my_minion(who):
			selected_id = who
			EventBus.emit_signal("entity_selected", who)
		else:
			EventBus.emit_signal("notify", "Click one of your minions first: who should do it?", "warn")
		_refresh_order_panel()
		return
	if pending == "carry" and carry_body >= 0:
		send({"type": "carry", "entity": selected_id, "body": carry_body,
				"x": int(tile.x), "y": int(tile.y)})
		_finish_order()
		return
	var target := order_target(tile)
	if target < 0:
		EventBus.emit_signal("notify", "Nobody there.", "warn")
		return
	if pending == "carry":
		carry_body = target
		_refresh_order_panel()
		return
	send(order_command(target))
	_finish_order()


func _finish_order() -> void:
	pending = ""
	carry_body = -1
	EventBus.emit_signal("tool_selected", "select")
	_refresh_order_panel()
