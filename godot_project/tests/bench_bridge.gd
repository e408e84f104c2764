extends SceneTree
# Bridge micro-benchmarks, run by build/bench/bench_bridge.py:
#   godot3-server --path godot_project -s res://tests/bench_bridge.gd [-- --level=FILE --agents-level]
# Prints one line "BENCH {json}" with microseconds per call.

const BRIDGE := "res://bridge/PyBridge.gdns"
const PythonPaths := preload("res://tests/python_paths.gd")   # not test_bridge.gd: its TestCase needs EventBus

var results := {}


func _init() -> void:
	call_deferred("_run")


func _noop() -> void:
	pass


func _time_us(b, method: String, args: Array, n: int) -> float:
	var t0 := OS.get_ticks_usec()
	for _i in range(n):
		b.invoke(method, args)
	return float(OS.get_ticks_usec() - t0) / n


func _run() -> void:
	var level_path := ""
	var _level_name := "bench.level"
	var seed_value := 1
	var frames := 600
	var pysim_dir := ""
	var thread_frames := 1800
	for arg in OS.get_cmdline_args():
		if arg.begins_with("--level="):
			level_path = arg.substr(len("--level="))
		elif arg.begins_with("--frames="):
			frames = int(arg.substr(len("--frames=")))
		elif arg.begins_with("--thread-frames="):
			thread_frames = int(arg.substr(len("--thread-frames=")))
		elif arg.begins_with("--pysim="):
			pysim_dir = arg.substr(len("--pysim="))
	var first := [ProjectSettings.globalize_path("res://tests/py")]
	if pysim_dir != "":
		first.append(pysim_dir)     # another pysim build first (an A/B of two sources)
	var paths := PythonPaths.python_paths(first)
	var b = load(BRIDGE).new()
	var r = b.start(paths, "bridge_probe", "BenchProbe", [])
	if not (typeof(r) == TYPE_BOOL and r):
		printerr("bench: probe did not start: ", r)
		quit(1)
		return

	# GDScript call baseline
	var t0 := OS.get_ticks_usec()
	for _i in range(100000):
		_noop()
	results["gdscript_noop_call_us"] = float(OS.get_ticks_usec() - t0) / 100000.0

	b.invoke("noop", [])
	results["bridge_noop_call_us"] = _time_us(b, "noop", [], 100000)
	results["bridge_int_arg_call_us"] = _time_us(b, "echo", [7], 50000)
	results["bridge_floats2000_pool_us"] = _time_us(b, "floats2000", [], 20000)
	results["bridge_floats2000_f64_pool_us"] = _time_us(b, "floats2000_f64", [], 20000)
	results["bridge_vec2_1000_pool_us"] = _time_us(b, "vec2_1000", [], 20000)
	var pool := PoolRealArray()
	pool.resize(2000)
	results["bridge_floats2000_in_us"] = _time_us(b, "echo", [pool], 5000)
	# the same 2,000 floats as JSON text, parsed in GDScript
	t0 = OS.get_ticks_usec()
	for _i in range(100):
		var txt = b.invoke("list2000_json", [])
		var _parsed = parse_json(txt)
	results["bridge_floats2000_json_us"] = float(OS.get_ticks_usec() - t0) / 100.0

	if level_path != "":
		var f := File.new()
		if f.open(level_path, File.READ) != OK:
			printerr("bench: cannot read ", level_path)
			quit(1)
			return
		var text := f.get_as_text()
		f.close()
		var s = load(BRIDGE).new()
		r = s.start(paths, "bridge_probe", "SessionBench", [text, level_path.get_file(), seed_value])
		if not (typeof(r) == TYPE_BOOL and r):
			printerr("bench: Session did not start: ", r)
			quit(1)
			return
		var snap = s.invoke("snapshot", [])
		results["bench_level_agents"] = snap["ent_id"].size() if typeof(snap) == TYPE_DICTIONARY and snap.has("ent_id") else -1
		results["bench_level_size"] = "%sx%s" % [snap.get("width"), snap.get("height")] if typeof(snap) == TYPE_DICTIONARY else "?"
		# warm up, then time step(1/60) + snapshot() per physics frame, and each alone
		for _i in range(30):
			s.invoke("step", [1.0 / 60.0])
			s.invoke("snapshot", [])
		s.invoke("take_py_us", [])
		var t_step := 0
		var t_snap := 0
		var ticks := 0
		for _i in range(frames):
			var a := OS.get_ticks_usec()
			var n = s.invoke("step", [1.0 / 60.0])
			var m := OS.get_ticks_usec()
			var _sn = s.invoke("snapshot", [])
			var e := OS.get_ticks_usec()
			t_step += m - a
			t_snap += e - m
			if typeof(n) == TYPE_INT:
				ticks += n
			elif typeof(n) == TYPE_DICTIONARY:
				printerr("bench: step failed: ", n)
				quit(1)
				return
		results["bridge_frame_us"] = float(t_step + t_snap) / frames
		results["bridge_frame_step_us"] = float(t_step) / frames
		results["bridge_frame_snapshot_us"] = float(t_snap) / frames
		var py_us = s.invoke("take_py_us", [])
		results["bridge_frame_python_us"] = py_us / frames
		results["bridge_frame_overhead_us"] = float(t_step + t_snap - py_us) / frames
		results["bridge_snapshot_convert_us"] = _time_us(s, "cached_snapshot", [], 2000)
		results["bridge_frame_pysim_compiled"] = s.invoke("compiled", [])
		results["bridge_frame_ticks"] = ticks
		results["bridge_frames"] = frames
		# The frames without the sim thread: one Session.frame call a frame (SimClient._frame
		# without the bridge's mailbox), the changes merged over the last snapshot as
		# SimClient does. A frame in which a tick ran: the call (the driver runs the tick
		# and builds its changes on this thread, the bridge converts them), of which Python,
		# and the merge; a frame without one: the call alone (it answers null).
		var t_tick := 0
		var t_merge := 0
		var n_tick := 0
		var t_idle := 0
		var n_idle := 0
		var ticks_us := []
		var idle_us := []
		var changed_arrays := 0
		var changed_keys := 0
		var merged: Dictionary = s.invoke("snapshot_changes", [])
		s.invoke("take_tick_frame_us", [])
		for _i in range(frames):
			var a := OS.get_ticks_usec()
			var out = s.invoke("frame", [1.0 / 60.0, false])
			var m := OS.get_ticks_usec()
			var ch = out.get("changes") if typeof(out) == TYPE_DICTIONARY else null
			if typeof(ch) != TYPE_DICTIONARY:
				t_idle += m - a
				n_idle += 1
				idle_us.append(m - a)
				continue
			for k in ch:
				merged[k] = ch[k]
			var e := OS.get_ticks_usec()
			t_tick += e - a
			t_merge += e - m
			ticks_us.append(e - a)
			n_tick += 1
			changed_keys += ch.size()
			for k in ch:
				if typeof(ch[k]) >= TYPE_RAW_ARRAY and typeof(ch[k]) <= TYPE_COLOR_ARRAY:
					changed_arrays += 1
		var arrays := 0
		for k in merged:
			if typeof(merged[k]) >= TYPE_RAW_ARRAY and typeof(merged[k]) <= TYPE_COLOR_ARRAY:
				arrays += 1
		var nt := int(max(1, n_tick))
		results["bridge_frame_tick_us"] = float(t_tick) / nt
		# of bridge_frame_tick_us, the time inside Python (the tick and its changes) and the merge
		results["bridge_frame_tick_python_us"] = s.invoke("take_tick_frame_us", []) / nt
		results["bridge_frame_tick_merge_us"] = float(t_merge) / nt
		results["bridge_frame_notick_us"] = float(t_idle) / max(1, n_idle)
		# (the means above take in the machine's rare long stalls; the medians do not)
		results["bridge_frame_tick_p50_us"] = _median(ticks_us)
		results["bridge_frame_notick_p50_us"] = _median(idle_us)
		results["bridge_frame_policy_us"] = float(t_tick + t_idle) / frames
		results["bridge_snapshot_arrays"] = arrays
		results["bridge_snapshot_keys"] = merged.size()
		results["bridge_changed_arrays_per_tick"] = float(changed_arrays) / nt
		results["bridge_changed_keys_per_tick"] = float(changed_keys) / nt
		_thread_frames(s, merged, thread_frames)
	print("BENCH " + to_json(results))
	quit(0)


# The game's way (docs/architecture.md, "The driver"): the ticks run on the sim thread, and
# each physics frame hands over its time and takes what the thread posted, already Godot's
# values, without calling Python (PyBridge.take_mail), then merges the changes: the whole of
# SimClient._frame's bridge work. The frames come 1/60 s apart in real time, as in the game,
# so the thread runs its ticks between them; and a frame that comes after the main thread
# slept finds its caches cold: so a bare call into Python is timed paced the same way, with
# the thread stopped ("noop_paced") and while it plays ("call_paced": what a Godot-thread
# call waits for when it meets a tick: the tick's end, or Python's switch interval), in
# rounds taken in turn, to tell the game's cost from the machine's.
func _thread_frames(s, merged: Dictionary, frames: int) -> void:
	if frames <= 0:
		return
	var rounds := 4
	var per := int(max(60, frames / float(rounds)))
	var series := {"thread": [], "noop_paced": [], "call_paced": []}
	var shown := 0
	var over_showing := 0
	var ran_thread := false
	var mailed_rounds := 0
	for _r in range(rounds):
		for mode in ["thread", "noop_paced", "call_paced"]:
			var threaded: bool = mode != "noop_paced"
			var on = s.invoke("set_sim_thread", [threaded])
			if threaded and not (typeof(on) == TYPE_BOOL and on):
				continue
			ran_thread = ran_thread or threaded
			var mailed: bool = threaded and s.has_method("take_mail") and s.attach_mail()
			if mailed and mode == "thread":
				mailed_rounds += 1
			var times: Array = series[mode]
			var next_at := OS.get_ticks_usec()
			for _i in range(per):
				next_at += 16667
				var wait := next_at - OS.get_ticks_usec()
				if wait > 0:
					OS.delay_usec(wait)
				var a := OS.get_ticks_usec()
				if mode != "thread":
					if mode == "call_paced":
						var _n := _take_frame(s, merged, mailed)
						a = OS.get_ticks_usec()
					s.invoke("noop", [])
					times.append(OS.get_ticks_usec() - a)
					continue
				# the game's frame (SimClient._frame), the changes merged: with the thread the
				# bridge's take_mail (no Python), else one call to Session.frame (written out
				# here, not a call of _take_frame: a function call is part of a cold frame)
				var n := 0
				var items = s.take_mail(1.0 / 60.0) if mailed else null
				if typeof(items) != TYPE_ARRAY:
					items = [s.invoke("frame", [1.0 / 60.0, false])]
				for out in items:
					if typeof(out) == TYPE_DICTIONARY:
						n += int(out.get("ran", 0))
						var ch = out.get("changes")
						if typeof(ch) == TYPE_DICTIONARY:
							for k in ch:
								merged[k] = ch[k]
				shown += n
				var took := OS.get_ticks_usec() - a
				times.append(took)
				if took > 200 and n > 0:
					over_showing += 1
	s.invoke("set_sim_thread", [false])
	if not ran_thread:
		return
	var n_thread: int = series["thread"].size()
	results["bridge_frame_thread_ticks_shown"] = shown
	results["bridge_frame_thread_frames"] = n_thread
	results["bridge_frame_thread_over_200us_showing_share"] = float(over_showing) / max(1, n_thread)
	results["bridge_frame_thread_mailed"] = mailed_rounds == rounds
	_spread(results, "bridge_frame_thread_frame", series["thread"], n_thread)
	_spread(results, "bridge_frame_noop_paced", series["noop_paced"], series["noop_paced"].size())
	_spread(results, "bridge_frame_call_paced", series["call_paced"], series["call_paced"].size())


# One frame of the game's: the mail taken (or one Session.frame call without the bridge's
# mailbox) and its changes merged; the ticks it brought.
func _take_frame(s, merged: Dictionary, mailed: bool) -> int:
	var n := 0
	var items = s.take_mail(1.0 / 60.0) if mailed else null
	if typeof(items) != TYPE_ARRAY:
		items = [s.invoke("frame", [1.0 / 60.0, false])]
	for out in items:
		if typeof(out) == TYPE_DICTIONARY:
			n += int(out.get("ran", 0))
			var ch = out.get("changes")
			if typeof(ch) == TYPE_DICTIONARY:
				for k in ch:
					merged[k] = ch[k]
	return n


func _median(times: Array) -> int:
	if times.empty():
		return -1
	times.sort()
	return times[int(times.size() / 2.0)]


# out[prefix + "_mean_us", "_p50_us", "_p90_us", "_p99_us", "_max_us", "_over_200us_share"]
# of one frame time per frame (microseconds)
func _spread(out: Dictionary, prefix: String, times: Array, frames: int) -> void:
	times.sort()
	var total := 0
	var over := 0
	for t in times:
		total += t
		if t > 200:
			over += 1
	out[prefix + "_mean_us"] = float(total) / frames
	out[prefix + "_p50_us"] = times[int(frames / 2.0)]
	out[prefix + "_p90_us"] = times[int(frames * 0.9)]
	out[prefix + "_p99_us"] = times[int(frames * 0.99)]
	out[prefix + "_max_us"] = times[frames - 1]
	out[prefix + "_over_200us_share"] = float(over) / frames
