extends Node
# The title screen, the project's main scene (res://title/Title.tscn), and the desktop game's
# frame around the game: the title menu (menus/TitleMenu.gd); the game (res://main/Main.tscn)
# started as this node's child "Game"; the pause menu over it on Esc (menus/PauseMenu.gd);
# the window's title ("Malignus", "Malignus — The Lair" while a level runs) and mode
# (Settings "video/fullscreen"); and the window's close button, which asks first when the
# game would be lost (Main.replace_game: the one confirmation). The menus are
# hud/GamePanel.gd menus on a menus/MenuLayer.gd. Documented in docs/godot.md, "The desktop
# frame".
# Command-line user arguments (after `--`), besides the game's (main/Main.gd):
#   --level=PATH, --seed=N, --autoplay-hours=H   straight into the game, no title menu
#   --ui-scale, --menu, --screenshot, --quit-after   for screenshots and tools (title/RunArgs.gd)

const MainScene = preload("res://main/Main.tscn")
const MainScript = preload("res://main/Main.gd")
const MenuLayer = preload("res://menus/MenuLayer.gd")
const TitleMenu = preload("res://menus/TitleMenu.gd")
const PauseMenu = preload("res://menus/PauseMenu.gd")
const SettingsPanel = preload("res://menus/SettingsPanel.gd")
const SaveList = preload("res://menus/SaveList.gd")
const LevelList = preload("res://menus/LevelList.gd")
const RunArgs = preload("res://title/RunArgs.gd")
const Backdrop = preload("res://title/Backdrop.gd")

const GAME_TITLE := "Malignus"
const GAME_ARGS := ["level", "seed", "autoplay-hours"]   # any of them: straight into the game
const TITLE_DIM := Color(0.035, 0.027, 0.05, 1)
const PAUSE_DIM := Color(0.03, 0.02, 0.05, 0.62)

var args := {}                   # the user arguments (tests set them before _ready)
var run_args = null              # title/RunArgs.gd
var game = null                  # the running game (main/Main.gd), or null on the title
var menus = null                 # the MenuLayer
var backdrop: Control = null
var title_panel = null           # menus/TitleMenu.gd
var pause_panel = null           # menus/PauseMenu.gd
var settings_panel = null
var save_list = null
var level_list = null
var continue_note: Label = null  # under Continue: which save, or why there is none
var menu_button: Button = null   # in the game's top bar
var window_title := GAME_TITLE   # what the window's title bar says (also when no window)
var fullscreen := false          # the window mode last applied (OS.window_fullscreen)
var quitting := false            # Quit was chosen (and answered, if asked)
var really_quit := true          # false: Quit only sets quitting (the tests)


func _ready() -> void:
	add_to_group("title")
	pause_mode = PAUSE_MODE_PROCESS
	if args.empty():
		args = MainScript.parse_args(OS.get_cmdline_args())
	run_args = RunArgs.new(args, self)
	add_child(run_args)
	run_args.apply_settings()
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
	title_panel = TitleMenu.new()
	title_panel.build_for(self, GAME_TITLE)
	continue_note = title_panel.continue_note
	pause_panel = PauseMenu.new()
	pause_panel.build_for(self)
	settings_panel = SettingsPanel.new()
	save_list = SaveList.new()
	level_list = LevelList.new()
	var _c: int
	for p in [title_panel, pause_panel, settings_panel, save_list, level_list]:
		menus.add_panel(p)
		_c = p.connect("closed", menus, "back")
	_c = save_list.connect("chosen", self, "_on_save_chosen")
	_c = level_list.connect("chosen", self, "_on_level_chosen")


# Opens the panel held in `panel_var` ("settings_panel", "level_list") over the one showing.
func open_menu(panel_var: String) -> void:
	menus.open(get(panel_var))


func open_saves() -> void:
	save_list.refresh()
	menus.open(save_list)


# The title menu, with no game: the backdrop, Continue as the newest save allows.
func show_title() -> void:
	menus.close_all()
	menus.screen.color = TITLE_DIM
	backdrop.visible = true
	_set_window_title(GAME_TITLE)
	title_panel.refresh_continue()
	title_panel.say("")
	menus.open(title_panel)
	run_args.shown()


func continue_game() -> void:
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
	run_args.shown()
	menu_button = pause_panel.menu_button(self)
	game.hud.add_status(menu_button)
	return true


# (queue_free: this may run inside the game's own call, its confirmation's button)
func _free_game() -> void:
	get_tree().paused = false
	if game != null and is_instance_valid(game):
		remove_child(game)
		game.queue_free()
	game = null


# Quit to title (asked first when the game changed since it was saved).
func quit_to_title() -> void:
	var _now: bool = game.replace_game("Quit to the title", self, "end_game")


func end_game() -> void:
	_free_game()
	show_title()


# (on the title, with no game, nothing)
func open_pause() -> void:
	if game == null:
		return
	menus.close_all()
	pause_panel.show_game(game.sim.level_name, game.sim.last_snapshot)
	get_tree().paused = true
	menus.open(pause_panel)


func resume() -> void:
	menus.close_all()
	get_tree().paused = false


func save_from_pause() -> void:
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


# The window mode (Settings "video/fullscreen"), when it changes; a tool's run keeps the
# window as it is (RunArgs.keeps_window).
func apply_fullscreen(on: bool) -> void:
	fullscreen = on
	if run_args.keeps_window():
		return
	if OS.window_fullscreen != on:
		OS.window_fullscreen = on


func _on_settings_changed(key: String, value) -> void:
	if key == "video/fullscreen":
		apply_fullscreen(bool(value))
