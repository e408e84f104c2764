extends Node
# The headless autoplay (--autoplay-hours=H; docs/godot.md "Running"): the sim steps at full
# speed (SimClient.autoplay), the clock is printed each game hour and every event in words,
# and after H game hours, or when the game is over, the final tick and state hash, then it
# quits 0. The game that cannot start quits 2 (cannot_start); a clock that stops for
# STALL_FRAMES frames quits 3. A child of main/Main.gd, only in such a run.

const STALL_FRAMES := 300

var main = null
var hours := 0.0
var finished := false
var _start_hour := -1
var _last_hour := -1
var _last_tick := -1
var _stalled_frames := 0


func _init(owner_main, play_hours: float) -> void:
	name = "Autoplay"
	main = owner_main
	hours = play_hours


func _ready() -> void:
	main.sim.autoplay = true
	var _err := EventBus.connect("sim_event", self, "_on_event")
	_err = EventBus.connect("sim_error", self, "_on_error")
	_err = EventBus.connect("snapshot_updated", self, "_on_snapshot")
	print("Malignus autoplay: level %s, seed %s, %s game hours" % [main.level_path,
			"from the level" if main.seed_value < 0 else str(main.seed_value), str(hours)])


func cannot_start() -> void:
	printerr("Malignus autoplay: the game cannot start; exit code 2")
	finished = true
	get_tree().quit(2)


func _on_event(ev: Dictionary) -> void:
	print("  tick %d  %s" % [int(ev.get("tick", 0)), main.hud.event_words(ev)])


func _on_error(text: String) -> void:
	printerr("Malignus autoplay: simulation error:\n" + text)


func _on_snapshot(snap: Dictionary) -> void:
	if finished:
		return
	var abs_hour := (int(snap.get("day", 1)) - 1) * 24 + int(snap.get("hour", 0))
	if _start_hour < 0:
		_start_hour = abs_hour
	if abs_hour != _last_hour:
		_last_hour = abs_hour
		print("day %d %02d:%02d  tick %d" % [int(snap.get("day", 1)), int(snap.get("hour", 0)),
				int(snap.get("minute", 0)), int(snap.get("tick", 0))])
	if snap.get("game_over", false):
		# the stopped clock is the end of the game, not a stall
		print("game over: the Boss is dead on day %d, score %d" % [int(snap.get("day", 1)), int(snap.get("score_score", 0))])
		_finish(snap)
	elif abs_hour - _start_hour >= hours:
		_finish(snap)


func _physics_process(_delta: float) -> void:
	if finished or not main.sim.running:
		return
	var tick: int = main.sim.current_tick()
	if tick == _last_tick:
		_stalled_frames += 1
		if _stalled_frames > STALL_FRAMES:
			printerr("Malignus autoplay: the clock stopped at tick %d" % tick)
			finished = true
			get_tree().quit(3)
	else:
		_stalled_frames = 0
		_last_tick = tick


func _finish(snap: Dictionary) -> void:
	finished = true
	main.sim.autoplay = false
	main.sim.paused_stepping = true
	var h: String = main.sim.state_hash()
	print("final tick %d hash %s" % [int(snap.get("tick", 0)), h if h != "" else "(unavailable)"])
	get_tree().quit(0)
