extends "res://core/ConceptExtension.gd"
# Invasions UI (docs/rules/invasions.md). Everything shown comes from the snapshot's
# invasion_* keys; every rule is pysim's.
# - The Invasion indicator at the right end of the top bar (INV-04): one word (Quiet,
#   Unlikely, Possible, Likely, Imminent, Underway); hovering shows this hour's chance in
#   percent; while an invasion is underway a click centres the camera on the party.
#   Hidden when the level has invasions off (invasion_state "off").
# - The Rite of Storms button beside it: sends rite_of_storms (12 h, 2 treasure).

const WORDS := {"quiet": "Quiet", "unlikely": "Unlikely", "possible": "Possible",
		"likely": "Likely", "imminent": "Imminent", "underway": "Underway"}

const STORM_TIP := "Call a storm: no invasion can come for 12 hours (costs 2 treasure)"

var indicator: Button = null
var storm_button: Button = null
var state := "off"
var chance := 0
var party_pos := Vector2(-1, -1)


func setup(m) -> void:
	main = m
	var row: Node = main.hud.get_node("Root/TopBar/Row")
	storm_button = Button.new()
	storm_button.name = "RiteOfStorms"
	storm_button.text = "Rite of Storms"
	storm_button.hint_tooltip = STORM_TIP
	storm_button.focus_mode = Control.FOCUS_NONE
	storm_button.connect("pressed", self, "_on_storm_pressed")
	row.add_child(storm_button)
	indicator = Button.new()
	indicator.name = "InvasionIndicator"
	indicator.flat = true
	indicator.focus_mode = Control.FOCUS_NONE
	indicator.connect("pressed", self, "_on_indicator_pressed")
	row.add_child(indicator)
	_show()
	listen({"snapshot_updated": "_on_snapshot"})


func _on_snapshot(snap: Dictionary) -> void:
	state = str(snap.get("invasion_state", "off"))
	chance = int(snap.get("invasion_chance_pct", 0))
	var p = snap.get("invasion_party_pos", [-1, -1])
	if p != null and p.size() == 2:
		party_pos = Vector2(int(p[0]), int(p[1]))
	var storm := int(snap.get("invasion_storm_hours", 0))
	storm_button.disabled = storm > 0
	if storm > 0:
		storm_button.hint_tooltip = "The storm rages for %d more hours" % storm
	else:
		storm_button.hint_tooltip = STORM_TIP
	_show()


func word() -> String:
	return WORDS.get(state, "Quiet")


func _show() -> void:
	var on := state != "off"
	indicator.visible = on
	storm_button.visible = on
	indicator.text = "Invasion: %s" % word()
	if state == "underway":
		indicator.hint_tooltip = "An invasion is underway: click to jump to the party"
	else:
		indicator.hint_tooltip = "Chance of an invasion this hour: %d%%" % chance


func _on_indicator_pressed() -> void:
	if state == "underway" and party_pos.x >= 0:
		jump_to(party_pos)


func jump_to(tile: Vector2) -> void:
	var cam = main.world.camera
	cam.position = (tile + Vector2(0.5, 0.5)) * main.world.TILE
	cam.set_map_rect(cam.map_rect)       # re-clamps the position to the map


func _on_storm_pressed() -> void:
	send({"type": "rite_of_storms"})
