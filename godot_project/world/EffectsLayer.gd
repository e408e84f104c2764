extends Node2D
# Effects on the map, started by the events the simulation emits (EFFECTS: event type ->
# what it shows) and drawn above the bodies: a melee blow lunges toward its target, a shot
# (arrow, bolt, dart) flies along its line, a hit flashes the victim and pops a label
# (Minor / Major / Extreme, Knocked out, Killed), a miss, a block (a tie of the rolls) or a
# dodged trap says so; each mechanism has its own (blades spin, flame over its tiles, a gas
# puff, coils arc, the blast flashes, webs spread, spiders, terror, the alarm rings), a
# trigger set off pulses; doors swing, a lock roll shows, a breach bursts; digging, mining
# and building puff and pop. Gas clouds are drawn from the snapshot (gas_pos, gas_radius)
# for as long as the rules keep them. Work in progress (WORK: digging, mining, building,
# resets, re-arming) is drawn from the snapshot's work rows for as long as it goes on: the
# worker swings its tool at the site, bits fly at each stroke and a bar shows the work done.
# Views only: an effect reads events and snapshots and never sends a command (a Godot test
# compares the state hash with and without them). Timing comes from game ticks: an effect
# lasts `dur` ticks of the clock (the snapshot's tick, advanced between snapshots at the
# game's speed, frozen while paused), so at 4x it is a quarter as long, but always shown for
# at least MIN_SECONDS of real time (never skipped). What the fog hides is never drawn:
# the events come with a hidden body's id and place withheld (core/Names.gd as_seen), so an
# effect on it has no place and shows nothing, while your own trap going off always shows
# on your domain (the fog's YOURS tiles); nothing is drawn on tiles you neither own nor see
# now, and a label never names anyone.

const TICKS_PER_SECOND_1X := 10.0      # pysim/core/clock.py TICKS_PER_SECOND_1X
const MIN_SECONDS := 0.12
const LUNGE := 0.38                   # a lunge's reach, in tiles
const LABEL_SCALE := 1.5              # labels: the default font this much larger on screen
const LABEL_RISE := 18.0               # how far a label rises in its life (label units)
const LABEL_GAP := 16.0                # a label's line at least (label units): the font's height + outline if more
const LABEL_SLACK := 2.0               # label units between two labels one above the other
const LABEL_COLORS := {"minor": Color(1, 0.85, 0.5), "major": Color(1, 0.55, 0.3),
		"extreme": Color(1, 0.25, 0.2), "ko": Color(1, 0.9, 0.35), "killed": Color(1, 0.3, 0.3),
		"miss": Color(0.8, 0.8, 0.85), "info": Color(0.8, 0.9, 1), "good": Color(0.6, 1, 0.6)}
# Which method of this script starts the effect of each event type.
const EFFECTS := {
	"attack": "_on_attack", "shot": "_on_shot", "dart": "_on_dart",
	"wound": "_on_wound", "knockout": "_on_knockout", "death": "_on_death",
	"trap_hit": "_on_trap_hit", "trap_missed": "_on_trap_missed",
	"mechanism_fired": "_on_mechanism", "trap_dud": "_on_dud",
	"scorch": "_on_scorch", "blast": "_on_blast", "gas_cloud": "_on_gas_cloud",
	"webs": "_on_webs", "web_broken": "_on_web_broken", "spider_released": "_on_spider",
	"terrified": "_on_terrified", "terror_resisted": "_on_terror_resisted", "alarm": "_on_alarm",
	"trap_triggered": "_on_trigger", "trigger_on": "_on_trigger_part",
	"lever_switched": "_on_trigger_part", "timer_fired": "_on_trigger_part",
	"door_opened": "_on_door_swing", "door_closed": "_on_door_swing",
	"breach_started": "_on_breach_started", "breach_roll": "_on_breach_roll",
	"door_breached": "_on_breached", "door_unlocked": "_on_unlocked",
	"dug": "_on_dug", "metal_mined": "_on_mined", "wall_built": "_on_dug",
	"part_built": "_on_built", "furniture_built": "_on_built", "door_built": "_on_built",
	"padlock_built": "_on_built", "metal_delivered": "_on_delivered",
}
const BLADE_RADIUS := 1               # the tiles around a mechanism its effect covers
const SHOT_TICKS_PER_TILE := 0.5
# Work in progress: the snapshot rows of each kind of job site (pos, share of the job done
# 0..1, the minion at work there now or -1), the tool swung there and what flies at a stroke.
const WORK := [
	["dig_pos", "dig_work", "dig_worker", "pick", "dust"],
	["vein_pos", "vein_work", "vein_worker", "pick", "sparks"],
	["furn_bp_pos", "furn_bp_work", "furn_bp_worker", "hammer", "dust"],
	["part_work_pos", "part_work", "part_worker", "hammer", "sparks"],
	["door_work_pos", "door_work", "door_worker", "hammer", "sparks"],
]
const STROKE_TICKS := 6.0             # one stroke of a tool, in game ticks
const WORK_NUDGE := 0.12              # how far a worker leans into a stroke, in tiles
const BAR_COL := Color(0.3, 1.0, 0.4)

const FogLayer := preload("res://invasions/FogLayer.gd")

var tile_size := 32
var entities = null                   # world/EntityLayer.gd: drawn centres, nudges, flashes
var snap := {}
var clock := 0.0                      # game ticks, as a float between snapshots
var effects := []                     # each a Dictionary: kind, start, dur, born, at, ...
var started := {}                     # event type -> effects it started (tests)
var drawn := []                       # [kind, at] of the effects the last _draw drew (tests)
var _font: Font = null
var works := []                       # the job sites of the last snapshot with work on them:
                                      # {at (tile), done, by, tool, bits}
var work_drawn := []                  # the sites the last _draw drew (tests)


func _ready() -> void:
	_font = Control.new().get_font("font")
	z_index = 3
	var _err := EventBus.connect("sim_event", self, "_on_sim_event")
	_err = EventBus.connect("snapshot_updated", self, "_on_snapshot")
	_err = EventBus.connect("game_loaded", self, "_on_game_loaded")


func _on_game_loaded(_path) -> void:
	effects.clear()
	works.clear()
	clock = 0.0


func _on_snapshot(s: Dictionary) -> void:
	snap = s
	var tick := float(s.get("tick", 0))
	if clock < tick or clock > tick + 1.0:
		clock = tick
	var had := not works.empty()
	_read_work(s)
	if had or not works.empty():
		update()


func _process(delta: float) -> void:
	var speed := float(snap.get("speed", 0))
	var tick := float(snap.get("tick", 0))
	clock = min(clock + delta * TICKS_PER_SECOND_1X * speed, tick + 1.0)
	var now := OS.get_ticks_msec()
	var keep := []
	var offsets := {}
	var flashes := {}
	for e in effects:
		var p := progress(e, now)
		if p >= 1.0:
			continue
		keep.append(e)
		match e.kind:
			"lunge":
				offsets[e.who] = offsets.get(e.who, Vector2.ZERO) + e.dir * tile_size * LUNGE * sin(PI * p)
			"flash":
				flashes[e.who] = max(flashes.get(e.who, 0.0), 1.0 - p)
	_lean_into_work(offsets)
	var had: bool = not effects.empty() or not offsets.empty()
	effects = keep
	if entities != null and (had or not entities.fx_offset.empty() or not entities.fx_flash.empty()):
		entities.fx_offset = offsets
		entities.fx_flash = flashes
		entities.update()
	if had or snap.get("gas_pos", []).size() > 0 or not works.empty():
		update()


# 0..1: how far the effect has run, by the game's clock, but never ahead of MIN_SECONDS of
# real time (so a fast game shortens an effect without skipping it).
func progress(e: Dictionary, now: int) -> float:
	var by_ticks: float = (clock - e.start) / max(0.001, e.dur)
	var by_time: float = float(now - e.born) / 1000.0 / MIN_SECONDS
	return clamp(min(by_ticks, by_time), 0.0, 1.0)


func _on_sim_event(ev: Dictionary) -> void:
	var type := str(ev.get("type", ""))
	var method = EFFECTS.get(type)
	if method == null:
		return
	var before := effects.size()
	call(method, ev)
	if effects.size() > before:
		started[type] = int(started.get(type, 0)) + effects.size() - before


# A new effect of `kind` lasting dur ticks from the event's tick (an event from earlier in
# a batch keeps its place, but none starts more than a tick in the past or in the future).
func add(kind: String, ev: Dictionary, dur: float, fields: Dictionary) -> Dictionary:
	var e := fields.duplicate()
	e["kind"] = kind
	e["start"] = clamp(float(ev.get("tick", clock)), clock - 1.0, clock)
	e["dur"] = dur
	e["born"] = OS.get_ticks_msec()
	effects.append(e)
	return e


# --- where things are ----------------------------------------------------------------------

func tile_centre(x, y) -> Vector2:
	return (Vector2(float(x), float(y)) + Vector2(0.5, 0.5)) * tile_size


# A body's drawn centre in pixels (the entity layer's layout), else the event's tile.
func body_at(id, ev: Dictionary, xk: String = "x", yk: String = "y") -> Vector2:
	if entities != null:
		var c = entities.centre_of(int(id))
		if c != null:
			return c * tile_size
	return tile_centre(ev.get(xk, -1), ev.get(yk, -1))


func part_tile(part_id) -> Vector2:
	return _row_tile("part_id", "part_pos", part_id)


func door_tile(door_id) -> Vector2:
	return _row_tile("door_id", "door_pos", door_id)


# The tile of the snapshot row whose id_key is id ((-1, -1) if none).
func _row_tile(id_key: String, pos_key: String, id) -> Vector2:
	var ids = snap.get(id_key, [])
	var pos = snap.get(pos_key, [])
	for k in range(min(ids.size(), pos.size())):
		if int(ids[k]) == int(id):
			return Vector2(pos[k].x, pos[k].y)
	return Vector2(-1, -1)


# Does the player see the tile under this point: no fog, or it is theirs (invasions/
# FogLayer.gd YOURS) or seen now? A point off the map (a withheld place) is not.
func seen(p: Vector2) -> bool:
	var w := int(snap.get("width", 0))
	var t := (p / tile_size).floor()
	var k := int(t.y) * w + int(t.x)
	if t.x < 0 or t.y < 0 or t.x >= w or k < 0:
		return false
	if not snap.get("fog_on", false):
		return true
	var fog = snap.get("fog", PoolByteArray())
	return k < fog.size() and fog[k] >= FogLayer.YOURS


static func tiles_around(x, y, r: int) -> Array:
	var out := []
	for dy in range(-r, r + 1):
		for dx in range(-r, r + 1):
			out.append(Vector2(int(x) + dx, int(y) + dy))
	return out


# A short label rising from `at`. Labels never overlap: a new one starts above every label
# still up whose words its own would cross, from the same place or a tile beside it ("Built"
# over "Metal 2/2" on a treasury just finished, "Built" on two parts side by side), where that
# one is now (not where it started: an older label that has risen would meet it: "Major" over
# "Miss"). Labels rise at one pace, so what is apart at the start stays apart.
func label(ev: Dictionary, at: Vector2, text: String, tone: String, dur: float = 12.0) -> void:
	var now := OS.get_ticks_msec()
	var e_new := {"kind": "label", "at": at, "text": text, "lift": 0.0, "start": clock, "dur": dur, "born": now}
	var others := []
	for e in effects:
		if e.kind == "label":
			others.append(e)
			# from the same place: a line above the highest, so the newest reads on top
			if e.at.distance_to(at) < tile_size * 0.5:
				e_new.lift = max(e_new.lift, label_height(e, now) + label_line() + LABEL_SLACK)
	# Up past each label it meets, again until it meets none (each step goes higher, so at most
	# once per label).
	for _pass in range(others.size() + 1):
		var mine := label_rect(e_new, now)
		var moved := false
		for e in others:
			var theirs := label_rect(e, now)
			# (LABEL_SLACK clear above and below: labels born a few milliseconds apart rise
			# from a slightly different start)
			var slack := LABEL_SLACK * _label_k()
			if mine.grow_individual(0, slack, 0, slack).intersects(theirs):
				e_new.lift += (mine.end.y - theirs.position.y) / _label_k() + LABEL_SLACK
				mine = label_rect(e_new, now)
				moved = true
		if not moved:
			break
	var _e := add("label", ev, dur, {"at": at, "text": text, "color": LABEL_COLORS.get(tone, Color(1, 1, 1)),
			"lift": max(e_new.lift, 0.0)})


# Where a label's words are drawn now, in the map's pixels, with their outline: what label()
# keeps apart and what _draw_label draws in.
func label_rect(e: Dictionary, now: int) -> Rect2:
	var k := _label_k()
	var size: Vector2 = _font.get_string_size(str(e.text)) if _font != null else Vector2(8 * str(e.text).length(), 14)
	var base: Vector2 = label_anchor(e) - Vector2(0, label_height(e, now)) * k
	var ascent: float = _font.get_ascent() if _font != null else 11.0
	return Rect2(base.x - (size.x / 2 + 1) * k, base.y - (ascent + 1) * k, (size.x + 2) * k, label_line() * k)


# A label's line (label units): the font's height with the outline, LABEL_GAP at least.
func label_line() -> float:
	return max(LABEL_GAP, (_font.get_height() if _font != null else 14.0) + 2.0)


# The point a label's baseline rises from: a little above its place's centre.
func label_anchor(e: Dictionary) -> Vector2:
	return e.at + Vector2(0, -tile_size * 0.45)


# Map pixels per label unit: labels are LABEL_SCALE times the font on screen, however the
# camera zooms.
func _label_k() -> float:
	var vp := get_viewport()
	var zoom: float = vp.canvas_transform.get_scale().x if vp != null else 1.0
	return LABEL_SCALE / max(0.05, zoom)


# How far a label has risen from its place (label units: its font's pixels before the scale).
func label_height(e: Dictionary, now: int) -> float:
	return e.lift + progress(e, now) * LABEL_RISE


func ring(ev: Dictionary, at: Vector2, color: Color, dur: float = 6.0, reach: float = 0.7) -> void:
	var _e := add("ring", ev, dur, {"at": at, "color": color, "reach": reach})


func puff(ev: Dictionary, at: Vector2, thing: String, dur: float = 6.0) -> void:
	var _e := add("puff", ev, dur, {"at": at, "thing": thing})


# --- fights --------------------------------------------------------------------------------

func _on_attack(ev: Dictionary) -> void:
	var a := body_at(ev.get("attacker", -1), ev, "x0", "y0")
	var t := body_at(ev.get("target", -1), ev, "x1", "y1")
	if not bool(ev.get("ranged", false)):
		var dir := (t - a).normalized() if t != a else Vector2.RIGHT
		var _e := add("lunge", ev, 4.0, {"who": int(ev.get("attacker", -1)), "dir": dir, "at": a})
	match str(ev.get("outcome", "")):
		"hit":
			var _f := add("flash", ev, 3.0, {"who": int(ev.get("target", -1)), "at": t})
		"botch":
			label(ev, a, "Botched", "miss")
		_:
			label(ev, t, "Blocked" if int(ev.get("margin", -1)) == 0 else "Miss", "miss")


func _on_shot(ev: Dictionary) -> void:
	if int(ev.get("x0", -1)) < 0 or int(ev.get("x1", -1)) < 0:
		return          # the fog hides the archer or the one hit: no line to draw
	var a := tile_centre(ev.get("x0", 0), ev.get("y0", 0))
	var b := tile_centre(ev.get("x1", 0), ev.get("y1", 0))
	var thing := "fx/arrow" if Names.look(ev.get("attacker", -1)) == "scout" else "fx/bolt"
	_fly(ev, a, b, thing)


func _on_dart(ev: Dictionary) -> void:
	if Names.is_unseen(ev.get("target", -1)):
		return          # the thrower's own ring shows it fired (mechanism_fired)
	var target := body_at(ev.get("target", -1), ev)
	var from := part_tile(ev.get("part", -1))
	var a := tile_centre(ev.get("x", 0), ev.get("y", 0)) if from.x < 0 else tile_centre(from.x, from.y)
	_fly(ev, a, target, "fx/dart")


func _fly(ev: Dictionary, a: Vector2, b: Vector2, thing: String) -> void:
	var tiles := a.distance_to(b) / tile_size
	var _e := add("projectile", ev, max(2.0, tiles * SHOT_TICKS_PER_TILE), {"at": a, "to": b, "thing": thing})


func _on_wound(ev: Dictionary) -> void:
	var at := body_at(ev.get("entity", -1), ev)
	var _f := add("flash", ev, 3.0, {"who": int(ev.get("entity", -1)), "at": at})
	var level := str(ev.get("level", "minor"))
	label(ev, at, level.capitalize(), level)


func _on_knockout(ev: Dictionary) -> void:
	label(ev, body_at(ev.get("entity", -1), ev) + Vector2(0, -8), "Knocked out", "ko", 16.0)


func _on_death(ev: Dictionary) -> void:
	label(ev, body_at(ev.get("entity", -1), ev) + Vector2(0, -8), "Killed", "killed", 16.0)


func _on_trap_hit(ev: Dictionary) -> void:
	var at := body_at(ev.get("entity", -1), ev)
	var _f := add("flash", ev, 3.0, {"who": int(ev.get("entity", -1)), "at": at})
	var level := str(ev.get("level", "minor"))
	label(ev, at, level.capitalize(), level)


func _on_trap_missed(ev: Dictionary) -> void:
	label(ev, body_at(ev.get("entity", -1), ev), "Dodged", "miss")


# --- traps ---------------------------------------------------------------------------------

func _on_mechanism(ev: Dictionary) -> void:
	var c := tile_centre(ev.get("x", 0), ev.get("y", 0))
	match str(ev.get("kind", "")):
		"spinning_blades":
			var _e := add("spin", ev, 10.0, {"at": c})
		"flame_sprayer":
			ring(ev, c, Color(1, 0.6, 0.2), 5.0, 1.2)
		"gas_sprayer":
			puff(ev, c, "map/gas/2", 8.0)
		"electric_coil":
			var _e := add("zap", ev, 10.0, {"at": c, "tiles": tiles_around(ev.get("x", 0), ev.get("y", 0), BLADE_RADIUS)})
		"dart_thrower":
			ring(ev, c, Color(0.9, 0.9, 0.9), 4.0, 0.5)
		"blast_trap":
			ring(ev, c, Color(1, 0.9, 0.5), 4.0, 0.6)
		"spider_trap":
			puff(ev, c, "fx/dust", 8.0)
		"web_trap":
			puff(ev, c, "map/web", 6.0)
		"terror_trap":
			var _e := add("terror", ev, 14.0, {"at": c})
		"alarm_trap":
			ring(ev, c, Color(1, 0.85, 0.3), 6.0, 1.0)
		_:
			ring(ev, c, Color(1, 0.4, 0.3), 6.0, 0.7)


func _on_dud(ev: Dictionary) -> void:
	var t := part_tile(ev.get("part", -1))
	if t.x >= 0:
		var c := tile_centre(t.x, t.y)
		puff(ev, c, "fx/smoke", 8.0)
		label(ev, c, "Dud", "miss")


func _on_scorch(ev: Dictionary) -> void:
	var r := int(ev.get("radius", 1))
	var _e := add("fire", ev, 12.0, {"at": tile_centre(ev.get("x", 0), ev.get("y", 0)),
			"tiles": tiles_around(ev.get("x", 0), ev.get("y", 0), r)})


func _on_blast(ev: Dictionary) -> void:
	var r := int(ev.get("radius", 1))
	var _e := add("blast", ev, 8.0, {"at": tile_centre(ev.get("x", 0), ev.get("y", 0)), "radius": r,
			"tiles": tiles_around(ev.get("x", 0), ev.get("y", 0), r)})


func _on_gas_cloud(ev: Dictionary) -> void:
	puff(ev, tile_centre(ev.get("x", 0), ev.get("y", 0)), "map/gas/1", 8.0)


func _on_webs(ev: Dictionary) -> void:
	var tiles := []
	for t in ev.get("tiles", []):
		if typeof(t) == TYPE_ARRAY and t.size() >= 2:
			tiles.append(Vector2(int(t[0]), int(t[1])))
	var at: Vector2 = tile_centre(tiles[0].x, tiles[0].y) if not tiles.empty() else Vector2(-100, -100)
	var _e := add("webs", ev, 6.0, {"at": at, "tiles": tiles})


func _on_web_broken(ev: Dictionary) -> void:
	puff(ev, tile_centre(ev.get("x", 0), ev.get("y", 0)), "map/web", 6.0)


func _on_spider(ev: Dictionary) -> void:
	var at := body_at(ev.get("entity", -1), ev)
	var t := part_tile(ev.get("part", -1))
	if entities != null and entities.centre_of(int(ev.get("entity", -1))) == null and t.x >= 0:
		at = tile_centre(t.x, t.y)
	puff(ev, at, "fx/dust", 8.0)
	label(ev, at, "Spiders!", "killed")


func _on_terrified(ev: Dictionary) -> void:
	var until := float(ev.get("until", 0)) - float(ev.get("tick", 0))
	var _e := add("fear", ev, clamp(until, 10.0, 600.0), {"who": int(ev.get("entity", -1)), "at": body_at(ev.get("entity", -1), ev)})
	label(ev, body_at(ev.get("entity", -1), ev), "Terrified", "ko")


func _on_terror_resisted(ev: Dictionary) -> void:
	label(ev, body_at(ev.get("entity", -1), ev), "Resists", "miss")


func _on_alarm(ev: Dictionary) -> void:
	var _e := add("alarm", ev, 30.0, {"at": tile_centre(ev.get("x", 0), ev.get("y", 0))})


func _on_trigger(ev: Dictionary) -> void:
	ring(ev, tile_centre(ev.get("x", 0), ev.get("y", 0)), Color(1, 0.86, 0.3), 6.0, 0.8)


func _on_trigger_part(ev: Dictionary) -> void:
	var t := part_tile(ev.get("part", -1))
	if t.x >= 0:
		ring(ev, tile_centre(t.x, t.y), Color(1, 0.86, 0.3) if str(ev.type) != "timer_fired" else Color(0.55, 0.8, 1), 6.0, 0.8)


# --- doors ---------------------------------------------------------------------------------

func _on_door_swing(ev: Dictionary) -> void:
	var t := Vector2(int(ev.get("x", -1)), int(ev.get("y", -1)))
	if t.x < 0:
		t = door_tile(ev.get("door", -1))
	if t.x >= 0:
		var _e := add("swing", ev, 4.0, {"at": tile_centre(t.x, t.y), "tile": t, "opening": str(ev.type) == "door_opened"})


func _door_centre(ev: Dictionary) -> Vector2:
	var t := door_tile(ev.get("door", -1))
	if t.x < 0:
		t = Vector2(int(ev.get("x", -1)), int(ev.get("y", -1)))
	return tile_centre(t.x, t.y)


func _on_breach_started(ev: Dictionary) -> void:
	label(ev, _door_centre(ev), "Picking the lock" if str(ev.get("method", "")) == "pick" else "Bashing", "info", 16.0)


func _on_breach_roll(ev: Dictionary) -> void:
	var c := _door_centre(ev)
	var pick := str(ev.get("method", "")) == "pick"
	ring(ev, c, Color(0.3, 0.8, 1) if pick else Color(1, 0.5, 0.2), 4.0, 0.6)
	if str(ev.get("outcome", "")) == "failed":
		label(ev, c, "Fails (%d)" % int(ev.get("total_failures", ev.get("failures", 1))), "miss")


func _on_breached(ev: Dictionary) -> void:
	var c := _door_centre(ev)
	var _e := add("burst", ev, 8.0, {"at": c})
	puff(ev, c, "fx/smoke", 10.0)
	label(ev, c, "Breached", "killed", 14.0)


func _on_unlocked(ev: Dictionary) -> void:
	label(ev, _door_centre(ev), "Unlocked", "info", 14.0)


# --- work ----------------------------------------------------------------------------------

func _on_dug(ev: Dictionary) -> void:
	puff(ev, tile_centre(ev.get("x", 0), ev.get("y", 0)), "fx/dust", 8.0)


func _on_mined(ev: Dictionary) -> void:
	var c := tile_centre(ev.get("x", 0), ev.get("y", 0))
	var _e := add("sparks", ev, 6.0, {"at": c})
	label(ev, c, "+1 metal", "good")


func _on_built(ev: Dictionary) -> void:
	var t := Vector2(int(ev.get("x", -1)), int(ev.get("y", -1)))
	if t.x < 0:
		t = door_tile(ev.get("door", -1))
	var c := tile_centre(t.x, t.y)
	ring(ev, c, Color(0.6, 1, 0.6), 8.0, 0.8)
	label(ev, c, "Built", "good")


func _on_delivered(ev: Dictionary) -> void:
	var t := Vector2(int(ev.get("x", -1)), int(ev.get("y", -1)))
	if t.x < 0 and ev.has("part"):
		t = part_tile(ev.part)
	if t.x < 0 and ev.has("door"):
		t = door_tile(ev.door)
	if t.x >= 0:
		label(ev, tile_centre(t.x, t.y), "Metal %d/%d" % [int(ev.get("metal", 0)), int(ev.get("needed", 0))], "info")


# --- work in progress ----------------------------------------------------------------------

# The job sites with work done or a worker at them, from the snapshot's WORK rows.
func _read_work(s: Dictionary) -> void:
	works.clear()
	for row in WORK:
		var pos = s.get(row[0], [])
		var done = s.get(row[1], [])
		var by = s.get(row[2], [])
		for i in range(min(pos.size(), min(done.size(), by.size()))):
			if float(done[i]) > 0.0 or int(by[i]) >= 0:
				works.append({"at": Vector2(pos[i].x, pos[i].y), "done": clamp(float(done[i]), 0.0, 1.0),
						"by": int(by[i]), "tool": row[3], "bits": row[4]})


# 0..1 through the current stroke at a site (by the game's clock; sites out of step).
func stroke(site: Vector2) -> float:
	return fmod(clock / STROKE_TICKS + fmod(site.x * 0.37 + site.y * 0.61, 1.0), 1.0)


# How far into its blow a stroke is: raised slowly (0 -> 1), brought down fast (1 -> 0).
static func blow(q: float) -> float:
	return q / 0.7 if q < 0.7 else (1.0 - q) / 0.3


# Each worker at its site leans toward it with every stroke (EntityLayer.fx_offset).
func _lean_into_work(offsets: Dictionary) -> void:
	if entities == null:
		return
	for w in works:
		if w.by < 0:
			continue
		var c = entities.centre_of(w.by)
		if c == null:
			continue
		var site: Vector2 = w.at + Vector2(0.5, 0.5)
		var dir: Vector2 = (site - c).normalized() if site.distance_to(c) > 0.05 else Vector2.UP
		var lean := 1.0 - blow(stroke(w.at))
		offsets[w.by] = offsets.get(w.by, Vector2.ZERO) + dir * tile_size * WORK_NUDGE * lean


# --- drawing -------------------------------------------------------------------------------

func _draw() -> void:
	var ts := float(tile_size)
	_draw_gas(ts)
	_draw_work(ts)
	var now := OS.get_ticks_msec()
	drawn.clear()
	for e in effects:
		var p := progress(e, now)
		if not seen(e.at):
			continue
		drawn.append([e.kind, e.at])
		match e.kind:
			"projectile":
				var at: Vector2 = e.at.linear_interpolate(e.to, p)
				if seen(at):
					var ang: float = (e.to - e.at).angle() + PI / 2
					Art.draw_turned(self, e.thing, at, ts, ang)
			"label":
				_draw_label(label_anchor(e), Vector2(0, -label_height(e, now)), e.text, e.color, 1.0 - p * p)
			"ring":
				var r: float = ts * (0.3 + e.reach * p)
				draw_arc(e.at, r, 0, TAU, 28, Color(e.color.r, e.color.g, e.color.b, 1.0 - p), 3.0, true)
			"puff":
				var s2: float = ts * (0.6 + 0.6 * p)
				Art.draw(self, e.thing, Rect2(e.at - Vector2(s2, s2) / 2, Vector2(s2, s2)), Color(1, 1, 1, 1.0 - p))
			"spin":
				Art.draw_turned(self, "part/spinning_blades", e.at, ts * 1.3, p * TAU * 3.0, Color(1, 1, 1, 1.0 - p * 0.5))
				for k in range(3):
					var a0: float = p * TAU * 3.0 + k * TAU / 3.0
					draw_arc(e.at, ts * 0.85, a0, a0 + 1.2, 8, Color(0.9, 0.95, 1, 0.8 * (1.0 - p)), 3.0, true)
			"fire":
				for t in e.tiles:
					var c := tile_centre(t.x, t.y)
					if seen(c):
						var f := int(p * 9.0 + t.x + t.y) % 3
						Art.draw(self, "fx/fire/%d" % f, Rect2(c - Vector2(ts, ts) / 2, Vector2(ts, ts)), Color(1, 1, 1, 1.0 - p * p))
			"zap":
				for t in e.tiles:
					var c2 := tile_centre(t.x, t.y)
					var k := (int(p * 20.0) + int(t.x) * 3 + int(t.y) * 5) % 6
					if k < 4 and seen(c2):
						Art.draw(self, "fx/zap/%d" % k, Rect2(c2 - Vector2(ts, ts) / 2, Vector2(ts, ts)))
				draw_circle(e.at, ts * 0.3, Color(0.6, 0.9, 1, 0.5 * (1.0 - p)))
			"blast":
				draw_circle(e.at, ts * (e.radius + 0.5) * (0.3 + 0.7 * p), Color(1, 0.95, 0.7, 0.7 * (1.0 - p)))
				for t in e.tiles:
					var c3 := tile_centre(t.x, t.y)
					if seen(c3):
						Art.draw(self, "fx/blast", Rect2(c3 - Vector2(ts, ts) / 2, Vector2(ts, ts)), Color(1, 1, 1, 1.0 - p))
			"terror":
				var s3: float = ts * (1.0 + 2.0 * p)
				Art.draw(self, "fx/terror", Rect2(e.at - Vector2(s3, s3) / 2, Vector2(s3, s3)), Color(1, 1, 1, 1.0 - p))
			"webs":
				for t in e.tiles:
					var c4 := tile_centre(t.x, t.y)
					var s4: float = ts * (0.3 + 0.7 * p)
					if seen(c4):
						Art.draw(self, "map/web", Rect2(c4 - Vector2(s4, s4) / 2, Vector2(s4, s4)))
			"alarm":
				for k in range(3):
					var q: float = fmod(p * 3.0 + k / 3.0, 1.0)
					draw_arc(e.at, ts * (0.4 + 1.6 * q), 0, TAU, 32, Color(1, 0.85, 0.3, 1.0 - q), 3.0, true)
				Art.draw_turned(self, "part/alarm_trap", e.at, ts, sin(p * 60.0) * 0.35)
			"swing":
				var open_share: float = p if e.opening else 1.0 - p
				var w: float = ts * (1.0 - open_share)
				if w > 1.0:
					Art.draw(self, "door/closed", Rect2(e.at - Vector2(ts / 2, ts / 2), Vector2(w, ts)), Color(1, 1, 1, 0.9))
			"burst":
				for k in range(8):
					var d := Vector2(cos(k * TAU / 8 + 0.3), sin(k * TAU / 8 + 0.3))
					draw_line(e.at + d * ts * 0.3 * (1 + p), e.at + d * ts * (0.5 + 0.9 * p), Color(0.6, 0.4, 0.2, 1.0 - p), 3.0)
			"sparks":
				for k in range(6):
					var d2 := Vector2(cos(k * 1.9), sin(k * 1.9 - 0.6))
					draw_circle(e.at + d2 * ts * 0.5 * p, 2.5, Color(1, 0.8, 0.3, 1.0 - p))
			"fear":
				var c5 = entities.centre_of(int(e.who)) if entities != null else null
				if c5 != null and seen(c5 * ts):
					Art.draw(self, "mark/terrified", Rect2(c5 * ts + Vector2(ts * 0.05, -ts * 0.75), Vector2(ts * 0.6, ts * 0.6)))


# The work at each job site: the bar of the work done along the tile's foot; with a worker
# at it, the tool swung over the site (raised, brought down) and bits flying as it lands.
func _draw_work(ts: float) -> void:
	work_drawn.clear()
	for w in works:
		var o: Vector2 = w.at * ts
		var c := o + Vector2(ts, ts) / 2
		if not seen(c):
			continue
		work_drawn.append(w)
		var bar := Rect2(o + Vector2(3, ts - 7), Vector2(ts - 6, 5))
		draw_rect(bar, Color(0, 0, 0, 0.7))
		draw_rect(Rect2(bar.position, Vector2(bar.size.x * w.done, bar.size.y)), BAR_COL)
		if w.by < 0:
			continue
		# the tool, held at the worker's body and swung at the site: raised over its head (up 1),
		# brought down onto the site (0); bits fly where it lands
		var body = entities.centre_of(w.by) if entities != null else null
		var hand: Vector2 = body * ts if body != null else c + Vector2(-ts * 0.6, 0)
		var aim: Vector2 = c - hand if c.distance_to(hand) > ts * 0.2 else Vector2(0, ts * 0.5)
		var q := stroke(w.at)
		var up := blow(q)
		var over := -1.0 if aim.x >= 0.0 else 1.0        # raised over the head, never under
		draw_set_transform(hand, aim.angle() + over * 1.6 * up, Vector2.ONE)
		draw_line(Vector2(ts * 0.05, 0), Vector2(ts * 0.62, 0), Color(0.2, 0.12, 0.06), 5.0)
		draw_line(Vector2(ts * 0.05, 0), Vector2(ts * 0.62, 0), Color(0.62, 0.42, 0.22), 3.0)
		if w.tool == "pick":
			draw_line(Vector2(ts * 0.5, -ts * 0.26), Vector2(ts * 0.66, ts * 0.26), Color(0.15, 0.15, 0.2), 5.0)
			draw_line(Vector2(ts * 0.5, -ts * 0.26), Vector2(ts * 0.66, ts * 0.26), Color(0.8, 0.82, 0.9), 3.0)
		else:
			draw_rect(Rect2(Vector2(ts * 0.52, -ts * 0.16), Vector2(ts * 0.2, ts * 0.32)), Color(0.15, 0.15, 0.2))
			draw_rect(Rect2(Vector2(ts * 0.54, -ts * 0.14), Vector2(ts * 0.16, ts * 0.28)), Color(0.66, 0.66, 0.74))
		draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)
		if q >= 0.7:
			_draw_bits(w.bits, hand + aim.normalized() * ts * 0.62, (q - 0.7) / 0.3, ts)


# What flies off a stroke as it lands (p 0..1 since it landed): dust or sparks.
func _draw_bits(bits: String, c: Vector2, p: float, ts: float) -> void:
	if bits == "dust":
		var s2 := ts * (0.4 + 0.4 * p)
		Art.draw(self, "fx/dust", Rect2(c - Vector2(s2, s2) / 2, Vector2(s2, s2)), Color(1, 1, 1, 0.8 * (1.0 - p)))
	else:
		for k in range(5):
			var d := Vector2(cos(k * 1.3 - 2.2), sin(k * 1.3 - 2.2))
			draw_circle(c + d * ts * 0.45 * p, 2.0, Color(1, 0.85, 0.35, 1.0 - p))


# Gas clouds: every tile within a cloud's radius, puffing (snapshot gas_pos / gas_radius).
func _draw_gas(ts: float) -> void:
	var gp = snap.get("gas_pos", [])
	var gr = snap.get("gas_radius", [])
	var frame := int(clock / 4.0)
	for i in range(min(gp.size(), gr.size())):
		for t in tiles_around(int(gp[i].x), int(gp[i].y), int(gr[i])):
			var c := tile_centre(t.x, t.y)
			if seen(c):
				Art.draw(self, "map/gas/%d" % ((frame + int(t.x) + int(t.y) * 2) % 3), Rect2(c - Vector2(ts, ts) / 2, Vector2(ts, ts)), Color(1, 1, 1, 0.6))


# A label at a point of the map, `rise` screen pixels above it: the same size on screen at
# any zoom (the camera's scale undone around the point).
func _draw_label(at: Vector2, rise: Vector2, text: String, col: Color, alpha: float) -> void:
	if _font == null:
		return
	var k := _label_k()
	var size := _font.get_string_size(text)
	var p := rise - Vector2(size.x / 2, 0)
	var shade := Color(0, 0, 0, 0.85 * alpha)
	draw_set_transform(at, 0.0, Vector2(k, k))
	for d in [Vector2(-1, 0), Vector2(1, 0), Vector2(0, -1), Vector2(0, 1)]:
		draw_string(_font, p + d, text, shade)
	draw_string(_font, p, text, Color(col.r, col.g, col.b, alpha))
	draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)


# How many effects are running (tests, the bench).
func active() -> int:
	return effects.size()
