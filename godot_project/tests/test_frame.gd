extends "res://tests/TestCase.gd"
# The desktop frame (res://title/Title.tscn, the project's main scene), by mouse and keys as
# a player uses it: every button of the title menu; the pause menu by Esc (after what Esc
# closes first) and by mouse, the game paused under it and going on at its speed; the
# settings changed, saved, read back and applied; the one confirmation before each action
# that replaces or ends a changed game, none for a saved one, and Cancel keeping the game;
# the level picker listing each level once; a load keeping the camera and the log.

const SettingsPanel = preload("res://menus/SettingsPanel.gd")
const Levels = preload("res://core/Levels.gd")
const SETTINGS_PATH := "user://test_frame_settings.cfg"
const QUICKSAVE := "user://quicksave.msave"
const TRAP_DEMO := "res://levels/trap_demo.level"
const CAMPAIGN := "res://levels/campaign.level"
const COMBAT := "res://levels/combat_demo.level"

var _old_settings_path := ""
var started_tick := -1           # the game's tick when it last started (sim_started)
var started_unsaved := true      # and whether it had unsaved changes then


func _on_started(_info: Dictionary) -> void:
	var game = title.game if title != null and title.game != null else main
	started_tick = int(game.sim.bridge.invoke("about", [])["tick"]) if game != null else -1
	started_unsaved = game.sim.unsaved_changes() if game != null else true


func before_each() -> void:
	_old_settings_path = Settings.path
	Settings.path = SETTINGS_PATH
	var _err := Directory.new().remove(SETTINGS_PATH)
	Settings.load_file()
	_remove_saves()
	var _c := EventBus.connect("sim_started", self, "_on_started")


func after_each() -> void:
	if title != null:
		free_title()        # (and its game)
	else:
		free_main()
	get_tree().paused = false
	_remove_saves()
	EventBus.disconnect("sim_started", self, "_on_started")
	var _err := Directory.new().remove(SETTINGS_PATH)
	Settings.path = _old_settings_path
	Settings.load_file()


func _remove_saves() -> void:
	var d := Directory.new()
	for s in title_saves():
		var _err := d.remove(s["path"])


static func title_saves() -> Array:
	return preload("res://menus/SaveList.gd").saves()


# --- helpers ---------------------------------------------------------------------------------

func panel_button(panel, button_name: String) -> Button:
	return panel.box.get_node(button_name) as Button


func click_button(panel, button_name: String):
	yield(frames(2), "completed")         # (the panel laid out)
	var b := panel_button(panel, button_name)
	if not assert_true(b != null and b.is_visible_in_tree(), "%s has a visible %s" % [panel.name, button_name]):
		yield(get_tree(), "idle_frame")
		return
	yield(click_control(b), "completed")
	yield(frames(2), "completed")


# The game the title started, as `main` for the TestCase helpers.
func game_started(level: String) -> bool:
	main = title.game
	return assert_true(main != null and main.sim.running, "a game runs") and \
			assert_eq(main.sim.level_path, level, "the game is on %s" % level)


func live_hash() -> String:
	return main.sim.state_hash()


# Waits until the game has played a few ticks since now.
func play_a_little(ticks: int = 3):
	var from := int(snap_get("tick", 0))
	var _ok = yield(wait_until(self, "snap_get", ["tick"], from + ticks, 300), "completed")


# Presses Escape until the pause menu shows (at most `most` presses); the presses it took.
func escape_to_pause(most: int = 4):
	for i in range(most):
		if title.menus.top() == title.pause_panel:
			return i
		yield(press_key(KEY_ESCAPE), "completed")
	return most if title.menus.top() == title.pause_panel else -1


# --- the title menu ----------------------------------------------------------------------------

func test_every_button_of_the_title_menu():
	return _wrap("_t_title_menu")


func _t_title_menu():
	yield(start_title(), "completed")
	var tp = title.title_panel
	assert_eq(title.menus.top(), tp, "the title menu shows first")
	assert_eq(title.window_title, "Malignus")
	assert_eq(title.game, null, "no game runs under the title")
	# Continue: greyed, and the menu says why
	assert_true(panel_button(tp, "Continue").disabled, "no save: Continue is greyed")
	assert_string_contains(title.continue_note.text, "No saved game yet")
	# keys: the first button that works has the focus; Down, Enter opens Load's list
	yield(frames(2), "completed")
	var focus = tp.get_focus_owner()
	assert_eq(focus.name if focus != null else "", "NewCampaign", "the focus starts on New campaign")
	yield(press_key(KEY_DOWN), "completed")
	yield(press_key(KEY_ENTER), "completed")
	yield(frames(2), "completed")
	assert_eq(title.menus.top(), title.save_list, "Down, Enter: Load")
	assert_string_contains(title.save_list.status.text, "No saved game yet")
	yield(press_key(KEY_ESCAPE), "completed")
	assert_eq(title.menus.top(), tp, "Esc: back to the title menu")
	# Settings, and Back
	yield(click_button(tp, "Settings"), "completed")
	assert_eq(title.menus.top(), title.settings_panel, "Settings opens the settings")
	yield(click_button(title.settings_panel, "Back"), "completed")
	assert_eq(title.menus.top(), tp, "Back: the title menu again")
	# Levels: each level once; a click starts it
	yield(click_button(tp, "Levels"), "completed")
	assert_eq(title.menus.top(), title.level_list)
	var titles := []
	for b in title.level_list.buttons():
		titles.append(b.text)
	assert_eq(titles.count("Trap Demo"), 1, "Trap Demo is listed once: %s" % str(titles))
	assert_eq(titles.size(), Levels.listed().size() + 1, "a button a level, and Back: %s" % str(titles))
	yield(click_button(title.level_list, "trap_demo"), "completed")
	if not game_started(TRAP_DEMO):
		return
	assert_eq(title.window_title, "Malignus — Trap demo", "the window says the level")
	assert_false(title.menus.is_open(), "the menus are gone in the game")
	# a save, then Quit to title: the changed game asks first
	yield(press_key(KEY_F5), "completed")
	var saved_tick := int(main.sim.save_summary(QUICKSAVE)["tick"])
	yield(play_a_little(), "completed")
	yield(escape_to_pause(), "completed")
	yield(click_button(title.pause_panel, "QuitToTitle"), "completed")
	var asked = yield(answer_confirm("Go"), "completed")
	assert_true(asked, "Quit to title asked first")
	yield(frames(2), "completed")
	assert_eq(title.game, null, "Quit to title ended the game")
	assert_eq(title.menus.top(), tp, "the title menu is back")
	assert_eq(title.window_title, "Malignus")
	# Continue: the save
	assert_false(panel_button(tp, "Continue").disabled, "with a save, Continue works")
	assert_string_contains(title.continue_note.text, "Quicksave: Trap demo, day 1")
	yield(click_button(tp, "Continue"), "completed")
	if not game_started(TRAP_DEMO):
		return
	assert_eq(started_tick, saved_tick, "Continue loads the save")
	assert_false(started_unsaved, "a game just loaded has nothing unsaved")
	# Load: the list of saves; a click loads one
	title.end_game()
	yield(click_button(tp, "Load"), "completed")
	var rows: Array = title.save_list.buttons()
	assert_eq(rows.size(), 2, "one save and Back")
	assert_string_contains(rows[0].text, "Quicksave: Trap demo")
	yield(click_control(rows[0]), "completed")
	yield(frames(2), "completed")
	if not game_started(TRAP_DEMO):
		return
	assert_eq(started_tick, saved_tick, "Load loads the save picked")
	# New campaign
	title.end_game()
	yield(click_button(tp, "NewCampaign"), "completed")
	if not game_started(CAMPAIGN):
		return
	assert_eq(title.window_title, "Malignus — The Lair")
	# Quit
	title.end_game()
	yield(click_button(tp, "Quit"), "completed")
	assert_true(title.quitting, "Quit quits")


# --- the pause menu ----------------------------------------------------------------------------

func test_pause_menu_by_esc_and_by_mouse():
	return _wrap("_t_pause_menu")


func _t_pause_menu():
	yield(start_title(), "completed")
	if not title.start_game(TRAP_DEMO) or not game_started(TRAP_DEMO):
		return
	yield(frames(2), "completed")      # the HUD's containers lay it out in its first frames
	yield(click_control(main.hud.speed_button(2)), "completed")
	var ok = yield(wait_snapshot("speed", 2), "completed")
	assert_true(ok, "the game runs at 2x")
	# Esc closes what is open first: the key help, the tool, the selection
	yield(press_key(KEY_F1), "completed")
	assert_true(main.hud.help_panel.visible, "F1 shows the key help")
	yield(press_key(KEY_ESCAPE), "completed")
	assert_false(main.hud.help_panel.visible, "Esc closes the key help")
	assert_false(title.menus.is_open(), "... and opens no menu")
	var tool_button: Button = main.hud.tool_button("econ_dig")
	yield(click_control(tool_button), "completed")
	assert_eq(main.world.tool_id, "econ_dig")
	yield(press_key(KEY_ESCAPE), "completed")
	assert_eq(main.world.tool_id, "select", "Esc drops the tool")
	assert_false(title.menus.is_open(), "... and opens no menu")
	EventBus.emit_signal("entity_selected", first_of_kind(0))
	yield(press_key(KEY_ESCAPE), "completed")
	assert_eq(main.world.selected_id, -1, "Esc clears the selection")
	assert_false(title.menus.is_open(), "... and opens no menu")
	# nothing left: Esc pauses
	yield(press_key(KEY_ESCAPE), "completed")
	assert_eq(title.menus.top(), title.pause_panel, "Esc with nothing to close: the pause menu")
	assert_true(get_tree().paused, "the game is paused under it")
	assert_string_contains(title.pause_panel.status.text, "Trap demo, day 1")
	var tick := int(snap_get("tick", 0))
	var h := live_hash()
	yield(frames(30), "completed")
	assert_eq(int(snap_get("tick", 0)), tick, "no tick under the pause menu")
	assert_eq(live_hash(), h, "the game does not change under the pause menu")
	# Settings in it, Esc back to it, Esc resumes
	yield(click_button(title.pause_panel, "Settings"), "completed")
	assert_eq(title.menus.top(), title.settings_panel)
	yield(press_key(KEY_ESCAPE), "completed")
	assert_eq(title.menus.top(), title.pause_panel, "Esc: from the settings back to the pause menu")
	yield(press_key(KEY_ESCAPE), "completed")
	assert_false(title.menus.is_open(), "Esc again resumes")
	assert_false(get_tree().paused)
	yield(play_a_little(), "completed")
	assert_true(int(snap_get("tick", 0)) > tick, "the game goes on")
	assert_eq(int(snap_get("speed", 0)), 2, "at the speed it had")
	# by mouse: the top bar's Menu button, then Resume
	yield(click_control(title.menu_button), "completed")
	assert_eq(title.menus.top(), title.pause_panel, "the Menu button opens the pause menu")
	yield(click_button(title.pause_panel, "Resume"), "completed")
	assert_false(title.menus.is_open(), "Resume closes it")
	assert_false(get_tree().paused)
	# Save and Load from it (a paused game saved and not played since: no question)
	yield(click_control(title.menu_button), "completed")
	yield(click_button(title.pause_panel, "Save"), "completed")
	assert_true(File.new().file_exists(QUICKSAVE), "Save saved")
	assert_string_contains(title.pause_panel.status.text, "Saved: Quicksave: Trap demo")
	var saved := live_hash()
	yield(click_button(title.pause_panel, "Load"), "completed")
	assert_eq(title.menus.top(), title.save_list)
	var _c := EventBus.connect("game_loaded", self, "_on_loaded")
	yield(click_control(title.save_list.buttons()[0]), "completed")
	yield(frames(2), "completed")
	EventBus.disconnect("game_loaded", self, "_on_loaded")
	assert_false(main.confirm.is_open(), "nothing changed since the save: Load does not ask")
	assert_false(title.menus.is_open(), "the loaded game runs")
	assert_eq(_loaded_hash, saved, "the save was loaded")


var _loaded_hash := ""


func _on_loaded(_path: String) -> void:
	_loaded_hash = live_hash()


# --- the settings ------------------------------------------------------------------------------

func test_settings_are_changed_saved_read_back_and_applied():
	return _wrap("_t_settings")


func _t_settings():
	yield(start_title(), "completed")
	var sp = title.settings_panel
	var spec_keys: Array = Settings.SPEC.keys()
	var row_keys: Array = SettingsPanel.ROWS.keys()
	spec_keys.sort()
	row_keys.sort()
	assert_eq(row_keys, spec_keys, "the panel has a control for every setting")
	yield(click_button(title.title_panel, "Settings"), "completed")
	# volumes: a click on the slider's track, and the arrow keys
	var master: HSlider = sp.controls["audio/master"]
	var quarter := Vector2(master.rect_size.x * 0.25, master.rect_size.y / 2)
	yield(click_at(master.get_global_transform_with_canvas().xform(quarter)), "completed")
	assert_almost(Settings.value("audio/master"), 0.25, 0.051, "a click at a quarter of the slider")
	var effects: HSlider = sp.controls["audio/effects"]
	effects.grab_focus()
	yield(press_key(KEY_LEFT), "completed")
	yield(press_key(KEY_LEFT), "completed")
	assert_almost(Settings.value("audio/effects"), 0.7, 0.001, "two steps down from 80 %")
	var ambience: HSlider = sp.controls["audio/ambience"]
	ambience.grab_focus()
	yield(press_key(KEY_RIGHT), "completed")
	assert_almost(Settings.value("audio/ambience"), 0.55, 0.001, "a step up from 50 %")
	for key in ["audio/mute", "video/fullscreen", "camera/edge_scroll"]:
		yield(click_control(sp.controls[key]), "completed")
		assert_eq(Settings.value(key), true, "a click turns %s on" % key)
	assert_true(title.fullscreen, "fullscreen is applied to the window at once")
	yield(pick_option(sp.controls["ui/scale"], 3), "completed")
	assert_almost(Settings.value("ui/scale"), 1.5, 0.001, "the interface size list")
	assert_eq(title.menus.scale, Vector2(1.5, 1.5), "the menus take the UI scale")
	var vp: Rect2 = title.menus.screen.get_viewport_rect()
	var xf: Transform2D = sp.get_global_transform_with_canvas()
	var shown := Rect2(xf.origin, xf.basis_xform(sp.rect_size))
	assert_true(vp.encloses(shown), "the settings fit the window at 150 %% (%s in %s)" % [shown, vp])
	yield(pick_option(sp.controls["ui/scale"], 5), "completed")
	assert_almost(Settings.value("ui/scale"), 2.0, 0.001)
	yield(frames(3), "completed")
	xf = sp.get_global_transform_with_canvas()
	shown = Rect2(xf.origin, xf.basis_xform(sp.rect_size))
	assert_true(vp.encloses(shown), "at 200 %% the settings still fit 1280x720, drawn smaller (%s in %s)" % [shown, vp])
	assert_true(title.menus.scale.x > 1.5 and title.menus.scale.x < 2.0, "as large as fits: %s" % title.menus.scale)
	yield(pick_option(sp.controls["ui/scale"], 3), "completed")
	yield(pick_option(sp.controls["game/default_speed"], 1), "completed")
	assert_eq(Settings.value("game/default_speed"), 2, "the speed list")
	# saved in the file, read back
	var cfg := ConfigFile.new()
	assert_eq(cfg.load(SETTINGS_PATH), OK, "the settings file is written")
	assert_almost(cfg.get_value("audio", "master", -1.0), 0.25, 0.051)
	assert_eq(cfg.get_value("video", "fullscreen", false), true)
	assert_eq(cfg.get_value("camera", "edge_scroll", false), true)
	Settings.load_file()
	assert_almost(Settings.value("audio/effects"), 0.7, 0.001, "read back")
	assert_almost(Settings.value("ui/scale"), 1.5, 0.001, "read back")
	assert_eq(Settings.value("game/default_speed"), 2, "read back")
	sp.show_values()
	assert_eq(int(sp.controls["audio/effects"].value), 70, "the panel shows what the file says")
	yield(click_button(sp, "Back"), "completed")
	# the default speed: a game starts at it, and that is no change of the player's
	yield(click_button(title.title_panel, "NewCampaign"), "completed")
	if not game_started(CAMPAIGN):
		return
	var ok = yield(wait_snapshot("speed", 2), "completed")
	assert_true(ok, "the game starts at the default speed 2x")
	# edge scrolling: the mouse at the window's right edge moves the camera (zoomed in, so
	# the map is wider than the window)
	var cam = main.world.camera
	for _i in range(8):
		yield(press_key(KEY_EQUAL), "completed")
	var size: Vector2 = main.world.get_viewport_rect().size
	mouse_motion(Vector2(size.x / 2, size.y / 2))
	yield(frames(3), "completed")
	var x0: float = cam.position.x
	mouse_motion(Vector2(size.x - 2, size.y / 2))
	yield(frames(20), "completed")
	assert_true(cam.position.x > x0 + 10, "the camera pans right at the right edge (%s -> %s)" % [x0, cam.position.x])
	yield(click_control(title.menu_button), "completed")
	yield(click_button(title.pause_panel, "Settings"), "completed")
	yield(click_control(sp.controls["camera/edge_scroll"]), "completed")
	assert_eq(Settings.value("camera/edge_scroll"), false, "turned off from the pause menu")
	yield(press_key(KEY_ESCAPE), "completed")
	yield(press_key(KEY_ESCAPE), "completed")
	assert_false(get_tree().paused)
	var x1: float = cam.position.x
	mouse_motion(Vector2(size.x - 2, size.y / 2))
	yield(frames(20), "completed")
	assert_almost(cam.position.x, x1, 0.01, "with edge scrolling off the edge moves nothing")
	mouse_motion(Vector2(size.x / 2, size.y / 2))


# --- the one confirmation ----------------------------------------------------------------------

func test_each_replacing_action_asks_on_a_changed_game_and_cancel_keeps_it():
	return _wrap("_t_confirm_changed")


# Starts the action; the question must show; Cancel keeps the game as it was (the same level
# and state hash, the frames stopped from the question on so no tick runs after Cancel).
func _asks_and_cancel_keeps(what: String, action: FuncRef, args: Array = []):
	yield(play_a_little(), "completed")
	assert_true(main.sim.unsaved_changes(), "%s: the game changed since it was saved" % what)
	var state = action.call_funcv(args)
	if state is GDScriptFunctionState:
		yield(state, "completed")
	yield(frames(2), "completed")
	if not assert_true(main.confirm.is_open(), "%s asks first" % what):
		return
	assert_true(get_tree().paused, "%s: the game waits under the question" % what)
	var level: String = main.sim.level_path
	var h := live_hash()
	main.sim.paused_stepping = true
	var _asked = yield(answer_confirm("Cancel"), "completed")
	assert_false(main.confirm.is_open(), "%s: Cancel closes the question" % what)
	assert_eq(main.sim.level_path, level, "%s: Cancel keeps the level" % what)
	assert_eq(live_hash(), h, "%s: Cancel keeps the game" % what)
	assert_false(get_tree().paused and not title.menus.is_open(), "%s: the game goes on after Cancel" % what)
	main.sim.paused_stepping = false


func _pick_level(path: String):
	yield(pick_option(main.hud.level_picker, option_index(main.hud.level_picker, path)), "completed")


func _click_hud(button_name: String):
	yield(click_control(main.hud.top_bar.row.get_node(button_name)), "completed")


func _pause_then(button_name: String):
	yield(click_control(title.menu_button), "completed")
	yield(click_button(title.pause_panel, button_name), "completed")


func _pause_load():
	yield(_pause_then("Load"), "completed")
	yield(click_control(title.save_list.buttons()[0]), "completed")


func _close_window():
	title.propagate_notification(MainLoop.NOTIFICATION_WM_QUIT_REQUEST)
	yield(get_tree(), "idle_frame")


func _t_confirm_changed():
	yield(start_title(), "completed")
	if not title.start_game(TRAP_DEMO) or not game_started(TRAP_DEMO):
		return
	yield(press_key(KEY_F5), "completed")
	yield(_asks_and_cancel_keeps("the level picker", funcref(self, "_pick_level"), [COMBAT]), "completed")
	yield(_asks_and_cancel_keeps("the Load button", funcref(self, "_click_hud"), ["LoadButton"]), "completed")
	yield(_asks_and_cancel_keeps("F9", funcref(self, "press_key"), [KEY_F9]), "completed")
	yield(_asks_and_cancel_keeps("the pause menu's Load", funcref(self, "_pause_load")), "completed")
	title.resume()
	yield(_asks_and_cancel_keeps("Quit to title", funcref(self, "_pause_then"), ["QuitToTitle"]), "completed")
	title.resume()
	yield(_asks_and_cancel_keeps("the window's close button", funcref(self, "_close_window")), "completed")
	assert_false(title.quitting, "Cancel: the game is not closed")
	yield(_asks_and_cancel_keeps("the end screen's New campaign", funcref(EventBus, "emit_signal"),
			["level_requested", CAMPAIGN]), "completed")
	# the answers: "Save, then start" saves, then starts; "... without saving" just does it
	yield(play_a_little(), "completed")
	var saved_before: int = File.new().get_modified_time(QUICKSAVE)
	var _remove := Directory.new().remove(QUICKSAVE)
	yield(_pick_level(COMBAT), "completed")
	var asked = yield(answer_confirm("SaveFirst"), "completed")
	assert_true(asked, "the picker asked")
	yield(frames(2), "completed")
	assert_true(File.new().file_exists(QUICKSAVE), "Save, then start: saved (was %d)" % saved_before)
	assert_eq(main.sim.level_path, COMBAT, "... then started Combat Demo")
	yield(play_a_little(), "completed")
	yield(_close_window(), "completed")
	asked = yield(answer_confirm("Go"), "completed")
	assert_true(asked and title.quitting, "the close button: Quit without saving quits")


func test_a_saved_game_is_replaced_without_a_question():
	return _wrap("_t_confirm_saved")


# Saved and not played since (paused first: its set_speed is a command, so saved after it).
func _save_paused():
	if int(snap_get("speed", 0)) != 0:
		yield(press_key(KEY_SPACE, 32), "completed")
	var _paused = yield(wait_snapshot("speed", 0), "completed")
	yield(press_key(KEY_F5), "completed")
	yield(frames(3), "completed")
	assert_false(main.sim.unsaved_changes(), "saved, then nothing played")


func _t_confirm_saved():
	yield(start_title(), "completed")
	if not title.start_game(TRAP_DEMO) or not game_started(TRAP_DEMO):
		return
	yield(play_a_little(), "completed")
	yield(_save_paused(), "completed")
	yield(_pick_level(COMBAT), "completed")
	assert_false(main.confirm.is_open(), "the picker does not ask for a saved game")
	assert_eq(main.sim.level_path, COMBAT, "the level was started at once")
	assert_false(main.sim.unsaved_changes(), "a level just started has nothing to lose")
	yield(press_key(KEY_F9), "completed")
	yield(frames(2), "completed")
	assert_false(main.confirm.is_open(), "F9 does not ask for a game not played yet")
	assert_eq(main.sim.level_path, TRAP_DEMO, "F9 loaded the save")
	yield(_save_paused(), "completed")
	yield(_pause_then("QuitToTitle"), "completed")
	assert_false(main != null and is_instance_valid(main) and main.confirm.is_open(), "Quit to title does not ask")
	assert_eq(title.game, null, "Quit to title ended the saved game at once")
	var _ok: bool = title.start_game(TRAP_DEMO)
	main = title.game
	yield(frames(2), "completed")
	yield(_save_paused(), "completed")
	yield(_close_window(), "completed")
	assert_false(main.confirm.is_open(), "the close button does not ask for a saved game")
	assert_true(title.quitting, "... and quits")


# --- the level picker ----------------------------------------------------------------------------

func test_the_level_picker_lists_each_level_once():
	yield(start_main("res://levels/trap_demo.tscn"), "completed")
	if not running():
		return
	var picker: OptionButton = main.hud.level_picker
	var names := []
	var bases := {}
	for i in range(picker.get_item_count()):
		names.append(picker.get_item_text(i))
		bases[str(picker.get_item_metadata(i)).get_basename()] = true
		assert_eq(picker.get_item_text(i).find("(scene)"), -1, "no '(scene)' twin in the list")
	assert_eq(bases.size(), picker.get_item_count(), "no level twice: %s" % str(names))
	var want := {}
	for dir_file in preload("res://core/Files.gd").entries("res://levels")["files"]:
		if (dir_file.ends_with(".level") or dir_file.ends_with(".tscn")) and dir_file.find("test") < 0:
			want[dir_file.get_basename()] = true
	assert_eq(picker.get_item_count(), want.size(), "every level, once: %s" % str(names))
	var i := option_index(picker, TRAP_DEMO)
	assert_true(i >= 0 and names.count("Trap Demo") == 1, "Trap Demo once, started from its text: %s" % str(names))
	assert_eq(picker.selected, i, "the running scene twin shows as Trap Demo")


# --- a load keeps the camera and the log ---------------------------------------------------------

func test_a_load_keeps_the_camera_and_the_log():
	return _wrap("_t_load_view")


func _t_load_view():
	yield(start_title(), "completed")
	if not title.start_game(CAMPAIGN) or not game_started(CAMPAIGN):
		return
	var cam = main.world.camera
	# where the player looks: zoomed in, moved right and down (keys, as a player does)
	for _i in range(4):
		yield(press_key(KEY_EQUAL), "completed")
	for key in [KEY_D, KEY_S]:
		key_event(key, true)
		yield(frames(15), "completed")
		key_event(key, false)
	main.hud.add_log_note("A line the player read before saving.")
	yield(frames(2), "completed")
	var at: Vector2 = cam.position
	var zoom: Vector2 = cam.zoom
	var lines: Array = main.hud.shown_log_texts()
	assert_true(lines.size() >= 2, "the log has lines: %s" % str(lines))
	yield(press_key(KEY_F5), "completed")
	# then elsewhere, other lines
	for _i in range(3):
		yield(press_key(KEY_MINUS), "completed")
	key_event(KEY_A, true)
	yield(frames(20), "completed")
	key_event(KEY_A, false)
	main.hud.add_log_note("A line after the save.")
	yield(frames(2), "completed")
	assert_ne(cam.position, at, "the camera moved after the save")
	yield(press_key(KEY_F9), "completed")
	var asked = yield(answer_confirm("Go"), "completed")
	assert_true(asked, "F9 on a changed game asks")
	yield(frames(3), "completed")
	assert_true(cam.position.distance_to(at) < 0.5, "F9 keeps the camera where it was saved (%s, want %s)" % [cam.position, at])
	assert_true(cam.zoom.distance_to(zoom) < 0.001, "and its zoom (%s, want %s)" % [cam.zoom, zoom])
	assert_eq(main.hud.shown_log_texts(), lines, "and the log as it was saved")
	# from the title too: Continue
	title.end_game()
	yield(click_button(title.title_panel, "Continue"), "completed")
	if not game_started(CAMPAIGN):
		return
	yield(frames(3), "completed")
	cam = main.world.camera
	assert_true(cam.position.distance_to(at) < 0.5, "Continue keeps the camera (%s, want %s)" % [cam.position, at])
	assert_true(cam.zoom.distance_to(zoom) < 0.001, "and its zoom")
	assert_eq(main.hud.shown_log_texts(), lines, "and the log")
