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
# panel as tall as its text, then the concepts' side panels, top-aligned); bottom left the event
# log above the tool bar; the error banner and the toasts stay left of the dock.

const EventText = preload("res://hud/EventText.gd")
const Files = preload("res://core/Files.gd")
const Panels = preload("res://hud/Panels.gd")
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
onready var tool_row: GridContainer = $Root/ToolBar/Row
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
var help_panel: PanelContainer   # the key bindings (F1)
var map_tip: PanelContainer      # what is on the hovered tile
var map_tip_label: Label
var _tip_tile := Vector2(-1, -1)
var _tip_since := 0.0
var _tile_infos := []            # FuncRefs: fn(tile: Vector2, snap) -> Array of lines
var _snap := {}
var _tool_group: ButtonGroup
var level_picker: OptionButton
var _tools_fitted := ""           # the window width and shown tools the tool rows were fitted to


func _ready() -> void:
	add_to_group("hud")
	var _err := $Root/ErrorBanner/Row/Close.connect("pressed", self, "hide_error")
	for button_name in SPEEDS:
		var b: Button = $Root/TopBar/Row.get_node(button_name)
		_err = b.connect("pressed", self, "_on_speed_pressed", [SPEEDS[button_name]])
	_add_save_buttons()
	_add_level_picker()
	# The tick is a developer's number (the autoplay prints it): off the top bar, which
	# needs the room for the concepts' readouts (metal, invasions) at 1280 px.
	tick_label.visible = false
	_add_log_filters()
	_add_help()
	_add_map_tip()
	var build_label: Label = $Root/ToolBar/Row/Label.duplicate()
	build_label.name = "BuildLabel"
	build_label.text = "Build"
	tool_row.add_child(build_label)
	var select_button: Button = tool_row.get_node("select")
	_tool_group = select_button.group
	_err = select_button.connect("pressed", self, "_on_tool_pressed", ["select"])
	_unfocus_buttons($Root)
	_err = EventBus.connect("snapshot_updated", self, "_on_snapshot_updated")
	_err = EventBus.connect("sim_event", self, "_on_sim_event")
	_err = EventBus.connect("sim_error", self, "_on_sim_error")
	_err = EventBus.connect("sim_failed", self, "_on_sim_failed")
	_err = EventBus.connect("notify", self, "notify")
	_err = EventBus.connect("tool_selected", self, "_on_tool_selected")
	_err = EventBus.connect("game_loaded", self, "_on_game_replaced")
	_err = EventBus.connect("tile_hovered", self, "_on_tile_hovered")


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
	var _err := b.connect("pressed", self, "_on_tool_pressed", [id])
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
	var _err := timer.connect("timeout", self, "_expire_toast", [weakref(panel)])


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
	_snap = snap
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


func _process(delta: float) -> void:
	_update_map_tip(delta)
	_fit_tool_rows()
	if _log_dirty:
		_log_dirty = false
		var shown := []
		for e in _log_entries:
			if _log_shown.get(e.category, true):
				shown.append(e.line)
		log_text.bbcode_text = PoolStringArray(shown).join("\n")


# Before the GUI: a text box (the timer's delay) gives the keyboard back to the game when the
# player clicks anywhere else or presses Escape (issue 13: WASD and Space typed into it).
func _input(event: InputEvent) -> void:
	var focus = $Root.get_focus_owner()
	if event is InputEventMouseMotion:
		map_tip.visible = false          # shown again by _unhandled_input when over the map
	if not (focus is LineEdit):
		return
	if event is InputEventMouseButton and event.pressed:
		if not focus.get_global_rect().has_point(event.position):
			focus.release_focus()
	elif event is InputEventKey and event.pressed and event.scancode == KEY_ESCAPE:
		focus.release_focus()
		get_tree().set_input_as_handled()


func _unhandled_input(event: InputEvent) -> void:
	if event is InputEventMouseMotion:
		_tip_since = 0.0 if map_tip.visible else _tip_since
		map_tip.visible = _tip_ready()
		map_tip.rect_position = _tip_position(event.position)
		return
	if not (event is InputEventKey) or not event.pressed or event.echo:
		return
	if event.scancode == KEY_F1:
		help_panel.visible = not help_panel.visible
		get_tree().set_input_as_handled()
		return
	if event.scancode == KEY_ESCAPE and close_top_panel():
		get_tree().set_input_as_handled()
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


# --- panels: Escape, the key help ----------------------------------------------------------

# Escape closes the panel on top: the key help, else the newest side panel that shows (the
# trap, door or order panel), else nothing here (the map then drops the tool, then the
# selection). True when something closed.
func close_top_panel() -> bool:
	if help_panel.visible:
		help_panel.visible = false
		return true
	var docked := right_dock.get_children()
	docked.invert()
	for c in docked:
		if c.visible and c.get("close_button") is Button:
			c.close_button.emit_signal("pressed")
			return true
	return false


const HELP_TEXT := """[b]Keys[/b]
[color=#ffe99a]W A S D[/color] / arrows   move the camera  ([color=#ffe99a]middle drag[/color] too)
[color=#ffe99a]wheel[/color], [color=#ffe99a]=[/color] / [color=#ffe99a]-[/color]   zoom
[color=#ffe99a]left click[/color]   select (with a tool: use the tool)
[color=#ffe99a]right click[/color], [color=#ffe99a]Esc[/color]   close the top panel, drop the tool, clear the selection
[color=#ffe99a]Space[/color]   pause / go on      [color=#ffe99a]1 2 3[/color]   speed 1x 2x 4x
[color=#ffe99a]F5[/color] / [color=#ffe99a]F9[/color]   save / load      [color=#ffe99a]F1[/color]   this help
Hover the map to see what is on a tile; hover a stat for what it does."""


func _add_help() -> void:
	help_panel = Panels.centred("Help", Vector2(260, 110))
	help_panel.add_stylebox_override("panel", panel_style())
	var text := RichTextLabel.new()
	text.name = "Text"
	text.bbcode_enabled = true
	text.bbcode_text = HELP_TEXT
	text.rect_min_size = Vector2(500, 190)
	text.mouse_filter = Control.MOUSE_FILTER_IGNORE
	help_panel.add_child(text)
	$Root.add_child(help_panel)
	var b := Button.new()
	b.name = "HelpButton"
	b.text = "?"
	b.hint_tooltip = "Keys and mouse (F1)"
	b.focus_mode = Control.FOCUS_NONE
	var _err := b.connect("pressed", self, "_on_help_pressed")
	$Root/TopBar/Row.add_child(b)


func _on_help_pressed() -> void:
	help_panel.visible = not help_panel.visible


# --- what is on the hovered tile -------------------------------------------------------------

# A concept adds lines to the map's hover tip: fn(tile: Vector2, snap: Dictionary) -> Array of
# Strings (its things on that tile).
func add_tile_info(target: Object, method: String) -> void:
	_tile_infos.append(funcref(target, method))


# The tip's lines for a tile: the place, who stands or lies there, then the concepts' lines.
func tile_lines(tile: Vector2) -> Array:
	var lines := [EventText.first_up(Names.place(tile.x, tile.y, "beyond the map"))]
	var ids = _snap.get("ent_id", [])
	var states = _snap.get("ent_state", [])
	var worlds := get_tree().get_nodes_in_group("world")
	# Who is drawn under the mouse (world/EntityLayer.gd: bodies sharing a tile are drawn
	# apart, walking ones between tiles).
	var under: Array = worlds[0].bodies_under_mouse(tile) if not worlds.empty() else []
	for i in range(min(ids.size(), states.size())):
		if int(ids[i]) in under:
			var st := int(states[i])
			lines.append(EventText.first_up(Names.title(ids[i])) + ["", " (knocked out)", " (dead)"][clamp(st, 0, 2)])
	for f in _tile_infos:
		if f.is_valid():
			var more = f.call_func(tile, _snap)
			if typeof(more) == TYPE_ARRAY:
				lines += more
	return lines


func _add_map_tip() -> void:
	map_tip = PanelContainer.new()
	map_tip.name = "MapTip"
	map_tip.mouse_filter = Control.MOUSE_FILTER_IGNORE
	var style := StyleBoxFlat.new()
	style.bg_color = Color(0.08, 0.06, 0.11, 0.9)
	style.border_color = Color(0.5, 0.42, 0.6)
	style.set_border_width_all(1)
	style.content_margin_left = 6
	style.content_margin_right = 6
	style.content_margin_top = 3
	style.content_margin_bottom = 3
	map_tip.add_stylebox_override("panel", style)
	map_tip_label = Label.new()
	map_tip_label.name = "Text"
	map_tip_label.mouse_filter = Control.MOUSE_FILTER_IGNORE
	map_tip.add_child(map_tip_label)
	map_tip.visible = false
	$Root.add_child(map_tip)


const TIP_DELAY := 0.35          # seconds on a tile before its tip shows


func _on_tile_hovered(tile: Vector2) -> void:
	_tip_tile = tile
	_tip_since = 0.0
	map_tip.visible = false


func _tip_ready() -> bool:
	return _tip_tile.x >= 0 and _tip_since >= TIP_DELAY


func _update_map_tip(delta: float) -> void:
	if _tip_tile.x < 0:
		return
	var was := _tip_since
	_tip_since += delta
	# The tip appears after the delay if the mouse still rests on the map, and follows the
	# snapshot (someone walks in) while it shows.
	if was < TIP_DELAY and _tip_since >= TIP_DELAY and _mouse_on_map():
		map_tip.visible = true
		map_tip.rect_position = _tip_position(get_viewport().get_mouse_position())
	if map_tip.visible:
		var text := PoolStringArray(tile_lines(_tip_tile)).join("\n")
		if text != map_tip_label.text:
			map_tip_label.text = text
			map_tip.rect_size = Vector2.ZERO


func _mouse_on_map() -> bool:
	var at := get_viewport().get_mouse_position()
	for c in [$Root/TopBar, $Root/EventLog, $Root/ToolBar, help_panel]:
		if c.visible and c.get_global_rect().has_point(at):
			return false
	for c in right_dock.get_children():
		if c is Control and c.visible and c.get_global_rect().has_point(at):
			return false
	return true


func _tip_position(at: Vector2) -> Vector2:
	var vp := get_viewport().get_visible_rect().size
	var p := at + Vector2(16, 18)
	var size := map_tip.get_combined_minimum_size()
	p.x = min(p.x, vp.x - size.x - 4)
	p.y = min(p.y, vp.y - size.y - 4)
	return p


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


# A line in the log that no sim event said: the game's advice on the next step (a "note",
# shown whatever the filters, at the game clock's time).
func add_log_note(text: String) -> void:
	_add_log_line({"type": "note", "tick": int(_snap.get("tick", 0))}, text)


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
		var _err := b.connect("toggled", self, "_on_log_filter_toggled", [f[0]])
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
	var _err := level_picker.get_popup().connect("id_pressed", self, "_on_level_picked")
	var row: Node = $Root/TopBar/Row
	row.add_child_below_node(row.get_node("Title"), level_picker)
	_err = EventBus.connect("sim_started", self, "_on_sim_started")


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
		var _err := b.connect("pressed", EventBus, "emit_signal", [spec[3]])
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


# The game clock, as the top bar says it ("07:30"; "d2 07:30" from day 2), not ticks.
static func _time_prefix(ev: Dictionary) -> String:
	var tick := int(ev.get("tick", 0))
	var hours := int(tick / 600.0)
	var hhmm := "%02d:%02d" % [hours % 24, int((tick % 600) / 10.0)]
	return hhmm if hours < 24 else "d%d %s" % [int(hours / 24.0) + 1, hhmm]


static func _escape(s: String) -> String:
	return s.replace("[", "(").replace("]", ")")


# The last line of a Python traceback ("ValueError: ...") is what a player needs.
static func _error_summary(text: String) -> String:
	var lines := text.strip_edges().split("\n")
	var last: String = text
	if lines.size() > 0:
		last = str(lines[lines.size() - 1]).strip_edges()
	return "Simulation error: " + last


# --- the tool bar's rows ---------------------------------------------------------------------

# The tool bar (a grid) takes as many columns as fit left of the right dock and wraps the rest
# into more rows (the merged concepts bring some twenty tools: one row is wider than 1280 px);
# the event log moves up to stay above it. Refitted when the window or the shown tools change.
func _fit_tool_rows() -> void:
	var shown := []
	for c in tool_row.get_children():
		if c is Control and c.visible:
			shown.append(c)
	var room: float = right_dock.rect_position.x - $Root/ToolBar.rect_position.x - 24
	var key := "%d:%d" % [int(room), shown.size()]
	if key == _tools_fitted:
		return
	_tools_fitted = key
	shown = _order_tools(shown)
	# The map tools on the first row and the buildings under them when that fits; else as
	# many columns as fit.
	var first_row := 0
	while first_row < shown.size() and _tool_kind(shown[first_row]) == 0:
		first_row += 1
	var columns: int = int(max(shown.size(), 1))
	if first_row > 0 and first_row < shown.size() and _grid_width(shown, first_row) <= room:
		columns = first_row
	while columns > 1 and _grid_width(shown, columns) > room:
		columns -= 1
	tool_row.columns = columns
	var bar: PanelContainer = $Root/ToolBar
	bar.rect_size = Vector2.ZERO                     # shrink back to the grid's new size
	var height: float = bar.get_combined_minimum_size().y
	bar.margin_top = -8 - height
	bar.margin_bottom = -8
	var log_panel: Control = $Root/EventLog
	var log_height: float = log_panel.margin_bottom - log_panel.margin_top
	log_panel.margin_bottom = bar.margin_top - 8
	log_panel.margin_top = log_panel.margin_bottom - log_height


# The width of `controls` laid out in a grid of `columns` columns (each column as wide as its
# widest control).
func _grid_width(controls: Array, columns: int) -> float:
	var widths := []
	for i in range(controls.size()):
		var w: float = controls[i].get_combined_minimum_size().x
		if i < columns:
			widths.append(w)
		else:
			widths[i % columns] = max(widths[i % columns], w)
	var total := float(tool_row.get_constant("hseparation")) * (columns - 1)
	for w in widths:
		total += w
	return total


# Tools that build something (furniture, cells, altars, the watch's buildings): the second row.
const MAP_TOOLS := ["econ_dig", "econ_mine", "econ_wall"]
const BUILDING_TOOLS := ["cell", "altar", "guardpost", "scrying_pool"]


# 0: the map tools (and the "Tools" label), 1: the buildings (and the "Build" label), 2: the
# action buttons the concepts put at the end (Scry, Eye Scouts, Party).
func _tool_kind(c: Control) -> int:
	if c.name == "BuildLabel":
		return 1
	if not (c is Button):
		return 0
	if c.group != _tool_group:
		return 2
	var id := str(c.name)
	if id in BUILDING_TOOLS or (id.begins_with("econ_") and not id in MAP_TOOLS):
		return 1
	return 0


# The shown tools in their groups (each group in the order the concepts added them), the
# tool row's children moved to match.
func _order_tools(shown: Array) -> Array:
	var ordered := []
	for kind in [0, 1, 2]:
		for c in shown:
			if _tool_kind(c) == kind and c.name == "BuildLabel":
				ordered.append(c)
		for c in shown:
			if _tool_kind(c) == kind and c.name != "BuildLabel":
				ordered.append(c)
	for i in range(ordered.size()):
		tool_row.move_child(ordered[i], i)
	return ordered
