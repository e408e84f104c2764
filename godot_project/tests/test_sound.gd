extends "res://tests/TestCase.gd"
# warning-ignore-all:return_value_discarded
# (the assertions return whether they held; a test reads that only where it stops early)
# The sound player (sound/SoundExtension.gd; docs/godot.md "Sound"). Under godot3-server the
# audio driver is a dummy one, so the player's own record says what it started: each start in
# `started` with its family, bus, stream and the AudioStreamPlayer(2D) that plays it.
# - every family's event plays that family's sound, on the Effects bus, from its player;
# - fifty blows in one frame start one sound; the family never has more voices than it may;
# - the volume settings reach the buses (read at start, then followed), mute too;
# - the fog: a blow on a tile nobody sees (or whose place the fog withheld) is silent, one on
#   a seen tile is heard, the alarm (heard in the whole dungeon) plays wherever it rings;
# - the indicator's word changing in play (Quiet -> Underway) chimes, and the ambience turns
#   tense; the end of the game silences the ambience;
# - a real fight plays blows, and the game is the same (state hash) as a session without
#   any view at all.

const OPEN_LEVEL := "res://levels/doors_demo.level"                # fog off, doors
const INVASION_LEVEL := "res://tests/data/invasions_test.level"   # fog off, an invasion at 0:10
const FOG_LEVEL := "res://tests/data/arrival_test.level"          # fog on
const FIGHT_LEVEL := "res://levels/combat_demo.level"
const SETTINGS_PATH := "user://test_sound_settings.cfg"

# one event of each family, shaped as pysim emits it (tests/data/event_samples.json)
const FAMILY_EVENTS := {
	"hit": {"type": "attack", "attacker": 5, "target": 6, "outcome": "hit", "margin": 3, "ranged": false, "x0": 8, "y0": 1, "x1": 9, "y1": 1},
	"block": {"type": "attack", "attacker": 5, "target": 6, "outcome": "miss", "margin": -2, "ranged": false, "x0": 8, "y0": 1, "x1": 9, "y1": 1},
	"miss": {"type": "attack", "attacker": 5, "target": 6, "outcome": "miss", "margin": -2, "ranged": true, "x0": 6, "y0": 1, "x1": 9, "y1": 1},
	"blades": {"type": "mechanism_fired", "kind": "spinning_blades", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"flame": {"type": "mechanism_fired", "kind": "flame_sprayer", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"gas": {"type": "mechanism_fired", "kind": "gas_sprayer", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"coil": {"type": "mechanism_fired", "kind": "electric_coil", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"dart": {"type": "mechanism_fired", "kind": "dart_thrower", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"blast": {"type": "mechanism_fired", "kind": "blast_trap", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"spider": {"type": "mechanism_fired", "kind": "spider_trap", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"web": {"type": "mechanism_fired", "kind": "web_trap", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"terror": {"type": "mechanism_fired", "kind": "terror_trap", "part": 3, "trigger": 1, "who": 1, "x": 8, "y": 1},
	"alarm": {"type": "alarm", "part": 9, "enemies": [7, 8], "x": 9, "y": 3},
	"trigger": {"type": "trap_triggered", "kind": "pressure_plate", "mechanism": 3, "part": 1, "rigged": false, "who": 1, "x": 6, "y": 1},
	"door_open": {"type": "door_opened", "door": 1, "entity": 2, "x": 5, "y": 1},
	"door_close": {"type": "door_closed", "door": 1, "x": 5, "y": 1},
	"lock_picked": {"type": "breach_roll", "door": 1, "entity": 2, "failures": 0, "method": "pick", "outcome": "success", "party": 2, "total_failures": 0},
	"bash": {"type": "breach_roll", "door": 1, "entity": 2, "failures": 1, "method": "bash", "outcome": "failed", "party": 2, "total_failures": 1},
	"breach": {"type": "door_breached", "door": 1, "entity": 2, "x": 5, "y": 1},
	"knockout": {"type": "knockout", "bleeding": false, "by": 1, "entity": 5, "wake_tick": 1262, "x": 4, "y": 3},
	"death": {"type": "death", "by": 4, "cause": "wound", "entity": 2, "x": 9, "y": 1},
	"dig": {"type": "dug", "entity": 7, "x": 6, "y": 1},
	"mine": {"type": "metal_mined", "entity": 3, "left": 7, "pile_x": 9, "pile_y": 1, "x": 4, "y": 3},
	"build": {"type": "part_built", "entity": 2, "kind": "gas_sprayer", "part": 8, "x": 7, "y": 3},
	"letter": {"type": "letter", "goal": "kill_boss", "members": [], "party": 7, "title": "Adventurers spotted in your dungeon"},
	"goal": {"type": "goal_met", "goal": 0, "kind": "mine", "title": "Mine 6 metal"},
	"game_over": {"type": "game_over", "captured": 1, "days": 3, "invasions_beaten": 2, "killed": 4, "score": 493, "treasure_lost": 17},
	"refused": {"type": "refused", "command": "build_trap", "reason": "That tile is not in your domain."},
}

var ext = null
var _old_settings_path := ""


func before_each() -> void:
	_old_settings_path = Settings.path
	Settings.path = SETTINGS_PATH
	var _err := Directory.new().remove(SETTINGS_PATH)
	Settings.load_file()


func after_each() -> void:
	free_main()
	ext = null
	var _err := Directory.new().remove(SETTINGS_PATH)
	Settings.path = _old_settings_path
	Settings.load_file()
	# the buses as the player's own settings have them (the player that set them is gone)
	var Sound = load("res://sound/SoundExtension.gd")
	for key in Sound.VOLUME_BUSES:
		AudioServer.set_bus_volume_db(AudioServer.get_bus_index(Sound.VOLUME_BUSES[key]),
				Sound.volume_db(Settings.value(key)))
	AudioServer.set_bus_mute(AudioServer.get_bus_index("Master"), Settings.value("audio/mute"))


# After start_main: the sound player, and whether the game runs with it.
func _started() -> bool:
	ext = extension("SoundExtension")
	return running() and assert_true(ext != null, "the sound player is loaded")


func _event(family: String, tick: int) -> Dictionary:
	var ev: Dictionary = FAMILY_EVENTS[family].duplicate(true)
	ev["tick"] = tick
	if ev["type"] == "breach_roll":           # no tile of its own: its door's, from the snapshot
		ev["door"] = int(snap_get("door_id")[0])
	return ev


# Waits at least `ms` of real time (the family gap counts it), a frame at least. Not
# frames(n): after a long frame (a level loading) the physics frames catch up at once.
func _wait_ms(ms: int):
	var t0 := OS.get_ticks_msec()
	yield(get_tree(), "idle_frame")
	while OS.get_ticks_msec() - t0 < ms:
		yield(get_tree(), "idle_frame")


func _starts_of(family: String) -> Array:
	var out := []
	for s in ext.started:
		if s["family"] == family:
			out.append(s)
	return out


func test_each_family_plays_its_sound_on_its_bus():
	return _wrap("_t_each_family")


func _t_each_family():
	yield(start_main(OPEN_LEVEL), "completed")
	if not _started():
		return
	assert_eq(ext.load_errors, [], "every sound file loads")
	for family in ext.FAMILIES:
		assert_true(ext.streams.get(family, []).size() >= 1, "the family %s has no sound file" % family)
	for loop in [ext.CALM, ext.TENSE]:
		assert_eq(ext.streams.get(loop, []).size(), 1, "the ambience loop %s" % loop)
	var tick := 5000
	for family in FAMILY_EVENTS:
		var before: int = ext.counts.get(family, 0)
		tick += 1
		EventBus.emit_signal("sim_event", _event(family, tick))
		if not assert_eq(ext.counts.get(family, 0), before + 1, "the %s event started no sound" % family):
			continue
		var s: Dictionary = ext.started[ext.started.size() - 1]
		assert_eq(s["family"], family)
		assert_eq(s["bus"], "Effects", "the %s sound's bus" % family)
		assert_eq(s["tick"], tick)
		assert_true(s["stream"] in ext.streams[family], "%s played another family's stream (%s)" % [family, s["file"]])
		assert_true(s["file"].begins_with(family + "_"), "%s played %s" % [family, s["file"]])
		var player = s["player"]
		assert_true(player.playing, "the %s player is not playing" % family)
		assert_eq(player.bus, "Effects")
		assert_true(player.stream == s["stream"], "the %s player holds another stream" % family)
		if ext.FAMILIES[family][0] == ext.ON_MAP:
			assert_true(player is AudioStreamPlayer2D, "%s is heard where it happens" % family)
			var want: Vector2 = main.world.tile_to_world(s["tile"])
			assert_true(player.global_position.distance_to(want) < 0.5,
					"%s plays at %s, not at its tile %s" % [family, player.global_position, want])
		else:
			assert_true(player is AudioStreamPlayer, "%s is heard in the whole dungeon" % family)
		yield(get_tree(), "idle_frame")
	# and they play on: the long ones are still sounding, past their start, a moment later
	yield(_wait_ms(150), "completed")
	for family in ["blast", "alarm", "letter", "game_over"]:
		var p = _starts_of(family)[0]["player"]
		assert_true(p.playing and p.get_playback_position() > 0.0,
				"the %s sound is not playing on (at %.2f s)" % [family, p.get_playback_position()])
	# the families a snapshot starts (the indicator) are in test_the_indicator_chimes...
	for family in ext.FAMILIES:
		if not family.begins_with("indicator_"):
			assert_true(FAMILY_EVENTS.has(family), "no event of the family %s was tried" % family)
	# events without a sound start none; a picked lock's breach is its click, not a crash too
	var n: int = ext.started.size()
	EventBus.emit_signal("sim_event", {"type": "noticed", "tick": tick, "entity": 1, "enemy": 2, "x": 3, "y": 1})
	EventBus.emit_signal("sim_event", {"type": "breach_roll", "tick": tick, "door": 1, "entity": 2, "failures": 1,
			"method": "pick", "outcome": "failed", "party": 2, "total_failures": 1})
	assert_eq(ext.started.size(), n, "an event with no sound started one")
	yield(_wait_ms(1200), "completed")                   # the first click (1 s) is over
	var picked := _event("lock_picked", tick + 1)
	var breached := _event("breach", tick + 1)
	breached["door"] = picked["door"]
	EventBus.emit_signal("sim_event", picked)
	EventBus.emit_signal("sim_event", breached)
	assert_eq(_starts_of("lock_picked").size(), 2, "the lock was picked again")
	assert_eq(_starts_of("breach").size(), 1, "a picked lock also crashed like a bashed door")


func test_fifty_blows_in_one_frame_start_one_sound():
	return _wrap("_t_fifty")


func _t_fifty():
	yield(start_main(OPEN_LEVEL), "completed")
	if not _started():
		return
	var voices: int = ext.FAMILIES["hit"][1]
	for round_i in range(voices + 2):
		var busy := _playing("hit")
		var before: int = ext.counts.get("hit", 0)
		var dropped_before: int = ext.dropped.get("hit", 0)
		for _i in range(50):
			EventBus.emit_signal("sim_event", _event("hit", 100 + round_i))
		# one start (the gap); none while all the family's voices still sound
		var want := 0 if busy >= voices else 1
		assert_eq(ext.counts.get("hit", 0), before + want,
				"round %d (%d of %d voices busy): 50 blows in one frame" % [round_i, busy, voices])
		assert_eq(ext.dropped.get("hit", 0), dropped_before + 50 - want, "round %d: the rest dropped" % round_i)
		assert_true(_playing("hit") <= voices, "%d blows sound at once (at most %d)" % [_playing("hit"), voices])
		assert_true(ext._players["hit"].size() <= voices, "the family has more players than voices")
		yield(_wait_ms(60), "completed")                 # past the family's gap (50 ms)
	assert_true(ext.counts.get("hit", 0) >= voices, "the voices were not used: %d starts" % ext.counts.get("hit", 0))
	assert_true(ext.dropped.get("hit", 0) >= 49 * (voices + 2), "too few dropped")


func _playing(family: String) -> int:
	var n := 0
	for p in ext._players.get(family, []):
		n += 1 if p.playing else 0
	return n


func test_volume_settings_reach_the_buses():
	return _wrap("_t_volumes")


func _t_volumes():
	var effects := AudioServer.get_bus_index("Effects")
	var ambience := AudioServer.get_bus_index("Ambience")
	var master := AudioServer.get_bus_index("Master")
	if not assert_true(effects > 0 and ambience > 0, "the Effects and Ambience buses exist (default_bus_layout.tres)"):
		return
	assert_eq(AudioServer.get_bus_send(effects), "Master")
	assert_eq(AudioServer.get_bus_send(ambience), "Master")
	# read at start: the file's values are on the buses once the game is up
	Settings.set_value("audio/effects", 0.5)
	Settings.set_value("audio/ambience", 0.25)
	Settings.set_value("audio/master", 1.0)
	Settings.set_value("audio/mute", true)
	AudioServer.set_bus_volume_db(effects, 3.0)
	AudioServer.set_bus_mute(master, false)
	yield(start_main(OPEN_LEVEL), "completed")
	if not _started():
		return
	assert_almost(AudioServer.get_bus_volume_db(effects), -6.0206, 0.01, "effects at 0.5")
	assert_almost(AudioServer.get_bus_volume_db(ambience), -12.0412, 0.01, "ambience at 0.25")
	assert_almost(AudioServer.get_bus_volume_db(master), 0.0, 0.01, "master at 1")
	assert_true(AudioServer.is_bus_mute(master), "muted at start")
	# then followed
	Settings.set_value("audio/mute", false)
	assert_false(AudioServer.is_bus_mute(master), "unmuted")
	Settings.set_value("audio/master", 0.1)
	assert_almost(AudioServer.get_bus_volume_db(master), -20.0, 0.01, "master at 0.1")
	Settings.set_value("audio/effects", 0.0)
	assert_almost(AudioServer.get_bus_volume_db(effects), -80.0, 0.01, "effects off")
	Settings.set_value("audio/ambience", 1.0)
	assert_almost(AudioServer.get_bus_volume_db(ambience), 0.0, 0.01, "ambience full")


func test_the_fog_hides_sounds():
	return _wrap("_t_fog")


func _t_fog():
	yield(start_main(FOG_LEVEL), "completed")
	if not _started():
		return
	var ok = yield(wait_snapshot("fog_on", true, 60), "completed")
	if not assert_true(ok, "the level shows fog"):
		return
	var fog = main.extensions.get_node("InvasionsExtension").fog_layer
	var far := Vector2(8, 5)          # rock off the domain, never seen
	assert_eq(fog.at(far), fog.UNEXPLORED, "unexplored")
	assert_eq(fog.at(Vector2(13, 1)), fog.SEEN_NOW, "the minion's tile is seen")
	var hidden: int = ext.hidden
	var unseen := {"type": "attack", "tick": 50, "attacker": 5, "target": 6, "outcome": "hit", "margin": 3,
			"ranged": false, "x0": int(far.x), "y0": int(far.y), "x1": int(far.x), "y1": int(far.y)}
	EventBus.emit_signal("sim_event", unseen)
	assert_eq(ext.counts.get("hit", 0), 0, "a blow where nobody sees was heard")
	assert_eq(ext.hidden, hidden + 1)
	var withheld := {"type": "attack", "tick": 50, "attacker": -2, "target": -2, "outcome": "hit",
			"margin": 3, "ranged": false, "x0": -1, "y0": -1, "x1": -1, "y1": -1}
	EventBus.emit_signal("sim_event", withheld)
	assert_eq(ext.counts.get("hit", 0), 0, "a blow the fog withheld (core/Names.gd as_seen) was heard")
	var door := {"type": "door_opened", "tick": 50, "door": 1, "entity": 2, "x": int(far.x), "y": int(far.y)}
	EventBus.emit_signal("sim_event", door)
	assert_eq(ext.counts.get("door_open", 0), 0, "a door where nobody sees was heard")
	yield(get_tree(), "idle_frame")
	var seen := unseen.duplicate()
	seen["x1"] = 13
	seen["y1"] = 1
	EventBus.emit_signal("sim_event", seen)
	assert_eq(ext.counts.get("hit", 0), 1, "a blow against the seen minion was not heard")
	assert_eq(ext.started[ext.started.size() - 1]["tile"], Vector2(13, 1), "heard where the player sees")
	var alarm := {"type": "alarm", "tick": 50, "part": 9, "enemies": [7], "x": 4, "y": 4}
	EventBus.emit_signal("sim_event", alarm)
	assert_eq(ext.counts.get("alarm", 0), 1, "the alarm rings for the whole dungeon")


func test_the_indicator_chimes_and_the_ambience_follows_the_game():
	return _wrap("_t_indicator")


func _t_indicator():
	yield(start_main(INVASION_LEVEL), "completed")
	if not _started():
		return
	yield(frames(3), "completed")
	assert_eq(ext.invasion_state, "quiet")
	var calm: AudioStreamPlayer = ext.ambience[ext.CALM]
	var tense: AudioStreamPlayer = ext.ambience[ext.TENSE]
	assert_eq(calm.bus, "Ambience")
	assert_eq(tense.bus, "Ambience")
	var ok = yield(wait_until(calm, "is_playing", [], true, 30), "completed")
	assert_true(ok, "the calm loop plays")
	assert_eq(calm.stream.loop_mode, AudioStreamSample.LOOP_FORWARD, "the ambience loops")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	ok = yield(wait_until(self, "snap_get", ["invasion_state", ""], "underway", 600), "completed")
	if not assert_true(ok, "the scripted invasion is underway"):
		return
	yield(frames(2), "completed")
	assert_true(ext.counts.get("indicator_worse", 0) >= 1, "the word got worse without a chime")
	assert_eq(ext.counts.get("indicator_calmer", 0), 0, "a calmer chime while it got worse")
	ok = yield(wait_until(tense, "is_playing", [], true, 30), "completed")
	assert_true(ok, "the tense loop plays while the invasion is underway")
	yield(frames(int(ext.FADE_SECONDS * 60) + 30), "completed")
	assert_almost(ext.ambience_level[ext.TENSE], 1.0, 0.001, "the tense loop faded in")
	assert_false(calm.playing, "the calm loop faded out")
	# the end of the game: its sting, and the ambience goes quiet
	EventBus.emit_signal("sim_event", _event("game_over", int(snap_get("tick", 0))))
	assert_eq(ext.counts.get("game_over", 0), 1)
	yield(frames(int(ext.FADE_SECONDS * 60) + 30), "completed")
	assert_false(tense.playing, "the ambience plays on after the end")


func test_a_real_fight_sounds_and_the_game_is_the_same():
	return _wrap("_t_fight")


func _t_fight():
	yield(start_main(FIGHT_LEVEL), "completed")
	if not _started():
		return
	main.sim.paused_stepping = true     # the test drives the frames itself
	main.sim.set_sim_thread(false)
	# at the speed the game starts with (1x: a tick a tenth of a second), no command sent: the
	# session below plays the same game a tick at a time
	for _i in range(200):
		main.sim.step_frame(0.1)
		yield(get_tree(), "idle_frame")
	var blows: int = ext.counts.get("hit", 0) + ext.counts.get("block", 0) + ext.counts.get("miss", 0)
	assert_true(blows >= 3, "the fight played %d blows" % blows)
	assert_true(ext.counts.get("knockout", 0) + ext.counts.get("death", 0) >= 1,
			"the fight's fallen made no sound: %s" % str(ext.counts))
	var ticks: int = int(main.sim.bridge.invoke("snapshot", [])["tick"])
	assert_true(ticks > 136, "the fight is over by tick 136 (at %d)" % ticks)
	assert_eq(main.sim.state_hash(), bare_session_hash(ticks),
			"the game with its sounds is not the game without any view")


func test_a_bad_wav_is_a_reason_not_a_crash():
	var Wav = load("res://sound/Wav.gd")
	assert_true(Wav.parse(PoolByteArray()) is String, "no bytes")
	assert_true(Wav.parse("RIFF\u0000\u0000\u0000\u0000WAVEjunk".to_ascii()) is String, "junk chunks")
	var f := File.new()
	assert_eq(f.open("res://sound/sounds/hit_1.wav", File.READ), OK)
	var good := f.get_buffer(f.get_len())
	f.close()
	var s = Wav.parse(good)
	if assert_true(s is AudioStreamSample, "a generated file parses"):
		assert_eq(s.mix_rate, 22050)
		assert_eq(s.format, AudioStreamSample.FORMAT_16_BITS)
		assert_false(s.stereo)
		assert_eq(Wav.frames(s), (good.size() - 44) >> 1)
	assert_true(Wav.parse(good.subarray(0, 200)) is String, "a truncated file")
	var eight := good
	eight[34] = 8                            # bits per sample
	assert_true(Wav.parse(eight) is String, "8-bit samples")
	assert_true(Wav.load_file("res://sound/sounds/no_such.wav") is String, "a missing file")
