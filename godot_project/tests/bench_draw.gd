extends SceneTree
# The Godot frame with the full-scale level on screen and a busy fight, run by
# build/bench/bench_draw.py:
#   godot3-server --path godot_project -s res://tests/bench_draw.gd -- --level=FILE
# The main scene plays the level (zoomed to fit: every body on screen) until the fight is
# busy, then at 4x (--speed=N) with the sim thread, as a player has it, FRAMES idle frames in blocks of
# BLOCK frames, the world drawn in every other block and hidden in the others (a hidden
# CanvasItem runs no _draw): a frame's time (wall clock from one idle frame to the next) drawn
# minus hidden is the drawing's own CPU time (the map's _draw calls: terrain, bodies, parts,
# effects ...; the headless renderer draws nothing, so it is the CPU side only). The
# simulation's part is SimClient's own frame (frame_usec: what the sim thread posted, taken
# and merged, without the views' listeners); ticks per second say whether the game kept its
# speed. (Godot's Performance TIME_* monitors are a second's maximum, not a frame's.)
# Prints one line "BENCH {json}" (microseconds unless named).

const MAIN_SCENE := "res://main/Main.tscn"
const FRAMES := 1200
const BLOCK := 60
const BUSY_TICK := 700          # the full-scale level's parties are fighting by then

var results := {}


func _init() -> void:
	call_deferred("_run")


func _run() -> void:
	var level := ""
	var speed := 4              # --speed=N: the speed it plays at once busy (8, 16: faster)
	for arg in OS.get_cmdline_args():
		if arg.begins_with("--level="):
			level = arg.substr(len("--level="))
		elif arg.begins_with("--speed="):
			speed = int(arg.substr(len("--speed=")))
	var main = load(MAIN_SCENE).instance()
	main.level_path = level
	root.add_child(main)
	for _i in range(3):
		yield(self, "physics_frame")
	if not main.sim.running:
		printerr("bench_draw: the level did not start: ", main.sim.failure_text)
		quit(1)
		return
	# Fast forward to the fight, a whole tick at a time, the views following.
	main.sim.paused_stepping = true
	main.sim.set_sim_thread(false)
	main.sim.set_speed(4)
	while main.sim.current_tick() < BUSY_TICK:
		main.sim.step_frame(0.25)
		yield(self, "idle_frame")
	main.sim.set_sim_thread(true)
	main.sim.set_speed(speed)
	main.sim.paused_stepping = false
	for _i in range(30):
		yield(self, "idle_frame")
	var world = main.world
	var drawn := []
	var hidden := []
	var sim := []
	var effects := 0
	var bodies := 0
	var t0: int = main.sim.current_tick()
	var wall0 := OS.get_ticks_usec()
	for i in range(FRAMES):
		var show := (i % (2 * BLOCK)) < BLOCK
		if world.visible != show:
			world.visible = show
		var before := OS.get_ticks_usec()
		yield(self, "idle_frame")
		if i % BLOCK < 5:
			continue                 # the first frames of a block settle the switch
		(drawn if show else hidden).append(float(OS.get_ticks_usec() - before))
		sim.append(float(main.sim.frame_usec))
		effects += world.effects.active()
		bodies += world.entities.drawn_ids.size()
	var wall := float(OS.get_ticks_usec() - wall0) / 1e6
	world.visible = true
	sim.sort()
	drawn.sort()
	hidden.sort()
	results["draw_frame_drawn_us"] = _mean(drawn)
	results["draw_frame_hidden_us"] = _mean(hidden)
	results["draw_frame_drawn_p50_us"] = _at(drawn, 0.5)
	results["draw_frame_hidden_p50_us"] = _at(hidden, 0.5)
	results["draw_frame_draw_cpu_us"] = _mean(drawn) - _mean(hidden)
	results["draw_frame_draw_cpu_p50_us"] = _at(drawn, 0.5) - _at(hidden, 0.5)
	results["draw_frame_drawn_p99_us"] = _at(drawn, 0.99)
	results["draw_frame_sim_us"] = _mean(sim)
	results["draw_frame_sim_p50_us"] = _at(sim, 0.5)
	results["draw_frame_sim_p99_us"] = _at(sim, 0.99)
	results["draw_frame_ticks_per_second"] = float(main.sim.current_tick() - t0) / max(0.001, wall)
	results["draw_frame_frames_per_second"] = FRAMES / max(0.001, wall)
	results["draw_frame_effects_mean"] = float(effects) / max(1, sim.size())
	results["draw_frame_bodies_drawn_mean"] = float(bodies) / max(1, drawn.size())
	results["draw_frame_ticks"] = main.sim.current_tick() - t0
	results["draw_frame_zoom"] = world.camera.zoom.x
	results["draw_frame_speed"] = speed
	results["draw_frame_atlas"] = str(root.get_node("Art").missing) == ""
	print("BENCH " + to_json(results))
	quit(0)


static func _mean(a: Array) -> float:
	var s := 0.0
	for v in a:
		s += v
	return s / max(1, a.size())


static func _at(sorted_values: Array, q: float) -> float:
	if sorted_values.empty():
		return 0.0
	return sorted_values[int(min(sorted_values.size() - 1, q * sorted_values.size()))]
