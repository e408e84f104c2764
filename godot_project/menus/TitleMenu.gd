extends "res://hud/GamePanel.gd"
# The title menu, the desktop frame's first panel (title/Title.gd): the game's name, then
# Continue (the newest save; greyed, with the reason under it, when there is none or it
# cannot be read), New campaign, Load, Levels, Settings, Quit. Its buttons call the frame.

const SaveList = preload("res://menus/SaveList.gd")
const TITLE_FONT = preload("res://title/DejaVuSerif-Bold.ttf")

var continue_button: Button = null
var continue_note: Label = null


func build_for(frame, game_title: String) -> void:
	build_menu("TitlePanel", game_title.to_upper())
	var font := DynamicFont.new()
	font.font_data = TITLE_FONT
	font.size = 52
	font.outline_size = 2
	font.outline_color = Color(0.35, 0.05, 0.08)
	title.add_font_override("font", font)
	title.autowrap = false           # one word, as wide as it is
	var _l := add_line("Tagline", "Dig the dungeon, wire the traps, outlast the heroes.")
	continue_button = add_choice("Continue", "Continue", frame, "continue_game")
	continue_note = add_line("ContinueNote")
	var _b := add_choice("NewCampaign", "New campaign", frame, "new_campaign", [], "Start the campaign: The Lair")
	_b = add_choice("Load", "Load", frame, "open_saves", [], "Pick a saved game")
	_b = add_choice("Levels", "Levels", frame, "open_menu", ["level_list"], "Play one of the levels")
	_b = add_choice("Settings", "Settings", frame, "open_menu", ["settings_panel"], "Sound, window, interface, camera")
	_b = add_choice("Quit", "Quit", frame, "quit_game", [], "Close the game")


# Continue as the newest save allows; the note under it says which save, or why not.
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
