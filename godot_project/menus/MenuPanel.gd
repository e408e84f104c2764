extends PanelContainer
# One panel of the desktop frame's menus (the title menu, the pause menu, the settings, the
# lists of saves and levels, the confirmation): a heading, then rows laid out by a
# VBoxContainer, then an optional status line. The one way these panels are built; they sit
# in a menus/MenuLayer.gd, which centres them and scales them with the UI scale.
# Keyboard: the panel's first button takes the focus when it shows, so arrows and Enter work.

signal closed()       # its Back button (or Esc, through MenuLayer.back) closed it

const TITLE_COLOR := Color(1, 0.92, 0.6)
const TEXT_COLOR := Color(0.78, 0.72, 0.86)
const WIDTH := 360.0      # the panels' width at UI scale 1 (rows wrap inside it)

var box: VBoxContainer = null
var heading: Label = null
var status: Label = null      # a line under the rows (what just happened, or why not)


func _init(panel_name: String = "Panel", title: String = "") -> void:
	name = panel_name
	rect_min_size = Vector2(WIDTH, 0)
	add_stylebox_override("panel", style())
	box = VBoxContainer.new()
	box.name = "Box"
	box.add_constant_override("separation", 8)
	add_child(box)
	heading = Label.new()
	heading.name = "Heading"
	heading.text = title
	heading.align = Label.ALIGN_CENTER
	heading.autowrap = true
	heading.add_color_override("font_color", TITLE_COLOR)
	heading.visible = title != ""
	box.add_child(heading)
	status = Label.new()
	status.name = "Status"
	status.align = Label.ALIGN_CENTER
	status.autowrap = true
	status.add_color_override("font_color", TEXT_COLOR)
	status.visible = false
	box.add_child(status)
	var _err := connect("visibility_changed", self, "_on_visibility_changed")


static func style() -> StyleBoxFlat:
	var s := StyleBoxFlat.new()
	s.bg_color = Color(0.075, 0.06, 0.1, 0.96)
	s.border_color = Color(0.42, 0.22, 0.55)
	s.set_border_width_all(2)
	s.set_corner_radius_all(6)
	s.content_margin_left = 24
	s.content_margin_right = 24
	s.content_margin_top = 18
	s.content_margin_bottom = 18
	return s


# A button across the panel, above the status line; pressed calls target.method(binds...).
func add_button(button_name: String, text: String, target: Object, method: String,
		binds: Array = [], tooltip: String = "") -> Button:
	var b := Button.new()
	b.name = button_name
	b.text = text
	b.hint_tooltip = tooltip
	b.rect_min_size = Vector2(0, 34)
	b.clip_text = true
	var _err := b.connect("pressed", target, method, binds)
	return add_row(b) as Button


# A Control as the next row (above the status line, and the Back button stays last).
func add_row(control: Control) -> Control:
	box.add_child(control)
	box.move_child(status, box.get_child_count() - 1)
	var back := box.get_node_or_null("Back")
	if back != null and back != control:
		box.move_child(back, box.get_child_count() - 1)
	return control


# A wrapping line of text as the next row.
func add_text(text_name: String, text: String) -> Label:
	var label := Label.new()
	label.name = text_name
	label.text = text
	label.autowrap = true
	label.align = Label.ALIGN_CENTER
	label.add_color_override("font_color", TEXT_COLOR)
	return add_row(label) as Label


# The Back button at the bottom: emits closed.
func add_back(text: String = "Back") -> Button:
	return add_button("Back", text, self, "close", [], "Back (Esc)")


func close() -> void:
	emit_signal("closed")


# The rows between the heading and the status line, e.g. to list them again.
func clear_rows() -> void:
	for c in box.get_children():
		if c != heading and c != status:
			box.remove_child(c)
			c.queue_free()


func say(text: String) -> void:
	status.text = text
	status.visible = text != ""


func buttons() -> Array:
	var out := []
	for c in box.get_children():
		if c is BaseButton:
			out.append(c)
	return out


# The first button that can be pressed takes the keyboard focus.
func focus_first() -> void:
	for b in buttons():
		if b.is_visible_in_tree() and not b.disabled:
			b.grab_focus()
			return


func _on_visibility_changed() -> void:
	if is_visible_in_tree():
		call_deferred("focus_first")
