extends VBoxContainer
# The "Party" tab of the selection panel (adventurers): the party's Cautious status and its
# bonus in words, then a "Learned" section: the selected adventurer's learned spot and Block
# bonuses per kind (display names). Reads describe() keys only (pysim/adventurers/caution.py,
# learning.py).

const GamePanel = preload("res://hud/GamePanel.gd")
const REASON_WORDS := {"trap": "a trap went off", "corridor": "a narrow corridor",
		"old blood": "old blood on the floor", "old scorch": "old scorch marks"}

var status_label: Label = null
var learned_title: Label = null
var learned_label: Label = null


func _init() -> void:
	name = "Party"
	status_label = GamePanel.add_text(self, "Status")
	learned_title = Label.new()
	learned_title.name = "LearnedTitle"
	learned_title.text = "Learned"
	learned_title.add_color_override("font_color", Color(0.88, 0.75, 0.44))
	add_child(learned_title)
	learned_label = GamePanel.add_text(self, "Learned")


func applies_to(info: Dictionary) -> bool:
	return info.has("cautious")


func show_entity(_id: int, info: Dictionary) -> void:
	status_label.text = goal_text(info) + status_text(info)
	learned_label.text = learned_text(info)


static func status_text(info: Dictionary) -> String:
	if not info.get("cautious", false):
		var s := "The party is not cautious."
		if info.get("corridors_off", false):
			s += "\nIt spotted a trap: corridors no longer make it cautious."
		return s
	var reason := str(info.get("party_cautious_reason", ""))
	var bonus := int(info.get("caution_bonus", 0))
	var lines := ["The party is cautious (%s)." % REASON_WORDS.get(reason, reason.replace("_", " ")),
			"It moves 20% slower until its next fight."]
	if bonus > 0:
		lines.append("+%d to spot, disarm and resist traps." % bonus)
	else:
		lines.append("No cautious bonus while standing in gas.")
	return PoolStringArray(lines).join("\n")


# GOAL-02: the party's goal (pysim/adventurers/goals.py describe_goal), "" without one.
static func goal_text(info: Dictionary) -> String:
	var words := str(info.get("party_goal_words", ""))
	if words == "":
		return ""
	return "The party came to %s.\n" % words


static func learned_text(info: Dictionary) -> String:
	var named = info.get("learned_named", {})
	if typeof(named) != TYPE_DICTIONARY:
		return "Nothing yet."
	var lines := []
	for row in named.get("spot", []):
		lines.append("Spot %s: +%d" % [str(row.get("name", row.get("kind", "?"))), int(row.get("value", 0))])
	for row in named.get("block", []):
		lines.append("Block against %s: +%d" % [str(row.get("name", row.get("kind", "?"))), int(row.get("value", 0))])
	if lines.empty():
		return "Nothing yet: only a trap that goes off teaches."
	return PoolStringArray(lines).join("\n")

