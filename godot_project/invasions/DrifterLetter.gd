extends PanelContainer
# The drifter's letter (PARTY-06): "NAME asks to hide in your dungeon", with Yes and No.
# Shown while the snapshot's drifter_letter names someone; the buttons send answer_drifter.
# Letting them in means the adventurers chasing them come as the next invasion.

var ext = null
var title: Label = null
var body: Label = null
var yes_button: Button = null
var no_button: Button = null
var drifter := ""
var answered := ""     # the drifter just answered (a snapshot may still name them once)


func build(owner_ext) -> void:
	ext = owner_ext
	name = "DrifterLetter"
	visible = false
	anchor_left = 0.5
	anchor_right = 0.5
	anchor_top = 0.2
	anchor_bottom = 0.2
	margin_left = -190
	margin_right = 190
	var box := VBoxContainer.new()
	add_child(box)
	title = Label.new()
	title.name = "Title"
	title.align = Label.ALIGN_CENTER
	box.add_child(title)
	body = Label.new()
	body.name = "Body"
	body.autowrap = true
	body.rect_min_size = Vector2(360, 0)
	box.add_child(body)
	var row := HBoxContainer.new()
	row.alignment = BoxContainer.ALIGN_CENTER
	box.add_child(row)
	yes_button = _button(row, "Yes", "Let them in", true)
	no_button = _button(row, "No", "Turn them away", false)


func _button(row: Node, button_name: String, text: String, accept: bool) -> Button:
	var b := Button.new()
	b.name = button_name
	b.text = text
	b.focus_mode = Control.FOCUS_NONE
	var _err := b.connect("pressed", self, "_answer", [accept])
	row.add_child(b)
	return b


func show_for(who: String, hours: int) -> void:
	if who == "":
		answered = ""
	drifter = who
	visible = who != "" and who != answered
	if who == "":
		return
	title.text = "A drifter asks to hide in your dungeon"
	body.text = ("%s begs to hide in your dungeon from the adventurers on their heels. " +
			"If you let them in, those adventurers come as your next invasion. " +
			"Answer within %d hours.") % [who, hours]


func _answer(accept: bool) -> void:
	ext.send({"type": "answer_drifter", "accept": accept})
	answered = drifter
	visible = false
