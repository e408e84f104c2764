extends "res://core/ConceptExtension.gd"
# The Cautious status and learned bonuses (docs/rules/adventurers.md: Cautious, Learned
# bonuses, Marks and areas). Everything shown comes from describe() keys (cautious,
# caution_bonus, party_cautious_reason, learned, learned_named), the mark_* snapshot keys
# and the sim's events; every rule is pysim's.
# - "Party" tab in the selection panel (PartyTab.gd): the party's Cautious status and bonus
#   in words, and a "Learned" section with the adventurer's bonuses per kind.
# - MarksLayer (under the entities): blood and scorch marks on the floor, old ones darker.

const ET = preload("res://hud/EventText.gd")
const REASON_WORDS := {"trap": "a trap went off", "corridor": "a narrow corridor",
		"old blood": "old blood on the floor", "old scorch": "old scorch marks"}
const CALM_WORDS := {"fight": "a fight began", "spotted": "it spotted a trap"}

var layer = null
var tab = null


func setup(m) -> void:
	main = m
	layer = preload("res://adventurers/MarksLayer.gd").new()
	layer.name = "MarksLayer"
	main.world.add_layer(layer, false)
	tab = preload("res://adventurers/PartyTab.gd").new()
	main.hud.add_selection_tab("Party", tab)
	listen({"snapshot_updated": "_on_snapshot"})
	event_texts({
		"party_cautious": ["_text_cautious", Color(1, 0.85, 0.45)],
		"party_calm": "_text_calm",
		"bonus_learned": ["_text_learned", Color(0.75, 0.85, 1)],
	})


func _on_snapshot(s: Dictionary) -> void:
	if layer != null:
		layer.on_snapshot(s)


static func reason_words(reason) -> String:
	return REASON_WORDS.get(str(reason), str(reason).replace("_", " "))


# "#8's party turns cautious (old blood on the floor): +1 to spot, disarm and resist traps".
func _text_cautious(ev: Dictionary) -> String:
	var bonus := int(ev.get("bonus", 1))
	var lead := "%s's party" % ET.first_up(ET.who(ev.get("who", -1))) if int(ev.get("who", -1)) >= 0 else "A party"
	var head := "%s turns cautious" % lead if bonus <= 1 else "%s grows more cautious" % lead
	return "%s (%s): slower, +%d to spot, disarm and resist traps" % [head,
			reason_words(ev.get("reason", "")), bonus]


func _text_calm(ev: Dictionary) -> String:
	var cause := str(ev.get("cause", ""))
	return "A party is no longer cautious: %s" % CALM_WORDS.get(cause, cause.replace("_", " "))


# "#7 learned: +1 to spot a Pressure Plate".
func _text_learned(ev: Dictionary) -> String:
	var kind_name := str(ev.get("name", ET.kind_title(ev.get("kind", "trap"))))
	if str(ev.get("bonus", "")) == "spot":
		return "%s learned: +%d to spot %s" % [ET.first_up(ET.who(ev.get("entity", -1))), int(ev.get("value", 1)), ET.a_an(kind_name)]
	return "%s learned: +%d Block against %s" % [ET.first_up(ET.who(ev.get("entity", -1))), int(ev.get("value", 1)), ET.a_an(kind_name)]
