tool
extends VBoxContainer
# A Thing's Kind and Arg, chosen from lists built from pysim's catalogue of level things
# (LevelCatalog.gd): Kind is a list of every level thing, by group; Arg is free text with a
# list of the args the kind offers (and the options that may follow after '/'), checked
# against the kind's form by pysim as it is typed. Shown in the Inspector for a selected
# Thing (ThingInspector.gd), in place of the plain Kind and Arg fields. Each change is one
# step of the editor's undo (merged while typing).

const LevelCatalog = preload("res://addons/malignus_level/LevelCatalog.gd")
const Widgets = preload("res://addons/malignus_level/Widgets.gd")
const OK_COLOR := Color(0.55, 0.9, 0.55)
const BAD_COLOR := Color(1, 0.5, 0.45)

var catalog = null           # a LevelCatalog
var undo = null              # the editor's UndoRedo (null: changes are made at once)
var thing = null             # the Thing node edited
var kind_list: OptionButton
var arg_edit: LineEdit
var arg_menu: MenuButton
var reason_label: Label
var about_label: Label
var _kinds := []             # the kind of each item of kind_list ("" for the group titles)


func _init() -> void:
	name = "ThingFields"
	kind_list = OptionButton.new()
	kind_list.name = "Kind"
	kind_list.clip_text = true
	var _k = kind_list.connect("item_selected", self, "_on_kind_selected")
	var _kind_row := _row("Kind", kind_list)
	arg_edit = LineEdit.new()
	arg_edit.name = "Arg"
	arg_edit.placeholder_text = "(nothing)"
	var _a = arg_edit.connect("text_changed", self, "_on_arg_typed")
	var arg_row := _row("Arg", arg_edit)
	arg_menu = MenuButton.new()
	arg_menu.name = "ArgChoices"
	arg_menu.text = "List"
	arg_menu.hint_tooltip = "The args this kind takes (pysim's catalogue)"
	arg_menu.flat = false
	var _m = arg_menu.get_popup().connect("id_pressed", self, "_on_arg_chosen")
	arg_row.add_child(arg_menu)
	var notes := Widgets.note_labels(self)
	reason_label = notes[0]
	about_label = notes[1]


# A row of this box: a title, then the field (which takes the rest of the width).
func _row(title: String, field: Control) -> HBoxContainer:
	return Widgets.field_row(self, title, field, 36)


# Shows `node` (a Thing) and edits it from now on.
func edit(node) -> void:
	thing = node
	if catalog == null:
		catalog = LevelCatalog.new()
	if not catalog.loaded():
		var _loaded = catalog.load_catalog()
	_fill_kinds()
	_show()


func _fill_kinds() -> void:
	kind_list.clear()
	_kinds = []
	for group in catalog.groups():
		kind_list.add_separator()
		_kinds.append("")
		kind_list.set_item_text(kind_list.get_item_count() - 1, group)
		for t in catalog.things:
			if str(t["group"]) == group:
				kind_list.add_item(str(t["kind"]))
				_kinds.append(str(t["kind"]))
				kind_list.get_popup().set_item_tooltip(kind_list.get_item_count() - 1, catalog.describe(str(t["kind"])))


# The kinds the Kind list offers, in its order.
func listed_kinds() -> Array:
	var out := []
	for k in _kinds:
		if k != "":
			out.append(k)
	return out


# The args the Arg list offers for the kind shown: its choices, then each option as
# "+/option".
func listed_args() -> Array:
	var out := []
	var popup := arg_menu.get_popup()
	for i in range(popup.get_item_count()):
		out.append(popup.get_item_text(i))
	return out


func _show() -> void:
	if thing == null:
		return
	var kind := str(thing.kind)
	var at := _kinds.find(kind)
	if at >= 0:
		kind_list.select(at)
	else:
		kind_list.select(-1)
		kind_list.text = kind
	if arg_edit.text != str(thing.arg):
		arg_edit.text = str(thing.arg)
	var popup := arg_menu.get_popup()
	popup.clear()
	for c in catalog.choices(kind):
		popup.add_item(str(c) if str(c) != "" else "(nothing)")
	for o in catalog.options(kind):
		popup.add_item("+/" + str(o))
	arg_menu.disabled = popup.get_item_count() == 0
	about_label.text = catalog.describe(kind) if catalog.loaded() else "pysim's catalogue is not loaded: %s" % catalog.error
	var _why := check_arg()


# Checks the Arg shown against the kind's form (pysim's check) and says so; returns the
# reason ("" when it is right).
func check_arg() -> String:
	if thing == null:
		return ""
	var why: String = catalog.arg_reason(str(thing.kind), arg_edit.text)
	if why == "":
		reason_label.text = "Arg fits %s." % str(thing.kind)
		reason_label.add_color_override("font_color", OK_COLOR)
	else:
		reason_label.text = why
		reason_label.add_color_override("font_color", BAD_COLOR)
	return why


func _on_kind_selected(index: int) -> void:
	if index < 0 or index >= _kinds.size() or _kinds[index] == "":
		return
	set_kind(_kinds[index])


# Gives the Thing another kind; an arg the new kind does not take becomes its first choice.
func set_kind(kind: String) -> void:
	if thing == null or kind == str(thing.kind):
		return
	var arg := str(thing.arg)
	if catalog.arg_reason(kind, arg) != "":
		arg = catalog.default_arg(kind)
	_change({"kind": kind, "arg": arg}, "Set the thing's kind", false)
	_show()


func _on_arg_typed(text: String) -> void:
	set_arg(text, true)


# Sets the Arg (typed: steps of one typing merge into one undo step).
func set_arg(text: String, typed: bool = false) -> void:
	if thing == null:
		return
	if text != str(thing.arg):
		_change({"arg": text}, "Set the thing's arg", typed)
	if arg_edit.text != text:
		arg_edit.text = text
	var _why := check_arg()


func _on_arg_chosen(id: int) -> void:
	var text := arg_menu.get_popup().get_item_text(id)
	if text.begins_with("+/"):
		var base := arg_edit.text
		if base == "":
			base = catalog.default_arg(str(thing.kind))
		set_arg(base + text.substr(1))
	else:
		set_arg("" if text == "(nothing)" else text)


func _change(values: Dictionary, action: String, merge: bool) -> void:
	if undo == null:
		for key in values:
			thing.set(key, values[key])
		return
	undo.create_action(action, UndoRedo.MERGE_ENDS if merge else UndoRedo.MERGE_DISABLE)
	for key in values:
		undo.add_do_property(thing, key, values[key])
		undo.add_undo_property(thing, key, thing.get(key))
	undo.add_do_method(self, "_show")
	undo.add_undo_method(self, "_show")
	undo.commit_action()
