extends PanelContainer
# The one way to build a panel: the selection panel, the concepts' side panels in the right
# dock (hud.add_side_panel, ConceptExtension.add_side_panel) and the letters in the middle of
# the screen (hud.add_letter: the key help, the end screen, the spotted party's letter and
# party screen, the drifter's plea) are all GamePanels.
#   build(name, title, target, close_method, close_tooltip)   header: title and an X button
#                                                              (no X when close_method is "")
#   box                     the column under the header: add rows, texts and tabs to it
#   add_row(name)           a FlowRow (buttons wrap onto more rows, never cut off)
#   add_text(parent, name)  a wrapping Label as wide as the panel
#   add_button(parent, name, text, target, method)   a button that never takes the keyboard
# A panel fills the width its container gives it (the dock's column, a letter's width) and
# every text in it wraps at that width, so nothing runs past its edge. It starts hidden;
# its owner shows it (visible).

const FlowRow = preload("res://hud/FlowRow.gd")
const STYLE = preload("res://hud/panel_style.tres")
const TITLE_COLOR := Color(1, 0.92, 0.6)

var box: VBoxContainer = null
var header: HBoxContainer = null
var title: Label = null
var close_button: Button = null


func _init() -> void:
	add_stylebox_override("panel", STYLE)
	size_flags_horizontal = SIZE_EXPAND_FILL
	# Wheel and clicks on the panel's empty parts reach the dock's scroll bar, not the map.
	mouse_filter = MOUSE_FILTER_PASS


func build(panel_name: String, title_text: String = "", target: Object = null,
		close_method: String = "", close_tooltip: String = "") -> void:
	name = panel_name
	box = VBoxContainer.new()
	box.name = "Box"
	box.mouse_filter = MOUSE_FILTER_IGNORE
	box.add_constant_override("separation", 6)
	add_child(box)
	header = HBoxContainer.new()
	header.name = "Header"
	header.mouse_filter = MOUSE_FILTER_IGNORE
	box.add_child(header)
	title = add_text(header, "Title")
	title.text = title_text
	title.add_color_override("font_color", TITLE_COLOR)
	if close_method != "" and target != null:
		close_button = add_button(header, "Close", "X", target, close_method)
		close_button.hint_tooltip = close_tooltip
		close_button.rect_min_size = Vector2(24, 24)
		close_button.size_flags_vertical = SIZE_SHRINK_CENTER
	visible = false


# A row of buttons (or other controls) at the bottom of the column; it wraps.
func add_row(row_name: String = "") -> Container:
	var row := FlowRow.new()
	if row_name != "":
		row.name = row_name
	box.add_child(row)
	return row


# A button that never takes keyboard focus (Space and the number keys stay game keys) and
# calls target.method when pressed.
static func add_button(parent: Node, button_name: String, text: String, target: Object, method: String) -> Button:
	var b := Button.new()
	b.name = button_name
	b.text = text
	b.focus_mode = Control.FOCUS_NONE
	var _err := b.connect("pressed", target, method)
	parent.add_child(b)
	return b


# A label that wraps at its parent's width (a panel's column, a tab, a header).
static func add_text(parent: Node, label_name: String, color = null) -> Label:
	var l := Label.new()
	l.name = label_name
	l.autowrap = true
	l.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	l.mouse_filter = Control.MOUSE_FILTER_IGNORE
	if color != null:
		l.add_color_override("font_color", color)
	parent.add_child(l)
	return l


# A bbcode text that wraps at its parent's width and is as tall as its text.
static func add_rich_text(parent: Node, label_name: String) -> RichTextLabel:
	var t := RichTextLabel.new()
	t.name = label_name
	t.bbcode_enabled = true
	t.fit_content_height = true
	t.scroll_active = false
	t.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	t.mouse_filter = Control.MOUSE_FILTER_PASS
	t.add_stylebox_override("normal", StyleBoxEmpty.new())
	parent.add_child(t)
	return t
