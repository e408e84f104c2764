extends Node
# SimClient: THE ONLY script that uses PyBridge (docs/architecture.md, "Godot").
# It starts pysim.session.Session through the bridge, hands each physics frame's time to its
# driver and takes what the driver posted (docs/architecture.md, "The driver"), and
# publishes what happened on EventBus:
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
const Shared := preload("res://core/Shared.gd")
const FULL_KEY := Shared.SNAPSHOT_FULL_KEY     # Session.snapshot_changes' own keys
const GONE_KEY := Shared.SNAPSHOT_GONE_KEY
const QUICKSAVE_PATH := "user://quicksave.msave"

# Autoplay (headless fast-forward): lockstep frames of the longest real time a frame hands
# over, for at most this long a physics frame, at this speed.
const AUTOPLAY_FRAME_USEC := 12000
const AUTOPLAY_SPEED := 4
# The game's ticks run on the sim thread (docs/architecture.md, "The driver").
const SIM_THREAD := true

var bridge = null            # the PyBridge instance, null until start() succeeds
var running := false         # a session is running
var paused_stepping := false # tests and tools can stop stepping without pausing the sim
var autoplay := false        # fast-forward mode (Main's --autoplay-hours)
var sim_thread := SIM_THREAD  # set_sim_thread(); given to each session
var level_path := ""
var seed_value := 0
var last_snapshot := {}      # the latest snapshot Dictionary (whole: the changes merged)
var last_changed := {}       # the keys the latest snapshot_changes() call brought (new values)
var failure_text := ""       # why start() failed (one line)
var failure_detail := ""     # the Python traceback, when there is one
var error_count := 0         # sim_error emissions so far
var frames_stepped := 0      # frames stepped
var frame_usec := 0          # the last frame's own work (bridge and merge), without the time
                             # its listeners took (bench_draw.gd: the frame's simulation part)
var _listeners_usec := 0     # the time the listeners took in this frame
var snapshots_taken := 0     # snapshot changes taken (a frame with no tick or command takes none)
var _mail_attached := false  # the bridge holds the sim thread's mailbox (PyBridge.take_mail)
var level_name := ""         # the running level's own name ("The Lair"; Session.about)
var loaded_view := {}        # the [view] of the save last loaded or started on ({key: [values]})
# "Changed since saved" (unsaved_changes): the tick of the last save, load or start, and
# whether a command was sent since.
var _unchanged_tick := 0
var _sent_since_saved := false


func _ready() -> void:
	add_to_group("sim_client")
	var _err := EventBus.connect("command_requested", self, "send")
	_err = EventBus.connect("describe_requested", self, "_on_describe_requested")
	# (save_requested, load_requested and level_requested are Main's: it asks first when the
	# game would be lost, and keeps the camera and the log with a save)


# Starts the session on a level file (res:// or absolute path), at `speed` (the player's
# default speed; its set_speed is not a change of theirs). Returns true on success; on
# failure emits sim_failed(text), keeps failure_text and returns false.
func start(path: String, seed_number: int = 0, speed: int = 1) -> bool:
	level_path = path
	seed_value = seed_number
	var text = _read_text(path)
	if text == null:
		return _fail("cannot read level file %s" % path)
	if not _start_session([text, path, seed_number], path):
		return false
	_started({"level": path, "seed": seed_number}, speed)
	return true


# Starts the session on a save file instead of a level (the title's Continue and Load): the
# game it holds, replayed and checked (Session(text, path, -1, true)); its view in
# loaded_view. A missing or bad save fails as a level does (sim_failed, FILE:LINE).
func start_save(path: String) -> bool:
	var text = _read_text(path)
	if text == null:
		return _fail("there is no save at %s" % path)
	if not _start_session([text, ProjectSettings.globalize_path(path), -1, true], path):
		return false
	var opened = bridge.invoke("opened_save", [])
	opened = opened if _check(opened) and typeof(opened) == TYPE_DICTIONARY else {}
	level_path = str(opened.get("level", path))
	seed_value = -1
	loaded_view = _view_of(opened)
	_started({"level": level_path, "seed": seed_value, "from_save": path}, -1)
	return true


# The bridge and a Session made with `args` (Session's constructor), the first snapshot.
func _start_session(args: Array, path: String) -> bool:
	if not ResourceLoader.exists(BRIDGE_SCRIPT):
		return _fail("the bridge is missing: %s (run `make build`)" % BRIDGE_SCRIPT)
	var script = load(BRIDGE_SCRIPT)
	if script == null:
		return _fail("cannot load %s" % BRIDGE_SCRIPT)
	bridge = script.new()
	if bridge == null:
		return _fail("cannot create PyBridge: libpybridge.so did not load (run `make build`)")
	var paths := python_paths()
	var result = bridge.start(paths, SESSION_MODULE, SESSION_FACTORY, args)
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
	_invoke("set_sim_thread", [sim_thread])
	_attach_mail()
	if not _refresh_snapshot():
		running = false
		return _fail("the simulation started but its first snapshot failed")
	return true


# A game began (started, loaded or another level): set_speed to `speed` when it is a speed
# the game does not already run at (-1: keep the game's), what counts as unchanged, and
# sim_started(info + name, width, height) with the snapshot.
func _started(info: Dictionary, speed: int) -> void:
	if speed >= 0 and speed != int(last_snapshot.get("speed", speed)):
		set_speed(speed)
	var about = bridge.invoke("about", [])
	level_name = str(about.get("name", "")) if _check(about) and typeof(about) == TYPE_DICTIONARY else ""
	_mark_unchanged(int(last_snapshot.get("tick", 0)))
	info["name"] = level_name
	info["width"] = int(last_snapshot.get("width", 0))
	info["height"] = int(last_snapshot.get("height", 0))
	EventBus.emit_signal("sim_started", info)
	EventBus.emit_signal("snapshot_updated", last_snapshot)


# Has the game changed since it was last saved, loaded or started: a tick played or a
# command sent since? (What asks before the game is replaced or ended: main/Main.gd
# replace_game.) A game that is over has nothing left to lose.
func unsaved_changes() -> bool:
	if not running or bool(last_snapshot.get("game_over", false)):
		return false
	return _sent_since_saved or current_tick() > _unchanged_tick


func _mark_unchanged(tick: int) -> void:
	_unchanged_tick = tick
	_sent_since_saved = false


# sys.path entries for the embedded interpreter.
# - Exported game: <executable dir>/python/pythonpath.txt if present (lines relative to the
#   executable's directory), else <exe dir>/python/compiled and <exe dir>/python/site-packages.
# - Always first: the entries of the environment variable MALIGNUS_PYTHONPATH, if set.
# - From the source tree: res://bridge/pythonpath.txt (written by `make build`; relative
#   lines are resolved against the project directory), else ../build/compiled and the
#   venv's site-packages.
static func python_paths() -> Array:
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
				var _listing := dir.list_dir_begin(true, true)
				var name := dir.get_next()
				while name != "":
					if name.begins_with("python3"):
						listed.append(lib.plus_file(name).plus_file("site-packages"))
					name = dir.get_next()
				dir.list_dir_end()
		out += listed
	return out


# Freed (the scene closed, a test done): the sim thread is stopped, or it would live on with
# its game for as long as the process does.
func _notification(what: int) -> void:
	if what == NOTIFICATION_PREDELETE and running and bridge != null and sim_thread:
		bridge.invoke("set_sim_thread", [false])


func _physics_process(delta: float) -> void:
	if not running or paused_stepping:
		return
	if autoplay:
		_autoplay_frame()
	else:
		_frame(delta, false)


# One frame in lockstep (tests and tools that drive the frames themselves): step by delta,
# and with the sim thread wait for it to run what is due, then publish the snapshot and
# the events, as a frame without the thread does.
func step_frame(delta: float) -> void:
	_frame(delta, true)


# One frame: hand over delta real seconds and publish what the driver posted since the last
# frame (docs/architecture.md, "The driver"): the snapshot's changes, then the events.
func _frame(delta: float, lockstep: bool) -> void:
	var t0 := OS.get_ticks_usec()
	_listeners_usec = 0
	_frame_work(delta, lockstep)
	frame_usec = OS.get_ticks_usec() - t0 - _listeners_usec


func _frame_work(delta: float, lockstep: bool) -> void:
	frames_stepped += 1
	if _mail_attached and not lockstep:
		var items = bridge.take_mail(delta)
		if typeof(items) == TYPE_ARRAY:
			_show_mail(items)
			return
		_mail_attached = false     # (its mailbox is closed: the thread stopped)
	var out = bridge.invoke("frame", [delta, lockstep])
	if _check(out):
		_show_mail([out])      # (null when nothing was posted: nothing to show)


# What the driver posted, in order ({ran, changes or null, events}): the changes merged into
# one snapshot_updated, then the events (never before the snapshot they happened in).
# last_changed is what all of them brought, as if it had come in one snapshot_changes().
func _show_mail(items: Array) -> void:
	var shown := false
	var brought := {}
	var events := []
	for item in items:
		if typeof(item) != TYPE_DICTIONARY:
			continue
		var changes = item.get("changes")
		if typeof(changes) == TYPE_DICTIONARY:
			snapshots_taken += 1
			if _merge_changes(changes):
				shown = true
				if changes.get(FULL_KEY, false):
					brought.clear()
				for key in changes:
					brought[key] = changes[key]
		var evs = item.get("events")
		if typeof(evs) == TYPE_ARRAY:
			events += evs
	if shown:
		last_changed = brought
		_publish_snapshot()
	_emit_events(events)


func _publish_snapshot() -> void:
	var t0 := OS.get_ticks_usec()
	EventBus.emit_signal("snapshot_updated", last_snapshot)
	_listeners_usec += OS.get_ticks_usec() - t0


# Takes the sim thread's mailbox into the bridge (Session.sim_mailbox): false without the
# thread, and then the frames call Python.
func _attach_mail() -> void:
	var r = bridge.attach_mail() if bridge != null else false
	_mail_attached = typeof(r) == TYPE_BOOL and r
	var _reported := _check(r)


# Headless fast-forward: lockstep frames of the longest real time one frame hands over
# (Shared.MAX_FRAME_SECONDS), as many as fit in AUTOPLAY_FRAME_USEC of this physics frame.
func _autoplay_frame() -> void:
	var t0 := OS.get_ticks_usec()
	while running and autoplay and OS.get_ticks_usec() - t0 < AUTOPLAY_FRAME_USEC:
		if int(last_snapshot.get("speed", -1)) != AUTOPLAY_SPEED:
			send({"type": "set_speed", "speed": AUTOPLAY_SPEED})
		_frame(Shared.MAX_FRAME_SECONDS, true)


# Queues a command Dictionary (also reached through EventBus.command_requested).
func send(cmd: Dictionary) -> void:
	if not running:
		EventBus.emit_signal("notify", "The simulation is not running.", "warn")
		return
	_sent_since_saved = true
	_invoke("send", [cmd])


func set_speed(speed: int) -> void:
	send({"type": "set_speed", "speed": speed})


# Runs the ticks on their own thread (true) or in the physics frames (false); says which.
func set_sim_thread(on: bool) -> bool:
	sim_thread = on
	if running:
		var r = bridge.invoke("set_sim_thread", [on])
		_attach_mail()
		if _check(r):
			return bool(r)
	return false


# describe(id) of the session, or {} after reporting an error.
func describe(entity_id: int) -> Dictionary:
	return _invoke_dict("describe", [entity_id])


# Session.describe_part(part_id): one trap part's details, or {} (no such part, or an
# error, reported).
func describe_part(part_id: int) -> Dictionary:
	return _invoke_dict("describe_part", [part_id])


# Session.check(cmd): why the command would be refused now, "" when it would be taken.
# Checks never change the game, so a placement preview may ask on every hover.
func check(cmd: Dictionary) -> String:
	var r := check_answer(cmd)
	return "" if r["ok"] else str(r["reason"])


# The whole answer of Session.check: {"ok", "reason", "note"} (note: advice on a command it
# takes, "" for none).
func check_answer(cmd: Dictionary) -> Dictionary:
	if not running:
		return {"ok": false, "reason": "The simulation is not running.", "note": ""}
	var r := _invoke_dict("check", [cmd])
	if r.empty():
		return {"ok": false, "reason": "The game could not check that.", "note": ""}
	return {"ok": bool(r.get("ok", false)), "reason": str(r.get("reason", "")),
			"note": str(r.get("note", ""))}


# Session.catalog(): the buildables [{kind, label, cost, description, command}], [] if none.
func catalog() -> Array:
	if not running:
		return []
	var r = bridge.invoke("catalog", [])
	if _check(r) and typeof(r) == TYPE_ARRAY:
		return r
	return []


# A Session method that answers with a Dictionary: its answer, or {} when the session is not
# running, the call raised (reported) or the answer is not a Dictionary.
func _invoke_dict(method: String, args: Array) -> Dictionary:
	if not running:
		return {}
	var info = bridge.invoke(method, args)
	if _check(info) and typeof(info) == TYPE_DICTIONARY:
		return info
	return {}


# Writes the whole game (Session.save_file: the level, the seed and every command) to path,
# with the front end's view ({key: [values]}: Main's camera and log), atomically: pysim's
# files.write_atomic (docs/architecture.md, "Saves"), so a failed or killed write leaves the
# previous save at path whole. Returns true when the file was written; says why not
# otherwise.
func save_game(path: String = QUICKSAVE_PATH, view: Dictionary = {}) -> bool:
	if not running:
		EventBus.emit_signal("notify", "The simulation is not running.", "warn")
		return false
	var sent_before := _sent_since_saved
	_sent_since_saved = false
	var out = bridge.invoke("save_file", [ProjectSettings.globalize_path(path), view, path])
	if not _check(out) or typeof(out) != TYPE_DICTIONARY or not out.get("ok", false):
		_sent_since_saved = sent_before
		if typeof(out) == TYPE_DICTIONARY and out.has("error"):
			var why := str(out["error"])
			var kept := " The previous save is kept." if File.new().file_exists(path) else ""
			printerr("Malignus: the game was not saved: " + why)
			EventBus.emit_signal("notify", "The game was not saved: %s.%s" % [why, kept], "warn")
		return false
	_unchanged_tick = int(out.get("tick", 0))   # the tick saved: what came after it is a change
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
	loaded_view = _view_of(result)
	EventBus.emit_signal("game_loaded", path)
	if _refresh_snapshot():
		# The save may come from another level: say which, so the level picker shows it.
		if str(result.get("level", "")) != "":
			level_path = str(result["level"])
		_started({"level": level_path, "seed": seed_value, "from_save": path}, -1)
	EventBus.emit_signal("notify", "Game loaded.", "info")
	return true


# Starts another level in place of the running game (Session.load_level), at `speed` (see
# start). A level that does not parse leaves the game as it is and tells the player why
# (FILE:LINE).
func load_level(path: String, seed_number: int = -1, speed: int = 1) -> bool:
	if not running:
		return start(path, seed_number, speed)
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
		_started({"level": path, "seed": seed_number}, speed)
	return true


# A load's view ({key: [values]}), {} when it has none or it is not a Dictionary.
static func _view_of(result: Dictionary) -> Dictionary:
	var view = result.get("view", {})
	return view if typeof(view) == TYPE_DICTIONARY else {}


# pysim's own checks on a level's text (a .level or a .tscn level scene), without a game:
# Session.validate_level through a PyBridge of its own (pysim.session.Checker), so the level
# editor plugin can call it from the editor. Returns {"ok": true, "name", "width", "height",
# "entities", "commands", "dark", "goals"} or {"error": "FILE:LINE: reason"}.
static func check_level(text: String, source: String) -> Dictionary:
	return _answer_dict("validate_level", _ask_checker("validate_level", [text, source]))


# What a save file says of itself without replaying it (Checker.save_summary: the list of
# saves): {"ok": true, "source", "tick", "view"} or {"error": "FILE:LINE: reason"}.
static func save_summary(path: String) -> Dictionary:
	var f := File.new()
	if f.open(path, File.READ) != OK:
		return {"error": "%s: cannot be read" % path}
	var text := f.get_as_text()
	f.close()
	return _answer_dict("save_summary", _ask_checker("save_summary", [text, path]))


# The level editor's other questions to pysim.session.Checker: the catalogue of level things
# ([{kind, about, group, choices, hint, options}]), whether a thing's arg has its form (""
# or why not), whether the level would take a wire along a path ({ok, reason, corners,
# joins, bumps}), and the goals' kinds and check. A failure to reach pysim comes back as
# {"error": why}.
static func level_things():
	return _ask_checker("level_things", [])


static func thing_arg_reason(kind: String, arg: String):
	return _ask_checker("thing_arg_reason", [kind, arg])


static func check_wire(text: String, source: String, path: Array):
	return _ask_checker("check_wire", [text, source, path])


# The kinds of keeper goals ([{kind, about, takes, least, most, choices}]) and whether a
# [goals] line is one the level takes ("" or why not): the Level dock's Goals list.
static func goal_kinds():
	return _ask_checker("goal_kinds", [])


static func goal_reason(line: String):
	return _ask_checker("goal_reason", [line])


# An answer that must be a Dictionary, or {"error": ...} saying what came instead.
static func _answer_dict(method: String, result) -> Dictionary:
	if typeof(result) != TYPE_DICTIONARY:
		return {"error": "%s returned %s" % [method, str(result)]}
	return result


# A Checker (pysim.session.Checker) through a PyBridge of its own: its method's answer, or
# {"error": why} (the bridge is missing, pysim did not start, or a Python exception: its
# last line).
static func _ask_checker(method: String, args: Array):
	if not ResourceLoader.exists(BRIDGE_SCRIPT):
		return {"error": "the bridge is missing: %s (run `make build`)" % BRIDGE_SCRIPT}
	var script = load(BRIDGE_SCRIPT)
	var checker = script.new() if script != null else null
	if checker == null:
		return {"error": "cannot create PyBridge: libpybridge.so did not load (run `make build`)"}
	var started = checker.start(python_paths(), SESSION_MODULE, "Checker", [])
	if not (typeof(started) == TYPE_BOOL and started):
		return {"error": "pysim did not start: %s" % str(started)}
	var result = checker.invoke(method, args)
	if typeof(result) == TYPE_DICTIONARY and result.has(ERROR_KEY):
		var lines := str(result[ERROR_KEY]).strip_edges().split("\n")
		return {"error": str(lines[lines.size() - 1])}
	return result


# Makes the session's next step raise a Python exception (tests the error path).
func debug_fail_next_step() -> void:
	if running:
		_invoke("debug_fail_next_step", [])


# The state hash (Session.state_hash; docs/desync.md), "" when no session runs.
func state_hash() -> String:
	if running:
		var h = bridge.invoke("state_hash", [])
		if _check(h) and typeof(h) == TYPE_STRING:
			return h
	return ""


func current_tick() -> int:
	return int(last_snapshot.get("tick", -1))


func _on_describe_requested(entity_id: int) -> void:
	var info := describe(entity_id)
	EventBus.emit_signal("entity_described", entity_id, info)


func _emit_events(events) -> void:
	if typeof(events) != TYPE_ARRAY:
		return
	var t0 := OS.get_ticks_usec()
	for ev in events:
		if typeof(ev) == TYPE_DICTIONARY:
			# what the fog hides is withheld before anyone hears of it (core/Names.gd)
			var seen = Names.as_seen(ev)
			if seen != null:
				EventBus.emit_signal("sim_event", seen)
	_listeners_usec += OS.get_ticks_usec() - t0


# Asks Session.snapshot_changes and merges them into the last snapshot (_merge_changes).
func _refresh_snapshot() -> bool:
	snapshots_taken += 1
	var changes = bridge.invoke("snapshot_changes", [])
	return _check(changes) and _merge_changes(changes)


# Merges Session.snapshot_changes (only the keys that changed since the last call; all of
# them, with "snapshot_full", after a start or a load) into the last snapshot, so
# last_snapshot is always the whole snapshot while the bridge converts only what changed.
# Merged in place (a copy of ~100 keys cost more than the rest of the frame's
# Godot side): a listener that needs an earlier snapshot keeps a duplicate() of it.
func _merge_changes(changes) -> bool:
	if typeof(changes) != TYPE_DICTIONARY:
		_report("snapshot_changes() returned %s, not a Dictionary" % str(typeof(changes)))
		return false
	last_changed = changes
	if changes.get(FULL_KEY, false):
		last_snapshot = changes.duplicate()
	else:
		for key in changes:
			last_snapshot[key] = changes[key]
	for key in changes.get(GONE_KEY, []):
		var _had := last_snapshot.erase(key)
	var _full := last_snapshot.erase(FULL_KEY)
	var _gone := last_snapshot.erase(GONE_KEY)
	return true


# True when value is not an error; otherwise reports it and returns false.
# A bridge call whose answer only matters when it is an error (reported like _check's).
func _invoke(method: String, args: Array) -> void:
	var _reported := _check(bridge.invoke(method, args))


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
static func _read_path_list(path: String, base_dir: String) -> Array:
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


# Session.names(): every body's name, title, class and level by id (core/Names.gd asks when
# the snapshot's names_version moves), or {}.
func names() -> Dictionary:
	return _invoke_dict("names", [])


# Session.places(): a place index per tile and the place names (core/Names.gd), or {}.
func places() -> Dictionary:
	return _invoke_dict("places", [])


# Session.part_kinds(): the trap parts' names, roles, metal and one-line notes, or {}.
func part_kinds() -> Dictionary:
	return _invoke_dict("part_kinds", [])


# Session.describe_furniture(x, y): the piece or blueprint on the tile (the furniture panel),
# or {} when nothing stands or is planned there.
func describe_furniture(tile: Vector2) -> Dictionary:
	return _invoke_dict("describe_furniture", [int(tile.x), int(tile.y)])
