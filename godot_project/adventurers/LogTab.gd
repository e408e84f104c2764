extends VBoxContainer
# The "Log" tab of the selection panel for an adventurer: the triggers it knows, each by
# name and place in words ("Pressure plate, 5 tiles west (7, 3)"), from describe's
# "known_triggers", then the bonuses it learned per kind (describe's "learned_named", worded
# as on the Party tab).

const ET = preload("res://hud/EventText.gd")
const PartyTab = preload("res://adventurers/PartyTab.gd")
const GamePanel = preload("res://hud/GamePanel.gd")
const DIRS := ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"]

var known_label: Label = null
var learned_label: Label = null
var entity_id := -1


func _init() -> void:
	name = "Log"
	known_label = GamePanel.add_text(self, "KnownTriggers")
	learned_label = GamePanel.add_text(self, "LearnedBonuses")


func applies_to(info: Dictionary) -> bool:
	return info.has("known_triggers")


func show_entity(id: int, info: Dictionary) -> void:
	entity_id = id
	known_label.text = known_text(info)
	learned_label.text = "Learned from traps:\n" + PartyTab.learned_text(info)


# The tab's text for describe(id) `info`.
static func known_text(info: Dictionary) -> String:
	var known: Array = info.get("known_triggers", [])
	if known.empty():
		return "Knows of no traps."
	var here := Vector2(int(info.get("x", 0)), int(info.get("y", 0)))
	var lines := ["Knows of %s:" % ET.plural(known.size(), "trap trigger")]
	for k in known:
		lines.append("- %s, %s" % [ET.kind_title(k.get("kind", "trigger")),
				place_words(here, Vector2(int(k.get("x", 0)), int(k.get("y", 0))))])
	return PoolStringArray(lines).join("\n")


# "underfoot in the west room", "3 tiles north-east in the west corridor": where `at` is seen from `here`, in tiles (the
# walking distance: the larger of the two differences).
static func place_words(here: Vector2, at: Vector2) -> String:
	var d := at - here
	var n := int(max(abs(d.x), abs(d.y)))
	var where := ET.where(at.x, at.y)
	if n == 0:
		return "underfoot %s" % where
	var octant := int(round(atan2(d.y, d.x) / (PI / 4.0))) % 8
	if octant < 0:
		octant += 8
	return "%s %s %s" % [ET.plural(n, "tile"), DIRS[octant], where]
