extends "res://core/ConceptExtension.gd"
# Puts the Goals panel (economy/GoalsPanel.tscn: a scene of its own that listens to the
# snapshot) into the HUD, at the top of the right dock, and says a goal met on screen.

const GoalsPanel = preload("res://economy/GoalsPanel.tscn")

var panel = null


func setup(m) -> void:
	main = m
	panel = GoalsPanel.instance()
	main.hud.add_side_panel(panel)
	# first in the dock: it stays at the top while other panels come and go under it
	panel.get_parent().move_child(panel, 0)
	listen({"sim_event": "_on_event"})


func _on_event(ev: Dictionary) -> void:
	if str(ev.get("type", "")) == "goal_met":
		main.hud.notify("Goal met: %s" % str(ev.get("title", "")))
