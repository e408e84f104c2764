extends Reference
# The selection panel's Info tab in words: describe(id) laid out as a game panel (title, what
# it is doing, duty, stance, wounds, who carries whom, stats in one line; any key a rule area
# adds and nobody laid out under "More", so nothing the sim says is lost). Static functions;
# hud/SelectionPanel.gd shows them. No rule is decided here.

const EventText = preload("res://hud/EventText.gd")

# What each stat does, for the Info tab's tooltips (the rules: RULES.md, docs/rules/*.md).
const STAT_TIPS := {
	"level": "Level: how seasoned this adventurer is; higher levels have better stats",
	"hunt": "Hunt: how far it notices enemies (3 + 2 x Hunt tiles) and how well it spots hidden triggers",
	"craft": "Craft: building and resetting traps, picking locks and disarming triggers",
	"battle": "Battle: striking in a fight, and bashing doors",
	"block": "Block: turning a blow aside in a fight",
	"speed": "Speed: how fast it walks",
}
# A minion's job in words (pysim/traps/trap_view.py job, job_what, job_at).
const JOB_WORDS := {"build": "building", "reset": "resetting", "haul": "hauling metal to",
		"padlock_build": "fitting", "padlock_haul": "hauling metal for", "door_rearm": "re-arming"}
# What a body is doing when no job or order says more (combat action names).
const TASK_GERUNDS := {"carry": "carrying", "heal": "healing", "capture": "capturing",
		"kill": "killing", "scrap": "scrapping", "burn": "burning"}
const ACTION_WORDS := {"idle": "idle", "fight": "fighting", "flee": "fleeing"}
const KIND_NAMES := {0: "Minion", 1: "Adventurer", 2: "Creature", 3: "Boss"}

static func title_for(entity_id: int, info: Dictionary) -> String:
	if str(info.get("title", "")) != "":
		return str(info["title"])          # pysim/core/names.py: "Aldric Crane, warrior level 2"
	var parts := []
	var name := str(info.get("name", ""))
	if name != "":
		parts.append(name)
	var kind_name := _kind_name(info)
	var subtype := str(info.get("subtype", ""))
	if subtype != "" and subtype != kind_name:
		kind_name += " (%s)" % _words(subtype)
	if kind_name != "":
		parts.append(kind_name if name == "" else "- " + kind_name)
	if parts.empty():
		parts.append(Names.who(entity_id, "Someone"))
	return PoolStringArray(parts).join(" ")


static func _kind_name(info: Dictionary) -> String:
	if info.has("kind_name"):
		return _words(info["kind_name"]).capitalize()
	if info.has("kind") and typeof(info["kind"]) == TYPE_STRING:
		return _words(info["kind"]).capitalize()
	if info.has("kind"):
		return KIND_NAMES.get(int(info["kind"]), "Entity")
	return ""


# --- the Info tab ----------------------------------------------------------------------
# Internal keys (the raw id, x, y, index lists) are left out.

const C_TITLE := "#ffe99a"
const C_LABEL := "#b49ad0"
const C_DIM := "#8a7f99"
const C_BAD := "#ff6a5a"
const C_WARN := "#ffb050"
const C_GOOD := "#8cff8c"
# by describe's body_state (pysim/combat/body_orders.py), else its state
const STATE_COLORS := {"up": C_GOOD, "knocked_out": C_WARN, "dead": C_BAD, "unable": C_WARN,
		"bleeding": C_BAD, "captured": C_WARN, "prisoner": C_WARN, "carried": C_WARN}
# Keys laid out by info_bbcode (top level, combat, combat.stats); the rest go under "More".
const SHOWN_KEYS := ["id", "kind", "kind_name", "subtype", "name", "side", "state", "x", "y",
		"tile", "walking", "goal", "duty", "job", "combat", "missing",
		"known_triggers",   # an adventurer's Log tab (adventurers/LogTab.gd) lists these
		"title", "class", "level", "job_what", "job_at",   # the title line and the job words
		"job_phrase", "sleep_until",
		# an adventurer's Party tab (adventurers/PartyTab.gd) words these
		"cautious", "caution_bonus", "party_cautious_reason", "party_cautious_words",
		"corridors_off", "learned", "learned_named", "party_goal_words",
		# the condition line; the orders' buttons (combat/BehaviorTab.gd, BodyOrders.gd)
		"body_state", "condition", "orders", "minion_orders"]
const SHOWN_COMBAT := ["stats", "wounds", "wound_points", "unable_at", "stance", "stance_name",
		"stances", "action", "target", "ordered_target", "bleeding", "wake_tick", "captured",
		"carried_by", "carrying", "known_enemies", "kills", "task"]
const SHOWN_STATS := ["name", "level", "hunt", "craft", "battle", "block", "speed", "weapon",
		"blunt", "ranged", "armour", "helmet", "traits"]
const STAT_ORDER := ["hunt", "craft", "battle", "block", "speed"]


static func info_bbcode(info: Dictionary) -> String:
	if info.empty():
		return "[color=#a08080]No details.[/color]"
	if info.get("missing", false):
		return "[color=#a08080]Gone: nothing by that id any more.[/color]"
	var c: Dictionary = info["combat"] if typeof(info.get("combat")) == TYPE_DICTIONARY else {}
	var lines := []
	# Title: kind + subtype + name, then the side.
	var title := _kind_name(info)
	var subtype := str(info.get("subtype", ""))
	if subtype != "" and subtype != str(info.get("kind", "")):
		title += " (%s)" % _words(subtype)
	# The header already names the body (info.title, pysim/core/names.py): this line says what it is.
	if str(info.get("name", "")) != "" and str(info.get("title", "")) == "":
		title = "%s, %s" % [_esc(info["name"]), title]
	lines.append("[color=%s]%s[/color]" % [C_TITLE, title])
	if str(info.get("side", "")) != "":
		lines.append("[color=%s]%s side[/color]" % [C_DIM, EventText.first_up(_words(info["side"]))])
	# What it is doing: state, action, where.
	var st := str(info.get("state", ""))
	var doing := []
	var words := doing_words(info) if st == "up" else ""
	if words.begins_with("asleep "):     # up, but resting (SLEEP-03): "Asleep in its bed ..."
		doing.append("[color=%s]Asleep[/color] %s" % [C_DIM, words.substr(7)])
	else:
		# pysim's words for the body's state ("Captured", "Prisoner in the north cell"), else
		# the state's name
		var bs := str(info.get("body_state", st))
		var cond := str(info.get("condition", EventText.first_up(_words(st))))
		if cond != "":
			doing.append("[color=%s]%s[/color]" % [STATE_COLORS.get(bs, STATE_COLORS.get(st, "#ffffff")), _esc(cond)])
		if words != "":
			doing.append(words)
	if typeof(info.get("tile")) == TYPE_ARRAY and info["tile"].size() == 2 \
			and str(info.get("body_state", "")) != "prisoner":     # its cell says where
		var place := EventText.where(info["tile"][0], info["tile"][1])
		if words.find(place) < 0:      # "asleep in its bed in the sanctum": said once
			doing.append(place)
	if not doing.empty():
		lines.append(PoolStringArray(doing).join(", "))
	if int(c.get("wake_tick", -1)) >= 0 and st == "knocked_out":
		lines.append("[color=%s]Wakes %s[/color]" % [C_WARN, EventText.clock(int(c["wake_tick"]))])
	# Duty and job (minions).
	if str(info.get("duty", "")) != "":
		var duty := "[color=%s]Duty[/color]  %s" % [C_LABEL, "none" if str(info["duty"]) == "none" else EventText.first_up(_words(info["duty"]))]
		if str(info.get("job", "")) != "":
			duty += ", job: %s" % job_words(info)
		lines.append(duty)
	# Stance.
	if c.has("stance_name"):
		lines.append("[color=%s]Stance[/color]  %s" % [C_LABEL, EventText.first_up(_words(c["stance_name"]))])
	# Wounds: total wound points, bleeding, each wound with its body location.
	if c.has("wound_points"):
		var wp := int(c["wound_points"])
		var wline := "[color=%s]Wounds[/color]  WP %d/%d" % [C_LABEL, wp, int(c.get("unable_at", 0))]
		if c.get("bleeding", false):
			wline += "  [color=%s]BLEEDING[/color]" % C_BAD
		lines.append(wline)
		var wounds: Array = c.get("wounds", [])
		if wounds.empty():
			lines.append("   [color=%s]unhurt[/color]" % C_DIM)
		for w in wounds:
			if typeof(w) == TYPE_DICTIONARY:
				lines.append("   %s %s, %s (%d WP)" % [EventText.first_up(_words(w.get("level", ""))),
						_words(w.get("kind", "wound")), _words(w.get("location", "?")), int(w.get("points", 0))])
	# Carrying / targets (captured and carried are in the condition, above).
	var rel := []
	if int(c.get("carrying", -1)) >= 0:
		rel.append("Carrying %s" % _esc(Names.who(c["carrying"])))
	if int(c.get("ordered_target", -1)) >= 0:
		rel.append("Ordered to attack %s" % _esc(Names.who(c["ordered_target"])))
	elif int(c.get("target", -1)) >= 0:
		rel.append("Fighting %s" % _esc(Names.who(c["target"])))
	if not rel.empty():
		lines.append(PoolStringArray(rel).join(", "))
	var known: Array = c.get("known_enemies", [])
	if not known.empty():
		var ids := []
		for k in known:
			ids.append(_esc(Names.who(k)))
		lines.append("[color=%s]Knows of[/color]  %s" % [C_LABEL, PoolStringArray(ids).join(", ")])
	if int(c.get("kills", 0)) > 0:
		lines.append("[color=%s]Kills[/color]  %d" % [C_LABEL, int(c["kills"])])
	# Stats in one line, gear in another.
	if typeof(c.get("stats")) == TYPE_DICTIONARY:
		var sd: Dictionary = c["stats"]
		var parts := []
		# A level is an adventurer's (their class level); the Boss's and a kobold's "Lv 0" said nothing.
		if sd.has("level") and (int(sd["level"]) > 0 or str(info.get("kind", "")) == "adventurer"):
			parts.append("[url=stat:level]Lv %d[/url]" % int(sd["level"]))
		for k in STAT_ORDER:
			if sd.has(k):
				parts.append("[url=stat:%s]%s %s[/url]" % [k, k.capitalize(), _value(sd[k])])
		lines.append("")
		lines.append(PoolStringArray(parts).join("  "))
		var gear := []
		if sd.has("weapon"):
			gear.append(EventText.first_up(_words(sd["weapon"])) + (" (ranged)" if sd.get("ranged", false) else ""))
		if sd.has("armour"):
			gear.append("armour: %s" % _words(sd["armour"]))
		if int(sd.get("helmet", 0)) > 0:
			gear.append("helmet %d" % int(sd["helmet"]))
		var traits: Array = sd.get("traits", [])
		if not traits.empty():
			gear.append("traits: %s" % _value(traits))
		if not gear.empty():
			lines.append("[color=%s]%s[/color]" % [C_DIM, PoolStringArray(gear).join(", ")])
		_more(lines, sd, SHOWN_STATS)
	# Whatever else the rule areas added.
	var more := []
	_more(more, c, SHOWN_COMBAT)
	_more(more, info, SHOWN_KEYS)
	if not more.empty():
		lines.append("")
		lines.append("[color=#e0c070]More[/color]")
		lines += more
	return PoolStringArray(lines).join("\n")


# Lines "Label  value" (or a section) for the keys of d not in shown, sorted.
static func _more(lines: Array, d: Dictionary, shown: Array) -> void:
	var keys: Array = d.keys()
	keys.sort()
	for k in keys:
		if shown.has(k):
			continue
		var v = d[k]
		if typeof(v) == TYPE_DICTIONARY:
			lines.append("[color=%s]%s[/color]" % [C_LABEL, _label(k)])
			var sub: Dictionary = v
			var sub_keys: Array = sub.keys()
			sub_keys.sort()
			for sk in sub_keys:
				lines.append(_line(sk, sub[sk], "   "))
		else:
			lines.append(_line(k, v, ""))


static func _words(v) -> String:
	return _esc(str(v).replace("_", " "))


static func _esc(v) -> String:
	return str(v).replace("[", "(").replace("]", ")")


static func _label(k) -> String:
	return str(k).replace("_", " ").capitalize()


static func _line(k, v, indent: String) -> String:
	return "%s[color=%s]%s[/color]  %s" % [indent, C_LABEL, _label(k), _value(v)]


static func _value(v) -> String:
	match typeof(v):
		TYPE_NIL:
			return "-"
		TYPE_BOOL:
			return "yes" if v else "no"
		TYPE_REAL:
			return str(stepify(v, 0.01))
		TYPE_DICTIONARY:
			var parts := []
			for key in v.keys():
				parts.append("%s %s" % [str(key).replace("_", " "), _value(v[key])])
			return PoolStringArray(parts).join(", ")
		TYPE_ARRAY:
			var items := []
			for item in v:
				items.append(_value(item))
			if items.empty():
				return "none"
			var joined := PoolStringArray(items).join(", ")
			# Short numeric lists are coordinates: (x, y).
			if items.size() <= 3 and typeof(v[0]) != TYPE_STRING:
				return "(" + joined + ")"
			return joined
	return _esc(v)


# What a body that is up is doing, in words: its job first ("building the dart thrower in
# the west room"), then a task on a body, an ordered attack ("going to attack Aldric Crane"),
# its fight, walking somewhere; "idle" only when none of these (a minion on a build job, or
# walking to an ordered attack, is not idle).
static func doing_words(info: Dictionary) -> String:
	var c: Dictionary = info["combat"] if typeof(info.get("combat")) == TYPE_DICTIONARY else {}
	var action := str(c.get("action", ""))
	if str(info.get("job", "")) != "":
		return job_words(info)
	var task = c.get("task")        # [kind, body id, x, y, stage] (pysim/combat/afterwards.py)
	if typeof(task) == TYPE_ARRAY and task.size() >= 2:
		return "%s %s" % [TASK_GERUNDS.get(str(task[0]), _words(task[0])), Names.who(task[1], "a body")]
	if int(c.get("ordered_target", -1)) >= 0 and action != "fight":
		return "going to attack %s" % Names.who(c["ordered_target"])
	if action != "" and action != "idle":
		return ACTION_WORDS.get(action, _words(action))
	if info.get("walking", false) and typeof(info.get("goal")) == TYPE_ARRAY and info["goal"].size() == 2:
		return "walking to %s" % Names.place(info["goal"][0], info["goal"][1])
	return "idle"


static func job_words(info: Dictionary) -> String:
	var job := str(info.get("job", ""))
	# pysim's own words for the job ("asleep in its bed", "digging out the rock"), then where
	if str(info.get("job_phrase", "")) != "":
		var at = info.get("job_at")
		var phrase := str(info["job_phrase"])
		if typeof(at) == TYPE_ARRAY and at.size() == 2:
			phrase += " " + EventText.where(at[0], at[1])
		if int(info.get("sleep_until", -1)) >= 0:
			phrase += ", wakes %s" % EventText.clock(int(info["sleep_until"]))
		return phrase
	var verb: String = JOB_WORDS.get(job, _words(job))
	if info.has("job_what") and typeof(info.get("job_at")) == TYPE_ARRAY and info["job_at"].size() == 2:
		return "%s the %s %s" % [verb, _words(str(info["job_what"])),
				EventText.where(info["job_at"][0], info["job_at"][1])]
	return verb
