extends Reference
# Sim events in words, for the event log and the headless autoplay output.
# Concepts add their own with HUD.register_event_text(type, target, method): the method
# takes the event Dictionary and returns a String ("" to fall back to the default).

const COLOR_DEFAULT := Color(0.85, 0.82, 0.9)
const COLOR_REFUSED := Color(1.0, 0.5, 0.45)
const COLOR_ERROR := Color(1.0, 0.35, 0.35)

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
			return "#%s opened the door at %s" % [str(ev.get("entity", "?")), _at(ev)]
		"door_closed":
			return "The door at %s closed" % _at(ev)
	return default_text(ev)


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
