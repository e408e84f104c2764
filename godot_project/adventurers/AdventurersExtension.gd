extends "res://core/ConceptExtension.gd"
# Adventurers' minds UI (docs/rules/adventurers.md). Everything shown comes from
# describe(id) of the selected adventurer ("known_triggers"); every rule is pysim's.
# - "Log" tab in the selection panel: the triggers the adventurer knows, by name and place
#   in words (LogTab.gd).
# - KnownTriggersLayer (under the entities): with an adventurer selected, a ring on each
#   trigger it knows.
# - The words for what adventurers learn of traps (trap_spotted, trap_learned, detect_traps,
#   disarm_*), in the log's "Invasions" filter.

const ET = preload("res://hud/EventText.gd")
const LEARNED_HOW := {"triggered": " (saw it go off)", "spotted": " (it was spotted)",
		"detected": " (Detect Traps)"}

var layer = null
var tab = null
var marks_for := -1   # the adventurer whose known triggers the layer rings


func setup(m) -> void:
	main = m
	layer = preload("res://adventurers/KnownTriggersLayer.gd").new()
	layer.name = "KnownTriggersLayer"
	main.world.add_layer(layer, false)
	tab = preload("res://adventurers/LogTab.gd").new()
	main.hud.add_selection_tab("Log", tab)
	listen({"entity_selected": "_on_entity_selected", "entity_described": "_on_entity_described"})
	# One trap_learned per adventurer and trigger: too many for the on-screen log (quiet), where
	# trap_spotted, detect_traps and trap_triggered already tell the story.
	event_texts({"trap_learned": ["_text_learned", null, true],
			"trap_spotted": ["_text_trap", Color(1, 0.8, 0.4)],
			"detect_traps": "_text_detect",
			"disarm_started": "_text_trap", "disarm_failed": "_text_trap",
			"disarm_succeeded": ["_text_trap", Color(0.6, 1, 0.6)],
			"disarm_botched": ["_text_trap", Color(1, 0.4, 0.4)]})


const TRAP_WORDS := {"trap_spotted": "%s spotted the %s %s",
		"disarm_started": "%s is trying to disarm the %s %s",
		"disarm_succeeded": "%s disarmed the %s %s: it needs a reset",
		"disarm_failed": "%s failed to disarm the %s %s and tries again",
		"disarm_botched": "%s botched disarming the %s %s and set it off"}


# "Wren spotted the pressure plate in the west corridor" (and the disarming, the same way).
func _text_trap(ev: Dictionary) -> String:
	return TRAP_WORDS[str(ev.type)] % [_who_up(ev), ET.kind_words(ev.get("kind", "trigger")),
			ET.where(ev.get("x", -1), ev.get("y", -1))]


func _text_learned(ev: Dictionary) -> String:
	return "%s now knows of the %s %s%s" % [_who_up(ev), ET.kind_words(ev.get("kind", "trigger")),
			ET.where(ev.get("x", -1), ev.get("y", -1)), LEARNED_HOW.get(str(ev.get("how", "")), "")]


func _text_detect(ev: Dictionary) -> String:
	return "%s searched for traps and found %s" % [_who_up(ev), ET.plural(ET.size_of(ev.get("parts", [])), "trigger")]


static func _who_up(ev: Dictionary) -> String:
	return ET.first_up(ET.who(ev.get("entity", -1)))


# The selection panel asks for describe(id) as it hears of the selection, so the answer may
# come before this hears of it: only rings of another entity are cleared here.
func _on_entity_selected(id: int) -> void:
	if id != marks_for:
		marks_for = -1
		layer.set_marks([])


func _on_entity_described(id: int, info: Dictionary) -> void:
	var panels := get_tree().get_nodes_in_group("selection_panel")
	if panels.empty() or int(panels[0].selected_id) != id:
		return
	marks_for = id
	layer.set_marks(info.get("known_triggers", []))
