extends Control
# ARRIVE-02 in the HUD: the letter "Adventurers spotted in your dungeon", then the party
# screen with the same title (the party's goal and every adventurer's class, level and
# abilities). Both come from the sim's `letter` event (pysim/invasions/sighting.py), which
# follows the pause (speed 0) in the same tick; closing them never touches the speed, so
# the game stays paused until the player resumes it.

const EventText = preload("res://hud/EventText.gd")
const Panels = preload("res://hud/Panels.gd")

var letter: PanelContainer = null
var letter_text: Label = null
var screen: PanelContainer = null
var screen_text: Label = null
var last := {}


func _init() -> void:
	name = "SpottedLetter"
	anchor_right = 1.0
	anchor_bottom = 1.0
	mouse_filter = Control.MOUSE_FILTER_IGNORE
	letter = _panel("Letter", "Read on", "_on_read_on")
	letter_text = letter.get_node("Box/Text")
	screen = _panel("PartyScreen", "Close", "_on_close")
	screen_text = screen.get_node("Box/Text")


func _panel(panel_name: String, button_text: String, method: String) -> PanelContainer:
	var p := Panels.centred(panel_name, Vector2(230, 110))
	var box := VBoxContainer.new()
	box.name = "Box"
	p.add_child(box)
	var title := Label.new()
	title.name = "Title"
	title.align = Label.ALIGN_CENTER
	title.add_color_override("font_color", Color(0.95, 0.78, 0.42))
	box.add_child(title)
	var text := Label.new()
	text.name = "Text"
	text.autowrap = true
	# an autowrapping label needs a width, or the panel grows one word a line
	text.rect_min_size = Vector2(420, 0)
	box.add_child(text)
	var b := Button.new()
	b.name = "Button"
	b.text = button_text
	b.focus_mode = Control.FOCUS_NONE
	b.size_flags_horizontal = Control.SIZE_SHRINK_CENTER
	var _err := b.connect("pressed", self, method)
	box.add_child(b)
	add_child(p)
	return p


func show_letter(ev: Dictionary) -> void:
	last = ev
	var title := str(ev.get("title", "Adventurers spotted in your dungeon"))
	letter.get_node("Box/Title").text = title
	screen.get_node("Box/Title").text = title
	var members: Array = ev.get("members", [])
	letter_text.text = "My lord, %s %s been seen in your dungeon. They came to %s.\n\nThe game is paused." % [
		EventText.plural(members.size(), "adventurer"), "has" if members.size() == 1 else "have",
		EventText._goal_words(str(ev.get("goal", "")))]
	screen_text.text = party_text(ev)
	screen.visible = false
	letter.visible = true
	_fit(letter)
	_fit(screen)


static func party_text(ev: Dictionary) -> String:
	var lines := ["Goal: to %s" % EventText._goal_words(str(ev.get("goal", "")))]
	for m in ev.get("members", []):
		var cls := str(m.get("class", "adventurer")).capitalize()
		var who := str(m.get("name", ""))
		var abilities: Array = m.get("abilities", [])
		var level := int(m.get("level", 0))
		var line := "%s%s, %s" % [who + ": " if who != "" else "", cls,
				"level %d" % level if level > 0 else "no level"]
		if abilities.empty():
			line += ", no abilities"
		else:
			var names := PoolStringArray()
			for a in abilities:
				names.append(str(a).capitalize())
			line += ", " + names.join(", ")
		lines.append(line)
	return PoolStringArray(lines).join("\n")


func _on_read_on() -> void:
	letter.visible = false
	screen.visible = true


# Shrinks a panel back to its content and centres it (a label's text changed).
func _fit(p: PanelContainer) -> void:
	p.margin_top = -110
	p.margin_bottom = 110
	p.rect_size = Vector2(p.rect_size.x, 0)
	var h := p.get_combined_minimum_size().y
	p.margin_top = -h / 2
	p.margin_bottom = h / 2


func show_party_screen() -> void:
	letter.visible = false
	screen.visible = true


func _on_close() -> void:
	screen.visible = false
