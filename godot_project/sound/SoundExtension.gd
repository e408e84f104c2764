extends "res://core/ConceptExtension.gd"
# The sound player (docs/godot.md "Sound"). A view: it listens to EventBus and plays the
# sounds build/gen_sounds.py made (res://sound/sounds/<family>_<n>.wav, read by Wav.gd); it
# sends no command and never reads the bridge, so the game is the same with it or without it.
# - sim_event: an event with a sound (family_of) starts one voice of its family, when the
#   player may know of it (fog: ON_MAP families only where a tile of the event is the
#   player's or seen now)
#   and the family's limit lets it (`gap_ms` between two starts, so never two in a frame, and
#   `voices` at once: fifty blows in one frame are one blow).
# - snapshot_updated: the fog; the invasion indicator's word (a chime when it changes, darker
#   when it gets worse); the ambience (calm, tense while an invasion is underway, silent once
#   the game is over).
# - settings_changed: audio/master, audio/effects, audio/ambience (bus volumes), audio/mute.
# What it started is kept in `started` (its last RECORD_MAX starts), for tests.

const Files = preload("res://core/Files.gd")
const Wav = preload("res://sound/Wav.gd")
const InvasionsExtension = preload("res://invasions/InvasionsExtension.gd")
const FogLayer = preload("res://invasions/FogLayer.gd")

const SOUND_DIR := "res://sound/sounds"
const EFFECTS_BUS := "Effects"
const AMBIENCE_BUS := "Ambience"
const VOLUME_BUSES := {"audio/master": "Master", "audio/effects": EFFECTS_BUS,
		"audio/ambience": AMBIENCE_BUS}
const SILENT_DB := -80.0

# Where a family is heard: ON_MAP at the event's tile (AudioStreamPlayer2D: panned and softer
# away from the screen's centre, unheard past MAX_DISTANCE screen pixels) and only where the
# player sees now; DUNGEON everywhere, naming no place (AudioStreamPlayer).
const ON_MAP := 0
const DUNGEON := 1
const MAX_DISTANCE := 1800.0

# family -> [where, voices, gap_ms]
const FAMILIES := {
	"hit": [ON_MAP, 3, 50], "miss": [ON_MAP, 2, 60], "block": [ON_MAP, 3, 50],
	"blades": [ON_MAP, 2, 150], "flame": [ON_MAP, 2, 150], "gas": [ON_MAP, 2, 200],
	"coil": [ON_MAP, 2, 150], "dart": [ON_MAP, 3, 60], "blast": [ON_MAP, 2, 200],
	"spider": [ON_MAP, 2, 200], "web": [ON_MAP, 2, 200], "terror": [ON_MAP, 1, 400],
	"trigger": [ON_MAP, 3, 60],
	"door_open": [ON_MAP, 2, 100], "door_close": [ON_MAP, 2, 100],
	"lock_picked": [ON_MAP, 1, 200], "bash": [ON_MAP, 2, 150], "breach": [ON_MAP, 1, 300],
	"knockout": [ON_MAP, 2, 150], "death": [ON_MAP, 2, 200],
	"dig": [ON_MAP, 2, 120], "mine": [ON_MAP, 2, 120], "build": [ON_MAP, 2, 120],
	"alarm": [DUNGEON, 1, 1000], "letter": [DUNGEON, 1, 1000],
	"indicator_worse": [DUNGEON, 1, 500], "indicator_calmer": [DUNGEON, 1, 500],
	"goal": [DUNGEON, 1, 800], "game_over": [DUNGEON, 1, 3000], "refused": [DUNGEON, 1, 250],
}
# the loops, on the Ambience bus; CALM plays while the game runs, TENSE instead of it while an
# invasion is underway (a FADE_SECONDS crossfade)
const CALM := "ambience_calm"
const TENSE := "ambience_tense"
const FADE_SECONDS := 2.0

# mechanism kind -> family (an alarm trap rings through its "alarm" event)
const MECHANISMS := {"spinning_blades": "blades", "flame_sprayer": "flame",
		"gas_sprayer": "gas", "electric_coil": "coil", "dart_thrower": "dart",
		"blast_trap": "blast", "spider_trap": "spider", "web_trap": "web",
		"terror_trap": "terror"}
# event type -> family, for the events with one sound whatever their fields
const EVENTS := {"trap_triggered": "trigger", "door_opened": "door_open",
		"door_closed": "door_close", "door_breached": "breach", "knockout": "knockout",
		"death": "death", "dug": "dig", "metal_mined": "mine", "wall_built": "build",
		"part_built": "build", "door_built": "build", "padlock_built": "build",
		"furniture_built": "build", "alarm": "alarm", "letter": "letter",
		"goal_met": "goal", "game_over": "game_over", "refused": "refused"}
const RECORD_MAX := 64
const POSITION_KEYS := [["x", "y"], ["x1", "y1"], ["x0", "y0"]]   # an attack: target, attacker

var streams := {}          # family (or loop name) -> [AudioStreamSample], its variants in order
var load_errors := []      # why a file did not load (Wav.load_file)
# the last RECORD_MAX starts: {family, file, bus, stream, player, tile, tick}
var started := []
var counts := {}           # family -> starts
var dropped := {}          # family -> events its limit dropped
var hidden := 0            # events not played because the fog hides where they happened
var snap := {}
var invasion_state := ""
var game_over := false     # the game_over event came (or the snapshot says so): no ambience
var ambience := {}         # loop name -> AudioStreamPlayer
var ambience_level := {}   # loop name -> 0..1 (its volume within the Ambience bus)
var ambience_target := {}
var _players := {}         # family -> [players]
var _last_ms := {}
var _next_variant := {}
var _picked := {}          # door id -> tick its lock was picked (its breach then says no more)
var _rng := RandomNumberGenerator.new()   # pitch variety: the view's own, never the game's


func setup(m) -> void:
	main = m
	_rng.seed = 1
	load_sounds()
	for key in VOLUME_BUSES:
		apply_setting(key, Settings.value(key))
	apply_setting("audio/mute", Settings.value("audio/mute"))
	for loop in [CALM, TENSE]:
		_make_loop(loop)
	set_process(false)
	listen({"sim_event": "_on_sim_event", "snapshot_updated": "_on_snapshot",
			"settings_changed": "apply_setting", "sim_started": "_on_game_started",
			"game_loaded": "_on_game_started"})


# Every .wav of SOUND_DIR: "hit_2.wav" is variant 2 of "hit"; "ambience_calm.wav" a loop.
func load_sounds() -> void:
	streams = {}
	load_errors = []
	var names: Array = Files.entries(SOUND_DIR)["files"]
	names.sort()
	for file in names:
		if not file.ends_with(".wav"):
			continue
		var s = Wav.load_file(SOUND_DIR.plus_file(file))
		if s is String:
			load_errors.append(s)
			push_warning("Malignus sound: " + s)
			continue
		var family := family_of_file(file)
		if not streams.has(family):
			streams[family] = []
		streams[family].append(s)


static func family_of_file(file: String) -> String:
	var base := file.get_basename()
	var cut := base.find_last("_")
	if cut > 0 and base.substr(cut + 1).is_valid_integer():
		return base.substr(0, cut)
	return base


# The family whose sound an event plays, "" for none.
static func family_of(ev: Dictionary) -> String:
	var type := str(ev.get("type", ""))
	match type:
		"attack":
			# the defence roll is the target's Block: a melee blow that fails was blocked;
			# a shot that fails, or a botched blow, cuts the air
			var outcome := str(ev.get("outcome", ""))
			if outcome == "hit":
				return "hit"
			if outcome == "miss" and not bool(ev.get("ranged", false)):
				return "block"
			return "miss"
		"mechanism_fired":
			return MECHANISMS.get(str(ev.get("kind", "")), "")
		"breach_roll":
			# every bash is heard (a successful one breaches: door_breached adds the crash);
			# a pick only when the lock gives
			if str(ev.get("method", "")) == "bash":
				return "bash"
			return "lock_picked" if str(ev.get("outcome", "")) == "success" else ""
	return EVENTS.get(type, "")


func _on_sim_event(ev: Dictionary) -> void:
	var family := family_of(ev)
	if family == "":
		return
	var tick := int(ev.get("tick", -1))
	if family == "lock_picked":
		_picked[int(ev.get("door", -1))] = tick
	elif family == "breach" and _picked.get(int(ev.get("door", -1)), -2) == tick:
		return                          # the picked lock was the breach: its click says it
	elif family == "game_over":
		game_over = true
		_set_ambience(false, false)
	play(family, ev)


# Starts a voice of `family` for event `ev` (its tile and tick), unless the fog hides it
# (counted in `hidden`), the family's limit holds it back (counted in `dropped`) or the family
# has no sound; what it starts is counted in `counts` and kept in `started`.
func play(family: String, ev: Dictionary = {}) -> void:
	var spec: Array = FAMILIES[family]
	var list: Array = streams.get(family, [])
	if list.empty():
		return
	# the gap first (the cheapest test: in a busy frame most events stop here), then the fog
	var now := OS.get_ticks_msec()
	if now - int(_last_ms.get(family, -1000000)) < spec[2]:
		dropped[family] = int(dropped.get(family, 0)) + 1
		return
	var tile := Vector2(-1, -1)
	if spec[0] == ON_MAP:
		tile = seen_tile(ev)
		if tile.x < 0:
			hidden += 1
			return
	var player = _free_player(family, spec)
	if player == null:
		dropped[family] = int(dropped.get(family, 0)) + 1
		return
	var k := int(_next_variant.get(family, 0)) % list.size()
	_next_variant[family] = k + 1
	player.stream = list[k]
	if spec[0] == ON_MAP:
		player.global_position = main.world.to_global(main.world.tile_to_world(tile))
		player.pitch_scale = _rng.randf_range(0.94, 1.06)
	player.play()
	if spec[0] == ON_MAP:
		# Godot 3.2's AudioStreamPlayer2D starts its stream only in its next physics step;
		# an audio mix before that finds it not started and stops it for good (about one
		# sound in forty, measured). A seek starts it in that mix instead.
		player.seek(0.0)
	_last_ms[family] = now
	counts[family] = int(counts.get(family, 0)) + 1
	_record(family, player, tile, int(ev.get("tick", -1)))


func _free_player(family: String, spec: Array):
	var pool: Array = _players.get(family, [])
	for p in pool:
		if not p.playing:
			return p
	if pool.size() >= spec[1]:
		return null
	var fresh
	if spec[0] == ON_MAP:
		fresh = AudioStreamPlayer2D.new()
		fresh.max_distance = MAX_DISTANCE
	else:
		fresh = AudioStreamPlayer.new()
	fresh.name = "%s_%d" % [family, pool.size() + 1]
	fresh.bus = EFFECTS_BUS
	add_child(fresh)
	pool.append(fresh)
	_players[family] = pool
	return fresh


func _record(family: String, player, tile: Vector2, tick: int) -> void:
	started.append({"family": family, "file": player.stream.resource_name, "bus": player.bus,
			"stream": player.stream, "player": player, "tile": tile, "tick": tick})
	if started.size() > RECORD_MAX:
		started.pop_front()


# --- the fog: a sound on the map only where the player sees (yours, or seen now) ------------

# The first tile of the event the player sees now; (-1, -1) when none is (or it has none).
func seen_tile(ev: Dictionary) -> Vector2:
	for t in tiles_of(ev):
		if sees(t):
			return t
	return Vector2(-1, -1)


# Where an event happened: its x/y, the target's and the attacker's tiles (attack), or its
# door's tile (breach_roll).
func tiles_of(ev: Dictionary) -> Array:
	var out := []
	for keys in POSITION_KEYS:
		if ev.has(keys[0]) and ev.has(keys[1]):
			out.append(Vector2(int(ev[keys[0]]), int(ev[keys[1]])))
	if out.empty() and ev.has("door"):
		var i := row_index(snap, "door_id", int(ev["door"]))
		var pos = snap.get("door_pos", [])
		if i >= 0 and i < pos.size():
			out.append(pos[i])
	return out


# Yours or seen now (invasions/FogLayer.gd: your own trap going off is heard on your
# unwatched domain; a hidden body's place never comes with its event, core/Names.gd
# as_seen), or the level has no fog.
func sees(tile: Vector2) -> bool:
	if not snap.get("fog_on", false):
		return true
	var w := int(snap.get("width", 0))
	var h := int(snap.get("height", 0))
	var fog = snap.get("fog")
	var x := int(tile.x)
	var y := int(tile.y)
	if typeof(fog) != TYPE_RAW_ARRAY or fog.size() != w * h or x < 0 or y < 0 or x >= w or y >= h:
		return false
	return fog[y * w + x] >= FogLayer.YOURS


# --- the snapshot: the indicator's word, the ambience ------------------------------------------

func _on_snapshot(s: Dictionary) -> void:
	snap = s
	var state := str(s.get("invasion_state", "off"))
	if state != invasion_state:
		if not invasion_state in ["", "off"] and state != "off":
			var order: Array = InvasionsExtension.WORDS.keys()
			play("indicator_worse" if order.find(state) > order.find(invasion_state) else "indicator_calmer")
		invasion_state = state
	game_over = game_over or bool(s.get("game_over", false))
	_set_ambience(not game_over, state == "underway")


# A game starts (a level, or a save loaded in place of the game): all of it anew.
func _on_game_started(_what) -> void:
	invasion_state = ""
	game_over = false
	_picked = {}
	_set_ambience(true, false)


func _make_loop(loop: String) -> void:
	var p := AudioStreamPlayer.new()
	p.name = loop
	p.bus = AMBIENCE_BUS
	p.volume_db = SILENT_DB
	var list: Array = streams.get(loop, [])
	if not list.empty():
		var s: AudioStreamSample = list[0]
		s.loop_mode = AudioStreamSample.LOOP_FORWARD
		s.loop_begin = 0
		s.loop_end = Wav.frames(s)
		p.stream = s
	add_child(p)
	ambience[loop] = p
	ambience_level[loop] = 0.0
	ambience_target[loop] = 0.0


func _set_ambience(on: bool, tense: bool) -> void:
	var want := {CALM: 1.0 if on and not tense else 0.0, TENSE: 1.0 if on and tense else 0.0}
	if want.hash() != ambience_target.hash():
		ambience_target = want
		set_process(true)


# The ambience's crossfade (running only while a loop's level moves).
func _process(delta: float) -> void:
	var moving := false
	for loop in ambience:
		var p: AudioStreamPlayer = ambience[loop]
		var level: float = move_toward(ambience_level[loop], ambience_target[loop], delta / FADE_SECONDS)
		ambience_level[loop] = level
		p.volume_db = volume_db(level)
		if level > 0.0 and not p.playing and p.stream != null:
			p.play()
			_record(loop, p, Vector2(-1, -1), int(snap.get("tick", -1)))
		elif level == 0.0 and p.playing:
			p.stop()
		moving = moving or level != ambience_target[loop]
	set_process(moving)


# --- the settings --------------------------------------------------------------------------------

func apply_setting(key: String, value) -> void:
	if key == "audio/mute":
		AudioServer.set_bus_mute(AudioServer.get_bus_index("Master"), bool(value))
	elif VOLUME_BUSES.has(key):
		var bus := AudioServer.get_bus_index(VOLUME_BUSES[key])
		if bus >= 0:
			AudioServer.set_bus_volume_db(bus, volume_db(float(value)))


# A 0..1 volume as decibels (1 = 0 dB, 0.5 = -6 dB, 0 = SILENT_DB).
static func volume_db(v: float) -> float:
	return SILENT_DB if v <= 0.0001 else max(SILENT_DB, linear2db(min(v, 1.0)))
