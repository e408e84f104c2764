extends CanvasLayer
# The HUD: a short interface over its scenes (docs/godot.md "Scene layout"), laid out by
# containers, never by pixels, so it fits any window and any UI scale:
#   TopBar (hud/TopBar.tscn)      clock, status readouts, speed, level picker, Save/Load, help
#   MapSide, left of the dock     error banner and toasts (hud/Messages.gd), the event log
#                                 (hud/EventLog.tscn) and
#                                 the tool bar (hud/ToolBar.tscn) at the bottom
#   RightDock (hud/RightDock.gd)  the selection panel and the concepts' side panels; scrolls
#   Letters (hud/Letters.gd)      panels in the middle: key help, end screen, party letters
#   MapTip (hud/MapTip.tscn)      beside the mouse over the map: the tool's hint, the tile
# The UI scale setting (Settings "ui/scale") scales the whole HUD; the HUD's own size is the
# window's divided by it (hud/HudSize.gd). Listens to EventBus; sends commands only through
# EventBus.
# Extension points for concepts (see docs/godot.md "Adding a concept's UI"):
#   add_selection_tab(title, control)    a tab in the selection panel
#   add_selection_row(control)           a row under the selection panel's title, on every
#                                        tab (the body's orders, combat/BodyOrders.gd)
#   add_tool(tool_id, label, tooltip)    a tool button in the tool bar
#   add_action(button)                   an action button at the end of the tool bar
#   add_status(control)                  a readout in the top bar beside the clock
#   add_top_bar_item(control)            an item at the end of the top bar
#   add_side_panel(control)              a panel in the right dock (a GamePanel)
#   add_letter(panel, width)             a panel in the middle of the screen
#   add_tile_info(obj, method)           lines for the map tip of a tile
#   add_tile_name(obj, method)           a tile's name in the map tip instead of its place
#   register_event_text(type, obj, method[, color, quiet])  words for an event in the log
#   add_log_note(text)                   a log line no sim event said
#   notify(text, kind)                   a toast (also EventBus.notify; hud/Messages.gd)

const EventWords = preload("res://hud/EventWords.gd")
const GamePanel = preload("res://hud/GamePanel.gd")
const SelectionPanel = preload("res://hud/SelectionPanel.gd")
const HudSize = preload("res://hud/HudSize.gd")
const HELP_WIDTH := 540.0

onready var root: Control = $Root
onready var layout: VBoxContainer = $Root/Layout
onready var body: MarginContainer = $Root/Layout/Body
onready var top_bar = $Root/Layout/TopBar
onready var map_side: VBoxContainer = $Root/Layout/Body/Columns/MapSide
onready var messages = $Root/Layout/Body/Columns/MapSide/Messages
onready var error_banner: PanelContainer = $Root/Layout/Body/Columns/MapSide/Messages/ErrorBanner
onready var error_label: Label = $Root/Layout/Body/Columns/MapSide/Messages/ErrorBanner/Row/Text
onready var toasts: VBoxContainer = $Root/Layout/Body/Columns/MapSide/Messages/Toasts
onready var event_log = $Root/Layout/Body/Columns/MapSide/EventLog
onready var tool_bar = $Root/Layout/Body/Columns/MapSide/ToolBar
onready var right_dock = $Root/Layout/Body/Columns/RightDock
onready var letters = $Root/Letters
onready var map_tip = $Root/MapTip

var selection_panel = null
var help_panel = null            # the key bindings (F1), a letter
var event_text = EventWords.new()     # which words each event gets (register_event_text)
var _snap := {}
# The top bar's pieces, for the tests and the concepts that read them.
var clock_label: Label = null
var speed_label: Label = null
var tick_label: Label = null
var level_picker: OptionButton = null
var map_tip_label: Label = null
var skip_banner: PanelContainer = null


func _ready() -> void:
	add_to_group("hud")
	clock_label = top_bar.clock_label
	speed_label = top_bar.speed_label
	tick_label = top_bar.tick_label
	level_picker = top_bar.level_picker
	map_tip_label = map_tip.text_label
	map_tip.blocked = funcref(self, "panel_rects")
	for c in [top_bar, error_banner, event_log, tool_bar, right_dock.scroll, toasts, letters]:
		map_tip.watch(c)
	selection_panel = SelectionPanel.new()
	right_dock.add_panel(selection_panel)
	_add_help()
	_add_skip_banner()
	var _err: int = top_bar.connect("help_pressed", self, "toggle_help")
	for pair in [["snapshot_updated", "_on_snapshot_updated"], ["sim_event", "_on_sim_event"],
			["sim_error", "show_error"], ["notify", "notify"]]:
		_err = EventBus.connect(pair[0], self, pair[1])
	_err = EventBus.connect("sim_failed", messages, "show_failed_start")
	add_child(HudSize.new(self))


# --- extension points ------------------------------------------------------------------

func add_selection_tab(tab_title: String, control: Control) -> void:
	selection_panel.add_tab(tab_title, control)


func add_selection_row(control: Control) -> void:
	selection_panel.add_body_row(control)


func add_tool(id: String, label: String, tooltip: String = "") -> Button:
	return tool_bar.add_tool(id, label, tooltip)


func add_action(b: Button) -> void:
	tool_bar.add_action(b)


func tool_button(id: String) -> Button:
	return tool_bar.tool_button(id)


func add_status(control: Control) -> void:
	top_bar.add_status(control)


func add_top_bar_item(control: Control) -> void:
	top_bar.add_item(control)


# A panel in the right dock, under the selection panel; it shows and hides itself (visible).
# A PanelContainer without its own style gets the panels' style.
func add_side_panel(control: Control) -> void:
	if control is PanelContainer and not control.has_stylebox_override("panel"):
		control.add_stylebox_override("panel", panel_style())
	right_dock.add_panel(control)


# A panel in the middle of the screen, `width` wide (or the window's width if narrower).
func add_letter(panel: Control, width: float) -> void:
	letters.add_letter(panel, width)


func panel_style() -> StyleBox:
	return GamePanel.STYLE


func add_tile_info(target: Object, method: String) -> void:
	map_tip.add_tile_info(target, method)


func add_tile_name(target: Object, method: String) -> void:
	map_tip.add_tile_name(target, method)


func tile_lines(tile: Vector2) -> Array:
	return map_tip.tile_lines(tile)


func register_event_text(type: String, target: Object, method: String, color = null, quiet := false) -> void:
	event_text.register(type, target, method, color, quiet)


func event_words(ev: Dictionary) -> String:
	return event_text.text_of(ev)


func speed_button(speed_value: int) -> Button:
	return top_bar.speed_button(speed_value)


# --- the log ---------------------------------------------------------------------------------

func _on_sim_event(ev: Dictionary) -> void:
	if event_text.is_quiet(ev):
		return
	var text: String = event_text.text_of(ev)
	_log(ev, text)
	var type := str(ev.get("type", ""))
	if type == "refused":
		notify(text, "warn")
	elif type == "error":
		# A rule raised inside a step; the session caught it and carries on.
		show_error(str(ev.get("message", text)))


func _log(ev: Dictionary, text: String) -> void:
	event_log.add_line(text, event_text.category_of(ev), event_text.color_of(ev), int(ev.get("tick", 0)))


# A line in the log that no sim event said: the game's advice on the next step (a "note",
# shown whatever the filters, at the game clock's time).
func add_log_note(text: String) -> void:
	_log({"type": "note", "tick": int(_snap.get("tick", 0))}, text)


func clear_log() -> void:
	event_log.clear()


func shown_log_texts() -> Array:
	return event_log.shown_texts()


# The log kept with a save, and made again from it (main/Main.gd, "The view").
func log_entries() -> Array:
	return event_log.saved_entries()


func restore_log(entries: Array) -> void:
	event_log.restore(entries)


# --- toasts and the error banner (hud/Messages.gd) ----------------------------------------

func notify(text: String, kind: String = "info") -> void:
	messages.notify(text, kind)


func show_error(text: String) -> void:
	messages.show_error(text)


# --- state from the game ---------------------------------------------------------------------

func _on_snapshot_updated(snap: Dictionary) -> void:
	_snap = snap
	skip_banner.visible = bool(snap.get("skipping", false))


# "Skipping ahead..." at the top of the messages while a skip runs (pysim/core/skipping.py;
# the log says when it started and what stopped it).
func _add_skip_banner() -> void:
	skip_banner = PanelContainer.new()
	skip_banner.name = "SkipBanner"
	skip_banner.mouse_filter = Control.MOUSE_FILTER_IGNORE
	skip_banner.size_flags_horizontal = Control.SIZE_SHRINK_CENTER
	skip_banner.add_stylebox_override("panel", panel_style())
	var label := Label.new()
	label.name = "Text"
	label.text = "Skipping ahead...  (N or Skip: stop)"
	skip_banner.add_child(label)
	skip_banner.visible = false
	messages.add_child(skip_banner)
	messages.move_child(skip_banner, 0)


# --- keys: help, Escape, save and load, speed -------------------------------------------------

# Before the GUI: a text box (the timer's delay) gives the keyboard back to the game when the
# player clicks anywhere else or presses Escape.
func _input(event: InputEvent) -> void:
	var focus = root.get_focus_owner()
	if not (focus is LineEdit):
		return
	if event is InputEventMouseButton and event.pressed:
		if not focus.get_global_rect().has_point(root.get_local_mouse_position()):
			focus.release_focus()
	elif event is InputEventKey and event.pressed and event.scancode == KEY_ESCAPE:
		focus.release_focus()
		get_tree().set_input_as_handled()


func _unhandled_input(event: InputEvent) -> void:
	if not (event is InputEventKey) or not event.pressed or event.echo:
		return
	if event.scancode == KEY_F1:
		toggle_help()
	elif event.scancode == KEY_ESCAPE and close_top_panel():
		pass
	elif event.scancode == KEY_F5 or event.scancode == KEY_F9:
		EventBus.emit_signal("save_requested" if event.scancode == KEY_F5 else "load_requested")
	elif event.is_action("speed_toggle_pause"):
		top_bar.request_speed(top_bar.last_nonzero_speed if top_bar.speed == 0 else 0)
	elif event.is_action("speed_1"):
		top_bar.request_speed(1)
	elif event.is_action("speed_2"):
		top_bar.request_speed(2)
	elif event.is_action("speed_4"):
		top_bar.request_speed(4)
	elif event.is_action("speed_8"):
		top_bar.request_speed(8)
	elif event.is_action("speed_16"):
		top_bar.request_speed(16)
	elif event.is_action("skip_ahead"):
		top_bar.toggle_skip()
	else:
		return
	get_tree().set_input_as_handled()


# Escape closes the panel on top: the newest letter with an X (the key help, the party
# screen) or with a button for Escape (the spotted letter's Read on), else the newest docked
# panel that shows (the trap, door or order panel), else nothing here (the map then drops the
# tool, then the selection). True when something closed.
func close_top_panel() -> bool:
	var shown: Array = letters.shown()
	shown.invert()
	for c in shown:
		for key in ["close_button", "escape_button"]:
			if c.get(key) is Button:
				c.get(key).emit_signal("pressed")
				return true
	var docked: Array = right_dock.docked()
	docked.invert()
	for c in docked:
		if c != selection_panel and c.visible and c.get("close_button") is Button:
			c.close_button.emit_signal("pressed")
			return true
	return false


const HELP_TEXT := """[color=#ffe99a]W A S D[/color] / arrows   move the camera  ([color=#ffe99a]middle drag[/color] too)
[color=#ffe99a]wheel[/color], [color=#ffe99a]=[/color] / [color=#ffe99a]-[/color]   zoom
[color=#ffe99a]left click[/color]   select (with a tool: use the tool)
[color=#ffe99a]right click[/color], [color=#ffe99a]Esc[/color]   close the top panel, drop the tool, clear the selection
[color=#ffe99a]Space[/color]   pause / go on      [color=#ffe99a]1 2 3 4 5[/color]   speed 1x 2x 4x 8x 16x
[color=#ffe99a]N[/color]   skip ahead until something happens (again: stop)
[color=#ffe99a]F5[/color] / [color=#ffe99a]F9[/color]   save / load      [color=#ffe99a]F1[/color]   this help
Hover the map to see what is on a tile; hover a stat for what it does.
Drag the log's top edge to make it taller; its "Log" button folds it away."""


func _add_help() -> void:
	help_panel = GamePanel.new()
	help_panel.build("Help", "Keys", self, "toggle_help", "Close the help (F1, Esc)")
	var text := GamePanel.add_rich_text(help_panel.box, "Text")
	text.bbcode_text = HELP_TEXT
	add_letter(help_panel, HELP_WIDTH)


func toggle_help() -> void:
	help_panel.visible = not help_panel.visible


# --- size ------------------------------------------------------------------------------------

# The HUD's panels that show (rects in the HUD's units): the map tip keeps off them.
func panel_rects() -> Array:
	var out := []
	for c in [top_bar, error_banner, event_log, tool_bar]:
		if c.is_visible_in_tree():
			out.append(c.get_global_rect())
	for c in toasts.get_children() + letters.get_children():
		if c is Control and c.is_visible_in_tree():
			out.append(c.get_global_rect())
	var dock: Rect2 = right_dock.used_rect()
	if dock.has_no_area() == false:
		out.append(dock)
	return out
