tool
extends VBoxContainer
# The Level dock's Goals list: the level's goals for a new keeper (its [goals] section,
# docs/level-format.md; in the scene the Sections/goals node, made with the first goal), one a
# row in their order, with Add, Remove, Up and Down; the selected goal's Kind, furniture kind
# (build), N and Advice are fields built from pysim's catalogue of goal kinds
# (SimClient.goal_kinds), and the line they make is checked by pysim's own check
# (SimClient.goal_reason) as it is edited. Every change is one step of the editor's undo
# (typing merges into one).

const SimClient = preload("res://core/SimClient.gd")
const LevelEdits = preload("res://addons/malignus_level/LevelEdits.gd")
const Widgets = preload("res://addons/malignus_level/Widgets.gd")
const SECTION := "goals"
const NEW_ADVICE := "What the player does next, in a line."
const OK_COLOR := Color(0.55, 0.9, 0.55)
const BAD_COLOR := Color(1, 0.5, 0.45)

var root = null              # the level scene edited (null: none open)
var undo = null              # the editor's UndoRedo (null: changes are made at once)
var kinds := []              # pysim's goal kinds [{kind, about, takes, least, most, choices}]
var error := ""              # why kinds is empty
var selected := -1           # the goal shown in the fields (-1: none)
var goal_list: ItemList
var kind_list: OptionButton
var what_list: OptionButton
var number: SpinBox
var advice: TextEdit         # wrapped; a line break typed becomes a space (one [goals] line)
var reason_label: Label
var about_label: Label
var _buttons := {}           # name -> Button
var _showing := false        # while the fields are filled from a goal (no change is made)


func _init() -> void:
	name = "GoalFields"
	goal_list = ItemList.new()
	goal_list.name = "GoalList"
	goal_list.auto_height = true
	goal_list.hint_tooltip = "The goals in the order the player meets them; pick one to edit it"
	var _s = goal_list.connect("item_selected", self, "select")
	add_child(goal_list)
	var buttons := GridContainer.new()
	buttons.columns = 2
	add_child(buttons)
	for b in [["Add", "A new goal after the selected one", "add_goal"],
			["Remove", "Remove the selected goal", "remove_goal"],
			["Up", "Move the selected goal up (earlier)", "_on_up"],
			["Down", "Move the selected goal down (later)", "_on_down"]]:
		_buttons[b[0]] = Widgets.button(buttons, b[0], b[0], b[1], self, b[2])
	kind_list = OptionButton.new()
	kind_list.name = "Kind"
	kind_list.clip_text = true
	var _k = kind_list.connect("item_selected", self, "_on_field_chosen")
	_row("Kind", kind_list)
	what_list = OptionButton.new()
	what_list.name = "What"
	what_list.clip_text = true
	what_list.hint_tooltip = "The furniture kind to build"
	var _w = what_list.connect("item_selected", self, "_on_field_chosen")
	_row("Build", what_list)
	number = SpinBox.new()
	number.name = "Number"
	number.hint_tooltip = "N: how many (metal, tiles, traps, invasions, adventurers, the day)"
	var _n = number.connect("value_changed", self, "_on_field_chosen")
	_row("N", number)
	advice = TextEdit.new()
	advice.name = "Advice"
	advice.wrap_enabled = true
	advice.rect_min_size = Vector2(0, 76)
	advice.hint_tooltip = "Shown while it is the current goal"
	var _a = advice.connect("text_changed", self, "_on_advice_typed")
	_row("Advice", advice)
	var notes := Widgets.note_labels(self)
	reason_label = notes[0]
	about_label = notes[1]


func _row(title: String, field: Control) -> void:
	var _row := Widgets.field_row(self, title, field, 44)


# Shows the goals of a level scene (null: none open) and edits them from now on.
func edit(level_root) -> void:
	root = level_root
	if kinds.empty():
		var got = SimClient.goal_kinds()
		if typeof(got) == TYPE_ARRAY:
			kinds = got
			error = ""
		else:
			error = str(got.get("error", got)) if typeof(got) == TYPE_DICTIONARY else str(got)
		kind_list.clear()
		for k in kinds:
			kind_list.add_item(str(k["kind"]))
			kind_list.get_popup().set_item_tooltip(kind_list.get_item_count() - 1, str(k["about"]))
	refresh()


# The goal lines of the level edited ([] when it has none).
func lines() -> Array:
	var node = root.get_node_or_null("Sections/" + SECTION) if root != null else null
	return Array(node.lines) if node != null else []


# The list and the fields again from the scene (after an edit, an undo or a redo).
func refresh() -> void:
	var all := lines()
	goal_list.clear()
	for i in range(all.size()):
		goal_list.add_item("%d. %s" % [i + 1, str(all[i])])
		goal_list.set_item_tooltip(i, str(all[i]))
	selected = int(min(selected, all.size() - 1))
	if selected < 0 and not all.empty():
		selected = 0
	if selected >= 0:
		goal_list.select(selected)
	_show()


func select(index: int) -> void:
	selected = index
	_show()


# The catalogue entry of a kind ({} when pysim does not list it).
func entry(kind: String) -> Dictionary:
	for k in kinds:
		if str(k["kind"]) == kind:
			return k
	return {}


func _show() -> void:
	var all := lines()
	var editing: bool = root != null and selected >= 0 and selected < all.size()
	for field in [kind_list, what_list, number, advice]:
		field.get_parent().visible = editing
	_buttons["Add"].disabled = root == null or kinds.empty()
	for b in ["Remove", "Up", "Down"]:
		_buttons[b].disabled = not editing
	reason_label.visible = editing or error != ""
	about_label.visible = editing
	if not editing:
		reason_label.text = "" if error == "" else "pysim's goal kinds: %s" % error
		return
	var parts := split(str(all[selected]))
	var e := entry(parts["kind"])
	_showing = true
	kind_list.select(kinds.find(e))
	what_list.clear()
	for c in e.get("choices", []):
		what_list.add_item(str(c))
	what_list.select(Array(e.get("choices", [])).find(parts["what"]))
	what_list.get_parent().visible = str(e.get("takes", "")) == "furniture"
	number.min_value = int(e.get("least", 1))
	number.max_value = int(e.get("most", 100000))
	number.value = int(parts["n"])
	number.get_parent().visible = str(e.get("takes", "nothing")) != "nothing"
	if advice.text.replace("\n", " ").strip_edges() != parts["advice"]:
		advice.text = parts["advice"]       # (not while typing: the caret stays)
	about_label.text = str(e.get("about", "Not a goal kind pysim knows."))
	_showing = false
	var _why := check_goal()


# pysim's check of the selected goal's line, said under the fields: "" when it is right.
func check_goal() -> String:
	var all := lines()
	if selected < 0 or selected >= all.size():
		return ""
	var got = SimClient.goal_reason(str(all[selected]))
	var why: String = str(got) if typeof(got) == TYPE_STRING else "cannot ask pysim: %s" % str(got)
	if why == "":
		reason_label.text = "The goal fits."
		reason_label.add_color_override("font_color", OK_COLOR)
	else:
		reason_label.text = why
		reason_label.add_color_override("font_color", BAD_COLOR)
	return why


# {kind, what, n, advice} of a [goals] line (`KIND [WHAT] [N]: advice`), N 1 when left out.
static func split(line: String) -> Dictionary:
	var at := line.find(":")
	var spec: String = line.substr(0, at) if at >= 0 else line
	var words := []
	for w in spec.strip_edges().split(" ", false):
		words.append(w)
	var out := {"kind": "", "what": "", "n": 1,
			"advice": line.substr(at + 1).strip_edges() if at >= 0 else ""}
	if not words.empty():
		out["kind"] = words.pop_front()
	if not words.empty() and not str(words[0]).is_valid_integer():
		out["what"] = words.pop_front()
	if not words.empty() and str(words[0]).is_valid_integer():
		out["n"] = int(words[0])
	return out


# The [goals] line of a goal: its kind (a catalogue entry), the furniture kind (build), N
# (left out where the kind takes nothing, and where it may be and is 1) and the advice.
static func join(kind: Dictionary, what: String, n: int, text: String) -> String:
	var takes := str(kind.get("takes", "nothing"))
	var spec := str(kind.get("kind", ""))
	if takes == "furniture":
		spec += " " + what
	if takes == "number" or ((takes == "count" or takes == "furniture") and n != 1):
		spec += " %d" % n
	return "%s: %s" % [spec, text.strip_edges()]


# A new goal (the first kind, its least N) after the selected one, selected.
func add_goal() -> void:
	if root == null or kinds.empty():
		return
	var all := lines()
	var first: Dictionary = kinds[0]
	var at: int = selected + 1 if selected >= 0 else all.size()
	all.insert(at, join(first, str(first["choices"][0]) if not first["choices"].empty() else "",
			int(first["least"]), NEW_ADVICE))
	selected = at
	_set_lines(all, "Add a goal")


func remove_goal() -> void:
	var all := lines()
	if selected < 0 or selected >= all.size():
		return
	all.remove(selected)
	selected = int(min(selected, all.size() - 1))
	_set_lines(all, "Remove a goal")


func _on_up() -> void:
	move_goal(-1)


func _on_down() -> void:
	move_goal(1)


# Moves the selected goal `by` places (earlier: -1), staying selected.
func move_goal(by: int) -> void:
	var all := lines()
	var to := selected + by
	if selected < 0 or selected >= all.size() or to < 0 or to >= all.size():
		return
	var line = all[selected]
	all.remove(selected)
	all.insert(to, line)
	selected = to
	_set_lines(all, "Move a goal")


# Gives the selected goal these parts (the kind's name, the furniture kind, N, the advice);
# an N below the new kind's least becomes its least, a furniture kind it does not take its
# first. Returns pysim's reason ("" when the line is right).
func set_goal(kind: String, what: String, n: int, text: String, typed: bool = false) -> String:
	var all := lines()
	if selected < 0 or selected >= all.size():
		return "no goal is selected"
	var e := entry(kind)
	var choices: Array = Array(e.get("choices", []))
	if not choices.empty() and not what in choices:
		what = str(choices[0])
	n = int(max(n, int(e.get("least", 1))))
	var line := join(e, what, n, text)
	if line != str(all[selected]):
		all[selected] = line
		_set_lines(all, "Type a goal's advice" if typed else "Edit a goal", typed)
	return check_goal()


func _on_field_chosen(_value) -> void:
	if _showing:
		return
	var kind: String = kind_list.get_item_text(kind_list.selected) if kind_list.selected >= 0 else ""
	var what: String = what_list.get_item_text(what_list.selected) if what_list.selected >= 0 else ""
	var _why := set_goal(kind, what, int(number.value), advice.text.replace("\n", " "))


func _on_advice_typed() -> void:
	if not _showing:
		var _why := type_advice(advice.text)


# The advice typed (its line breaks as spaces: a goal is one line); pysim's reason returned.
func type_advice(text: String) -> String:
	var parts: Dictionary = split(str(lines()[selected])) if selected >= 0 and selected < lines().size() else {}
	if parts.empty():
		return "no goal is selected"
	return set_goal(parts["kind"], parts["what"], int(parts["n"]), text.replace("\n", " "), true)


func _set_lines(all: Array, action: String, typed: bool = false) -> void:
	var _node = LevelEdits.set_section_lines(root, SECTION, PoolStringArray(all), undo, action,
			typed, self)
	if undo == null:
		refresh()
