extends "res://core/ConceptExtension.gd"
# The first step, said in the log when a game starts (seen in play: the campaign
# opened on an empty log and idle minions, and a new player had nothing telling them what to
# do). Read from the first snapshot of each game: with no metal in any pile and a metal vein
# on the map that nobody marked, the log says how to get metal (unless the level has goals:
# its first goal says the first step, economy/GoalsPanel.tscn); always, where the keys are.
# Advice only: what the snapshot shows, no rule.

const ET = preload("res://hud/EventText.gd")

var _pending := false


func setup(m) -> void:
	main = m
	listen({"sim_started": "_on_started", "game_loaded": "_on_started",
			"snapshot_updated": "_on_snapshot"})
	if main.sim.running:
		_pending = true


func _on_started(_info) -> void:
	_pending = true


func _on_snapshot(snap: Dictionary) -> void:
	if not _pending:
		return
	_pending = false
	for line in first_steps(snap):
		main.hud.add_log_note(line)


static func first_steps(snap: Dictionary) -> Array:
	var out := []
	var veins = snap.get("vein_pos", [])
	var marked := false
	for m in snap.get("vein_marked", []):
		marked = marked or int(m) == 1
	# a level with goals says its first step in its first goal (the Goals panel, the log)
	var goals := ET.size_of(snap.get("goal_title", []))
	if goals == 0 and int(snap.get("metal_total", 0)) == 0 and veins.size() > 0 and not marked:
		out.append("No metal yet: pick Mine vein and click the orange-flecked rock. Drudgery minions mine it into piles for traps, doors and furniture.")
	out.append("F1 shows the keys; hover the map to see what is there.")
	return out
