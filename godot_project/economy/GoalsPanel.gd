extends "res://hud/GamePanel.gd"
# The Goals panel: a level's goals for a new keeper (pysim/economy/keeper_goals.py,
# docs/rules/economy.md "Goals for a new keeper"), a short list in order, met ones ticked,
# the current one bright with its advice under it, the rest dim; updated live from the
# snapshot's goal_* keys. Shown from the start of a level that has goals (hidden for one
# without); the header's button folds it to one line that still names the current goal (a
# small HUD starts it folded).
# Only reads: it sends nothing. A GamePanel (the HUD's one way to build a panel), docked by
# GoalsExtension.gd at the top of the right dock.

const CURRENT_COLOR := Color(1, 0.92, 0.6)
const MET_COLOR := Color(0.62, 0.85, 0.62)
const LATER_COLOR := Color(0.72, 0.7, 0.78)
const ADVICE_COLOR := Color(0.93, 0.9, 0.84)
const SHOW_MET := 2          # met goals shown before the current one (the rest: one line)
const SHOW_NEXT := 2         # goals shown after it (the rest: one line)
# A HUD less tall than this (a small window, a large UI scale) starts the list folded, so the
# map keeps its room; the player's own fold or unfold then stands.
const COMPACT_HEIGHT := 600.0

var title_label: Label = null
var fold_button: Button = null
var body: VBoxContainer = null
var goal_rows: VBoxContainer = null
var advice_label: Label = null
var folded := false
var fold_chosen := false  # the player folded or unfolded it: the HUD's height no longer does
var _hud_root: Control = null
var _shown := []          # what the rows show: [titles, met, progress, target, current, advice, kinds]


func _ready() -> void:
	build("GoalsPanel", "Goals")
	title_label = title
	fold_button = add_button(header, "Fold", "-", self, "toggle_fold")
	fold_button.rect_min_size = Vector2(24, 24)
	fold_button.size_flags_vertical = SIZE_SHRINK_CENTER
	body = VBoxContainer.new()
	body.name = "Body"
	body.mouse_filter = MOUSE_FILTER_IGNORE
	box.add_child(body)
	goal_rows = VBoxContainer.new()
	goal_rows.name = "List"
	goal_rows.mouse_filter = MOUSE_FILTER_IGNORE
	goal_rows.add_constant_override("separation", 0)
	body.add_child(goal_rows)
	advice_label = add_text(goal_rows, "Advice", ADVICE_COLOR)
	advice_label.visible = false
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot")
	var huds := get_tree().get_nodes_in_group("hud")
	if not huds.empty() and huds[0].get("root") is Control:
		_hud_root = huds[0].root
		_err = _hud_root.connect("resized", self, "_fit_to_hud")
	_fit_to_hud()
	_show_fold()


# Folded in a HUD less tall than COMPACT_HEIGHT, open in a taller one, until the player chooses.
func _fit_to_hud() -> void:
	if fold_chosen or _hud_root == null:
		return
	var compact := _hud_root.rect_size.y < COMPACT_HEIGHT
	if compact != folded:
		folded = compact
		_show_fold()


func _on_snapshot(snap: Dictionary) -> void:
	show_goals(snap)


# The goals of a snapshot: rows made again only when what they show moved.
func show_goals(snap: Dictionary) -> void:
	var titles: Array = Array(snap.get("goal_title", []))
	var now := [titles, Array(snap.get("goal_met", [])), Array(snap.get("goal_progress", [])),
			Array(snap.get("goal_target", [])), int(snap.get("goal_current", -1)),
			Array(snap.get("goal_advice", [])), Array(snap.get("goal_kind", []))]
	if now == _shown:
		return
	_shown = now
	visible = not titles.empty()
	var met: Array = now[1]
	var progress: Array = now[2]
	var target: Array = now[3]
	var current: int = now[4]
	var advice: Array = now[5]
	var kinds: Array = now[6]
	for row in goal_rows.get_children():
		if row != advice_label:
			goal_rows.remove_child(row)
			row.queue_free()
	var done := 0
	for m in met:
		done += 1 if int(m) == 1 else 0
	var shown := shown_goals(met, current, titles.size())
	var earlier := []          # titles met and left out above the rows
	for i in range(titles.size()):
		var is_met: bool = i < met.size() and int(met[i]) == 1
		if not i in shown:
			if is_met and i < current:
				earlier.append(str(titles[i]))
			continue
		if not earlier.empty():
			var _earlier := _add_row("Earlier", "%s met" % _goals_words(earlier.size()), true,
					MET_COLOR, earlier)
			earlier = []
		var kind: String = str(kinds[i]) if i < kinds.size() else ""
		var colour: Color = MET_COLOR if is_met else (CURRENT_COLOR if i == current else LATER_COLOR)
		var row := _add_row("Goal%d" % (i + 1), goal_text(str(titles[i]), kind, _at(progress, i),
				_at(target, i), is_met), is_met, colour, [str(titles[i])])
		if i == current:
			goal_rows.move_child(advice_label, row.get_index() + 1)
	var later := []
	for i in range(titles.size()):
		if not i in shown and i > current and not (i < met.size() and int(met[i]) == 1):
			later.append(str(titles[i]))
	if not later.empty():
		var _more := _add_row("Later", "and %d more" % later.size(), false,
				LATER_COLOR, later)
	var has_current: bool = current >= 0 and current < titles.size()
	advice_label.visible = has_current
	advice_label.text = str(advice[current]) if has_current and current < advice.size() else ""
	if has_current:
		title_label.text = "Goal %d of %d: %s" % [current + 1, titles.size(), str(titles[current])]
	elif titles.size() > 0 and done == titles.size():
		title_label.text = "Goals: all %d met" % titles.size()
	else:
		title_label.text = "Goals"
	title_label.hint_tooltip = title_label.text


# The goals shown in rows, the rest summed up in a line above ("3 goals met") or below ("and 5
# more"), so the list stays short: the last SHOW_MET met before the current goal, the current,
# the next SHOW_NEXT, and any met out of order after those.
static func shown_goals(met: Array, current: int, count: int) -> Array:
	var out := []
	var before := 0
	for i in range(count - 1, -1, -1):
		if i < current and before < SHOW_MET:
			out.push_front(i)
			before += 1
	for i in range(max(current, 0), count):
		if i <= current + SHOW_NEXT or (i < met.size() and int(met[i]) == 1):
			out.append(i)
	if current >= count:
		out = []
		for i in range(max(count - SHOW_MET, 0), count):
			out.append(i)
	return out


# A row of the list: a box the game ticks (never a click) and the goal's words, wrapped at
# the dock's width; its tooltip names the goals it stands for.
func _add_row(row_name: String, text: String, ticked: bool, colour: Color, titles: Array) -> HBoxContainer:
	var row := HBoxContainer.new()
	row.name = row_name
	row.mouse_filter = Control.MOUSE_FILTER_PASS      # for its tooltip
	row.hint_tooltip = PoolStringArray(titles).join("\n")
	var tick := CheckBox.new()
	tick.name = "Tick"
	tick.pressed = ticked
	tick.disabled = true
	tick.focus_mode = Control.FOCUS_NONE
	tick.mouse_filter = Control.MOUSE_FILTER_IGNORE
	tick.size_flags_vertical = SIZE_SHRINK_CENTER
	row.add_child(tick)
	var words := add_text(row, "Text", colour)
	words.text = text
	goal_rows.add_child(row)
	return row


static func _goals_words(n: int) -> String:
	return "1 goal" if n == 1 else "%d goals" % n


static func _at(values: Array, i: int) -> int:
	return int(values[i]) if i < values.size() else 0


# A goal's row: its title, and how far it is while not met ("Mine 6 metal (2/6)"; nothing
# for a goal of one thing, or a day: the clock says it).
static func goal_text(title: String, kind: String, progress: int, target: int, met: bool) -> String:
	if met or target <= 1 or kind == "day":
		return title
	return "%s (%d/%d)" % [title, int(min(progress, target)), target]


func toggle_fold() -> void:
	folded = not folded
	fold_chosen = true
	_show_fold()


func _show_fold() -> void:
	body.visible = not folded
	fold_button.text = "+" if folded else "-"
	fold_button.hint_tooltip = "Show the goals" if folded else "Fold the goals to one line"


# The rows shown, in order (tests): [{text, met}].
func rows() -> Array:
	var out := []
	for row in goal_rows.get_children():
		if row != advice_label:
			out.append({"text": row.get_node("Text").text, "met": row.get_node("Tick").pressed})
	return out
