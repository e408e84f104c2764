extends "res://hud/GamePanel.gd"
# The pause menu over a game (Esc, or the top bar's menu button; title/Title.gd): Resume,
# Save, Load, Settings, Quit to title, and under them where and when the game stands (or
# what Save just did). Its buttons call the frame.

const MENU_FONT = preload("res://title/DejaVuSerif-Bold.ttf")   # (the default font has no "≡")


func build_for(frame) -> void:
	build_menu("PausePanel", "Paused")
	var _b := add_choice("Resume", "Resume", frame, "resume", [], "Back to the game (Esc)")
	_b = add_choice("Save", "Save", frame, "save_from_pause", [], "Save the game (F5)")
	_b = add_choice("Load", "Load", frame, "open_saves", [], "Pick a saved game")
	_b = add_choice("Settings", "Settings", frame, "open_menu", ["settings_panel"], "Sound, window, interface, camera")
	_b = add_choice("QuitToTitle", "Quit to title", frame, "quit_to_title", [], "End this game and go back to the title")


# "The Lair, day 1 07:30": the game this menu paused.
func show_game(level_name: String, snap: Dictionary) -> void:
	say("%s, day %d %02d:%02d" % [level_name, int(snap.get("day", 1)), int(snap.get("hour", 0)),
			int(snap.get("minute", 0))])


# A button ("≡") for the game's top bar that opens this menu: by mouse what Esc is by key.
static func menu_button(frame) -> Button:
	var b := Button.new()
	b.name = "MenuButton"
	b.text = "≡"                 # (the menu's usual sign: the top bar has little room)
	var font := DynamicFont.new()
	font.font_data = MENU_FONT
	font.size = 16
	b.add_font_override("font", font)
	b.hint_tooltip = "Menu: pause, save, load, settings, quit (Esc)"
	b.focus_mode = Control.FOCUS_NONE
	b.mouse_filter = Control.MOUSE_FILTER_STOP
	var _err := b.connect("pressed", frame, "open_pause")
	return b
