extends "res://hud/GamePanel.gd"
# The drifter's letter (PARTY-06): "NAME asks to hide in your dungeon", with Yes and No.
# Shown while the snapshot's drifter_letter names someone; the buttons send answer_drifter.
# Letting them in means the adventurers chasing them come as the next invasion. A letter of
# the HUD (hud.add_letter), WIDTH wide.

const WIDTH := 420.0

var ext = null
var body: Label = null
var yes_button: Button = null
var no_button: Button = null
var drifter := ""
var answered := ""     # the drifter just answered (a snapshot may still name them once)


func build_letter(owner_ext) -> void:
	ext = owner_ext
	build("DrifterLetter", "A drifter asks to hide in your dungeon")
	body = add_text(box, "Body")
	var row: Container = add_row("Answers")
	row.size_flags_horizontal = SIZE_SHRINK_CENTER
	yes_button = add_button(row, "Yes", "Let them in", self, "_on_yes")
	no_button = add_button(row, "No", "Turn them away", self, "_on_no")


func show_for(who: String, hours: int) -> void:
	if who == "":
		answered = ""
	drifter = who
	visible = who != "" and who != answered
	if who == "":
		return
	body.text = ("%s begs to hide in your dungeon from the adventurers on their heels. " +
			"If you let them in, those adventurers come as your next invasion. " +
			"Answer within %d hours.") % [who, hours]


func _on_yes() -> void:
	_answer(true)


func _on_no() -> void:
	_answer(false)


func _answer(accept: bool) -> void:
	ext.send({"type": "answer_drifter", "accept": accept})
	answered = drifter
	visible = false
