extends "res://core/ConceptExtension.gd"
# Watching for parties (pysim/invasions/watch.py, docs/rules/invasions.md "Arrival"):
# - the Guardpost and Scrying pool build tools come from Session.catalog() (furniture,
#   EconomyExtension.gd): planned, hauled and built from metal (ARRIVE-03, ARRIVE-04);
# - buttons at the end of the tool bar "Scry (N)" (spends a charge: the next party on its way, in the log and a
#   toast) and "Eye Scouts" (sends the ghostly eye; disabled with the hours left while the
#   boon cools down, ARRIVE-05). Shown only on levels with invasions;
# - WatchLayer: guardposts (a lit torch glows), scrying pools and the ghostly eye.

const WatchLayer = preload("res://invasions/WatchLayer.gd")

var layer: Node2D = null
var scry_button: Button = null
var eye_button: Button = null
var on := false


func setup(m) -> void:
	main = m
	layer = WatchLayer.new()
	layer.name = "Watch"
	layer.tile_size = main.world.TILE
	main.world.add_layer(layer, false)
	# the two actions sit at the end of the tool bar
	scry_button = _button("Scry", "_on_scry_pressed")
	eye_button = _button("EyeScouts", "_on_eye_pressed")
	eye_button.text = "Eye Scouts"
	listen({"snapshot_updated": "_on_snapshot", "sim_event": "_on_sim_event"})
	event_texts({"guardpost_built": "_built_text", "scrying_pool_built": "_built_text",
			"torch_lit": "_torch_text", "torch_out": "_torch_text",
			"eye_sent": ["_eye_text", Color(0.7, 0.85, 1.0)], "eye_gone": "_eye_text",
			"scrying_charge": "_charge_text", "scried": ["_scried_text", Color(0.75, 0.7, 1.0)]})
	_show({})


func _button(button_name: String, method: String) -> Button:
	var b := Button.new()
	b.name = button_name
	b.focus_mode = Control.FOCUS_NONE
	var _err := b.connect("pressed", self, method)
	main.hud.add_action(b)
	return b


func _on_snapshot(snap: Dictionary) -> void:
	on = str(snap.get("invasion_state", "off")) != "off"
	_show(snap)


func _show(snap: Dictionary) -> void:
	scry_button.visible = on
	eye_button.visible = on
	var charges := int(snap.get("scry_charges", 0))
	scry_button.text = "Scry (%d)" % charges
	scry_button.disabled = charges <= 0
	scry_button.hint_tooltip = "Spend a scrying charge: see the next party on its way (size, goal, arrival)" if charges > 0 else "No scrying charge: a scrying pool gathers one every 12 hours"
	var cool := int(snap.get("eye_cooldown_hours", 0))
	var eye = snap.get("eye_pos", [-1, -1])
	var patrolling: bool = eye != null and eye.size() == 2 and int(eye[0]) >= 0
	eye_button.disabled = cool > 0 or patrolling
	if patrolling:
		eye_button.hint_tooltip = "A ghostly eye patrols your guardposts"
	elif cool > 0:
		eye_button.hint_tooltip = "Eye Scouts is ready again in %d hours" % cool
	else:
		eye_button.hint_tooltip = "Send a ghostly eye to patrol your guardposts for 24 hours (it sees in the dark and spots adventurers)"


func _on_scry_pressed() -> void:
	send({"type": "scry"})


func _on_eye_pressed() -> void:
	send({"type": "eye_scouts"})


func _on_sim_event(ev: Dictionary) -> void:
	if str(ev.get("type", "")) == "scried":
		main.hud.notify(_scried_text(ev), "info")


func _built_text(ev: Dictionary) -> String:
	var what := "A guardpost" if str(ev.get("type", "")) == "guardpost_built" else "A scrying pool"
	return "%s was built %s" % [what, _where(ev)]


func _torch_text(ev: Dictionary) -> String:
	if str(ev.get("type", "")) == "torch_lit":
		var by := preload("res://hud/EventText.gd").who(ev.get("entity", -1), "a minion")
		return "%s lit the guardpost torch %s" % [preload("res://hud/EventText.gd").first_up(by), _where(ev)]
	return "The guardpost torch %s burned out" % _where(ev)


# "in the west room" (hud/EventText.gd: names, never coordinates).
static func _where(ev: Dictionary) -> String:
	return preload("res://hud/EventText.gd").where(ev.get("x", -1), ev.get("y", -1))


func _eye_text(ev: Dictionary) -> String:
	if str(ev.get("type", "")) == "eye_sent":
		return "A ghostly eye sets out to patrol your guardposts for %s hours" % str(ev.get("hours", 24))
	return "The ghostly eye fades away"


func _charge_text(ev: Dictionary) -> String:
	return "The scrying pool gathered a charge (%s ready)" % str(ev.get("charges", "?"))


static func _scried_text(ev: Dictionary) -> String:
	var n := int(ev.get("members", -1))
	var who := "a party of %d" % n
	if str(ev.get("chasing", "")) != "":
		who = "%d adventurers chasing %s" % [n, str(ev.get("chasing", ""))]
	elif ev.get("war", false):
		who = "a war party of %d" % n
	var home := str(ev.get("faction", ""))
	var from := " from %s" % home if home != "" else ""
	return "The scrying pool shows %s%s coming to %s, arriving in %s hours" % [who, from,
			preload("res://hud/EventText.gd")._goal_words(str(ev.get("goal", ""))), str(ev.get("hours", "?"))]
