extends "res://core/ConceptExtension.gd"
# Doors UI (docs/rules/doors.md): the "Doors" tool selects a door (click a door tile) or
# builds one (click a floor tile). The door panel shows the door's state and, while a party
# breaches it, who, which method, progress and failures; its buttons send hold_door_open /
# release_door / build_padlock / arm_lock / disarm_lock. The panel is a side panel in the
# HUD's right dock (under the selection panel), shown while a door is selected. All state
# comes from the snapshot (door_* and breach_* keys); every rule is pysim's. Refused
# commands (a wall that would cut the walking path...) show as the HUD's toasts with the
# sim's reason. Before the click, the Doors tool previews the hovered tile: on a
# floor tile a green frame ("Build a door here") or a red cross with build_door's reason, on
# a door what the panel would let you do there; the panel's buttons are enabled only when
# their command's own check (Session.check) takes it, the reason in their tooltip.

const ET = preload("res://hud/EventText.gd")
const STATE_NAMES := ["closed", "open", "held open", "locked", "breached"]
const METHODS := ["picking the lock", "bashing the door"]
const ACTIONS := [["build_padlock", "Build Padlock"], ["hold_door_open", "Hold Door Open"],
		["release_door", "Release Door"], ["arm_lock", "Arm Lock"], ["disarm_lock", "Disarm Lock"]]

var panel: GamePanel = null
var title: Label = null
var info: Label = null
var hold_button: Button = null
var padlock_button: Button = null
var arm_button: Button = null
var disarm_button: Button = null
var layer = null
var selected_door := -1          # door id, -1 none
var snap := {}
var preview = null               # world/TilePreview.gd: the Doors tool's hovered tile
var tool_id := "select"
var hover := Vector2(-1, -1)


func setup(m) -> void:
	main = m
	add_tool("door", "Doors", "Click a door to select it, or a floor tile to build one", "_on_door_click")
	_build_panel()
	layer = preload("res://doors/BreachLayer.gd").new()
	main.world.add_layer(layer, true)
	preview = preload("res://world/TilePreview.gd").new()
	preview.name = "DoorPreview"
	main.world.add_layer(preview, true)
	if main.hud.has_method("add_tile_info"):
		main.hud.add_tile_info(self, "tile_info")
	listen({"snapshot_updated": "_on_snapshot", "entity_selected": "_on_entity_selected",
			"game_loaded": "_on_game_loaded", "tool_selected": "_on_tool_selected",
			"tile_hovered": "_on_tile_hovered"})
	event_texts({
		"door_breached": ["_text_breached", Color(1, 0.5, 0.3)],
		"breach_started": ["_text_breach_started", Color(1, 0.8, 0.4)],
		"breach_given_up": ["_text_given_up", Color(0.6, 1, 0.6)],
		"breach_switched": ["_text_breach_switched", Color(1, 0.8, 0.4)],
		# Each pick or bash attempt: the door panel shows the progress; autoplay prints them.
		"breach_roll": ["_text_breach_roll", null, true],
		"door_rearmed": "_text_rearmed",
		"door_route": "_text_route",
		"door_route_only_way": "_text_only_way",
		"party_direct": ["_text_party_direct", Color(1, 0.7, 0.4)],
		"adventurer_escaped": ["_text_escaped", Color(1, 0.7, 0.4)],
		"door_built": "_text_door_built",
		"padlock_placed": "_text_padlock_placed",
		"padlock_built": "_text_padlock_built",
		"lock_armed": "_text_lock",
		"lock_disarmed": "_text_lock",
		"door_held": "_text_held",
		"door_released": "_text_held",
		"door_unlocked": "_text_unlocked",
		"door_triggered": "_text_door_triggered",
	})


# In the HUD's right dock, under the selection panel: it never covers another panel.
func _build_panel() -> void:
	panel = add_side_panel("DoorPanel", "_on_close", "Close the door panel")
	title = panel.title
	info = GamePanel.add_text(panel.box, "Info")
	var row := panel.add_row()
	hold_button = add_button(row, "HoldButton", "Hold Door Open", "_on_hold")
	padlock_button = add_button(row, "PadlockButton", "Build Padlock", "_on_padlock")
	var row2 := panel.add_row()
	arm_button = add_button(row2, "ArmButton", "Arm Lock", "_on_arm")
	disarm_button = add_button(row2, "DisarmButton", "Disarm Lock", "_on_disarm")


# --- selection ---------------------------------------------------------------------------

func door_index_at(tile: Vector2) -> int:
	var ps = snap.get("door_pos", [])
	for i in range(ps.size()):
		if int(ps[i].x) == int(tile.x) and int(ps[i].y) == int(tile.y):
			return i
	return -1


func door_index(door_id: int) -> int:
	return row_index(snap, "door_id", door_id)


func select_door(door_id: int) -> void:
	selected_door = door_id
	_refresh()


# A left click on the map with the Doors tool.
func _on_door_click(tile: Vector2) -> void:
	var i := door_index_at(tile)
	if i >= 0:
		select_door(int(snap["door_id"][i]))
	else:
		send({"type": "build_door", "x": int(tile.x), "y": int(tile.y)})


func _on_entity_selected(id: int) -> void:
	if id >= 0:
		selected_door = -1
		_refresh()


# The map's hover tip: the door on this tile, its state and padlock.
func tile_info(tile: Vector2, _s: Dictionary) -> Array:
	var i := door_index_at(tile)
	if i < 0:
		return []
	var line: String = "Door: %s" % STATE_NAMES[int(snap["door_state"][i])]
	if int(snap["door_padlock"][i]) == 2:
		line += ", padlock %s" % ("armed" if int(snap["door_armed"][i]) == 1 else "disarmed")
	elif int(snap["door_padlock"][i]) == 1:
		line += ", padlock being built"
	return [line]


# Another game: its doors are not the old ones, so the selection goes.
func _on_game_loaded(_path) -> void:
	selected_door = -1
	if panel != null:
		panel.visible = false


func _on_snapshot(s: Dictionary) -> void:
	snap = s
	if selected_door >= 0:
		_refresh()
	if tool_id == "door":
		preview_tile(hover)


func _on_tool_selected(id: String) -> void:
	tool_id = id
	preview_tile(hover)


func _on_tile_hovered(tile: Vector2) -> void:
	hover = tile
	preview_tile(tile)


# What a Doors-tool click on `tile` would do, shown before the click: select the door there
# (and which of its actions pysim would take now), or build one (or why not).
func preview_tile(tile: Vector2) -> void:
	if tool_id != "door" or tile.x < 0 or tile.y < 0:
		preview.clear()
		return
	var i := door_index_at(tile)
	if i >= 0:
		var can := allowed_actions(int(snap["door_id"][i]))
		preview.show_at(tile, true, "Select this door" + (": " + PoolStringArray(can).join(", ") if not can.empty() else ""))
		return
	var why: String = main.sim.check({"type": "build_door", "x": int(tile.x), "y": int(tile.y)})
	preview.show_at(tile, why == "", "Build a door here" if why == "" else why)


# The door panel's actions pysim would take on this door now (their button labels).
func allowed_actions(door_id: int) -> Array:
	var out := []
	for a in ACTIONS:
		if action_reason(a[0], door_id) == "":
			out.append(a[1])
	return out


# "" when the door command would be taken now, else its reason (Session.check).
func action_reason(type: String, door_id: int) -> String:
	return main.sim.check({"type": type, "door": door_id})


# A panel button is enabled when its command would be taken; its tooltip says why not.
func _allow(button: Button, type: String, tip: String) -> void:
	var why := action_reason(type, selected_door)
	button.disabled = why != ""
	button.hint_tooltip = tip if why == "" else why


func _door_command(type: String) -> void:
	if selected_door >= 0:
		send({"type": type, "door": selected_door})


func _on_hold() -> void:
	var i := door_index(selected_door)
	if i < 0:
		return
	_door_command("release_door" if int(snap["door_held"][i]) == 1 else "hold_door_open")


func _on_close() -> void:
	select_door(-1)


func _on_padlock() -> void:
	_door_command("build_padlock")


func _on_arm() -> void:
	_door_command("arm_lock")


func _on_disarm() -> void:
	_door_command("disarm_lock")


# --- the panel -----------------------------------------------------------------------------

func breach_text(door_id: int) -> String:
	var bd = snap.get("breach_door", [])
	for j in range(bd.size()):
		if int(bd[j]) == door_id:
			return "%s is %s: %d / %d, %d failed (%d in all)" % [
				_up(snap["breach_worker"][j]), METHODS[int(snap["breach_method"][j])],
				int(snap["breach_progress"][j]), int(snap["breach_needed"][j]),
				int(snap["breach_failures"][j]), int(snap["breach_total_failures"][j])]
	return ""


func _refresh() -> void:
	var i := door_index(selected_door)
	if i < 0:
		panel.visible = false
		return
	panel.visible = true
	var pos: Vector2 = snap["door_pos"][i]
	var state := int(snap["door_state"][i])
	var padlock := int(snap["door_padlock"][i])
	var armed := int(snap["door_armed"][i])
	title.text = "Door: %s" % STATE_NAMES[state]
	var lines := [ET.first_up(ET.place(pos.x, pos.y))]
	if padlock == 2:
		lines.append("Padlock: %s" % ("armed" if armed == 1 else "disarmed"))
	elif padlock == 1:
		lines.append("Padlock: being built")
	if int(snap["door_trigger"][i]) >= 0:
		lines.append("Wired to a trigger %s (%s)" % [ET.where_words(Names.part_place(snap["door_trigger"][i])),
				"on" if int(snap["door_trigger_on"][i]) == 1 else "off"])
	var b := breach_text(selected_door)
	if b != "":
		lines.append(b)
	info.text = PoolStringArray(lines).join("\n")
	var held := int(snap["door_held"][i]) == 1
	hold_button.text = "Release Door" if held else "Hold Door Open"
	_allow(hold_button, "release_door" if held else "hold_door_open",
			"Let the door swing shut again" if held else "Keep the door open for everyone")
	padlock_button.visible = padlock == 0
	_allow(padlock_button, "build_padlock", "Plan a padlock: a minion brings the metal and fits it")
	arm_button.visible = padlock == 2
	disarm_button.visible = padlock == 2
	_allow(arm_button, "arm_lock", "Arm the padlock: invaders must pick the lock or bash the door")
	_allow(disarm_button, "disarm_lock", "Disarm the padlock: the door opens for anyone")


# --- event words -----------------------------------------------------------------------------

func _text_breached(ev: Dictionary) -> String:
	return "%s broke through %s" % [_up(ev.entity), _door(ev.door)]


func _text_breach_started(ev: Dictionary) -> String:
	return "Adventurers start %s %s" % [_method(ev.method), _door(ev.door)]


func _text_given_up(ev: Dictionary) -> String:
	return "Adventurers gave up on %s after %d failures" % [_door(ev.door), int(ev.failures)]


func _text_rearmed(ev: Dictionary) -> String:
	return "%s closed %s and armed its padlock" % [_up(ev.entity), _door(ev.door)]


# DOOR-02: the party that saw a closed door, and what it chose.
func _text_route(ev: Dictionary) -> String:
	if not ev.get("way_around", false):
		return "%s: %s is the only way, so they go through" % [_party(ev.party), _door(ev.door)]
	return "%s sees %s and %s (%d%% chance to go around)" % [_party(ev.party), _door(ev.door),
			"takes the way around" if ev.get("detour", false) else "goes through",
			int(round(float(ev.get("chance", 0)) * 100))]


func _text_only_way(ev: Dictionary) -> String:
	return "%s has no way around the doors ahead" % _party(ev.party)


func _text_breach_switched(ev: Dictionary) -> String:
	return "Adventurers switch to %s %s%s" % [_method(ev.method), _door(ev.door),
			" (%s takes over)" % ET.who(ev.entity) if int(ev.get("entity", -1)) >= 0 else ""]


func _method(m) -> String:
	return "picking the lock of" if str(m) == "pick" else "bashing"


func _text_breach_roll(ev: Dictionary) -> String:
	var out := str(ev.get("outcome", ""))
	var s := "%s tries %s %s" % [_up(ev.entity), _method(ev.method), _door(ev.door)]
	if out == "success":
		return s + " and gets through"
	s += " and fails (%s, %d in all)" % [ET.plural(int(ev.failures), "failure"), int(ev.total_failures)]
	if out == "switch":
		s += "; they will try another way"
	elif out == "give_up":
		s += "; they give up"
	return s


func _text_party_direct(ev: Dictionary) -> String:
	var f := str(ev.get("faction", ""))
	return "%s%s comes straight for the doors: an earlier mapmaker told them the way" % [
			_party(ev.party), " (%s)" % f if f != "" else ""]


func _text_escaped(ev: Dictionary) -> String:
	var s := "%s escaped the dungeon" % _up(ev.entity)
	if ev.get("mapmaker", false):
		var f := str(ev.get("faction", ""))
		s += " with a map of it" + (" for the %s" % f if f != "" else "")
	return s


func _text_door_built(ev: Dictionary) -> String:
	return "A door was built: %s" % ET.place(ev.x, ev.y)


func _text_padlock_placed(ev: Dictionary) -> String:
	return "A padlock is planned for %s (needs metal and a minion)" % ET.place(ev.x, ev.y)


func _text_padlock_built(ev: Dictionary) -> String:
	return "%s fitted the padlock on %s" % [ET.first_up(ET.who(ev.get("entity", -1), "a minion")),
			ET.place(ev.x, ev.y)]


func _text_lock(ev: Dictionary) -> String:
	var armed := str(ev.type) == "lock_armed"
	var by := ""
	if str(ev.get("cause", "")) == "trigger":
		by = " by its trigger"
	elif str(ev.get("cause", "")) == "hand":
		by = " by hand"
	return "The padlock on %s was %s%s" % [ET.place(ev.x, ev.y), "armed" if armed else "disarmed", by]


func _text_held(ev: Dictionary) -> String:
	if str(ev.type) == "door_held":
		return "%s is held open" % ET.first_up(ET.place(ev.x, ev.y))
	return "%s is no longer held open" % ET.first_up(ET.place(ev.x, ev.y))


func _text_unlocked(ev: Dictionary) -> String:
	return "%s unlocked %s" % [_up(ev.entity), _door(ev.door)]


func _text_door_triggered(ev: Dictionary) -> String:
	var rest := "open" if ev.get("rest_open", false) else "shut"
	if ev.get("locked", false):
		rest = "shut and locked"
	return "The trigger of %s switched %s: the door now stays %s" % [_door(ev.door),
			"on" if ev.get("on", false) else "off", rest]


# "the door between the west room and the north corridor" (core/Names.gd).
static func _door(door_id) -> String:
	return Names.door_place(door_id, "a door")


# A party goes by its first member (pysim: the party id is its first member's id).
static func _party(party_id) -> String:
	return ET.first_up(ET.who(party_id, "a party")) + ("'s party" if Names.knows(party_id) else "")


static func _up(id) -> String:
	return ET.first_up(ET.who(id))
