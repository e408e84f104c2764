extends SceneTree
# Godot test runner:  timeout 600 godot3-server --path godot_project -s res://tests/runner.gd
#   optional, after "--":  --filter=TEXT  runs only tests whose "script::method" contains TEXT
#                          --timeout=SECONDS  per-test limit for coroutine tests (default 90)
# Finds every res://tests/test_*.gd, adds an instance of each to the tree, runs its test_*
# methods (a method that yields is waited for, up to the time limit), prints each failure
# with script and method, counts `SCRIPT ERROR` lines that Godot writes to user://logs/godot.log
# during a test as failures of that test, and ends with "N passed, N failed"; exit code 1 if
# anything failed (or no test ran), else 0.

const Files = preload("res://core/Files.gd")
const ScriptCheck = preload("res://tools/ScriptCheck.gd")
const TEST_DIR := "res://tests"
const LOG_PATH := "user://logs/godot.log"

var test_timeout_sec := 90.0
var filter_text := ""
var passed := 0
var failed := 0
var _log_offset := 0
var _log_seen := false
var _completed := false
var _aborted := false


func _init() -> void:
	for arg in OS.get_cmdline_args():
		if arg.begins_with("--filter="):
			filter_text = arg.substr(len("--filter="))
		elif arg.begins_with("--timeout="):
			test_timeout_sec = float(arg.substr(len("--timeout=")))
	call_deferred("_run_all")


func _run_all() -> void:
	var t0 := OS.get_ticks_msec()
	_log_offset = _log_size()
	if filter_text == "":
		_check_all_scripts()
	var scripts := Files.find(TEST_DIR, "test_", ".gd", ["py"])
	print("runner: %d test script(s) in %s%s" % [scripts.size(), TEST_DIR,
			(" (filter '%s')" % filter_text) if filter_text != "" else ""])
	for path in scripts:
		var state = _run_script(path)
		if state is GDScriptFunctionState:
			yield(state, "completed")
	if not _log_seen:
		print("runner: warning: %s not found; SCRIPT ERROR lines are not counted" % LOG_PATH)
	var ran := passed + failed
	if ran == 0:
		print("runner: no test ran")
	print("runner: %.1f s" % ((OS.get_ticks_msec() - t0) / 1000.0))
	print("%d passed, %d failed" % [passed, failed])
	quit(1 if failed > 0 or ran == 0 else 0)


func _run_script(path: String):
	var script = load(path)
	if script == null or not (script is Script) or not script.can_instance():
		_record(path, "(load)", ["the script does not load (parse error?)"])
		yield(self, "idle_frame")
		return
	var methods := []
	for m in script.get_script_method_list():
		var name: String = m["name"]
		if name.begins_with("test_") and not name in methods:
			if filter_text == "" or ("%s::%s" % [path, name]).find(filter_text) >= 0:
				methods.append(name)
	if methods.empty():
		yield(self, "idle_frame")
		return
	var inst = script.new()
	if inst == null or not (inst is Node):
		_record(path, "(instance)", ["the script does not make a Node (does it extend TestCase.gd?)"])
		yield(self, "idle_frame")
		return
	inst.name = path.get_file().get_basename()
	get_root().add_child(inst)
	for name in methods:
		var errs_before := _script_errors_since_offset()
		if "_failures" in inst:
			inst._failures = []
		var timed_out := false
		_aborted = false
		if inst.has_method("before_each"):
			var s0 = inst.call("before_each")
			if s0 is GDScriptFunctionState:
				timed_out = yield(_wait(s0), "completed")
		var t_start := OS.get_ticks_usec()
		if not timed_out:
			var state = inst.call(name)
			if state is GDScriptFunctionState:
				timed_out = yield(_wait(state), "completed")
		if inst.has_method("after_each") and not timed_out:
			var s1 = inst.call("after_each")
			if s1 is GDScriptFunctionState:
				timed_out = yield(_wait(s1), "completed")
		var problems := []
		if "_failures" in inst:
			problems += inst._failures
		if timed_out:
			problems.append("timed out after %.0f s" % test_timeout_sec)
		elif _aborted:
			problems.append("the coroutine stopped without completing (a script error at a yield?)")
		var errs := _script_errors_since_offset() - errs_before
		if errs > 0:
			problems.append("%d SCRIPT ERROR line(s) in %s during the test" % [errs, LOG_PATH])
		_record(path, name, problems, (OS.get_ticks_usec() - t_start) / 1000.0)
	if is_instance_valid(inst):
		inst.queue_free()
	yield(self, "idle_frame")


# Waits for a coroutine; the returned state completes with true if it timed out.
func _wait(state: GDScriptFunctionState):
	_completed = false
	var _err := state.connect("completed", self, "_on_completed")
	var deadline := OS.get_ticks_msec() + int(test_timeout_sec * 1000.0)
	var errs_at_start := _script_errors_since_offset()
	while not _completed and OS.get_ticks_msec() < deadline:
		yield(self, "idle_frame")
		# A state stops being valid as soon as its coroutine resumes, even when it yields
		# again (Godot 3.2 chains "completed" to the first state), so an invalid state
		# alone proves nothing. Invalid plus a new SCRIPT ERROR means the coroutine died
		# at a yield and will never complete.
		if not _completed and not state.is_valid() \
				and _script_errors_since_offset() > errs_at_start:
			_aborted = true
			return false
	return not _completed


func _on_completed(_result = null) -> void:
	_completed = true


func _record(path: String, method: String, problems: Array, ms: float = 0.0) -> void:
	if problems.empty():
		passed += 1
		print("  ok    %s::%s (%.0f ms)" % [path.get_file(), method, ms])
	else:
		failed += 1
		print("  FAIL  %s::%s" % [path, method])
		for p in problems:
			print("        " + str(p))


# Every .gd file in the project loads (parses, resolves its preloads; a GDScript warning is an
# error), the warnings stay errors, and nothing preloads itself back: tools/ScriptCheck.gd,
# which tools/lint.gd runs too.
func _check_all_scripts() -> void:
	var errs_before := _script_errors_since_offset()
	var files: Array = ScriptCheck.project_files([".gd"])
	var problems: Array = ScriptCheck.settings_problems()
	problems += ScriptCheck.load_problems(files)
	problems += ScriptCheck.preload_cycles(ScriptCheck.project_files())
	var errs := _script_errors_since_offset() - errs_before
	if errs > 0:
		problems.append("%d SCRIPT ERROR line(s) in %s while loading scripts" % [errs, LOG_PATH])
	_record("res://**/*.gd", "(all %d scripts load, no warning, no preload cycle)" % files.size(), problems)


func _log_size() -> int:
	var f := File.new()
	if f.open(LOG_PATH, File.READ) != OK:
		return 0
	_log_seen = true
	var n := f.get_len()
	f.close()
	return n


# SCRIPT ERROR lines written to Godot's log since the run began.
func _script_errors_since_offset() -> int:
	var f := File.new()
	if f.open(LOG_PATH, File.READ) != OK:
		return 0
	_log_seen = true
	var n := 0
	if f.get_len() >= _log_offset:
		f.seek(_log_offset)
		var text := f.get_buffer(f.get_len() - _log_offset).get_string_from_utf8()
		n = text.count("SCRIPT ERROR")
	f.close()
	return n
