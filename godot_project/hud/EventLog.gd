extends PanelContainer
# The event log, bottom left above the tool bar: recent events in words (the HUD words them,
# hud/EventText.gd), newest at the bottom, with a toggle per category (combat, traps, doors,
# invasions). The player folds it away with its "Log" button (the button then counts the
# lines that came since) and makes it taller or shorter by dragging its top edge (the grip),
# between MIN_LINES and the room the HUD leaves it (set_max_height: a long error or toasts
# above it shrink it for a while; it grows back to the player's height after).

const LOG_LINES := 100           # the log keeps this many lines (the cap)
const LOG_REPEAT_WINDOW := 6     # a line said again within this many lines is counted, not repeated
const FILTERS := [["combat", "Combat", "Fights, wounds, knockouts, orders"],
		["traps", "Traps", "Trap parts, wires, resets, duties"],
		["doors", "Doors", "Doors, padlocks, breaches"],
		["invasions", "Invasions", "Parties, invasions, treasure, what adventurers learn"]]
const MIN_LINES := 2
const START_LINES := 5

onready var text: RichTextLabel = $Box/Text
onready var filter_row: Container = $Box/Header
onready var fold_button: Button = $Box/Header/Fold
onready var grip: Control = $Box/Grip

var lines := []                  # every kept line, as bbcode (filtered or not)
var entries := []                # {"time", "color", "text", "category", "count", "key", "many", "line"}, parallel to lines
var shown_categories := {"combat": true, "traps": true, "doors": true, "invasions": true}
var folded := false
var unread := 0                  # lines added while folded
var max_height := 400.0          # set by the HUD: the room left in the column
var wanted_height := 0.0         # the text's height the player chose (dragging the grip)
var _dirty := false
var _drag_from := -1.0           # the mouse's y when the grip was pressed, -1: not dragging
var _drag_height := 0.0


func _ready() -> void:
	wanted_height = line_height() * START_LINES
	text.rect_min_size.y = wanted_height
	for f in FILTERS:
		var b := CheckBox.new()
		b.name = f[0]
		b.text = f[1]
		b.hint_tooltip = "Show or hide: " + f[2]
		b.pressed = true
		b.focus_mode = FOCUS_NONE
		var _err := b.connect("toggled", self, "set_filter", [f[0]])
		filter_row.add_child(b)
	var _err := fold_button.connect("pressed", self, "toggle_folded")
	_err = grip.connect("gui_input", self, "_on_grip_input")
	_err = grip.connect("draw", self, "_draw_grip")
	# Another level or a loaded save: the old game's lines go (a save's own come back with its
	# view: main/Main.gd apply_view, after this).
	_err = EventBus.connect("game_loaded", self, "_on_game_replaced")
	_show_fold()


func line_height() -> float:
	return float(text.get_font("normal_font").get_height() + text.get_constant("line_separation"))


# One line, and the one way lines merge: a line whose key (its words, unless the event's words
# give one: hud/EventWords.gd merge_key) was said within the last LOG_REPEAT_WINDOW lines moves
# to the bottom with a count instead of a new line. Said with `many` (a phrase with one %d, the
# first line's) when it has one: a 12-tile Dig drag is "Dig ordered on 12 tiles (the first: ...)",
# not 12 lines; else with "(x3)": a minion failing the same reset roll over and over.
func add_line(text_words: String, category: String, color: Color, tick: int, key: String = "",
		many: String = "") -> void:
	var count := 1
	var same := key if key != "" else text_words
	for k in range(entries.size() - 1, max(-1, entries.size() - 1 - LOG_REPEAT_WINDOW), -1):
		if entries[k].key == same:
			count = int(entries[k].count) + 1
			many = str(entries[k].many)
			entries.remove(k)
			lines.remove(k)
			break
	_append({"time": time_words(tick), "color": color.to_html(false), "text": text_words,
			"category": category, "count": count, "key": same, "many": many})


func _append(e: Dictionary) -> void:
	e["line"] = "[color=#6f6480]%s[/color] [color=#%s]%s[/color]" % [
		_escape(str(e["time"])), e["color"], _escape(words_of(e))]
	entries.append(e)
	lines.append(e["line"])
	while lines.size() > LOG_LINES:
		lines.pop_front()
		entries.pop_front()
	if folded:
		unread += 1
		_show_fold()
	_dirty = true


# A line's words: its own, or merged ones with their count.
static func words_of(e: Dictionary) -> String:
	var count := int(e.get("count", 1))
	if count <= 1:
		return str(e["text"])
	var many := str(e.get("many", ""))
	if many.find("%d") >= 0:
		return many.replace("%d", str(count))
	return "%s (x%d)" % [str(e["text"]), count]


# The game clock, as the top bar says it ("07:30"; "d2 07:30" from day 2), not ticks.
static func time_words(tick: int) -> String:
	var hours := int(tick / 600.0)
	var hhmm := "%02d:%02d" % [hours % 24, int((tick % 600) / 10.0)]
	return hhmm if hours < 24 else "d%d %s" % [int(hours / 24.0) + 1, hhmm]


func _on_game_replaced(_path) -> void:
	clear()


func clear() -> void:
	lines.clear()
	entries.clear()
	unread = 0
	_show_fold()
	_dirty = true


# The lines as plain values (time, color, text, category, count), oldest first: what a save
# keeps of the log (main/Main.gd, "The view").
func saved_entries() -> Array:
	var out := []
	for e in entries:
		out.append({"time": e["time"], "color": e["color"], "text": e["text"],
				"category": e["category"], "count": e["count"], "key": e["key"], "many": e["many"]})
	return out


# The log made again from saved_entries() (a loaded save's): entries that are not such
# Dictionaries are skipped.
func restore(saved: Array) -> void:
	clear()
	for e in saved:
		if typeof(e) != TYPE_DICTIONARY or typeof(e.get("text")) != TYPE_STRING:
			continue
		var color := str(e.get("color", "ffffff"))
		var key := str(e.get("key", ""))
		_append({"time": str(e.get("time", "")), "text": e["text"],
				"color": color if color.is_valid_html_color() else "ffffff",
				"category": str(e.get("category", "")), "count": int(max(1, int(e.get("count", 1)))),
				"key": key if key != "" else e["text"], "many": str(e.get("many", ""))})


# Show or hide a category of the log ("combat", "traps", "doors", "invasions").
func set_filter(shown: bool, category: String) -> void:
	shown_categories[category] = shown
	var b = filter_row.get_node_or_null(category)
	if b is Button and b.pressed != shown:
		b.pressed = shown
	_dirty = true


# The lines the log shows now (filters applied), as plain text.
func shown_texts() -> Array:
	var out := []
	for e in entries:
		if shown_categories.get(e.category, true):
			out.append(words_of(e))
	return out


func set_folded(fold: bool) -> void:
	folded = fold
	text.visible = not folded
	grip.visible = not folded
	for c in filter_row.get_children():
		if c != fold_button:
			c.visible = not folded
	unread = 0
	_show_fold()


func toggle_folded() -> void:
	set_folded(not folded)


# The text's height in pixels the player wants, kept between MIN_LINES lines and max_height.
func set_text_height(h: float) -> void:
	var lo := fewest_lines_height()
	wanted_height = clamp(h, lo, max(lo, max_height))
	_apply_height()


func set_max_height(h: float) -> void:
	max_height = h
	_apply_height()


# The height the text takes now: the player's, or less while the column lacks the room.
func text_height() -> float:
	return text.rect_min_size.y if text.visible else 0.0


# The least the text takes unfolded: MIN_LINES lines.
func fewest_lines_height() -> float:
	return line_height() * MIN_LINES


func _apply_height() -> void:
	var lo := fewest_lines_height()
	var h: float = max(lo, min(wanted_height, max_height))
	if h != text.rect_min_size.y:
		text.rect_min_size.y = h


func _process(_delta: float) -> void:
	if _dirty:
		_dirty = false
		var shown := []
		for e in entries:
			if shown_categories.get(e.category, true):
				shown.append(e.line)
		text.bbcode_text = PoolStringArray(shown).join("\n")


func _show_fold() -> void:
	if fold_button == null:
		return
	if folded:
		fold_button.text = "+ Log" + (" (%d new)" % unread if unread > 0 else "")
		fold_button.hint_tooltip = "Open the log"
	else:
		fold_button.text = "- Log"
		fold_button.hint_tooltip = "Fold the log away"


# Dragging the grip up makes the log taller. The mouse's height on the screen, in the HUD's
# units (the UI scale), not the grip's own (the grip moves with the log's top).
func _on_grip_input(event: InputEvent) -> void:
	var y: float = event.global_position.y / get_global_transform_with_canvas().get_scale().y \
			if event is InputEventMouse else 0.0
	if event is InputEventMouseButton and event.button_index == BUTTON_LEFT:
		_drag_from = y if event.pressed else -1.0
		_drag_height = text.rect_min_size.y
		accept_event()
	elif event is InputEventMouseMotion and _drag_from >= 0:
		set_text_height(_drag_height - (y - _drag_from))
		accept_event()


func _draw_grip() -> void:
	var w := grip.rect_size.x
	var c := Color(0.6, 0.5, 0.75, 0.8)
	grip.draw_line(Vector2(w / 2 - 16, 2), Vector2(w / 2 + 16, 2), c, 1.0)
	grip.draw_line(Vector2(w / 2 - 10, 4), Vector2(w / 2 + 10, 4), c, 1.0)


static func _escape(s: String) -> String:
	return s.replace("[", "(").replace("]", ")")
