extends Reference
# Sim events in words, for the event log and the headless autoplay output.
# The core's own events in words (core_text), and the helpers every concept's words use
# (plural, a_an, kind_words, duration, clock, who, where ...). Which words an event gets,
# its colour, its log filter and whether the on-screen log shows it: hud/EventWords.gd.

# Why a skip ahead ended (pysim/core/skipping.py STOPS' reasons, and morning, speed, stopped).
const SKIP_REASONS := {"spotted": "a party was spotted", "invasion_over": "the invasion is over",
		"letter": "news came", "trap": "a trap went off", "fight": "a fight broke out",
		"down": "someone went down", "job_done": "a job is done",
		"job_refused": "a job cannot go on", "reset": "a trap needs its reset",
		"theft": "an enemy is at your things", "game_over": "the game is over",
		"error": "the simulation failed", "morning": "morning came",
		"speed": "you set the speed", "stopped": "you stopped it"}


# The words for the core's events (refusals, speed, errors, arrivals, doors, invasions,
# treasure, digging, metal): the fallback when no concept words the event; an event nobody
# words gets default_text.
static func core_text(ev: Dictionary) -> String:
	var type := str(ev.get("type", "?"))
	match type:
		"refused":
			return "Refused %s: %s" % [_words(str(ev.get("command", "command"))), str(ev.get("reason", ""))]
		"speed_changed", "speed":
			var sp := int(ev.get("speed", 0))
			return "Game paused" if sp == 0 else "Speed set to %dx" % sp
		"skip_started":
			return "Skipping ahead..."
		"skip_stopped":
			return "Skipped %s: %s" % [duration(int(ev.get("ticks", 0))),
					SKIP_REASONS.get(str(ev.get("reason", "")), "it ended")]
		"error":
			return error_summary(str(ev.get("message", "")))
		"spawned":
			return "%s appeared %s" % [first_up(who(ev.get("entity", -1), "a " + str(ev.get("kind", "body")))), _where(ev)]
		"path_lost":
			return "%s can find no way to %s" % [first_up(who(ev.get("entity", -1))), _at(ev)]
		"door_opened":
			if int(ev.get("entity", -1)) < 0:
				return "%s opened" % first_up(_at(ev))
			return "%s opened %s" % [first_up(who(ev.get("entity", -1))), _at(ev)]
		"door_closed":
			return "%s closed" % first_up(_at(ev))
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
			var party := "The warriors of %s" if ev.get("camp", false) else "A war party of %s"
			return (party + " set out for your dungeon: %s hours away") % [str(ev.get("faction", "?")), str(ev.get("hours", "?"))]
		"invasion_ended":
			return "The invasion is over: %s dead, %s knocked out, %s gone" % [str(ev.get("dead", 0)), str(ev.get("knocked_out", 0)), str(ev.get("gone", 0))]
		"invasion_limit_started":
			return "The next invasion comes within %s hours" % str(ev.get("hours", "?"))
		"invasion_held_off":
			return "No invasion could come; the next within %s hours" % str(ev.get("hours", "?"))
		"goal_changed":
			return "%s's party now means to %s" % [first_up(who(ev.get("party", -1), "A party")), _goal_words(str(ev.get("goal", "")))]
		"treasure_taken", "treasure_dropped":
			return "%s %s %s %s" % [first_up(who(ev.get("entity", -1))), "took" if type == "treasure_taken" else "dropped",
					plural(int(ev.get("amount", 0)), "treasure"), _where(ev)]
		"party_left_with_treasure":
			return "%s left the map with %s: lost to you" % [first_up(who(ev.get("entity", -1))), plural(int(ev.get("amount", 0)), "treasure", "treasure")]
		"rite_of_storms":
			return "The Rite of Storms rages for %s hours (cost %s treasure): no invasion can come" % [str(ev.get("hours", "?")), str(ev.get("cost", "?"))]
		# The keeper's goals (pysim/economy/keeper_goals.py): the Goals panel shows them too.
		"goal_current":
			return "Goal %d: %s. %s" % [int(ev.get("goal", 0)) + 1, str(ev.get("title", "")), str(ev.get("advice", ""))]
		"goal_met":
			return "Goal met: %s" % str(ev.get("title", ""))
		"goals_done":
			return "Every goal met (%d of %d): the dungeon is yours to run" % [int(ev.get("goals", 0)), int(ev.get("goals", 0))]
		"dug":
			return "Dug out %s" % _at(ev)
		"digging_done":
			return "Digging done: every marked tile is dug out (the last %s)" % _where(ev)
		"wall_built":
			return "A wall was built: %s" % _at(ev)
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
		"metal_delivered":
			# Both the door padlocks and the trap parts are built from delivered metal.
			var what := "a trap part " + where_words(Names.part_place(ev.get("part", -1)))
			if ev.has("door"):
				what = "the padlock on %s" % Names.door_place(ev.door, "a door")
			if ev.has("furniture"):
				what = "the planned %s %s" % [str(ev.get("name", "piece")).to_lower(), where(ev.get("x", -1), ev.get("y", -1))]
			return "%s brought metal for %s (%d of %d)" % [first_up(who(ev.get("entity", -1))), what,
					int(ev.get("metal", 0)), int(ev.get("needed", 0))]
	return default_text(ev)


# A Python traceback's last line ("ValueError: ...") is what a player needs: the log's line
# and the error banner's (hud/Messages.gd).
static func error_summary(traceback: String) -> String:
	var lines := traceback.strip_edges().split("\n")
	return "Simulation error: " + (str(lines[lines.size() - 1]).strip_edges() if lines.size() > 0 else "?")


# "1 tile", "3 tiles".
static func plural(n: int, word: String, words: String = "") -> String:
	if n == 1:
		return "1 " + word
	return "%d %s" % [n, words if words != "" else word + "s"]


# A span of ticks in game time (10 ticks a minute, pysim/core/clock.py): "45 min", "2 h 10 min".
static func duration(ticks: int) -> String:
	if ticks < 10:
		return plural(int(max(ticks, 0)), "tick")
	var minutes := int(ticks / 10.0)
	if minutes < 60:
		return "%d min" % minutes
	if minutes % 60 == 0:
		return "%d h" % int(minutes / 60.0)
	return "%d h %d min" % [int(minutes / 60.0), minutes % 60]


# A tick as the game clock: "day 2 07:30" (day 1 hour 0 at tick 0, 600 ticks an hour).
static func clock(tick: int) -> String:
	var hours := int(tick / 600.0)
	return "day %d %02d:%02d" % [int(hours / 24.0) + 1, hours % 24, int((tick % 600) / 10.0)]


# A body's name ("Grubnose", "Aldric Crane", "the kobold": core/Names.gd), or `nobody` for a
# missing id (-1) or one the game does not know.
static func who(id, nobody: String = "someone") -> String:
	return Names.who(id, nobody)


# What a tile is called ("the west room", "the west portal": core/Names.gd).
static func place(x, y) -> String:
	return Names.place(x, y)


# A place with its preposition: "in the west room", "at the west portal", "at the door
# between ...", "in the wall by the west corridor".
static func where(x, y) -> String:
	return where_words(Names.place(x, y))


static func where_words(place: String) -> String:
	if place.begins_with("the door") or place.ends_with(" portal") or place == "somewhere":
		return ("at " if place != "somewhere" else "") + place
	return "in " + place


# "the dart thrower in the west corridor".
static func part_at(kind, x, y) -> String:
	return "the %s %s" % [kind_words(kind), where(x, y)]


# Part kinds named in the plural ("spinning blades"): "a set of", "are", "were".
const PLURAL_KINDS := ["spinning_blades"]


# "a pressure plate", "an electric coil", "a set of spinning blades".
static func a_part(kind) -> String:
	if str(kind) in PLURAL_KINDS:
		return "a set of " + kind_words(kind)
	return a_an(kind_words(kind))


# The verb form for a part kind: verb("spinning_blades", "is", "are") == "are".
static func verb(kind, one: String, many: String) -> String:
	return many if str(kind) in PLURAL_KINDS else one


# The sentence's first letter up: "Grubnose", "The kobold".
static func first_up(s: String) -> String:
	return s.substr(0, 1).to_upper() + s.substr(1, s.length() - 1)


# "a" or "an" before a word: a_an("electric coil") == "an electric coil".
static func a_an(word: String) -> String:
	return ("an " if "aeiou".find(word.substr(0, 1).to_lower()) >= 0 else "a ") + word


# A part or mechanism kind in words: "pressure_plate" -> "pressure plate".
static func kind_words(kind) -> String:
	return _words(str(kind))


# The same with a capital: "Pressure plate".
static func kind_title(kind) -> String:
	return first_up(_words(str(kind)))


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
	var head := first_up(_words(str(ev.get("type", "event"))))
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


static func _where(ev: Dictionary) -> String:
	return where(ev.get("x", -1), ev.get("y", -1))


static func _at(ev: Dictionary) -> String:
	return Names.place(ev.get("x", -1), ev.get("y", -1))


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
