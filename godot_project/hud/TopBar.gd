extends PanelContainer
# The top bar: the title, the level picker, the clock, the concepts' status readouts (metal,
# resets waiting ...), the speed and its buttons, Save, Load, the key help and the concepts'
# items at the end (the Rite of Storms, the invasion indicator). Its row wraps onto a second
# line in a narrow window instead of pushing items off the screen; at 1280x720 and UI scale 1
# it keeps to one row, an invasion's indicator too (so the readouts stay short: "Resets: 2",
# test_layout.gd test_the_top_bar_keeps_to_one_row_during_an_invasion_at_1280x720). The speeds are
# pysim/core/clock.py SPEEDS (0 ... 16x); Skip starts and stops a skip ahead.

const Levels = preload("res://core/Levels.gd")
const SPEEDS := {"Pause": 0, "Speed1": 1, "Speed2": 2, "Speed4": 4, "Speed8": 8, "Speed16": 16}
# The faster speeds' buttons, made beside 4x (pysim/core/clock.py SPEEDS), and their keys.
const FAST_SPEEDS := [["Speed8", "8x", "Faster (4)"], ["Speed16", "16x", "Fastest (5)"]]
const SKIP_TIP := "Skip ahead (N): as fast as the machine goes, until something happens; then the speed you had"
const SPEED_WIDTH := 30
const PAUSE_WIDTH := 48
const SKIP_WIDTH := 40

signal help_pressed

onready var row: Container = $Row
onready var clock_label: Label = $Row/Clock
onready var speed_label: Label = $Row/SpeedLabel
onready var tick_label: Label = $Row/Tick

var level_picker: OptionButton = null
var _levels := []                # the picker's levels (Levels.listed())
var speed := -1                 # the sim's speed, from the snapshot
var skipping := false           # a skip ahead runs (the snapshot's skipping)
var skip_button: Button = null
var last_nonzero_speed := 1
var _last_status: Node = null   # statuses go after the clock, in the order added


func _ready() -> void:
	speed_label.set_meta("flow_group", "speed")     # the speed wraps as one (hud/FlowRow.gd)
	_add_fast_buttons()
	for button_name in SPEEDS:
		var _err := row.get_node(button_name).connect("pressed", self, "request_speed", [SPEEDS[button_name]])
		row.get_node(button_name).set_meta("flow_group", "speed")
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


# 8x and 16x beside 4x (the same look and group), then Skip (pysim/core/skipping.py): a
# toggle, pressed while a skip runs. So that the bar keeps to one row at 1280 px, the speed
# buttons are narrower and the pressed one says the speed: SpeedLabel's words (kept up to
# date) are not shown.
func _add_fast_buttons() -> void:
	var after: Button = row.get_node("Speed4")
	for f in FAST_SPEEDS:
		var b: Button = after.duplicate()
		b.name = f[0]
		b.text = f[1]
		b.hint_tooltip = f[2]
		row.add_child_below_node(after, b)
		after = b
	for n in SPEEDS:
		row.get_node(n).rect_min_size.x = PAUSE_WIDTH if SPEEDS[n] == 0 else SPEED_WIDTH
	speed_label.visible = false
	skip_button = Button.new()
	skip_button.name = "Skip"
	skip_button.text = "Skip"
	skip_button.toggle_mode = true
	skip_button.focus_mode = FOCUS_NONE
	skip_button.hint_tooltip = SKIP_TIP
	skip_button.rect_min_size = Vector2(SKIP_WIDTH, 26)
	skip_button.set_meta("flow_group", "speed")
	row.add_child_below_node(after, skip_button)
	var _err := skip_button.connect("pressed", self, "toggle_skip")


# Starts a skip ahead, or stops the one that runs.
func toggle_skip() -> void:
	EventBus.emit_signal("command_requested", {"type": "stop_skip" if skipping else "skip_ahead"})


func _on_snapshot_updated(snap: Dictionary) -> void:
	clock_label.text = "Day %d  %02d:%02d" % [int(snap.get("day", 1)), int(snap.get("hour", 0)), int(snap.get("minute", 0))]
	tick_label.text = "tick %d" % int(snap.get("tick", 0))
	var s := int(snap.get("speed", 1))
	var skip := bool(snap.get("skipping", false))
	if s != speed or skip != skipping:
		speed = s
		skipping = skip
		if s > 0:
			last_nonzero_speed = s
		speed_label.text = "Paused" if s == 0 else "Speed %dx" % s
		skip_button.pressed = skip
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
