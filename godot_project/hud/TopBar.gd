extends PanelContainer
# The top bar: the title, the level picker, the clock, the concepts' status readouts (metal,
# resets waiting ...), the speed and its buttons, Save, Load, the key help and the concepts'
# items at the end (the Rite of Storms, the invasion indicator). Its row wraps onto a second
# line in a narrow window instead of pushing items off the screen.

const Levels = preload("res://core/Levels.gd")
const SPEEDS := {"Pause": 0, "Speed1": 1, "Speed2": 2, "Speed4": 4}

signal help_pressed

onready var row: Container = $Row
onready var clock_label: Label = $Row/Clock
onready var speed_label: Label = $Row/SpeedLabel
onready var tick_label: Label = $Row/Tick

var level_picker: OptionButton = null
var _levels := []                # the picker's levels (Levels.listed())
var speed := -1                 # the sim's speed, from the snapshot
var last_nonzero_speed := 1
var _last_status: Node = null   # statuses go after the clock, in the order added


func _ready() -> void:
	for button_name in SPEEDS:
		var _err := row.get_node(button_name).connect("pressed", self, "request_speed", [SPEEDS[button_name]])
	_add_level_picker()
	_last_status = clock_label
	_add_button("SaveButton", "Save", "Save the game (F5)", EventBus, "emit_signal", ["save_requested"])
	_add_button("LoadButton", "Load", "Load the saved game (F9)", EventBus, "emit_signal", ["load_requested"])
	_add_button("HelpButton", "?", "Keys and mouse (F1)", self, "_on_help_pressed", [])
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_err = EventBus.connect("sim_started", self, "_on_sim_started")


# A readout beside the clock (always visible); one with a tooltip takes the mouse for it.
func add_status(control: Control) -> void:
	control.mouse_filter = MOUSE_FILTER_PASS if control.hint_tooltip != "" else MOUSE_FILTER_IGNORE
	row.add_child_below_node(_last_status, control)
	_last_status = control


# An item at the end of the bar.
func add_item(control: Control) -> void:
	row.add_child(control)


func speed_button(speed_value: int) -> Button:
	for button_name in SPEEDS:
		if SPEEDS[button_name] == speed_value:
			return row.get_node(button_name) as Button
	return null


func request_speed(value: int) -> void:
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": value})


func _on_snapshot_updated(snap: Dictionary) -> void:
	clock_label.text = "Day %d  %02d:%02d" % [int(snap.get("day", 1)), int(snap.get("hour", 0)), int(snap.get("minute", 0))]
	tick_label.text = "tick %d" % int(snap.get("tick", 0))
	var s := int(snap.get("speed", 1))
	if s != speed:
		speed = s
		if s > 0:
			last_nonzero_speed = s
		speed_label.text = "Paused" if s == 0 else "Speed %dx" % s
		var b := speed_button(s)
		if b != null and not b.pressed:
			b.pressed = true


func _on_help_pressed() -> void:
	emit_signal("help_pressed")


func _add_button(button_name: String, text: String, tooltip: String, target: Object,
		method: String, binds: Array) -> void:
	var b := Button.new()
	b.name = button_name
	b.text = text
	b.hint_tooltip = tooltip
	b.focus_mode = FOCUS_NONE
	var _err := b.connect("pressed", target, method, binds)
	row.add_child(b)


# --- the level picker ------------------------------------------------------------------------

# The levels (core/Levels.gd: each once), after the title; picking one asks to start it
# (level_requested: Main asks first if the game would be lost). It shows the level that runs.
func _add_level_picker() -> void:
	level_picker = OptionButton.new()
	level_picker.name = "LevelPicker"
	level_picker.hint_tooltip = "Play another level"
	level_picker.focus_mode = FOCUS_NONE
	_levels = Levels.listed()
	for level in _levels:
		level_picker.add_item(level["title"])
		level_picker.set_item_metadata(level_picker.get_item_count() - 1, level["path"])
	# id_pressed, not item_selected: OptionButton says nothing when the shown item is picked
	# again, and picking the level that runs must start it afresh.
	var _err := level_picker.get_popup().connect("id_pressed", self, "_on_level_picked")
	row.add_child_below_node(row.get_node("Title"), level_picker)


func _on_level_picked(id: int) -> void:
	var index := level_picker.get_item_index(id)
	if index >= 0:
		EventBus.emit_signal("level_requested", str(level_picker.get_item_metadata(index)))


func _on_sim_started(info: Dictionary) -> void:
	var i := Levels.index_of(_levels, str(info.get("level", "")))
	if i >= 0:
		level_picker.select(i)
