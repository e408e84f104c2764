extends "res://core/ConceptExtension.gd"
# Invasions UI (docs/rules/invasions.md). Everything shown comes from the snapshot's
# invasion_* keys; every rule is pysim's.
# - The Invasion indicator at the right end of the top bar (INV-04): one word (Quiet,
#   Unlikely, Possible, Likely, Imminent, Underway); hovering shows this hour's chance in
#   percent; while an invasion is underway a click centres the camera on the party.
#   Hidden when the level has invasions off (invasion_state "off").
# - The Rite of Storms button beside it: sends rite_of_storms (12 h, 2 treasure).
# - The fog of war (FogLayer.gd, above the entities) when the snapshot's fog_on is true.
# - The letter and party screen when the party is spotted (SpottedLetter.gd, ARRIVE-02).
# - InvasionsLayer: treasure piles, prison cells, altars and prisoners on the map.
# - The Prison cell and Altar build tools come from Session.catalog() (furniture,
#   EconomyExtension.gd): planned, hauled and built from metal.
# - DrifterLetter: the drifter's plea with Yes / No (answer_drifter, PARTY-06).
# - Words for the prisoner, altar, drifter and grudge events.

const EventText = preload("res://hud/EventText.gd")

const WORDS := {"quiet": "Quiet", "unlikely": "Unlikely", "possible": "Possible",
		"likely": "Likely", "imminent": "Imminent", "underway": "Underway"}

const STORM_TIP := "Call a storm: no invasion can come for 12 hours (costs 2 treasure)"

var indicator: Button = null
var storm_button: Button = null
var state := "off"
var chance := 0
var party_pos := Vector2(-1, -1)
var party_id := -1
var fog_layer: Sprite = null
var spotted_letter = null
var party_button: Button = null
var layer: Node2D = null
var letter = null


func setup(m) -> void:
	main = m
	storm_button = Button.new()
	storm_button.name = "RiteOfStorms"
	storm_button.text = "Rite of Storms"
	storm_button.hint_tooltip = STORM_TIP
	storm_button.focus_mode = Control.FOCUS_NONE
	var _err := storm_button.connect("pressed", self, "_on_storm_pressed")
	main.hud.add_top_bar_item(storm_button)
	indicator = Button.new()
	indicator.name = "InvasionIndicator"
	indicator.flat = true
	indicator.focus_mode = Control.FOCUS_NONE
	_err = indicator.connect("pressed", self, "_on_indicator_pressed")
	main.hud.add_top_bar_item(indicator)
	party_button = Button.new()
	party_button.name = "PartyScreenButton"
	party_button.text = "Party"
	party_button.hint_tooltip = "Read again who the spotted party are"
	party_button.focus_mode = Control.FOCUS_NONE
	party_button.visible = false
	_err = party_button.connect("pressed", self, "_on_party_pressed")
	main.hud.add_action(party_button)
	# below the fog: piles, cells and altars in unexplored rock stay hidden
	layer = preload("res://invasions/InvasionsLayer.gd").new()
	layer.name = "InvasionsLayer"
	main.world.add_layer(layer, true)
	fog_layer = preload("res://invasions/FogLayer.gd").new()
	fog_layer.name = "Fog"
	fog_layer.tile_size = main.world.TILE
	main.world.add_layer(fog_layer, true)
	spotted_letter = preload("res://invasions/SpottedLetter.gd").new()
	add_child(spotted_letter)
	spotted_letter.build(main.hud)
	_show()
	listen({"snapshot_updated": "_on_snapshot", "sim_event": "_on_sim_event"})
	event_texts({"party_spotted": ["_spotted_text", Color(1.0, 0.55, 0.3)],
			"letter": "_letter_text", "party_set_out": ["_set_out_text", null, true]})
	letter = preload("res://invasions/DrifterLetter.gd").new()
	letter.build_letter(self)
	main.hud.add_letter(letter, letter.WIDTH)
	event_texts({"cell_built": "_text", "imprisoned": "_text", "prisoner_escaped": "_text",
			"released": "_text",
			"prisoner_freed": "_text", "altar_built": "_text", "altar_smashed": "_text",
			"drifter_asks": "_text", "drifter_let_in": "_text", "drifter_turned_away": "_text",
			"drifter_gone": "_text", "grudge_grew": "_text"})


func _on_snapshot(snap: Dictionary) -> void:
	layer.on_snapshot(snap)
	letter.show_for(str(snap.get("drifter_letter", "")), int(snap.get("drifter_hours_left", 0)))
	state = str(snap.get("invasion_state", "off"))
	chance = int(snap.get("invasion_chance_pct", 0))
	var p = snap.get("invasion_party_pos", [-1, -1])
	if p != null and p.size() == 2:
		party_pos = Vector2(int(p[0]), int(p[1]))
	if snap.get("invasion_party_hidden", false):
		party_pos = Vector2(-1, -1)         # fog: not spotted yet (pysim/invasions/sighting.py)
	party_id = int(snap.get("invasion_party", -1))
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
	party_button.visible = state == "underway" and spotted_letter != null \
			and not spotted_letter.last.empty() and int(spotted_letter.last.get("party", -1)) == party_id
	if state == "underway" and party_pos.x < 0:
		indicator.hint_tooltip = "An invasion is underway: none of yours sees the party now"
	elif state == "underway":
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


func _on_sim_event(ev: Dictionary) -> void:
	if str(ev.get("type", "")) == "letter":
		spotted_letter.show_letter(ev)
		_show()


func _on_party_pressed() -> void:
	spotted_letter.show_party_screen()


const HOW_WORDS := {"seen": "seen", "alarm": "caught by an alarm", "fight": "caught fighting",
		"sanctum": "found in your sanctum", "eye": "seen by your ghostly eye"}


func _spotted_text(ev: Dictionary) -> String:
	var how: String = HOW_WORDS.get(str(ev.get("how", "")), "spotted")
	if int(ev.get("x", -1)) < 0:        # the fog hides where (pysim/invasions/unseen.py)
		return "Adventurers %s: the game is paused" % how
	return "Adventurers %s %s: the game is paused" % [how, EventText.where(ev.get("x", -1), ev.get("y", -1))]


func _letter_text(ev: Dictionary) -> String:
	return "A letter: %s" % str(ev.get("title", "Adventurers spotted in your dungeon"))


# Quiet (kept off the log): the player learns of a party on its way only by scrying (ARRIVE-04).
func _set_out_text(ev: Dictionary) -> String:
	return "A party of %s set out from %s: %s hours away" % [str(ev.get("members", "?")),
			str(ev.get("faction", "?")), str(ev.get("hours", "?"))]
const GRUDGE_CAUSES := {"dead": "their dead", "mapmaker": "a Mapmaker who got away",
		"raid": "your raid"}


func _text(ev: Dictionary) -> String:
	var who := EventText.who(ev.get("entity", -1))
	var at := EventText.where(ev.get("x", -1), ev.get("y", -1))
	match str(ev.get("type", "")):
		"cell_built":
			return "A prison cell is ready %s" % at
		"imprisoned":
			return "%s locked %s in the cell %s" % [EventText.first_up(EventText.who(ev.get("by", -1))), who, at]
		"prisoner_escaped":
			return "The prisoner %s got loose %s: no cell held them" % [who, at]
		"released":
			return "%s let the prisoner %s go %s" % [EventText.first_up(EventText.who(ev.get("by", -1))), who, at]
		"prisoner_freed":
			return "%s freed the prisoner %s %s" % [EventText.first_up(EventText.who(ev.get("by", -1))), who, at]
		"altar_built":
			return "An altar stands %s" % at
		"altar_smashed":
			return "%s smashed your altar %s" % [EventText.first_up(EventText.who(ev.get("by", -1))), at]
		"drifter_asks":
			return "%s asks to hide in your dungeon (answer within %s hours)" % [str(ev.get("name", "A drifter")), str(ev.get("hours", "?"))]
		"drifter_let_in":
			return "%s joins your dungeon as a minion; their pursuers will come" % str(ev.get("name", "The drifter"))
		"drifter_turned_away":
			return "You turned %s away" % str(ev.get("name", "the drifter"))
		"drifter_gone":
			return "%s had no answer and moved on" % str(ev.get("name", "The drifter"))
		"grudge_grew":
			return "%s's grudge grows for %s (%s of 3)" % [str(ev.get("settlement", "?")), GRUDGE_CAUSES.get(str(ev.get("cause", "")), "its losses"), str(ev.get("grudge", "?"))]
	return ""
