extends Reference
# Which words each sim event gets in the event log and the headless autoplay's output: the
# concepts' (HUD.register_event_text(type, target, method): the method takes the event and
# returns a String, "" to fall back), else hud/EventText.gd's core_text; and each event's
# colour, log filter (category_of) and whether the on-screen log leaves it out (is_quiet).
# The HUD holds one (hud.event_text).

const EventText = preload("res://hud/EventText.gd")
const COLOR_DEFAULT := Color(0.85, 0.82, 0.9)
const COLOR_REFUSED := Color(1.0, 0.5, 0.45)
const COLOR_ERROR := Color(1.0, 0.35, 0.35)
const COLOR_GOAL := Color(1.0, 0.86, 0.45)

var _formatters := {}   # type -> FuncRef
var _colors := {"refused": COLOR_REFUSED, "error": COLOR_ERROR, "goal_current": COLOR_GOAL,
		"goal_met": COLOR_GOAL, "goals_done": COLOR_GOAL}
var _quiet := {}        # types too frequent for the on-screen log (each attack, each look)
var _category := {}     # type -> the log filter it falls under (category_of)
var _many := {}         # type -> FuncRef: the words for many such events merged (merge_key, many_of)

# The log filters' categories of the core's own events; a concept's events take the category
# of the folder its words come from (FOLDER_CATEGORIES).
const CORE_CATEGORIES := {"door_opened": "doors", "door_closed": "doors",
		"party_arrived": "invasions", "invasion_arrived": "invasions", "party_departed": "invasions",
		"invasion_ended": "invasions", "invasion_limit_started": "invasions",
		"invasion_held_off": "invasions", "goal_changed": "invasions", "treasure_taken": "invasions",
		"treasure_dropped": "invasions", "party_left_with_treasure": "invasions",
		"rite_of_storms": "invasions", "wire_cut": "traps"}
const FOLDER_CATEGORIES := {"combat": "combat", "traps": "traps", "doors": "doors",
		"invasions": "invasions", "adventurers": "invasions"}


# quiet: the on-screen log leaves this type out (the headless autoplay still prints it).
# many: a method of target, many(ev) -> the words for such events merged, with %d for how many
# ("Dig ordered on %d tiles (the first: ...)"): the log then merges this type's lines by type
# (hud/EventLog.gd add_line), not only the same sentence.
func register(type: String, target: Object, method: String, color = null, quiet := false,
		many := "") -> void:
	_formatters[type] = funcref(target, method)
	if many != "":
		_many[type] = funcref(target, many)
	else:
		var _had := _many.erase(type)
	if color != null:
		_colors[type] = color
	if quiet:
		_quiet[type] = true
	else:
		var _was_quiet := _quiet.erase(type)
	var script = target.get_script() if target != null else null
	if script != null:
		var folder: String = script.resource_path.get_base_dir().get_file()
		if FOLDER_CATEGORIES.has(folder):
			_category[type] = FOLDER_CATEGORIES[folder]


# The log filter an event falls under: "combat", "traps", "doors", "invasions", or "other"
# (refusals, errors, speed, digging: always shown).
func category_of(ev: Dictionary) -> String:
	var type := str(ev.get("type", ""))
	if _category.has(type):
		return _category[type]
	return CORE_CATEGORIES.get(type, "other")


func is_quiet(ev: Dictionary) -> bool:
	var type := str(ev.get("type", ""))
	# Your minions come and go through your doors all day, and doors swing shut by themselves:
	# the log keeps a door only when an adventurer opens it (the autoplay prints them all).
	if type == "door_closed":
		return true
	if type == "door_opened":
		var opener = ev.get("entity", -1)
		return not (Names.is_adventurer(opener) or Names.is_unseen(opener))
	# Minions wake rested every day (SLEEP-04): the log keeps the wakings something caused.
	if type == "minion_woke":
		return str(ev.get("reason", "")) == "rested"
	return _quiet.has(type)


# What the log merges this event's line with (EventLog.add_line): its type when its words merge
# by type (registered with `many`), else "" (only the same sentence merges).
func merge_key(ev: Dictionary) -> String:
	var type := str(ev.get("type", ""))
	return "type:" + type if _many.has(type) else ""


# The merged words of this event's type with %d for the count, "" when it has none.
func many_of(ev: Dictionary) -> String:
	var f: FuncRef = _many.get(str(ev.get("type", "")))
	if f != null and f.is_valid():
		var s = f.call_func(ev)
		if typeof(s) == TYPE_STRING:
			return s
	return ""


func color_of(ev: Dictionary) -> Color:
	return _colors.get(str(ev.get("type", "")), COLOR_DEFAULT)


func text_of(ev: Dictionary) -> String:
	var f: FuncRef = _formatters.get(str(ev.get("type", "?")))
	if f != null and f.is_valid():
		var s = f.call_func(ev)
		if typeof(s) == TYPE_STRING and s != "":
			return s
	return EventText.core_text(ev)
