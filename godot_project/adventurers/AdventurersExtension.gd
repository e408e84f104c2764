extends "res://core/ConceptExtension.gd"
# Adventurers' minds UI (docs/rules/adventurers.md). Everything shown comes from
# describe(id) of the selected adventurer ("known_triggers"); every rule is pysim's.
# - "Log" tab in the selection panel: the triggers the adventurer knows, by name and place
#   in words (LogTab.gd).
# - KnownTriggersLayer (under the entities): with an adventurer selected, a ring on each
#   trigger it knows.
# The event words (trap_spotted, trap_learned, detect_traps, disarm_*) are in
# hud/EventText.gd.

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
	# One trap_learned per adventurer and trigger: too many for the on-screen log, where
	# trap_spotted, detect_traps and trap_triggered already tell the story; the words are
	# hud/EventText.gd's (this returns "" to fall back to them).
	event_texts({"trap_learned": ["_text_from_event_text", null, true],
			"trap_spotted": ["_text_from_event_text", Color(1, 0.8, 0.4)],
			"disarm_succeeded": ["_text_from_event_text", Color(0.6, 1, 0.6)],
			"disarm_botched": ["_text_from_event_text", Color(1, 0.4, 0.4)]})


func _text_from_event_text(_ev: Dictionary) -> String:
	return ""


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
