extends CanvasLayer
# A layer of the desktop frame's menus: a window-sized screen that dims what is under it (and
# takes the mouse, so nothing under a menu is clicked), with its panels (hud/GamePanel.gd
# menus: build_menu) centred one at a time on a stack: open(panel) shows it over the one
# before, back() closes it and shows the one before again (Esc does that). The layer shows while its stack holds a
# panel, and works while the game is paused. Everything in it is scaled by the player's UI
# scale (Settings "ui/scale"), or less when the panel would not fit the window at it (200 %
# in a 1280x720 window); the screen is the window's size divided by the scale, so the
# containers lay the panels out to fit any window from 1280x720 to 4K.

signal emptied()      # back() closed the last panel

export var dim := Color(0.03, 0.02, 0.05, 0.6)

const FIT_MARGIN := 24.0            # room kept around a panel, at its scale

var screen: ColorRect = null        # the dimmed screen
var centre: CenterContainer = null  # the panels' parent
var ui_scale := 1.0                 # the player's setting
var shown_scale := 1.0              # what the panels are drawn at (at most ui_scale)
var stack := []                     # the open panels, the top one last


func _init() -> void:
	pause_mode = PAUSE_MODE_PROCESS
	screen = ColorRect.new()
	screen.name = "Screen"
	screen.mouse_filter = Control.MOUSE_FILTER_STOP
	add_child(screen)
	centre = CenterContainer.new()
	centre.name = "Centre"
	centre.mouse_filter = Control.MOUSE_FILTER_IGNORE
	screen.add_child(centre)
	visible_now(false)


func _ready() -> void:
	screen.color = dim
	ui_scale = float(Settings.value("ui/scale"))
	var _err: int = EventBus.connect("settings_changed", self, "_on_settings_changed")
	_err = get_viewport().connect("size_changed", self, "fit")
	fit()


# The screen covers the window at the UI scale, and so does the panels' centre. (Set, not
# anchored: a Control in Godot 3.2 grows with its contents' minimum size but never shrinks
# back by itself, and a panel being laid out passes through huge minimum sizes, its
# wrapping labels measured before they have their width; _process fits it again.)
func fit() -> void:
	var window := get_viewport().get_visible_rect().size
	shown_scale = ui_scale
	var panel := top()
	if panel != null:
		var need: Vector2 = panel.get_combined_minimum_size() + Vector2(FIT_MARGIN, FIT_MARGIN)
		shown_scale = min(shown_scale, min(window.x / need.x, window.y / need.y))
	scale = Vector2(shown_scale, shown_scale)
	var size := window / shown_scale
	screen.rect_position = Vector2.ZERO
	screen.rect_size = size
	centre.rect_position = Vector2.ZERO
	centre.rect_size = size


func _process(_delta: float) -> void:
	if screen.visible:
		fit()


func _on_settings_changed(key: String, value) -> void:
	if key == "ui/scale":
		ui_scale = float(value)
		fit()


# A panel of this layer (hidden until opened).
func add_panel(panel: Control) -> Control:
	panel.visible = false
	centre.add_child(panel)
	return panel


# Shows `panel` over the panels open before (hidden until it closes).
func open(panel: Control) -> void:
	if stack.size() > 0 and stack.back() == panel:
		return
	stack.erase(panel)
	for p in stack:
		p.visible = false
	stack.append(panel)
	visible_now(true)
	panel.visible = true
	fit()


# Closes the top panel and shows the one before; the layer hides with the last one.
func back() -> void:
	if stack.empty():
		return
	var top: Control = stack.pop_back()
	top.visible = false
	if stack.empty():
		visible_now(false)
		emit_signal("emptied")
	else:
		stack.back().visible = true
		fit()


# Closes every panel.
func close_all() -> void:
	for p in stack:
		p.visible = false
	stack.clear()
	visible_now(false)


func top() -> Control:
	return stack.back() if stack.size() > 0 else null


func is_open() -> bool:
	return stack.size() > 0


# (CanvasLayer has no `visible` in Godot 3.2: the screen shows or hides)
func visible_now(on: bool) -> void:
	screen.visible = on
