extends "res://tests/TestCase.gd"
# Every sim event in words. res://tests/data/event_samples.json holds one sample of every
# event type pysim emits, shaped exactly as pysim emits it (tests/core/test_event_samples.py keeps
# it in step with pysim/*.py). Against the main scene (res://levels/trap_demo.level, so the
# combat, traps and doors extensions have registered their words):
# - HUD.event_words gives every sample a sentence that is not the generic fallback
#   (EventText.default_text) and shows no "Null" or "[" (a raw value or array);
# - emitting every sample through EventBus.sim_event (the log, the layers that read event
#   fields) raises no SCRIPT ERROR (the runner counts those as failures of this test).

const EventText = preload("res://hud/EventText.gd")
const SAMPLES := "res://tests/data/event_samples.json"
const LEVEL := "res://levels/trap_demo.level"


func before_each() -> void:
	yield(start_main(LEVEL), "completed")


func after_each() -> void:
	free_main()


# The fixture's events, with JSON's whole floats turned back into ints as the bridge gives them.
static func load_samples() -> Array:
	var f := File.new()
	if f.open(SAMPLES, File.READ) != OK:
		return []
	var parsed := JSON.parse(f.get_as_text())
	f.close()
	if parsed.error != OK or typeof(parsed.result) != TYPE_ARRAY:
		return []
	return _ints(parsed.result)


static func _ints(v):
	match typeof(v):
		TYPE_REAL:
			if v == floor(v):
				return int(v)
		TYPE_ARRAY:
			var out := []
			for x in v:
				out.append(_ints(x))
			return out
		TYPE_DICTIONARY:
			var out := {}
			for k in v:
				out[k] = _ints(v[k])
			return out
	return v


func test_every_sample_has_words() -> void:
	yield(_t_words(), "completed")


func _t_words():
	yield(get_tree(), "idle_frame")
	if not running():
		return
	var samples := load_samples()
	if not assert_true(samples.size() > 50, "the fixture %s loads (%d samples)" % [SAMPLES, samples.size()]):
		return
	var seen := {}
	for ev in samples:
		var type := str(ev.get("type", ""))
		seen[type] = true
		var text: String = main.hud.event_words(ev)
		assert_true(text.strip_edges() != "", "%s: empty words" % type)
		assert_ne(text, EventText.default_text(ev), "%s: only the generic fallback" % type)
		for bad in ["Null", "[", "]", "{"]:
			assert_true(text.find(bad) < 0, "%s: %s in %s" % [type, bad, text])
	for t in ["trigger_on", "trigger_off", "door_held", "door_released", "lock_armed",
			"lock_disarmed", "scrapped", "burnt"]:
		assert_true(seen.has(t), "a sample of %s" % t)


func test_words_read_well() -> void:
	yield(_t_read_well(), "completed")


func _t_read_well():
	yield(get_tree(), "idle_frame")
	if not running():
		return
	var w = funcref(main.hud, "event_words")
	# Names, not ids: the bodies of trap_demo by their names (core/Names.gd), the
	# places by their names.
	var one: String = Names.who(1)
	assert_true(one != "someone" and one.find("#") < 0, "body 1 of trap_demo has a name: %s" % one)
	assert_eq(w.call_func({"type": "wound", "tick": 49, "entity": 1, "by": 5, "level": "minor",
			"location": "arms", "points": 1, "total": 1, "bleeding": false, "x": 11, "y": 4}),
			"%s takes a minor wound to the arms (1 wound point, 1 in all)" % one)
	assert_eq(w.call_func({"type": "trap_missed", "tick": 72, "entity": 1, "mechanism": "dart_thrower"}),
			"The dart thrower missed %s" % one)
	assert_eq(w.call_func({"type": "timer_started", "tick": 30, "fires_at": 50, "part": 99}),
			"A trap part is counting down: it fires in 2 min")
	assert_eq(w.call_func({"type": "dart", "tick": 72, "target": 1, "x": 13, "y": 2}),
			"A dart flies from %s at %s" % [Names.place(13, 2), one])
	assert_eq(w.call_func({"type": "part_placed", "tick": 3, "part": 40, "kind": "spinning_blades",
			"state": "blueprint", "x": 2, "y": 2}),
			"A set of spinning blades is planned %s (a blueprint until built)" % EventText.where(2, 2))
	# The merged branches' words name the place and the body.
	assert_eq(w.call_func({"type": "cell_built", "tick": 700, "x": 13, "y": 1}),
			"A prison cell is ready %s" % EventText.where(13, 1))
	assert_eq(w.call_func({"type": "guardpost_built", "tick": 700, "x": 10, "y": 1}),
			"A guardpost was built %s" % EventText.where(10, 1))
	assert_eq(w.call_func({"type": "torch_lit", "tick": 700, "entity": 1, "x": 10, "y": 1}),
			"%s lit the guardpost torch %s" % [one, EventText.where(10, 1)])
	# Which piece the metal went to, and who built it (seen in play).
	assert_eq(w.call_func({"type": "metal_delivered", "tick": 700, "entity": 1, "furniture": 3,
			"kind": "bed", "name": "Bed", "metal": 1, "needed": 1, "x": 10, "y": 4}),
			"%s brought metal for the planned bed %s (1 of 1)" % [one, EventText.where(10, 4)])
	assert_eq(w.call_func({"type": "furniture_built", "tick": 700, "entity": 1, "kind": "bed",
			"name": "Bed", "cost": 1, "x": 10, "y": 4}),
			"%s built a bed %s" % [one, EventText.where(10, 4)])
	assert_eq(w.call_func({"type": "vein_marked", "tick": 700, "metal": 8, "x": 10, "y": 4}),
			"A metal vein %s was marked for mining (8 metal in it)" % EventText.where(10, 4))
	# Plural parts read as plurals all through ("they need their", not "they need its").
	assert_eq(w.call_func({"type": "part_expired", "tick": 700, "part": 40, "kind": "spinning_blades",
			"x": 2, "y": 2}),
			"The spinning blades %s have worn out: they need their 2-day reset" % EventText.where(2, 2))
	assert_eq(w.call_func({"type": "part_expired", "tick": 700, "part": 41, "kind": "tripwire",
			"x": 2, "y": 2}),
			"The tripwire %s has worn out: it needs its 2-day reset" % EventText.where(2, 2))
	# A dig mark's place is the rock or wall it is on: "The wall by the west room", not "Rock in
	# the wall by ...".
	var rock: String = Names.place(0, 0)
	assert_true(rock.begins_with("the wall by "), "(0, 0) of trap_demo is a wall: %s" % rock)
	assert_eq(w.call_func({"type": "dig_marked", "tick": 700, "x": 0, "y": 0}),
			"%s was marked for digging" % EventText.first_up(rock))
	assert_eq(w.call_func({"type": "dig_unmarked", "tick": 700, "x": 0, "y": 0}),
			"%s is no longer marked for digging" % EventText.first_up(rock))
	assert_eq(w.call_func({"type": "party_spotted", "tick": 700, "by": 3, "entity": 7, "how": "seen",
			"party": 7, "x": 12, "y": 4}),
			"Adventurers seen %s: the game is paused" % EventText.where(12, 4))
	# WAKE-02: a body someone stood on gets up beside them, and the log says from under whom.
	var two: String = Names.who(2)
	assert_eq(w.call_func({"type": "woke", "tick": 700, "entity": 1, "x": 11, "y": 4,
			"captured": false, "under": 2}),
			"%s came to %s, crawling out from under %s" % [one, EventText.where(11, 4), two])
	assert_eq(w.call_func({"type": "woke", "tick": 700, "entity": 1, "x": 11, "y": 4,
			"captured": false, "under": -1}),
			"%s came to %s" % [one, EventText.where(11, 4)])
	# ARRIVE-04: a scried war party tells its size (drawn when it set out).
	assert_string_contains(w.call_func({"type": "scried", "tick": 700, "charges": 1, "chasing": "",
			"faction": "Greyford", "goal": "kill_boss", "hours": 3, "members": 4, "war": true}),
			"a war party of 4 from Greyford")
	assert_string_contains(w.call_func({"type": "scried", "tick": 700, "charges": 1, "chasing": "Mira",
			"faction": "", "goal": "kill_boss", "hours": 3, "members": 2, "war": true}),
			"2 adventurers chasing Mira")
	# No sample speaks of an id ("#3") or a raw coordinate ("(12, 9)").
	var digit := RegEx.new()
	assert_eq(digit.compile("#[0-9]|\\([0-9]+, [0-9]+\\)"), OK)
	for ev in load_samples():
		var text: String = main.hud.event_words(ev)
		assert_true(digit.search(text) == null, "%s speaks of ids or coordinates: %s" % [str(ev.get("type", "")), text])


func test_emitting_every_sample_is_safe() -> void:
	yield(_t_emit(), "completed")


func _t_emit():
	yield(get_tree(), "idle_frame")
	if not running():
		return
	var samples := load_samples()
	assert_true(samples.size() > 50, "the fixture loads")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	for ev in samples:
		EventBus.emit_signal("sim_event", ev)
	# the layers draw what the events left (pops, lines) for a while
	yield(frames(20), "completed")
	assert_true(running(), "the game still runs")


# What the fog hides (pysim/invasions/unseen.py marks, core/Names.gd as_seen): every sample
# with each body it names withheld, and those bodies' places, still has words, names none of
# them, speaks of no raw value, and is safe to emit to every listener.
const BODY_KEYS := ["entity", "attacker", "target", "hit", "enemy", "by", "who", "body", "party"]
const BODY_LISTS := ["members", "enemies", "listeners"]


func test_every_sample_with_its_bodies_withheld() -> void:
	yield(_t_withheld(), "completed")


func _t_withheld():
	yield(get_tree(), "idle_frame")
	if not running():
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	var names := {}
	for ev in load_samples():
		var keys := []
		for k in BODY_KEYS:
			if ev.has(k) and typeof(ev[k]) == TYPE_INT and int(ev[k]) >= 0 and str(ev.type) != "letter":
				keys.append(k)
				if Names.knows(ev[k]):
					names[Names.who(ev[k])] = true
		for k in BODY_LISTS:
			if typeof(ev.get(k)) == TYPE_ARRAY and not ev[k].empty() and typeof(ev[k][0]) == TYPE_INT:
				keys.append(k)
		if keys.empty():
			continue
		for k in ["x", "y", "x0", "y0", "x1", "y1"]:
			if ev.has(k):
				keys.append(k)
		var marked: Dictionary = ev.duplicate()
		marked["unseen"] = keys
		var seen: Dictionary = Names.as_seen(marked)
		assert_false(seen.has("unseen"), "%s: the marks go" % ev.type)
		var text: String = main.hud.event_words(seen)
		assert_true(text.strip_edges() != "", "%s: words" % ev.type)
		for bad in ["Null", "[", "-1", "-2", "{"]:
			assert_true(text.find(bad) < 0, "%s: %s in %s" % [ev.type, bad, text])
		for n in names:
			if n != "something":
				assert_true(text.find(n) < 0, "%s names %s: %s" % [ev.type, n, text])
		EventBus.emit_signal("sim_event", seen)
	assert_eq(Names.as_seen({"type": "wound", "entity": 1, "unseen": ["*"]}), null,
			"an event withheld whole is not told")
	yield(frames(10), "completed")
	assert_true(running(), "the game still runs")
