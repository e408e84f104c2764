extends Node
# Autoload "Settings": the player's settings, kept in user://settings.cfg (written atomically,
# read at start; a missing, damaged or out-of-range value falls back to its default).
# Read with Settings.value("audio/master"); change with Settings.set_value(key, v), which
# clamps it, saves the file and emits EventBus.settings_changed(key, value). Views that
# depend on a setting read it once at start and then listen to that signal.
# Settings.override(key, v) sets a value for this run only (a command-line argument such as
# --ui-scale=1.5 for a screenshot): read and announced the same way, never saved.
# Documented in docs/godot.md, "Settings".

const PATH := "user://settings.cfg"

# key -> [default, min, max] (min/max null for bools); the only keys a settings file may set
const SPEC := {
	"audio/master": [0.8, 0.0, 1.0],
	"audio/effects": [0.8, 0.0, 1.0],
	"audio/ambience": [0.5, 0.0, 1.0],
	"audio/mute": [false, null, null],
	"video/fullscreen": [false, null, null],
	"ui/scale": [1.0, 0.75, 2.0],
	"game/default_speed": [1, 1, 16],
	"camera/edge_scroll": [false, null, null],
}

var _values := {}
var _run := {}    # key -> this run's value (override): what value() says, never saved
var path := PATH  # tests point it elsewhere


func _ready() -> void:
	load_file()


# Every key at its default, then whatever the file holds that is valid (and no run's value).
func load_file() -> void:
	_values = {}
	_run = {}
	for key in SPEC:
		_values[key] = SPEC[key][0]
	var cfg := ConfigFile.new()
	if cfg.load(path) != OK:
		return
	for key in SPEC:
		var parts: PoolStringArray = key.split("/")
		if cfg.has_section_key(parts[0], parts[1]):
			_values[key] = _valid(key, cfg.get_value(parts[0], parts[1]))


func value(key: String):
	if _run.has(key):
		return _run[key]
	return _values.get(key, SPEC[key][0] if SPEC.has(key) else null)


# Sets a known key (clamped to its range, converted to its type), saves, and tells everyone.
# Returns false for a key that is not a setting.
func set_value(key: String, v) -> bool:
	if not SPEC.has(key):
		return false
	var clean = _valid(key, v)
	_values[key] = clean
	var _was_run := _run.erase(key)      # the player's choice ends this run's value
	if save_file() != OK:
		EventBus.emit_signal("notify", "The settings could not be saved to %s" % path, "warn")
	EventBus.emit_signal("settings_changed", key, clean)
	return true


# A known key's value for this run only (clamped like set_value), announced like a change;
# the file keeps the player's own. Returns false for a key that is not a setting.
func override(key: String, v) -> bool:
	if not SPEC.has(key):
		return false
	_run[key] = _valid(key, v)
	EventBus.emit_signal("settings_changed", key, _run[key])
	return true


func save_file() -> int:
	var cfg := ConfigFile.new()
	for key in SPEC:
		var parts: PoolStringArray = key.split("/")
		cfg.set_value(parts[0], parts[1], _values[key])
	var tmp := path + ".tmp"
	var err := cfg.save(tmp)
	if err != OK:
		return err
	var dir := Directory.new()
	return dir.rename(tmp, path)


func _valid(key: String, v):
	var spec: Array = SPEC[key]
	var default = spec[0]
	if typeof(default) == TYPE_BOOL:
		return bool(v) if typeof(v) in [TYPE_BOOL, TYPE_INT, TYPE_REAL] else default
	if not (typeof(v) in [TYPE_INT, TYPE_REAL]) or is_nan(float(v)) or is_inf(float(v)):
		return default
	if typeof(default) == TYPE_INT:
		return int(clamp(int(v), spec[1], spec[2]))
	return clamp(float(v), spec[1], spec[2])
