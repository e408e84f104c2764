extends "res://hud/GamePanel.gd"
# The settings (the title's and the pause menu's): one control for every key of
# Settings.SPEC (core/Settings.gd), which saves each change to user://settings.cfg and
# announces it on EventBus.settings_changed; whoever a setting concerns applies it from
# there (the sound its volumes, the title the window mode, the HUD and the menus the UI
# scale, the camera edge scrolling; the default speed is read when a game starts).

# key -> [label, kind, tooltip]; kind "volume" (a slider, 0-100 %), "check", or an
# Array of [value, words] (a list)
const ROWS := {
	"audio/master": ["Master volume", "volume", "Everything the game plays"],
	"audio/effects": ["Effects", "volume", "Blows, traps, doors, digging"],
	"audio/ambience": ["Ambience", "volume", "The dungeon's own sound"],
	"audio/mute": ["Mute", "check", "No sound at all"],
	"video/fullscreen": ["Fullscreen", "check", "Fullscreen, or in a window"],
	"ui/scale": ["Interface size", [[0.75, "75 %"], [1.0, "100 %"], [1.25, "125 %"],
			[1.5, "150 %"], [1.75, "175 %"], [2.0, "200 %"]], "The size of panels, buttons and text"],
	"game/default_speed": ["Speed at start", [[1, "1x"], [2, "2x"], [4, "4x"]],
			"How fast a game runs when it starts (Space pauses, 1 2 3 set the speed)"],
	"camera/edge_scroll": ["Edge scrolling", "check", "The map moves when the mouse rests at the window's edge"],
}

const LABEL_WIDTH := 130.0     # the labels' column, so the controls line up
const VALUE_WIDTH := 44.0      # "100 %"

var controls := {}       # key -> its Control (HSlider, CheckBox or OptionButton)
var _value_labels := {}  # key -> the Label beside a volume slider


func _init() -> void:
	build_menu("SettingsPanel", "Settings")
	for key in ROWS:
		var spec: Array = ROWS[key]
		var row := add_row(key.replace("/", "_"))
		var label := _label("Label", spec[0], LABEL_WIDTH, Label.ALIGN_LEFT)
		label.hint_tooltip = spec[2]
		label.add_color_override("font_color", TEXT_COLOR)
		row.add_child(label)
		var c := _control(key, spec[1])
		c.name = "Control"
		c.hint_tooltip = spec[2]
		c.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		row.add_child(c)
		if typeof(spec[1]) == TYPE_STRING and spec[1] == "volume":
			_value_labels[key] = _label("Value", "", VALUE_WIDTH, Label.ALIGN_RIGHT)
			row.add_child(_value_labels[key])
		controls[key] = c
	var _back := add_back()


# A label of the rows' columns, one line (a fixed width, so the controls line up); it takes
# the mouse for its tooltip.
static func _label(label_name: String, text: String, width: float, align: int) -> Label:
	var l := Label.new()
	l.name = label_name
	l.text = text
	l.mouse_filter = Control.MOUSE_FILTER_PASS
	l.rect_min_size = Vector2(width, 0)
	l.align = align
	return l


func _ready() -> void:
	show_values()
	var _err: int = EventBus.connect("settings_changed", self, "_on_settings_changed")


func _control(key: String, kind) -> Control:
	if typeof(kind) == TYPE_ARRAY:
		var o := OptionButton.new()
		for item in kind:
			o.add_item(item[1])
			o.set_item_metadata(o.get_item_count() - 1, item[0])
		var _err := o.connect("item_selected", self, "_on_item_selected", [key])
		return o
	if kind == "check":
		var b := CheckBox.new()
		b.text = "On"
		var _err := b.connect("toggled", self, "_on_toggled", [key])
		return b
	var s := HSlider.new()
	s.min_value = 0
	s.max_value = 100
	s.step = 5
	s.rect_min_size = Vector2(120, 24)
	var _err := s.connect("value_changed", self, "_on_slider", [key])
	return s


# Every control shows the setting's value (without sending it back).
func show_values() -> void:
	for key in controls:
		_show(key, Settings.value(key))


func _show(key: String, value) -> void:
	var c: Control = controls[key]
	if c is HSlider:
		c.set_block_signals(true)
		c.value = round(float(value) * 100)
		c.set_block_signals(false)
		_value_labels[key].text = "%d %%" % int(round(float(value) * 100))
	elif c is CheckBox:
		c.set_block_signals(true)
		c.pressed = bool(value)
		c.set_block_signals(false)
		c.text = "On" if bool(value) else "Off"
	elif c is OptionButton:
		c.select(_nearest_item(c, float(value)))


# The list's item whose value is the closest to value.
static func _nearest_item(o: OptionButton, value: float) -> int:
	var best := 0
	for i in range(o.get_item_count()):
		if abs(float(o.get_item_metadata(i)) - value) < abs(float(o.get_item_metadata(best)) - value):
			best = i
	return best


func _on_settings_changed(key: String, value) -> void:
	if controls.has(key):
		_show(key, value)


func _on_slider(value: float, key: String) -> void:
	var _ok: bool = Settings.set_value(key, value / 100.0)


func _on_toggled(pressed: bool, key: String) -> void:
	var _ok: bool = Settings.set_value(key, pressed)


func _on_item_selected(index: int, key: String) -> void:
	var _ok: bool = Settings.set_value(key, controls[key].get_item_metadata(index))
