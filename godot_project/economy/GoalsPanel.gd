extends PanelContainer
# The Goals panel: a level's goals for a new keeper (pysim/economy/keeper_goals.py,
# docs/rules/economy.md "Goals for a new keeper"), a short list in order, met ones ticked,
# the current one bright with its advice under it, the rest dim; updated live from the
# snapshot's goal_* keys. Shown from the start of a level that has goals (hidden for one
# without); the header's button folds it to one line that still names the current goal.
# Only reads: it sends nothing. Attached to the HUD by GoalsExtension.gd.

const CURRENT_COLOR := Color(1, 0.92, 0.6)
const MET_COLOR := Color(0.62, 0.85, 0.62)
const LATER_COLOR := Color(0.72, 0.7, 0.78)
const SHOW_MET := 2          # met goals shown before the current one (the rest: one line)
const SHOW_NEXT := 2         # goals shown after it (the rest: one line)

onready var title_label: Label = $Box/Header/Title
onready var fold_button: Button = $Box/Header/Fold
onready var body: VBoxContainer = $Box/Body
onready var goal_rows: VBoxContainer = $Box/Body/List
onready var advice_label: Label = $Box/Body/List/Advice

var folded := false
var _shown := []          # what the rows show: [titles, met, progress, target, current, advice, kinds]


func _ready() -> void:
	visible = false
	var _err := fold_button.connect("pressed", self, "toggle_fold")
	_err = EventBus.connect("snapshot_updated", self, "_on_snapshot")
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


func _add_row(row_name: String, text: String, ticked: bool, colour: Color, titles: Array) -> CheckBox:
	var row := CheckBox.new()
	row.name = row_name
	row.pressed = ticked
	row.text = text
	row.mouse_filter = Control.MOUSE_FILTER_PASS      # for its tooltip
	row.disabled = true                                # ticked by the game, not by a click
	row.focus_mode = Control.FOCUS_NONE
	row.clip_text = true
	row.hint_tooltip = PoolStringArray(titles).join("\n")
	row.add_color_override("font_color", colour)
	row.add_color_override("font_color_pressed", colour)
	row.add_color_override("font_color_hover", colour)
	row.add_color_override("font_color_disabled", colour)
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
	_show_fold()


func _show_fold() -> void:
	body.visible = not folded
	fold_button.text = "+" if folded else "-"
	fold_button.hint_tooltip = "Show the goals" if folded else "Fold the goals to one line"


# The rows shown, in order (tests): [{text, met}].
func rows() -> Array:
	var out := []
	for row in goal_rows.get_children():
		if row is CheckBox:
			out.append({"text": row.text, "met": row.pressed})
	return out
