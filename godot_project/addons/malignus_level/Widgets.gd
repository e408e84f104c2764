tool
extends Reference
# The controls the Level dock and its field editors (ThingFields.gd, GoalFields.gd) are made
# of, made one way: a button, a titled field row, the check's and the kind's words.


# A button that fills its row's width and calls target.method when pressed.
static func button(parent: Node, node_name: String, text: String, tip: String, target: Object,
		method: String) -> Button:
	var b := Button.new()
	b.name = node_name
	b.text = text
	b.hint_tooltip = tip
	b.clip_text = true
	b.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	var _c = b.connect("pressed", target, method)
	parent.add_child(b)
	return b


# A row of `box`: a title `width` px wide, then the field (which takes the rest of the width).
static func field_row(box: Node, title: String, field: Control, width: float) -> HBoxContainer:
	var row := HBoxContainer.new()
	row.name = title + "Row"
	var label := Label.new()
	label.text = title
	label.rect_min_size = Vector2(width, 0)
	row.add_child(label)
	field.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	row.add_child(field)
	box.add_child(row)
	return row


# Under a field editor's rows: the label for pysim's check of what is edited ("Reason") and the
# one for what the kind is ("About", dimmer). [reason, about].
static func note_labels(box: Node) -> Array:
	var reason := Label.new()
	reason.name = "Reason"
	reason.autowrap = true
	box.add_child(reason)
	var about := Label.new()
	about.name = "About"
	about.autowrap = true
	about.modulate = Color(1, 1, 1, 0.7)
	box.add_child(about)
	return [reason, about]
