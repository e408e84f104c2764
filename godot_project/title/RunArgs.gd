extends Node
# What a run's command line asks of the desktop frame besides the game (title/Title.gd
# passes its user arguments, after `--`): for screenshots, tools and tests.
#   --ui-scale=S                   the interface size for this run (0.75 to 2), applied as
#                                  the setting is (Settings.override), not saved
#   --menu=pause|settings|load|levels|confirm    open that menu MENU_FRAMES after the title
#                                  or the game shows (pause and confirm need a game)
#   --screenshot=/tmp/x.png        save a viewport capture after --screenshot-frames=N
#                                  frames (default 90) and quit (needs a real renderer)
#   --quit-after=N                 quit after N frames
# A run with --screenshot, --autoplay-hours or --quit-after keeps the window as it is
# (keeps_window: under Xvfb with no window manager, Godot 3.2's X11 fullscreen dies of an
# X error, BadAtom).

const MENU_FRAMES := 10
const TOOL_ARGS := ["screenshot", "autoplay-hours", "quit-after"]

var args := {}
var frame = null                 # the title screen (title/Title.gd)
var _frames := 0
var _menu_at := -1


func _init(run_args: Dictionary, title_screen) -> void:
	name = "RunArgs"
	args = run_args
	frame = title_screen


# The run's settings, before anything reads them.
func apply_settings() -> void:
	if not args.has("ui-scale"):
		return
	var s := str(args["ui-scale"])
	if s.is_valid_float():
		var _ok: bool = Settings.override("ui/scale", float(s))
	else:
		printerr("Malignus: --ui-scale takes a number from 0.75 to 2, not '%s'" % s)


func keeps_window() -> bool:
	for a in TOOL_ARGS:
		if args.has(a):
			return true
	return false


# The title or a game just showed: --menu opens a little later, once it is laid out.
func shown() -> void:
	_menu_at = _frames + MENU_FRAMES


func _process(_delta: float) -> void:
	_frames += 1
	if _frames == _menu_at:
		_open_menu(str(args.get("menu", "")))
	if args.has("screenshot") and _frames == int(args.get("screenshot-frames", 90)):
		_take_screenshot(str(args["screenshot"]))
	if int(args.get("quit-after", -1)) > 0 and _frames >= int(args["quit-after"]):
		get_tree().quit(0)


func _open_menu(which: String) -> void:
	match which:
		"pause":
			frame.open_pause()
		"settings":
			frame.open_pause()
			frame.open_menu("settings_panel")
		"load":
			frame.open_pause()
			frame.open_saves()
		"levels":
			frame.open_menu("level_list")
		"confirm":
			if frame.game != null:
				frame.game.confirm.ask("Quit to the title?", "Quit to the title", frame, "end_game", [],
						funcref(frame.game, "save_game"))


func _take_screenshot(path: String) -> void:
	yield(VisualServer, "frame_post_draw")
	var tex = get_viewport().get_texture()
	var img: Image = tex.get_data() if tex != null else null
	if img == null or img.is_empty():
		printerr("Malignus: no viewport image (a headless renderer cannot capture)")
		get_tree().quit(4)
		return
	img.flip_y()
	var err := img.save_png(path)
	print("screenshot %s %s" % [path, "saved" if err == OK else "failed (%d)" % err])
	get_tree().quit(0 if err == OK else 4)
