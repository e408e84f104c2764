extends CanvasLayer
# The HUD: clock, speed buttons, event log, error banner, toasts, the tool bar (build
# menu) and the selection panel. Listens to EventBus; sends commands only through
# EventBus.command_requested.
# Extension points for concepts (combat/, traps/, doors/ ...), see docs/godot.md:
#   add_selection_tab(title, control)       a tab in the selection panel
#   add_tool(tool_id, label, tooltip)       a tool button in the tool bar
#   register_event_text(type, obj, method)  words for an event type in the log
#   notify(text, kind)                      a short message (also EventBus.notify)
#   add_status(control)                     a small always-visible readout in the top bar,
#                                           after the clock (e.g. the traps' reset workload)
#   add_side_panel(control)                 a panel in the right dock, below the selection
#                                           panel; the dock is a VBoxContainer, so panels that
#                                           show and hide themselves never overlap
# Layout (HUD.tscn): TopBar across the top; on the right the RightDock column (selection
# panel expanding, then the concepts' side panels, bottom-aligned); bottom left the event
# log above the tool bar; the error banner and the toasts stay left of the dock.

const EventText = preload("res://hud/EventText.gd")
const Files = preload("res://core/Files.gd")
const LEVELS_DIR := "res://levels"
const LOG_LINES := 100          # the log keeps this many lines (the cap)
const LOG_REPEAT_WINDOW := 6     # a line said again within this many lines is counted, not repeated
# The log's filters (issue 13): a category per event type (EventText.category_of).
const LOG_FILTERS := [["combat", "Combat", "Fights, wounds, knockouts, orders"],
		["traps", "Traps", "Trap parts, wires, resets, duties"],
		["doors", "Doors", "Doors, padlocks, breaches"],
		["invasions", "Invasions", "Parties, invasions, treasure, what adventurers learn"]]
const TOAST_SECONDS := 4.0
const SPEEDS := {"Pause": 0, "Speed1": 1, "Speed2": 2, "Speed4": 4}

onready var clock_label: Label = $Root/TopBar/Row/Clock
onready var speed_label: Label = $Root/TopBar/Row/SpeedLabel
onready var tick_label: Label = $Root/TopBar/Row/Tick
onready var error_banner: PanelContainer = $Root/ErrorBanner
onready var error_label: Label = $Root/ErrorBanner/Row/Text
onready var toasts: VBoxContainer = $Root/Toasts
onready var log_text: RichTextLabel = $Root/EventLog/Text
onready var tool_row: HBoxContainer = $Root/ToolBar/Row
onready var selection_panel = $Root/RightDock/SelectionPanel
onready var right_dock: VBoxContainer = $Root/RightDock
onready var status_row: HBoxContainer = $Root/TopBar/Row/Status

var event_text = EventText.new()
var speed := -1                 # the sim's speed, from the snapshot
var last_nonzero_speed := 1
var error_count := 0
var last_error := ""
var tool_id := "select"
var _log_lines := []             # every kept line, as bbcode (filtered or not)
var _log_entries := []           # {"text", "category", "count", "line"} parallel to _log_lines
var _log_shown := {"combat": true, "traps": true, "doors": true, "invasions": true}
var _log_dirty := false
var log_filter_row: HBoxContainer
var _tool_group: ButtonGroup
var level_picker: OptionButton


func _ready() -> void:
	add_to_group("hud")
	for button_name in SPEEDS:
		var b: Button = $Root/TopBar/Row.get_node(button_name)
		b.connect("pressed", self, "_on_speed_pressed", [SPEEDS[button_name]])
	$Root/ErrorBanner/Row/Close.connect("pressed", self, "hide_error")
	_add_save_buttons()
	_add_level_picker()
	_add_log_filters()
	var select_button: Button = tool_row.get_node("select")
	_tool_group = select_button.group
	select_button.connect("pressed", self, "_on_tool_pressed", ["select"])
	_unfocus_buttons($Root)
	EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	EventBus.connect("sim_event", self, "_on_sim_event")
	EventBus.connect("sim_error", self, "_on_sim_error")
	EventBus.connect("sim_failed", self, "_on_sim_failed")
	EventBus.connect("notify", self, "notify")
	EventBus.connect("tool_selected", self, "_on_tool_selected")
	EventBus.connect("game_loaded", self, "_on_game_replaced")


# --- extension points ------------------------------------------------------------------

func add_selection_tab(title: String, control: Control) -> void:
	selection_panel.add_tab(title, control)


# A readout in the top bar beside the clock (always visible).
func add_status(control: Control) -> void:
	control.mouse_filter = Control.MOUSE_FILTER_PASS if control.hint_tooltip != "" else Control.MOUSE_FILTER_IGNORE
	status_row.add_child(control)


# A panel in the right dock, under the selection panel; it shows/hides itself (visible).
# A PanelContainer without its own style gets the HUD's panel style.
func add_side_panel(control: Control) -> void:
	if control is PanelContainer and not control.has_stylebox_override("panel"):
		control.add_stylebox_override("panel", panel_style())
	right_dock.add_child(control)
	_unfocus_buttons(control)


# The HUD's panel style (the selection panel's), for concepts' panels.
func panel_style() -> StyleBox:
	return selection_panel.get_stylebox("panel")


func add_tool(id: String, label: String, tooltip: String = "") -> Button:
	var b := Button.new()
	b.name = id
	b.text = label
	b.hint_tooltip = tooltip
	b.toggle_mode = true
	b.focus_mode = Control.FOCUS_NONE
	b.group = _tool_group
	b.connect("pressed", self, "_on_tool_pressed", [id])
	tool_row.add_child(b)
	return b


func register_event_text(type: String, target: Object, method: String, color = null, quiet := false) -> void:
	event_text.register(type, target, method, color, quiet)


func speed_button(speed_value: int) -> Button:
	for button_name in SPEEDS:
		if SPEEDS[button_name] == speed_value:
			return $Root/TopBar/Row.get_node(button_name) as Button
	return null


func notify(text: String, kind: String = "info") -> void:
	var panel := PanelContainer.new()
	var style := StyleBoxFlat.new()
	style.bg_color = {"error": Color(0.45, 0.07, 0.08, 0.92), "warn": Color(0.40, 0.24, 0.05, 0.92)}.get(kind, Color(0.12, 0.1, 0.18, 0.92))
	style.content_margin_left = 10
	style.content_margin_right = 10
	style.content_margin_top = 4
	style.content_margin_bottom = 4
	style.set_corner_radius_all(4)
	panel.add_stylebox_override("panel", style)
	panel.mouse_filter = Control.MOUSE_FILTER_IGNORE
	var label := Label.new()
	label.text = text
	label.align = Label.ALIGN_CENTER
	label.autowrap = true
	panel.add_child(label)
	toasts.add_child(panel)
	while toasts.get_child_count() > 4:
		var old = toasts.get_child(0)
		toasts.remove_child(old)
		old.queue_free()
	var timer := get_tree().create_timer(TOAST_SECONDS)
	timer.connect("timeout", self, "_expire_toast", [weakref(panel)])


func show_error(text: String) -> void:
	if text == last_error and error_banner.visible:
		error_count += 1
	else:
		error_count = 1
	last_error = text
	var summary := _error_summary(text)
	if error_count > 1:
		summary += "  (x%d)" % error_count
	error_label.text = summary
	error_banner.hint_tooltip = text
	error_banner.visible = true


func hide_error() -> void:
	error_banner.visible = false
	error_count = 0


func event_words(ev: Dictionary) -> String:
	return event_text.text_of(ev)


# --- signal handlers -------------------------------------------------------------------

func _on_snapshot_updated(snap: Dictionary) -> void:
	var day := int(snap.get("day", 1))
	var hour := int(snap.get("hour", 0))
	var minute := int(snap.get("minute", 0))
	clock_label.text = "Day %d  %02d:%02d" % [day, hour, minute]
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


func _on_speed_pressed(value: int) -> void:
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": value})


func _on_tool_pressed(id: String) -> void:
	if id != tool_id:
		EventBus.emit_signal("tool_selected", id)


func _on_tool_selected(id: String) -> void:
	tool_id = id
	var b = tool_row.get_node_or_null(id)
	if b is Button and not b.pressed:
		b.pressed = true


func _on_sim_event(ev: Dictionary) -> void:
	if event_text.is_quiet(ev):
		return
	var text: String = event_text.text_of(ev)
	_add_log_line(ev, text)
	var type := str(ev.get("type", ""))
	if type == "refused":
		notify(text, "warn")
	elif type == "error":
		# A rule raised inside a step; the session caught it and carries on.
		show_error(str(ev.get("message", text)))


func _on_sim_error(text: String) -> void:
	show_error(text)


func _on_sim_failed(text: String) -> void:
	error_count = 0
	last_error = ""
	error_label.text = "The game could not start: " + text
	error_banner.hint_tooltip = text
	error_banner.visible = true


func _process(_delta: float) -> void:
	if _log_dirty:
		_log_dirty = false
		var shown := []
		for e in _log_entries:
			if _log_shown.get(e.category, true):
				shown.append(e.line)
		log_text.bbcode_text = PoolStringArray(shown).join("\n")


func _unhandled_input(event: InputEvent) -> void:
	if not (event is InputEventKey) or not event.pressed or event.echo:
		return
	if event.scancode == KEY_F5 or event.scancode == KEY_F9:
		EventBus.emit_signal("save_requested" if event.scancode == KEY_F5 else "load_requested")
		get_tree().set_input_as_handled()
		return
	var target := -1
	if event.is_action("speed_toggle_pause"):
		target = last_nonzero_speed if speed == 0 else 0
	elif event.is_action("speed_1"):
		target = 1
	elif event.is_action("speed_2"):
		target = 2
	elif event.is_action("speed_4"):
		target = 4
	if target >= 0:
		_on_speed_pressed(target)
		get_tree().set_input_as_handled()


# --- the event log -----------------------------------------------------------------------

# One line in the log. The same words again within LOG_REPEAT_WINDOW lines (a minion failing
# the same reset roll over and over) move to the bottom with a count instead of a new line.
func _add_log_line(ev: Dictionary, text: String) -> void:
	var col: Color = event_text.color_of(ev)
	var count := 1
	for k in range(_log_entries.size() - 1, max(-1, _log_entries.size() - 1 - LOG_REPEAT_WINDOW), -1):
		if _log_entries[k].text == text:
			count = int(_log_entries[k].count) + 1
			_log_entries.remove(k)
			_log_lines.remove(k)
			break
	var line := "[color=#6f6480]%s[/color] [color=#%s]%s[/color]" % [
		_time_prefix(ev), col.to_html(false), _escape(text + (" (x%d)" % count if count > 1 else ""))]
	_log_entries.append({"text": text, "category": event_text.category_of(ev), "count": count, "line": line})
	_log_lines.append(line)
	while _log_lines.size() > LOG_LINES:
		_log_lines.pop_front()
		_log_entries.pop_front()
	_log_dirty = true


func clear_log() -> void:
	_log_lines.clear()
	_log_entries.clear()
	_log_dirty = true


# Show or hide a category of the log ("combat", "traps", "doors", "invasions").
func set_log_filter(category: String, shown: bool) -> void:
	_log_shown[category] = shown
	var b = log_filter_row.get_node_or_null(category) if log_filter_row != null else null
	if b is Button and b.pressed != shown:
		b.pressed = shown
	_log_dirty = true


# The lines the log shows now (filters applied), as plain text.
func shown_log_texts() -> Array:
	var out := []
	for e in _log_entries:
		if _log_shown.get(e.category, true):
			out.append(e.text + (" (x%d)" % int(e.count) if int(e.count) > 1 else ""))
	return out


# A row of toggles above the log's text: one per category, pressed = shown.
func _add_log_filters() -> void:
	var panel: Control = $Root/EventLog
	var box := VBoxContainer.new()
	box.name = "Box"
	box.mouse_filter = Control.MOUSE_FILTER_IGNORE
	panel.remove_child(log_text)
	panel.add_child(box)
	log_filter_row = HBoxContainer.new()
	log_filter_row.name = "Filters"
	box.add_child(log_filter_row)
	var label := Label.new()
	label.text = "Log:"
	label.add_color_override("font_color", Color(0.7, 0.62, 0.8))
	log_filter_row.add_child(label)
	for f in LOG_FILTERS:
		var b := CheckBox.new()
		b.name = f[0]
		b.text = f[1]
		b.hint_tooltip = "Show or hide: " + f[2]
		b.pressed = true
		b.focus_mode = Control.FOCUS_NONE
		b.connect("toggled", self, "_on_log_filter_toggled", [f[0]])
		log_filter_row.add_child(b)
	log_text.size_flags_vertical = Control.SIZE_EXPAND_FILL
	box.add_child(log_text)


func _on_log_filter_toggled(pressed: bool, category: String) -> void:
	set_log_filter(category, pressed)


# Another level or a loaded save: the old game's lines go.
func _on_game_replaced(_path) -> void:
	clear_log()


# --- helpers ---------------------------------------------------------------------------

# The levels in res://levels, text and scene (those made for tests left out), after the title; picking one
# asks the SimClient to start it. It shows the level that is running.
func _add_level_picker() -> void:
	level_picker = OptionButton.new()
	level_picker.name = "LevelPicker"
	level_picker.hint_tooltip = "Play another level"
	level_picker.focus_mode = Control.FOCUS_NONE
	# Text levels, then the level scenes painted in the editor (addons/malignus_level).
	for suffix in [".level", ".tscn"]:
		for path in Files.find(LEVELS_DIR, "", suffix):
			if path.get_file().find("test") < 0:
				var title: String = path.get_file().get_basename().capitalize()
				level_picker.add_item(title + (" (scene)" if suffix == ".tscn" else ""))
				level_picker.set_item_metadata(level_picker.get_item_count() - 1, path)
	# id_pressed, not item_selected: OptionButton says nothing when the shown item is picked
	# again, and picking the level that runs must start it afresh (issue 13).
	level_picker.get_popup().connect("id_pressed", self, "_on_level_picked")
	var row: Node = $Root/TopBar/Row
	row.add_child_below_node(row.get_node("Title"), level_picker)
	EventBus.connect("sim_started", self, "_on_sim_started")


func _on_level_picked(id: int) -> void:
	var index := level_picker.get_item_index(id)
	if index >= 0:
		EventBus.emit_signal("level_requested", str(level_picker.get_item_metadata(index)))


func _on_sim_started(info: Dictionary) -> void:
	for i in range(level_picker.get_item_count()):
		if str(level_picker.get_item_metadata(i)) == str(info.get("level", "")):
			level_picker.select(i)


# Save and Load at the end of the top bar; the SimClient does the work.
func _add_save_buttons() -> void:
	var row: Node = $Root/TopBar/Row
	for spec in [["SaveButton", "Save", "Save the game (F5)", "save_requested"],
			["LoadButton", "Load", "Load the saved game (F9)", "load_requested"]]:
		var b := Button.new()
		b.name = spec[0]
		b.text = spec[1]
		b.hint_tooltip = spec[2]
		b.focus_mode = Control.FOCUS_NONE
		b.connect("pressed", EventBus, "emit_signal", [spec[3]])
		row.add_child(b)


# HUD buttons never take keyboard focus, so Space and the number keys stay game keys.
func _unfocus_buttons(node: Node) -> void:
	for c in node.get_children():
		if c is BaseButton:
			c.focus_mode = Control.FOCUS_NONE
		_unfocus_buttons(c)


func _expire_toast(ref: WeakRef) -> void:
	var panel = ref.get_ref()
	if panel != null:
		panel.queue_free()


static func _time_prefix(ev: Dictionary) -> String:
	return "t%d" % int(ev.get("tick", 0))


static func _escape(s: String) -> String:
	return s.replace("[", "(").replace("]", ")")


# The last line of a Python traceback ("ValueError: ...") is what a player needs.
static func _error_summary(text: String) -> String:
	var lines := text.strip_edges().split("\n")
	var last: String = text
	if lines.size() > 0:
		last = str(lines[lines.size() - 1]).strip_edges()
	return "Simulation error: " + last
