extends Node
# The title screen, the project's main scene (res://title/Title.tscn), and the desktop game's
# frame around the game: the title menu (Continue, New campaign, Load, Levels, Settings,
# Quit); the game (res://main/Main.tscn) started as this node's child "Game"; the pause menu
# over it on Esc (Resume, Save, Load, Settings, Quit to title); the window's title
# ("Malignus", "Malignus — The Lair" while a level runs) and mode (Settings
# "video/fullscreen"); and the window's close button, which asks first when the game would be
# lost (Main.replace_game: the one confirmation). The menus are menus/MenuPanel.gd panels on
# a menus/MenuLayer.gd. Documented in docs/godot.md, "The desktop frame".
# Command-line user arguments (after `--`), besides the game's (main/Main.gd):
#   --level=PATH, --seed=N, --autoplay-hours=H   straight into the game, no title menu
#   --menu=pause|settings|load|levels|confirm    open that menu once the title or the game
#                                  shows (screenshots; pause and confirm need a game)
#   --screenshot=/tmp/x.png        save a viewport capture after --screenshot-frames=N
#                                  frames (default 90) and quit (needs a real renderer)
#   --quit-after=N                 quit after N frames

const MainScene = preload("res://main/Main.tscn")
const MainScript = preload("res://main/Main.gd")
const MenuLayer = preload("res://menus/MenuLayer.gd")
const MenuPanel = preload("res://menus/MenuPanel.gd")
const SettingsPanel = preload("res://menus/SettingsPanel.gd")
const SaveList = preload("res://menus/SaveList.gd")
const LevelList = preload("res://menus/LevelList.gd")
const Backdrop = preload("res://title/Backdrop.gd")
const TITLE_FONT = preload("res://title/DejaVuSerif-Bold.ttf")

const GAME_TITLE := "Malignus"
const GAME_ARGS := ["level", "seed", "autoplay-hours"]   # any of them: straight into the game
const TITLE_DIM := Color(0.035, 0.027, 0.05, 1)
const PAUSE_DIM := Color(0.03, 0.02, 0.05, 0.62)
const MENU_FRAMES := 10          # --menu opens this many frames after the title or game shows

var args := {}
var game = null                  # the running game (main/Main.gd), or null on the title
var menus = null                 # the MenuLayer
var backdrop: Control = null
var title_panel = null
var pause_panel = null
var settings_panel = null
var save_list = null
var level_list = null
var continue_button: Button = null
var continue_note: Label = null
var menu_button: Button = null   # in the game's top bar
var window_title := GAME_TITLE   # what the window's title bar says (also when no window)
var fullscreen := false          # the window mode last applied (OS.window_fullscreen)
var quitting := false            # Quit was chosen (and answered, if asked)
var really_quit := true          # false: Quit only sets quitting (the tests)
var _frames := 0
var _menu_at := -1
var _screenshot_path := ""
var _screenshot_frames := 90
var _quit_after := -1


func _ready() -> void:
	add_to_group("title")
	pause_mode = PAUSE_MODE_PROCESS
	args = MainScript.parse_args(OS.get_cmdline_args())
	_screenshot_path = str(args.get("screenshot", ""))
	_screenshot_frames = int(args.get("screenshot-frames", 90))
	_quit_after = int(args.get("quit-after", -1))
	get_tree().set_auto_accept_quit(false)
	_build_menus()
	apply_fullscreen(bool(Settings.value("video/fullscreen")))
	var _err: int = EventBus.connect("settings_changed", self, "_on_settings_changed")
	_err = EventBus.connect("sim_started", self, "_on_sim_started")
	_err = EventBus.connect("notify", self, "_on_notify")
	var straight := false
	for key in GAME_ARGS:
		straight = straight or args.has(key)
	if straight:
		var _ok := start_game(str(args.get("level", MainScript.DEFAULT_LEVEL)))
	else:
		show_title()


func _exit_tree() -> void:
	get_tree().set_auto_accept_quit(true)
	get_tree().paused = false


# --- the menus ------------------------------------------------------------------------------

func _build_menus() -> void:
	menus = MenuLayer.new()
	menus.name = "Menus"
	menus.layer = 50
	add_child(menus)
	backdrop = Backdrop.new()
	backdrop.name = "Backdrop"
	menus.screen.add_child(backdrop)
	menus.screen.move_child(backdrop, 0)

	title_panel = MenuPanel.new("TitlePanel", GAME_TITLE.to_upper())
	var font := DynamicFont.new()
	font.font_data = TITLE_FONT
	font.size = 52
	font.outline_size = 2
	font.outline_color = Color(0.35, 0.05, 0.08)
	title_panel.heading.add_font_override("font", font)
	title_panel.heading.autowrap = false
	title_panel.add_text("Tagline", "Dig the dungeon, wire the traps, outlast the heroes.")
	continue_button = title_panel.add_button("Continue", "Continue", self, "_on_continue")
	continue_note = title_panel.add_text("ContinueNote", "")
	var _b = title_panel.add_button("NewCampaign", "New campaign", self, "new_campaign", [],
			"Start the campaign: The Lair")
	_b = title_panel.add_button("Load", "Load", self, "_open_saves", [], "Pick a saved game")
	_b = title_panel.add_button("Levels", "Levels", self, "_open", ["level_list"], "Play one of the levels")
	_b = title_panel.add_button("Settings", "Settings", self, "_open", ["settings_panel"], "Sound, window, interface, camera")
	_b = title_panel.add_button("Quit", "Quit", self, "quit_game", [], "Close the game")
	menus.add_panel(title_panel)

	pause_panel = MenuPanel.new("PausePanel", "Paused")
	_b = pause_panel.add_button("Resume", "Resume", self, "resume", [], "Back to the game (Esc)")
	_b = pause_panel.add_button("Save", "Save", self, "_on_pause_save", [], "Save the game (F5)")
	_b = pause_panel.add_button("Load", "Load", self, "_open_saves", [], "Pick a saved game")
	_b = pause_panel.add_button("Settings", "Settings", self, "_open", ["settings_panel"], "Sound, window, interface, camera")
	_b = pause_panel.add_button("QuitToTitle", "Quit to title", self, "_on_quit_to_title", [], "End this game and go back to the title")
	menus.add_panel(pause_panel)

	settings_panel = SettingsPanel.new()
	save_list = SaveList.new()
	level_list = LevelList.new()
	var _c: int
	for p in [settings_panel, save_list, level_list]:
		menus.add_panel(p)
		_c = p.connect("closed", menus, "back")
	_c = save_list.connect("chosen", self, "_on_save_chosen")
	_c = level_list.connect("chosen", self, "_on_level_chosen")


func _open(panel_var: String) -> void:
	menus.open(get(panel_var))


func _open_saves() -> void:
	save_list.refresh()
	menus.open(save_list)


# The title menu, with no game: the backdrop, Continue as the newest save allows.
func show_title() -> void:
	menus.close_all()
	menus.screen.color = TITLE_DIM
	backdrop.visible = true
	_set_window_title(GAME_TITLE)
	refresh_continue()
	title_panel.say("")
	menus.open(title_panel)
	_menu_at = _frames + MENU_FRAMES


# Continue loads the newest save; with none it is greyed, and the note says why.
func refresh_continue() -> void:
	var newest: String = SaveList.newest()
	continue_button.disabled = newest == ""
	if newest == "":
		continue_button.hint_tooltip = "No saved game yet"
		continue_note.text = "No saved game yet: F5 in a game, or Save in its pause menu, saves one."
	else:
		var about: Dictionary = SaveList.describe(newest)
		continue_button.hint_tooltip = about["tooltip"]
		continue_note.text = about["text"] if not about.has("error") else "The last save cannot be loaded: " + about["tooltip"]
		continue_button.disabled = about.has("error")


func _on_continue() -> void:
	var newest: String = SaveList.newest()
	if newest != "":
		var _ok := start_game("", newest)


func new_campaign() -> void:
	var _ok := start_game(MainScript.DEFAULT_LEVEL)


func _on_level_chosen(path: String) -> void:
	var _ok := start_game(path)


func _on_save_chosen(path: String) -> void:
	if game == null:
		var _ok := start_game("", path)
	else:
		var _now: bool = game.replace_game("Load " + SaveList.describe(path)["text"], self, "_load_in_game", [path], false)


func _load_in_game(path: String) -> void:
	if game.load_game(path):
		resume()


# --- the game -------------------------------------------------------------------------------

# Starts the game on a level (or, with save, on a save file) in place of the title; false,
# with the title saying why, when it cannot start.
func start_game(level: String, save: String = "") -> bool:
	_free_game()
	game = MainScene.instance()
	game.name = "Game"
	game.level_path = level
	game.save_path = save
	game.pause_mode = PAUSE_MODE_STOP
	add_child(game)
	if not game.sim.running:
		var why: String = game.sim.failure_text
		_free_game()
		show_title()
		title_panel.say("The game could not start: " + why)
		return false
	menus.close_all()
	backdrop.visible = false
	menus.screen.color = PAUSE_DIM
	_menu_at = _frames + MENU_FRAMES
	_add_menu_button()
	return true


# A menu button ("≡") in the game's top bar: the pause menu by mouse (Esc by key).
func _add_menu_button() -> void:
	var b := Button.new()
	b.name = "MenuButton"
	b.text = "≡"                 # (the menu's usual sign: the top bar has little room)
	var font := DynamicFont.new()
	font.font_data = TITLE_FONT
	font.size = 16
	b.add_font_override("font", font)
	b.hint_tooltip = "Menu: pause, save, load, settings, quit (Esc)"
	b.focus_mode = Control.FOCUS_NONE
	b.mouse_filter = Control.MOUSE_FILTER_STOP
	var _err := b.connect("pressed", self, "open_pause")
	game.hud.add_status(b)
	menu_button = b


# (queue_free: this may run inside the game's own call, its confirmation's button)
func _free_game() -> void:
	get_tree().paused = false
	if game != null and is_instance_valid(game):
		remove_child(game)
		game.queue_free()
	game = null


# Quit to title (asked first when the game changed since it was saved).
func _on_quit_to_title() -> void:
	var _now: bool = game.replace_game("Quit to the title", self, "end_game")


func end_game() -> void:
	_free_game()
	show_title()


# (on the title, with no game, nothing)
func open_pause() -> void:
	if game == null:
		return
	menus.close_all()
	var snap: Dictionary = game.sim.last_snapshot
	pause_panel.say("%s, day %d %02d:%02d" % [game.sim.level_name, int(snap.get("day", 1)),
			int(snap.get("hour", 0)), int(snap.get("minute", 0))])
	get_tree().paused = true
	menus.open(pause_panel)


func resume() -> void:
	menus.close_all()
	get_tree().paused = false


func _on_pause_save() -> void:
	if game.save_game():
		pause_panel.say("Saved: " + SaveList.describe(MainScript.QUICKSAVE_PATH)["text"])


# The game's messages while a menu covers its toasts (a save that failed, a bad save).
func _on_notify(text: String, kind: String) -> void:
	if menus.is_open() and kind != "info":
		menus.top().say(text)


# Quit, the window's close button: asked first when a changed game would be lost.
func quit_game() -> void:
	if game != null:
		var _now: bool = game.replace_game("Quit the game", self, "_quit")
	else:
		_quit()


func _quit() -> void:
	quitting = true
	if really_quit:
		get_tree().quit()


func _notification(what: int) -> void:
	if what == MainLoop.NOTIFICATION_WM_QUIT_REQUEST:
		quit_game()


# Esc: the confirmation takes it first, then the game (the top panel, the tool, the
# selection); what is left opens the pause menu, goes back a menu, or resumes.
func _unhandled_input(event: InputEvent) -> void:
	if not (event is InputEventKey and event.pressed and not event.echo and event.scancode == KEY_ESCAPE):
		return
	if menus.is_open():
		if menus.stack.size() > 1:
			menus.back()
		elif game != null:
			resume()
	elif game != null:
		open_pause()
	get_tree().set_input_as_handled()


# --- the window -------------------------------------------------------------------------------

func _on_sim_started(info: Dictionary) -> void:
	var level_name := str(info.get("name", ""))
	if level_name == "":
		level_name = str(info.get("level", "")).get_file().get_basename().capitalize()
	_set_window_title("%s — %s" % [GAME_TITLE, level_name])


func _set_window_title(text: String) -> void:
	window_title = text
	OS.set_window_title(text)


# The window mode (Settings "video/fullscreen"), when it changes. Runs for tools
# (--screenshot, --autoplay-hours, --quit-after) keep the window as it is: under Xvfb with no
# window manager, Godot 3.2's X11 fullscreen dies of an X error (BadAtom).
func apply_fullscreen(on: bool) -> void:
	fullscreen = on
	for tool_arg in ["screenshot", "autoplay-hours", "quit-after"]:
		if args.has(tool_arg):
			return
	if OS.window_fullscreen != on:
		OS.window_fullscreen = on


func _on_settings_changed(key: String, value) -> void:
	if key == "video/fullscreen":
		apply_fullscreen(bool(value))


# --- screenshots and timed quits ----------------------------------------------------------------

func _process(_delta: float) -> void:
	_frames += 1
	if _frames == _menu_at:
		_open_menu_arg(str(args.get("menu", "")))
	if _screenshot_path != "" and _frames == _screenshot_frames:
		_take_screenshot()
	if _quit_after > 0 and _frames >= _quit_after:
		get_tree().quit(0)


func _open_menu_arg(which: String) -> void:
	match which:
		"pause":
			open_pause()
		"settings":
			open_pause()
			_open("settings_panel")
		"load":
			open_pause()
			_open_saves()
		"levels":
			_open("level_list")
		"confirm":
			if game != null:
				game.confirm.ask("Quit to the title?", "Quit to the title", self, "end_game", [],
						funcref(game, "save_game"))


func _take_screenshot() -> void:
	yield(VisualServer, "frame_post_draw")
	var tex = get_viewport().get_texture()
	var img: Image = tex.get_data() if tex != null else null
	if img == null or img.is_empty():
		printerr("Malignus: no viewport image (a headless renderer cannot capture)")
		get_tree().quit(4)
		return
	img.flip_y()
	var err := img.save_png(_screenshot_path)
	print("screenshot %s %s" % [_screenshot_path, "saved" if err == OK else "failed (%d)" % err])
	get_tree().quit(0 if err == OK else 4)
