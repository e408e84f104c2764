extends PanelContainer
# A concept's side panel for the HUD's right dock (hud.add_side_panel; made and docked by
# core/ConceptExtension.gd's add_side_panel): a column `box` whose first row is a header
# with the panel's `title` and an "X" `close_button`. It starts hidden; its owner shows it
# (toggle `visible`) and adds its rows under the header with add_row / add_button.

const TITLE_COLOR := Color(1, 0.92, 0.6)

var box: VBoxContainer = null
var title: Label = null
var close_button: Button = null


# Builds the header; the close button calls target.close_method.
func build(panel_name: String, target: Object, close_method: String, close_tooltip: String) -> void:
	name = panel_name
	box = VBoxContainer.new()
	box.name = "Box"
	add_child(box)
	var header := add_row("Header")
	title = Label.new()
	title.name = "Title"
	title.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	title.clip_text = true
	title.add_color_override("font_color", TITLE_COLOR)
	header.add_child(title)
	close_button = add_button(header, "Close", "X", target, close_method)
	close_button.hint_tooltip = close_tooltip
	close_button.rect_min_size = Vector2(24, 24)
	visible = false


# A new row (HBoxContainer) at the bottom of the column.
func add_row(row_name: String = "") -> HBoxContainer:
	var row := HBoxContainer.new()
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


# A wrapping text label of the selection panel's width (tabs show their words in these).
static func add_text_label(parent: Node, label_name: String, min_height: float = 40.0) -> Label:
	var l := Label.new()
	l.name = label_name
	l.autowrap = true
	l.rect_min_size = Vector2(220, min_height)
	parent.add_child(l)
	return l
