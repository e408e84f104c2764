extends Node
# SimClient: THE ONLY script that uses PyBridge (docs/architecture.md).
# It starts pysim.session.Session through the bridge, steps it once per physics frame,
# and publishes what happened on EventBus:
#   snapshot_updated(snap), sim_event(ev), sim_error(text), entity_described(id, info),
#   sim_started(info), sim_failed(text).
# Commands come in through EventBus.command_requested and go out with Session.send.
# A Python exception comes back as {"__python_error__": traceback}: it is published as
# sim_error and the game keeps running.

const BRIDGE_SCRIPT := "res://bridge/PyBridge.gdns"
const PYTHONPATH_FILE := "res://bridge/pythonpath.txt"
const SESSION_MODULE := "pysim.session"
const SESSION_FACTORY := "Session"
const ERROR_KEY := "__python_error__"
const QUICKSAVE_PATH := "user://quicksave.msave"

# Autoplay (headless fast-forward): real seconds handed to each step() call, and the
# wall-clock budget per physics frame.
const AUTOPLAY_CHUNK_SECONDS := 0.25
const AUTOPLAY_FRAME_BUDGET_USEC := 12000
const AUTOPLAY_SPEED := 4

var bridge = null            # the PyBridge instance, null until start() succeeds
var running := false         # a session is running
var paused_stepping := false # tests and tools can stop stepping without pausing the sim
var autoplay := false        # fast-forward mode (Main's --autoplay-hours)
var level_path := ""
var seed_value := 0
var last_snapshot := {}      # the latest snapshot Dictionary
var failure_text := ""       # why start() failed (one line)
var failure_detail := ""     # the Python traceback, when there is one
var error_count := 0         # sim_error emissions so far
var frames_stepped := 0      # physics frames in which step() was called
var has_state_hash_method := true  # Session.state_hash() is tried when the snapshot lacks it


func _ready() -> void:
	add_to_group("sim_client")
	EventBus.connect("command_requested", self, "send")
	EventBus.connect("describe_requested", self, "_on_describe_requested")
	EventBus.connect("save_requested", self, "save_game")
	EventBus.connect("load_requested", self, "load_game")
	EventBus.connect("level_requested", self, "load_level")


# Starts the session on a level file (res:// or absolute path). Returns true on success;
# on failure emits sim_failed(text), keeps failure_text and returns false.
func start(path: String, seed_number: int = 0) -> bool:
	level_path = path
	seed_value = seed_number
	var text = _read_text(path)
	if text == null:
		return _fail("cannot read level file %s" % path)
	if not ResourceLoader.exists(BRIDGE_SCRIPT):
		return _fail("the bridge is missing: %s (run `make build`)" % BRIDGE_SCRIPT)
	var script = load(BRIDGE_SCRIPT)
	if script == null:
		return _fail("cannot load %s" % BRIDGE_SCRIPT)
	bridge = script.new()
	if bridge == null:
		return _fail("cannot create PyBridge: libpybridge.so did not load (run `make build`)")
	var paths := python_paths()
	var result = bridge.start(paths, SESSION_MODULE, SESSION_FACTORY, [text, path, seed_number])
	if not (typeof(result) == TYPE_BOOL and result):
		var why := str(result)
		if typeof(result) == TYPE_DICTIONARY and result.has(ERROR_KEY):
			# The bridge has printed the whole traceback; its last line says what is wrong.
			failure_detail = str(result[ERROR_KEY])
			var lines := failure_detail.strip_edges().split("\n")
			why = str(lines[lines.size() - 1])
		bridge = null
		return _fail("the simulation did not start for %s: %s" % [path, why])
	running = true
	if not _refresh_snapshot():
		running = false
		return _fail("the simulation started but its first snapshot failed")
	EventBus.emit_signal("sim_started", {
		"level": path, "seed": seed_number,
		"width": int(last_snapshot.get("width", 0)), "height": int(last_snapshot.get("height", 0)),
	})
	EventBus.emit_signal("snapshot_updated", last_snapshot)
	return true


# sys.path entries for the embedded interpreter.
# - Exported game: <executable dir>/python/pythonpath.txt if present (lines relative to the
#   executable's directory), else <exe dir>/python/compiled and <exe dir>/python/site-packages.
# - Always first: the entries of the environment variable MALIGNUS_PYTHONPATH, if set.
# - From the source tree: res://bridge/pythonpath.txt (written by `make build`; relative
#   lines are resolved against the project directory), else ../build/compiled and the
#   venv's site-packages.
func python_paths() -> Array:
	var out := []
	# Development override: MALIGNUS_PYTHONPATH (":"-separated) goes first, e.g. the
	# repository root to run the plain-Python pysim instead of the compiled one.
	var extra := OS.get_environment("MALIGNUS_PYTHONPATH")
	if extra != "":
		for p in extra.split(":", false):
			out.append(p)
	if OS.has_feature("standalone"):
		var base := OS.get_executable_path().get_base_dir()
		var listed := _read_path_list(base.plus_file("python/pythonpath.txt"), base)
		if listed.empty():
			listed = [base.plus_file("python/compiled"), base.plus_file("python/site-packages")]
		out += listed
	else:
		var project_dir := ProjectSettings.globalize_path("res://")
		var listed := _read_path_list(PYTHONPATH_FILE, project_dir)
		if listed.empty():
			var build_dir := project_dir.plus_file("../build")
			listed.append(build_dir.plus_file("compiled"))
			var lib := build_dir.plus_file("venv/lib")
			var dir := Directory.new()
			if dir.open(lib) == OK:
				dir.list_dir_begin(true, true)
				var name := dir.get_next()
				while name != "":
					if name.begins_with("python3"):
						listed.append(lib.plus_file(name).plus_file("site-packages"))
					name = dir.get_next()
				dir.list_dir_end()
		out += listed
	return out


func _physics_process(delta: float) -> void:
	if not running or paused_stepping:
		return
	if autoplay:
		_autoplay_frame()
	else:
		step_frame(delta)


# One normal frame: step by delta, publish the snapshot, then the events.
func step_frame(delta: float) -> void:
	frames_stepped += 1
	var ran = bridge.invoke("step", [delta])
	_check(ran)
	if _refresh_snapshot():
		EventBus.emit_signal("snapshot_updated", last_snapshot)
	_publish_events()


func _autoplay_frame() -> void:
	frames_stepped += 1
	var t0 := OS.get_ticks_usec()
	while running and autoplay and OS.get_ticks_usec() - t0 < AUTOPLAY_FRAME_BUDGET_USEC:
		if int(last_snapshot.get("speed", -1)) != AUTOPLAY_SPEED:
			send({"type": "set_speed", "speed": AUTOPLAY_SPEED})
		_check(bridge.invoke("step", [AUTOPLAY_CHUNK_SECONDS]))
		_publish_events()
		if _refresh_snapshot():
			EventBus.emit_signal("snapshot_updated", last_snapshot)


# Queues a command Dictionary (also reached through EventBus.command_requested).
func send(cmd: Dictionary) -> void:
	if not running:
		EventBus.emit_signal("notify", "The simulation is not running.", "warn")
		return
	_check(bridge.invoke("send", [cmd]))


func set_speed(speed: int) -> void:
	send({"type": "set_speed", "speed": speed})


# describe(id) of the session, or {} after reporting an error.
func describe(entity_id: int) -> Dictionary:
	return _invoke_dict("describe", [entity_id])


# Session.describe_part(part_id): one trap part's details, or {} (no such part, or an
# error, reported).
func describe_part(part_id: int) -> Dictionary:
	return _invoke_dict("describe_part", [part_id])


# A Session method that answers with a Dictionary: its answer, or {} when the session is not
# running, the call raised (reported) or the answer is not a Dictionary.
func _invoke_dict(method: String, args: Array) -> Dictionary:
	if not running:
		return {}
	var info = bridge.invoke(method, args)
	if _check(info) and typeof(info) == TYPE_DICTIONARY:
		return info
	return {}


# Writes the whole game (Session.save_text: the level, the seed and every command) to
# path. Returns true when the file was written; says why not otherwise.
func save_game(path: String = QUICKSAVE_PATH) -> bool:
	if not running:
		EventBus.emit_signal("notify", "The simulation is not running.", "warn")
		return false
	var text = bridge.invoke("save_text", [])
	if not _check(text) or typeof(text) != TYPE_STRING:
		return false
	var f := File.new()
	if f.open(path, File.WRITE) != OK:
		EventBus.emit_signal("notify", "Cannot write the save %s." % path, "warn")
		return false
	f.store_string(text)
	f.close()
	EventBus.emit_signal("notify", "Game saved.", "info")
	EventBus.emit_signal("game_saved", path)
	return true


# Replaces the game with the one saved at path. A missing or bad save leaves the game
# as it is and tells the player why (the sim names the file and line).
func load_game(path: String = QUICKSAVE_PATH) -> bool:
	if not running:
		EventBus.emit_signal("notify", "The simulation is not running.", "warn")
		return false
	var text = _read_text(path)
	if text == null:
		EventBus.emit_signal("notify", "There is no save to load (%s)." % path, "warn")
		return false
	var result = bridge.invoke("load_save", [text, ProjectSettings.globalize_path(path)])
	if not _check(result) or typeof(result) != TYPE_DICTIONARY:
		return false
	if result.has("error"):
		EventBus.emit_signal("notify", "The save was not loaded: %s" % str(result["error"]), "warn")
		return false
	EventBus.emit_signal("game_loaded", path)
	if _refresh_snapshot():
		EventBus.emit_signal("snapshot_updated", last_snapshot)
	EventBus.emit_signal("notify", "Game loaded.", "info")
	return true


# Starts another level in place of the running game (Session.load_level). A level that
# does not parse leaves the game as it is and tells the player why (FILE:LINE).
func load_level(path: String, seed_number: int = -1) -> bool:
	if not running:
		return start(path, seed_number)
	var text = _read_text(path)
	if text == null:
		EventBus.emit_signal("notify", "Cannot read the level %s." % path, "warn")
		return false
	var result = bridge.invoke("load_level", [text, path, seed_number])
	if not _check(result) or typeof(result) != TYPE_DICTIONARY:
		return false
	if result.has("error"):
		EventBus.emit_signal("notify", "The level was not loaded: %s" % str(result["error"]), "warn")
		return false
	level_path = path
	seed_value = seed_number
	EventBus.emit_signal("entity_selected", -1)
	EventBus.emit_signal("game_loaded", path)
	if _refresh_snapshot():
		EventBus.emit_signal("sim_started", {
			"level": path, "seed": seed_number,
			"width": int(last_snapshot.get("width", 0)), "height": int(last_snapshot.get("height", 0)),
		})
		EventBus.emit_signal("snapshot_updated", last_snapshot)
	return true


# Makes the session's next step raise a Python exception (tests the error path).
func debug_fail_next_step() -> void:
	if running:
		_check(bridge.invoke("debug_fail_next_step", []))


# The state hash: the snapshot's "state_hash" (or "hash") key when the session offers it,
# else Session.state_hash() when that exists, else "".
func state_hash() -> String:
	for key in ["state_hash", "hash"]:
		if last_snapshot.has(key):
			return str(last_snapshot[key])
	if running and has_state_hash_method:
		var h = bridge.invoke("state_hash", [])
		if _check(h) and typeof(h) == TYPE_STRING:
			return h
	return ""


func current_tick() -> int:
	return int(last_snapshot.get("tick", -1))


func _on_describe_requested(entity_id: int) -> void:
	var info := describe(entity_id)
	EventBus.emit_signal("entity_described", entity_id, info)


func _publish_events() -> void:
	var events = bridge.invoke("take_events", [])
	if not _check(events):
		return
	if typeof(events) != TYPE_ARRAY:
		return
	for ev in events:
		if typeof(ev) == TYPE_DICTIONARY:
			EventBus.emit_signal("sim_event", ev)


func _refresh_snapshot() -> bool:
	var snap = bridge.invoke("snapshot", [])
	if not _check(snap):
		return false
	if typeof(snap) != TYPE_DICTIONARY:
		_report("snapshot() returned %s, not a Dictionary" % str(typeof(snap)))
		return false
	last_snapshot = snap
	return true


# True when value is not an error; otherwise reports it and returns false.
func _check(value) -> bool:
	if typeof(value) == TYPE_DICTIONARY and value.has(ERROR_KEY):
		_report(str(value[ERROR_KEY]))
		return false
	return true


func _report(text: String) -> void:
	error_count += 1
	EventBus.emit_signal("sim_error", text)


func _fail(text: String) -> bool:
	failure_text = text
	running = false
	printerr("Malignus: " + text)
	EventBus.emit_signal("sim_failed", text)
	return false


func _read_text(path: String):
	var f := File.new()
	if not f.file_exists(path):
		return null
	if f.open(path, File.READ) != OK:
		return null
	var text := f.get_as_text()
	f.close()
	return text


# Lines of a path list file; blank lines and "#" comments skipped; relative lines are
# resolved against base_dir. [] when the file does not exist.
func _read_path_list(path: String, base_dir: String) -> Array:
	var out := []
	var f := File.new()
	if not f.file_exists(path) or f.open(path, File.READ) != OK:
		return out
	while not f.eof_reached():
		var line := f.get_line().strip_edges()
		if line == "" or line.begins_with("#"):
			continue
		if line.is_abs_path() and not line.begins_with("res://"):
			out.append(line)
		elif line.begins_with("res://"):
			out.append(ProjectSettings.globalize_path(line))
		else:
			out.append(base_dir.plus_file(line))
	f.close()
	return out
