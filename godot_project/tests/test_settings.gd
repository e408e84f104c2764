extends "res://tests/TestCase.gd"
# The Settings autoload: values persist in the settings file, out-of-range and junk values
# fall back (clamped or default), a change is announced on EventBus.settings_changed.

const TEST_PATH := "user://test_settings.cfg"

var _old_path := ""
var changes := []


func _on_changed(key: String, value) -> void:
	changes.append([key, value])


func before_each() -> void:
	_old_path = Settings.path
	Settings.path = TEST_PATH
	var _err := Directory.new().remove(TEST_PATH)
	Settings.load_file()
	changes = []
	var _c := EventBus.connect("settings_changed", self, "_on_changed")


func after_each() -> void:
	EventBus.disconnect("settings_changed", self, "_on_changed")
	var _err := Directory.new().remove(TEST_PATH)
	Settings.path = _old_path
	Settings.load_file()


func test_defaults_without_a_file() -> void:
	assert_almost(Settings.value("audio/master"), 0.8)
	assert_eq(Settings.value("audio/mute"), false)
	assert_almost(Settings.value("ui/scale"), 1.0)
	assert_eq(Settings.value("game/default_speed"), 1)


func test_a_change_is_saved_read_back_and_announced() -> void:
	assert_true(Settings.set_value("audio/effects", 0.25))
	assert_true(Settings.set_value("video/fullscreen", true))
	assert_eq(changes, [["audio/effects", 0.25], ["video/fullscreen", true]])
	Settings.load_file()
	assert_almost(Settings.value("audio/effects"), 0.25)
	assert_eq(Settings.value("video/fullscreen"), true)


func test_values_are_clamped_and_unknown_keys_refused() -> void:
	assert_true(Settings.set_value("ui/scale", 9.0))
	assert_almost(Settings.value("ui/scale"), 2.0)
	assert_true(Settings.set_value("audio/master", -1))
	assert_almost(Settings.value("audio/master"), 0.0)
	assert_false(Settings.set_value("no/such", 1))
	assert_eq(Settings.value("no/such"), null)


func test_a_damaged_file_falls_back_to_defaults() -> void:
	var f := File.new()
	assert_eq(f.open(TEST_PATH, File.WRITE), OK)
	f.store_string("[audio]\nmaster=\"loud\"\neffects=0.5\n[ui]\nscale=nan\n%%%garbage")
	f.close()
	Settings.load_file()
	assert_almost(Settings.value("audio/master"), 0.8, 1e-6, "a string is not a volume")
	assert_almost(Settings.value("ui/scale"), 1.0)
