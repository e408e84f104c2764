extends Reference
# Sim events in words, for the event log and the headless autoplay output.
# Concepts add their own with HUD.register_event_text(type, target, method): the method
# takes the event Dictionary and returns a String ("" to fall back to the default).

const COLOR_DEFAULT := Color(0.85, 0.82, 0.9)
const COLOR_REFUSED := Color(1.0, 0.5, 0.45)
const COLOR_ERROR := Color(1.0, 0.35, 0.35)

const LEARNED_HOW := {"triggered": " (saw it go off)", "spotted": " (it was spotted)",
		"detected": " (Detect Traps)"}

var _formatters := {}   # type -> FuncRef
var _colors := {"refused": COLOR_REFUSED, "error": COLOR_ERROR}
var _quiet := {}        # types too frequent for the on-screen log (each attack, each look)


# quiet: the on-screen log leaves this type out (the headless autoplay still prints it).
func register(type: String, target: Object, method: String, color = null, quiet := false) -> void:
	_formatters[type] = funcref(target, method)
	if color != null:
		_colors[type] = color
	if quiet:
		_quiet[type] = true
	else:
		_quiet.erase(type)


func is_quiet(ev: Dictionary) -> bool:
	return _quiet.has(str(ev.get("type", "")))


func color_of(ev: Dictionary) -> Color:
	return _colors.get(str(ev.get("type", "")), COLOR_DEFAULT)


func text_of(ev: Dictionary) -> String:
	var type := str(ev.get("type", "?"))
	if _formatters.has(type):
		var f: FuncRef = _formatters[type]
		if f.is_valid():
			var s = f.call_func(ev)
			if typeof(s) == TYPE_STRING and s != "":
				return s
	match type:
		"refused":
			return "Refused %s: %s" % [_words(str(ev.get("command", "command"))), str(ev.get("reason", ""))]
		"speed_changed", "speed":
			var sp := int(ev.get("speed", 0))
			return "Game paused" if sp == 0 else "Speed set to %dx" % sp
		"error":
			var lines := str(ev.get("message", "")).strip_edges().split("\n")
			return "Simulation error: " + (str(lines[lines.size() - 1]) if lines.size() > 0 else "?")
		"spawned":
			return "%s #%s appeared at %s" % [str(ev.get("kind", "someone")).capitalize(), str(ev.get("entity", "?")), _at(ev)]
		"path_lost":
			return "#%s can find no way to %s" % [str(ev.get("entity", "?")), _at(ev)]
		"noise":
			return "A noise at %s (%s)" % [_at(ev), _words(str(ev.get("cause", "?")))]
		"noticed":
			return "#%s noticed the enemy #%s at %s" % [str(ev.get("entity", "?")), str(ev.get("enemy", "?")), _at(ev)]
		"door_opened":
			if int(ev.get("entity", -1)) < 0:
				return "The door at %s opened" % _at(ev)
			return "#%s opened the door at %s" % [str(ev.get("entity", "?")), _at(ev)]
		"door_closed":
			return "The door at %s closed" % _at(ev)
		"party_arrived":
			var n := size_of(ev.get("members", []))
			return "A party of %s arrived at %s" % [plural(n, "adventurer"), _at(ev)]
		"invasion_arrived":
			var members := size_of(ev.get("members", []))
			var what := "A party of %s" % plural(members, "adventurer")
			if str(ev.get("kind", "")) == "mob":
				what = "A mob of %s" % plural(members, "peasant")
			if str(ev.get("chasing", "")) != "":
				what += " chasing %s" % str(ev.get("chasing", ""))
			return "Invasion %s: %s came through the portal at %s to %s" % [str(ev.get("number", "?")), what, _at(ev), _goal_words(str(ev.get("goal", "")))]
		"party_departed":
			if str(ev.get("chasing", "")) != "":
				return "Adventurers set out after %s: %s hours away" % [str(ev.get("chasing", "")), str(ev.get("hours", "?"))]
			var who: String = "A war party of %s"
			if ev.get("camp", false):
				who = "The warriors of %s"
			return (who + " set out for your dungeon: %s hours away") % [str(ev.get("faction", "?")), str(ev.get("hours", "?"))]
		"invasion_ended":
			return "The invasion is over: %s dead, %s knocked out, %s gone" % [str(ev.get("dead", 0)), str(ev.get("knocked_out", 0)), str(ev.get("gone", 0))]
		"invasion_limit_started":
			return "The next invasion comes within %s hours" % str(ev.get("hours", "?"))
		"invasion_held_off":
			return "No invasion could come; the next within %s hours" % str(ev.get("hours", "?"))
		"goal_changed":
			return "Party #%s now means to %s" % [str(ev.get("party", "?")), _goal_words(str(ev.get("goal", "")))]
		"treasure_taken":
			return "#%s took %s at %s" % [str(ev.get("entity", "?")), plural(int(ev.get("amount", 0)), "treasure"), _at(ev)]
		"treasure_dropped":
			return "#%s dropped %s at %s" % [str(ev.get("entity", "?")), plural(int(ev.get("amount", 0)), "treasure"), _at(ev)]
		"party_left_with_treasure":
			return "#%s left the map with %s: lost to you" % [str(ev.get("entity", "?")), plural(int(ev.get("amount", 0)), "treasure", "treasure")]
		"rite_of_storms":
			return "The Rite of Storms rages for %s hours (cost %s treasure): no invasion can come" % [str(ev.get("hours", "?")), str(ev.get("cost", "?"))]
		"dug":
			return "Rock dug out at %s" % _at(ev)
		"wall_built":
			return "A wall was built at %s" % _at(ev)
		"cave_in":
			var fallen := size_of(ev.get("fallen", []))
			var held := size_of(ev.get("held", []))
			var s := "Cave-in: %s fell in" % plural(fallen, "tile")
			if held > 0:
				s += ", %s held (something stands there)" % plural(held, "tile")
			return s
		"wire_cut":
			# A trap part moved (BUILD-02): the wires that ended on it were removed.
			return "The wire to the %s was cut when it moved" % kind_words(ev.get("kind", "part"))
		# Adventurers' trap knowledge (pysim/adventurers, docs/rules/adventurers.md).
		"trap_spotted":
			return "%s spotted the %s at %s" % [who(ev.get("entity", -1)), kind_words(ev.get("kind", "trigger")), _at(ev)]
		"trap_learned":
			return "%s now knows of the %s at %s%s" % [who(ev.get("entity", -1)), kind_words(ev.get("kind", "trigger")), _at(ev),
					LEARNED_HOW.get(str(ev.get("how", "")), "")]
		"detect_traps":
			return "%s searched for traps and found %s" % [who(ev.get("entity", -1)), plural(size_of(ev.get("parts", [])), "trigger")]
		"disarm_started":
			return "%s is trying to disarm the %s at %s" % [who(ev.get("entity", -1)), kind_words(ev.get("kind", "trigger")), _at(ev)]
		"disarm_succeeded":
			return "%s disarmed the %s at %s: it needs a reset" % [who(ev.get("entity", -1)), kind_words(ev.get("kind", "trigger")), _at(ev)]
		"disarm_failed":
			return "%s failed to disarm the %s at %s and tries again" % [who(ev.get("entity", -1)), kind_words(ev.get("kind", "trigger")), _at(ev)]
		"disarm_botched":
			return "%s botched disarming the %s at %s and set it off" % [who(ev.get("entity", -1)), kind_words(ev.get("kind", "trigger")), _at(ev)]
		"metal_delivered":
			# Both the door padlocks and the trap parts are built from delivered metal.
			var what := "trap part #%d" % int(ev.get("part", -1))
			if ev.has("door"):
				what = "the padlock of door #%d" % int(ev.door)
			if ev.has("furniture"):
				what = "a piece of furniture"
			return "#%d brought metal for %s (%d of %d)" % [int(ev.get("entity", -1)), what,
					int(ev.get("metal", 0)), int(ev.get("needed", 0))]
	return default_text(ev)


# "1 tile", "3 tiles".
static func plural(n: int, word: String, words: String = "") -> String:
	if n == 1:
		return "1 " + word
	return "%d %s" % [n, words if words != "" else word + "s"]


# A span of ticks in game time (10 ticks a minute, pysim/core/clock.py): "45 min", "2 h 10 min".
static func duration(ticks: int) -> String:
	if ticks < 10:
		return plural(max(ticks, 0), "tick")
	var minutes := int(ticks / 10)
	if minutes < 60:
		return "%d min" % minutes
	if minutes % 60 == 0:
		return "%d h" % int(minutes / 60)
	return "%d h %d min" % [int(minutes / 60), minutes % 60]


# A tick as the game clock: "day 2 07:30" (day 1 hour 0 at tick 0, 600 ticks an hour).
static func clock(tick: int) -> String:
	var hours := int(tick / 600)
	return "day %d %02d:%02d" % [int(hours / 24) + 1, hours % 24, int((tick % 600) / 10)]


# "#7", or `nobody` for a missing id (-1).
static func who(id, nobody: String = "someone") -> String:
	return nobody if int(id) < 0 else "#%d" % int(id)


# "a" or "an" before a word: a_an("electric coil") == "an electric coil".
static func a_an(word: String) -> String:
	return ("an " if "aeiou".find(word.substr(0, 1).to_lower()) >= 0 else "a ") + word


# A part or mechanism kind in words: "pressure_plate" -> "pressure plate".
static func kind_words(kind) -> String:
	return _words(str(kind))


# The same with a capital: "Pressure plate".
static func kind_title(kind) -> String:
	var s := _words(str(kind))
	return s.substr(0, 1).to_upper() + s.substr(1, s.length() - 1)


static func size_of(v) -> int:
	match typeof(v):
		TYPE_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_VECTOR2_ARRAY, TYPE_STRING_ARRAY:
			return v.size()
	return 0


# "some_type: key value, key value" for events nobody taught us to word.
static func default_text(ev: Dictionary) -> String:
	var parts := []
	var keys: Array = ev.keys()
	keys.sort()
	for k in keys:
		if k == "type" or k == "tick":
			continue
		parts.append("%s %s" % [_words(str(k)), _value(ev[k])])
	var head := _words(str(ev.get("type", "event")))
	head = head.substr(0, 1).to_upper() + head.substr(1, head.length() - 1)
	if parts.empty():
		return head
	return head + ": " + PoolStringArray(parts).join(", ")


static func _goal_words(goal: String) -> String:
	match goal:
		"kill_boss":
			return "kill your Boss"
		"steal_treasure":
			return "steal your treasure"
		"rescue_prisoners":
			return "rescue your prisoners"
		"smash_altar":
			return "smash one of your altars"
	return _words(goal)


static func _at(ev: Dictionary) -> String:
	return "(%s, %s)" % [str(ev.get("x", "?")), str(ev.get("y", "?"))]


static func _words(s: String) -> String:
	return s.replace("_", " ")


static func _value(v) -> String:
	match typeof(v):
		TYPE_REAL:
			return str(stepify(v, 0.01))
		TYPE_VECTOR2:
			return "(%d, %d)" % [int(v.x), int(v.y)]
		TYPE_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_VECTOR2_ARRAY:
			if v.size() == 2:
				return "(%s, %s)" % [str(v[0]), str(v[1])]
	return str(v)
