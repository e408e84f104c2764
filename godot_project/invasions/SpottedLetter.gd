extends Node
# ARRIVE-02 in the HUD: the letter "Adventurers spotted in your dungeon", then the party
# screen with the same title: the party's goal, and a card for every adventurer with its
# class sprite (as the map draws it), name, class and level, and each ability in words (what
# it does to you). Both come from the
# sim's `letter` event (pysim/invasions/sighting.py), which follows the pause (speed 0) in the
# same tick; closing them never touches the speed, so the game stays paused until the
# player resumes it. Both are the HUD's letters (GamePanels in the middle of the screen).

const EventText = preload("res://hud/EventText.gd")
const GamePanel = preload("res://hud/GamePanel.gd")
const WIDTH := 560.0
const NAME_COLOR := Color(0.95, 0.78, 0.42)
const GOAL_COLOR := Color(1, 0.6, 0.45)
const DIM_COLOR := Color(0.72, 0.66, 0.8)
const PORTRAIT := 32.0           # the class sprite at the art's own size

var letter = null                # GamePanel: the letter
var letter_text: Label = null
var screen = null                # GamePanel: the party screen
var goal_label: Label = null
var members_box: VBoxContainer = null
var last := {}


# Builds both panels as letters of the HUD.
func build(hud) -> void:
	name = "SpottedLetter"
	letter = GamePanel.new()
	letter.build("Letter", "", null, "")
	letter_text = GamePanel.add_text(letter.box, "Text")
	letter.escape_button = _centred_button(letter, "Read on", "_on_read_on")   # Escape reads on
	hud.add_letter(letter, WIDTH)
	screen = GamePanel.new()
	screen.build("PartyScreen", "", self, "_on_close", "Close the party screen")
	goal_label = GamePanel.add_text(screen.box, "Goal", GOAL_COLOR)
	members_box = VBoxContainer.new()
	members_box.name = "Members"
	members_box.add_constant_override("separation", 10)
	screen.box.add_child(members_box)
	var _close := _centred_button(screen, "Close", "_on_close")
	hud.add_letter(screen, WIDTH)


func _centred_button(p, text: String, method: String) -> Button:
	var row: Container = p.add_row("Buttons")
	row.size_flags_horizontal = Control.SIZE_SHRINK_CENTER
	return GamePanel.add_button(row, "Button", text, self, method)


func show_letter(ev: Dictionary) -> void:
	last = ev
	var title := str(ev.get("title", "Adventurers spotted in your dungeon"))
	letter.title.text = title
	screen.title.text = title
	var members: Array = ev.get("members", [])
	letter_text.text = "My lord, %s %s been seen in your dungeon. They came to %s.\n\nThe game is paused." % [
		EventText.plural(members.size(), "adventurer"), "has" if members.size() == 1 else "have",
		EventText._goal_words(str(ev.get("goal", "")))]
	goal_label.text = goal_text(ev)
	_fill_members(members)
	screen.visible = false
	letter.visible = true


static func goal_text(ev: Dictionary) -> String:
	return "Their goal: to %s." % EventText._goal_words(str(ev.get("goal", "")))


# One card per adventurer: its class sprite (Portrait) beside its Words: the name, "Warrior,
# level 3", then its abilities, one a line.
func _fill_members(members: Array) -> void:
	GamePanel.clear(members_box)
	for m in members:
		var card := HBoxContainer.new()
		card.name = "Member%d" % int(m.get("entity", members_box.get_child_count()))
		card.add_constant_override("separation", 8)
		members_box.add_child(card)
		var portrait := GamePanel.add_sprite(card, "Portrait", PORTRAIT)
		portrait.texture = Art.icon(Art.body_thing(Art.BODY_KINDS.find("adventurer"), str(m.get("class", ""))))
		var words := VBoxContainer.new()
		words.name = "Words"
		words.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		words.add_constant_override("separation", 1)
		card.add_child(words)
		GamePanel.add_text(words, "Name", NAME_COLOR).text = str(m.get("name", "An adventurer"))
		GamePanel.add_text(words, "Class", DIM_COLOR).text = class_words(m)
		for line in ability_lines(m):
			GamePanel.add_text(words, "Ability", null).text = line


# "Warrior, level 3"; "Peasant" (peasants have no level).
static func class_words(m: Dictionary) -> String:
	var cls := EventText.first_up(str(m.get("class", "adventurer")).replace("_", " "))
	var level := int(m.get("level", 0))
	return cls if level <= 0 else "%s, level %d" % [cls, level]


# Each ability in words ("Locksmith: the party always picks a locked door's lock"), from the
# letter's ability_words (pysim/combat/stats.py TRAIT_WORDS); "No special abilities" when none.
static func ability_lines(m: Dictionary) -> Array:
	var out := []
	for a in m.get("ability_words", []):
		out.append("- %s: %s" % [str(a.get("name", "")), str(a.get("words", ""))])
	if out.empty():
		for a in m.get("abilities", []):
			out.append("- " + EventText.first_up(str(a).replace("_", " ")))
	if out.empty():
		out.append("No special abilities")
	return out


# The party screen as plain text (the goal, then each card), e.g. for the tests.
func party_text() -> String:
	var lines := [goal_label.text]
	for card in members_box.get_children():
		for l in card.get_node("Words").get_children():
			lines.append(l.text)
	return PoolStringArray(lines).join("\n")


func _on_read_on() -> void:
	letter.visible = false
	screen.visible = true


func show_party_screen() -> void:
	letter.visible = false
	screen.visible = true


func _on_close() -> void:
	screen.visible = false
