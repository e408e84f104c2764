extends "res://menus/MenuLayer.gd"
# The one confirmation before the running game is replaced or ended (another level, a
# load, New campaign, Quit to title, Quit, the window's close button), asked by
# main/Main.gd's replace_game only when the game changed since it was last saved, loaded or
# started. "Cancel" (or Esc) keeps the game as it was; the action's button does it; "Save,
# then ..." saves first (not offered before a load: it would write over the save to load).
# The game is paused while the question is up, and goes on as it was after Cancel.

const GamePanel = preload("res://hud/GamePanel.gd")

var panel = null
var question: Label = null
var cancel_button: Button = null
var save_button: Button = null
var go_button: Button = null
var _action: FuncRef = null
var _args := []
var _save: FuncRef = null
var _paused_before := false


func _init() -> void:
	layer = 60
	dim = Color(0.03, 0.02, 0.05, 0.45)
	panel = GamePanel.new()
	panel.build_menu("ConfirmPanel", "")
	question = panel.title
	var _detail: Label = panel.add_line("Detail", "What was played since the game was last saved will be lost.")
	save_button = panel.add_choice("SaveFirst", "", self, "_on_save_first")
	go_button = panel.add_choice("Go", "", self, "_on_go")
	cancel_button = panel.add_choice("Cancel", "Cancel", self, "cancel", [], "Keep playing (Esc)")
	var _shown := add_panel(panel)


# Asks `text` ("Load the saved game?"); `action` ("Load") labels the button that calls
# target.method(args...). With `save_first` (a FuncRef that saves and returns true when it
# did) a "Save, then ..." button saves before the action.
func ask(text: String, action: String, target: Object, method: String, args: Array = [],
		save_first: FuncRef = null) -> void:
	question.text = text
	go_button.text = action + " without saving"
	_action = funcref(target, method)
	_args = args
	_save = save_first
	save_button.visible = save_first != null
	save_button.text = "Save, then " + action.substr(0, 1).to_lower() + action.substr(1)
	if not is_open():
		_paused_before = get_tree().paused
		get_tree().paused = true
	open(panel)
	panel.say("")
	# (after the panel's own focus_first: Enter keeps the game unless the player moves on)
	cancel_button.call_deferred("grab_focus")


func cancel() -> void:
	_close()


func _on_go() -> void:
	var action := _action
	var args := _args
	_close()
	if action != null and action.is_valid():
		action.call_funcv(args)


func _on_save_first() -> void:
	if _save != null and _save.is_valid() and _save.call_func():
		_on_go()
	else:
		panel.say("The game was not saved, so nothing was done.")


func _close() -> void:
	_action = null
	_save = null
	if is_open():
		close_all()
		get_tree().paused = _paused_before


func _unhandled_input(event: InputEvent) -> void:
	if is_open() and event is InputEventKey and event.pressed and event.scancode == KEY_ESCAPE:
		cancel()
		get_tree().set_input_as_handled()


# Freed with the question up (the game closed under it): the tree goes on as it was.
func _exit_tree() -> void:
	if is_open():
		get_tree().paused = _paused_before
