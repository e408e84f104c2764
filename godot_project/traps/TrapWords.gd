extends Reference
# The traps' words for the log (TrapsExtension registers TEXTS with this object): an event
# type -> the method that says it, or [method, colour] or [method, colour, quiet] (quiet:
# kept off the log; see core/ConceptExtension.gd event_texts). Parts are named from the
# latest snapshot (snap, kept by the extension).

const ConceptExtension = preload("res://core/ConceptExtension.gd")
const ET = preload("res://hud/EventText.gd")
const KINDS: Array = preload("res://core/Shared.gd").TRAP_KINDS
const DUTY_WORDS := {"traps": "Traps duty", "drudgery": "Drudgery duty"}
const TEXTS := {
	"trap_triggered": ["_text_triggered", Color(1, 0.6, 0.3)],
	"mechanism_fired": ["_text_fired", Color(1, 0.45, 0.3)],
	"part_expired": ["_text_expired", Color(0.8, 0.8, 0.5)],
	"reset_botched": ["_text_botched", Color(1, 0.3, 0.3)],
	"reset_failed": ["_text_reset_failed", Color(1, 0.75, 0.45)],
	"part_built": "_text_built",
	"part_reset": "_text_reset",
	"part_placed": "_text_placed",
	"part_removed": "_text_removed",
	"part_moved": "_text_moved",
	"wired": "_text_wired",
	"unwired": "_text_unwired",
	"timer_delay": "_text_timer_delay",
	"lever_switched": "_text_lever",
	"timer_started": "_text_timer_started",
	"timer_fired": "_text_timer_fired",
	"timer_dud": ["_text_timer_dud", Color(0.8, 0.8, 0.5)],
	"trap_dud": ["_text_trap_dud", Color(0.8, 0.8, 0.5)],
	"trap_hit": ["_text_trap_hit", Color(1, 0.6, 0.5)],
	"trap_missed": "_text_trap_missed",
	"scorch": ["_text_scorch", Color(1, 0.55, 0.25)],
	"gas_cloud": ["_text_gas", Color(0.6, 0.95, 0.4)],
	"blast": ["_text_blast", Color(1, 0.55, 0.25)],
	"spider_released": "_text_spider",
	"webs": "_text_webs",
	"web_broken": "_text_web_broken",
	"terrified": "_text_terrified",
	"terror_resisted": "_text_terror_resisted",
	"alarm": ["_text_alarm", Color(1, 0.85, 0.3)],
	"duty_set": "_text_duty",
	# A trigger switching on and off, and each dart: the trap_triggered / trap_hit /
	# trap_missed lines already tell the story on screen; the autoplay prints them all.
	"trigger_on": ["_text_trigger", null, true], "trigger_off": ["_text_trigger", null, true],
	"dart": ["_text_dart", null, true],
}

var snap := {}


# "the pressure plate in the west room" from the snapshot's part_kind and part_pos (the part
# may be gone: "a trap part").
func part_name(part_id) -> String:
	var i := ConceptExtension.row_index(snap, "part_id", int(part_id))
	if i >= 0 and int(snap["part_kind"][i]) < KINDS.size():
		var pos: Vector2 = snap["part_pos"][i]
		return ET.part_at(KINDS[int(snap["part_kind"][i])], pos.x, pos.y)
	return "a trap part"


func _text_triggered(ev: Dictionary) -> String:
	var rig := " (it was rigged)" if ev.get("rigged", false) else ""
	if int(ev.get("who", -1)) == -1:
		return "%s triggered%s" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)), rig]
	return "%s set off %s%s" % [ET.first_up(ET.who(ev.who)), ET.part_at(ev.kind, ev.x, ev.y), rig]


func _text_fired(ev: Dictionary) -> String:
	return "%s fired%s" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)),
			", set off by a botched reset" if ev.get("botch", false) else ""]


func _text_expired(ev: Dictionary) -> String:
	return "%s %s worn out: %s 2-day reset" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)),
			ET.verb(ev.kind, "has", "have"), ET.verb(ev.kind, "it needs its", "they need their")]


func _text_botched(ev: Dictionary) -> String:
	var who := ET.first_up(ET.who(ev.get("entity", -1)))
	if str(ev.get("outcome", "")) == "rig":
		return "%s botched the reset of %s and rigged %s: it goes off at a touch!" % [who, part_name(ev.part), part_name(ev.trigger)]
	return "%s botched the reset of %s and set the trap off!" % [who, part_name(ev.part)]


func _text_reset_failed(ev: Dictionary) -> String:
	var why := "the roll failed"
	if ev.has("craft") and ev.has("difficulty"):
		why = "Craft %d against difficulty %d, the roll failed" % [int(ev.craft), int(ev.difficulty)]
	return "%s failed to reset %s (%s; trying again)" % [ET.first_up(ET.who(ev.entity)), part_name(ev.part), why]


func _text_built(ev: Dictionary) -> String:
	return "%s built %s" % [ET.first_up(ET.who(ev.get("entity", -1), "a minion")), ET.part_at(ev.kind, ev.x, ev.y)]


func _text_reset(ev: Dictionary) -> String:
	return "Reset done: %s, ready again" % ET.part_at(ev.kind, ev.x, ev.y)


func _text_placed(ev: Dictionary) -> String:
	# "A set of spinning blades is planned" (not "A spinning blades is planned").
	var what := ET.first_up(ET.a_part(ev.kind))
	if str(ev.get("state", "")) == "blueprint":
		return "%s is planned %s (a blueprint until built)" % [what, ET.where(ev.x, ev.y)]
	return "%s is placed %s" % [what, ET.where(ev.x, ev.y)]


func _text_removed(ev: Dictionary) -> String:
	return "%s %s removed" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)), ET.verb(ev.kind, "was", "were")]


func _text_moved(ev: Dictionary) -> String:
	var i := ConceptExtension.row_index(snap, "part_id", int(ev.part))
	var kind := "trap part"
	if i >= 0 and int(snap["part_kind"][i]) < KINDS.size():
		kind = KINDS[int(snap["part_kind"][i])]
	return "The %s moved from %s to %s" % [ET.kind_words(kind), ET.place(ev.from_x, ev.from_y), ET.place(ev.x, ev.y)]


func _text_wired(ev: Dictionary) -> String:
	var s := "A wire laid over %s" % ET.plural(ET.size_of(ev.get("tiles", [])), "tile")
	var joins := ET.size_of(ev.get("joins", []))
	var bumps := ET.size_of(ev.get("bumps", []))
	if joins > 0:
		s += ", %s" % ET.plural(joins, "join")
	if bumps > 0:
		s += ", jumping %s" % ET.plural(bumps, "wire")
	return s


func _text_unwired(_ev: Dictionary) -> String:
	return "A wire was taken out"


func _text_timer_delay(ev: Dictionary) -> String:
	return "%s now waits %s" % [ET.first_up(part_name(ev.part)), ET.duration(int(ev.delay))]


func _text_lever(ev: Dictionary) -> String:
	return "%s switched %s" % [ET.first_up(part_name(ev.part)), "on" if ev.get("on", false) else "off"]


func _text_timer_started(ev: Dictionary) -> String:
	return "%s is counting down: it fires in %s" % [ET.first_up(part_name(ev.part)),
			ET.duration(int(ev.fires_at) - int(ev.get("tick", 0)))]


func _text_timer_fired(ev: Dictionary) -> String:
	return "%s ran out and fired" % ET.first_up(part_name(ev.part))


func _text_timer_dud(ev: Dictionary) -> String:
	return "%s did not start: it needs a reset" % ET.first_up(part_name(ev.part))


func _text_trap_dud(ev: Dictionary) -> String:
	var what := part_name(ev.part)
	if what == "a trap part":
		what = "the " + ET.kind_words(ev.kind)
	return "%s did nothing: %s a reset" % [ET.first_up(what), ET.verb(ev.kind, "it needs", "they need")]


func _text_trap_hit(ev: Dictionary) -> String:
	if Names.is_unseen(ev.get("entity", -1)):
		# the fog hides whom it hit: that it hit is the trap's, how badly is not told
		return "The %s hit something" % ET.kind_words(ev.mechanism)
	var result := str(ev.get("result", ""))
	var name := ET.who(ev.entity)
	var after := "%s fights on" % name
	if result == "knocked out" or result == "killed":
		after = "%s is %s" % [name, result]
	elif result != "fights on":
		after = "%s: %s" % [name, result]
	var wound := str(ev.get("wound", "")).replace("_", " ")
	return "The %s gave %s %s to the %s; %s" % [ET.kind_words(ev.mechanism), name,
			ET.a_an(str(ev.level) + " " + (wound if wound != "" else "wound")), str(ev.location), after]


func _text_trap_missed(ev: Dictionary) -> String:
	return "The %s missed %s" % [ET.kind_words(ev.mechanism), ET.who(ev.entity)]


func _text_scorch(ev: Dictionary) -> String:
	return "Flames scorch everything within %s %s" % [ET.plural(int(ev.radius), "tile"), ET.where(ev.x, ev.y)]


func _text_gas(ev: Dictionary) -> String:
	return "Poison gas fills %s %s for %s" % [ET.plural(int(ev.radius), "tile"), ET.where(ev.x, ev.y),
			ET.duration(int(ev.until) - int(ev.get("tick", 0)))]


func _text_blast(ev: Dictionary) -> String:
	return "A blast %s hits everything within %s" % [ET.where(ev.x, ev.y), ET.plural(int(ev.radius), "tile")]


func _text_spider(ev: Dictionary) -> String:
	return "A spider crawls out of %s" % part_name(ev.part)


func _text_webs(ev: Dictionary) -> String:
	return "Sticky webs cover %s for %s" % [ET.plural(ET.size_of(ev.get("tiles", [])), "tile"),
			ET.duration(int(ev.until) - int(ev.get("tick", 0)))]


func _text_web_broken(ev: Dictionary) -> String:
	return "%s tore free of the web %s" % [ET.first_up(ET.who(ev.entity)), ET.where(ev.x, ev.y)]


func _text_terrified(ev: Dictionary) -> String:
	return "%s is terrified and flees for %s" % [ET.first_up(ET.who(ev.entity)), ET.duration(int(ev.until) - int(ev.get("tick", 0)))]


func _text_terror_resisted(ev: Dictionary) -> String:
	return "%s shrugs off the terror" % ET.first_up(ET.who(ev.entity))


func _text_alarm(ev: Dictionary) -> String:
	var n := ET.size_of(ev.get("enemies", []))
	return "The alarm %s rings: %s" % [ET.where(ev.x, ev.y),
			"no enemy near" if n == 0 else ET.plural(n, "enemy", "enemies") + " spotted"]


func _text_duty(ev: Dictionary) -> String:
	var d := str(ev.get("duty", ""))
	if d == "none" or d == "":
		return "%s has no duty now" % ET.first_up(ET.who(ev.entity))
	return "%s is now on %s" % [ET.first_up(ET.who(ev.entity)), DUTY_WORDS.get(d, d.replace("_", " ").capitalize() + " duty")]


func _text_trigger(ev: Dictionary) -> String:
	var label := ET.first_up(part_name(ev.part))
	if str(ev.type) == "trigger_off":
		return "%s switched off" % label
	var who := int(ev.get("who", -1))
	return "%s switched on%s" % [label, " by " + ET.who(who) if who >= 0 else ""]


func _text_dart(ev: Dictionary) -> String:
	return "A dart flies from %s at %s" % [ET.place(ev.x, ev.y), ET.who(ev.target)]
