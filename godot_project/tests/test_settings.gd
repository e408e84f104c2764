extends "res://tests/TestCase.gd"
# The Settings autoload: values persist in the settings file, out-of-range and junk values
# fall back (clamped or default), a change is announced on EventBus.settings_changed. A value
# for one run (Settings.override; the --ui-scale argument) is read and announced like the
# setting and never saved.

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
	free_title()
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


func test_a_value_for_one_run_is_announced_and_never_saved() -> void:
	assert_true(Settings.set_value("ui/scale", 1.25))
	changes = []
	assert_true(Settings.override("ui/scale", 1.5))
	assert_almost(Settings.value("ui/scale"), 1.5, 1e-6, "the run's value is read")
	assert_eq(changes, [["ui/scale", 1.5]], "and announced")
	assert_true(Settings.set_value("audio/master", 0.3))
	var cfg := ConfigFile.new()
	assert_eq(cfg.load(TEST_PATH), OK)
	assert_almost(cfg.get_value("ui", "scale", -1.0), 1.25, 1e-6, "the file keeps the player's value")
	assert_true(Settings.override("ui/scale", 5.0))
	assert_almost(Settings.value("ui/scale"), 2.0, 1e-6, "clamped like a setting")
	assert_false(Settings.override("no/such", 1))
	assert_true(Settings.set_value("ui/scale", 0.75))
	assert_almost(Settings.value("ui/scale"), 0.75, 1e-6, "the player's choice ends the run's value")


func test_the_ui_scale_argument_scales_the_menus_and_the_game_for_the_run():
	return _wrap("_t_ui_scale_arg")


func _t_ui_scale_arg():
	title = load(TITLE_SCENE).instance()
	title.really_quit = false
	title.args = {"ui-scale": "1.5"}
	get_tree().root.add_child(title)
	yield(frames(2), "completed")
	assert_almost(Settings.value("ui/scale"), 1.5, 1e-6, "--ui-scale=1.5 sets the interface size")
	assert_eq(title.menus.scale, Vector2(1.5, 1.5), "the title menu is drawn at 150 %")
	assert_eq(title.settings_panel.controls["ui/scale"].get_item_text(
			title.settings_panel.controls["ui/scale"].selected), "150 %", "the settings say so")
	title.new_campaign()
	yield(frames(3), "completed")
	main = title.game
	if assert_true(main != null and main.sim.running, "a game starts"):
		assert_eq(main.hud.scale, Vector2(1.5, 1.5), "the game's HUD is at 150 % too")
	assert_false(File.new().file_exists(TEST_PATH), "nothing was saved")
	free_title()
	title = load(TITLE_SCENE).instance()
	title.really_quit = false
	title.args = {"ui-scale": "big"}
	Settings.load_file()
	get_tree().root.add_child(title)
	yield(frames(2), "completed")
	assert_almost(Settings.value("ui/scale"), 1.0, 1e-6, "a word is no scale: the setting stays")
