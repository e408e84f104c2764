extends Node
# Autoload "Names": what the log and the panels call bodies and places (docs/rules/names.md).
# Bodies: Session.names() (names, titles, classes, levels by id), asked again when the
# snapshot's names_version moves or a word is wanted for an id not seen yet. Places:
# Session.places() (a place index per tile and the names), asked again when the snapshot's
# places_version moves. Both start over when another game is loaded. Only SimClient talks
# to the simulation: this asks it (SimClient.names / SimClient.places).

# What the fog hides (pysim/invasions/unseen.py marks each event that names a hidden body with
# "unseen": the keys withheld, or ["*"] for all of it): as_seen() puts these in their place,
# so a withheld body is "something" and a withheld place "somewhere".
const UNSEEN_ID := -2
const NOWHERE := -1
const WITHHELD_WHOLE := "*"
const UNSEEN_WORD := "something"
const PLACE_KEYS := ["x", "y", "x0", "y0", "x1", "y1"]   # (unseen.py PAIRS)

var _name := {}        # id -> "Grubnose"
var _title := {}       # id -> "Grubnose, minion"
var _invader := {}     # id -> true for adventurers (they have a class)
var _look := {}        # id -> "warrior", "troll", "" (what the body is drawn as: art/Art.gd)
var _names_version := -1
var _asked_for := {}   # ids asked about that the simulation did not know (asked once)
var _place := PoolIntArray()
var _place_names := []
var _width := 0
var _height := 0
var _places_version := -1
var _snap := {}        # the latest snapshot (trap parts' and doors' places)
var _hidden := {}      # ids the fog hides now (the snapshot's ent_unseen), made when asked
var _hidden_made := false


func _ready() -> void:
	var _err := EventBus.connect("snapshot_updated", self, "_on_snapshot")
	_err = EventBus.connect("game_loaded", self, "_on_game_loaded")
	_err = EventBus.connect("sim_started", self, "_on_sim_started")


# "Grubnose", "Aldric Crane", "the kobold", "your Boss"; "something" for a body the fog
# hides (UNSEEN_ID), `nobody` for -1 or an unknown id.
func who(id, nobody: String = "someone") -> String:
	var i := int(id)
	if i == UNSEEN_ID or hidden_now(i):
		return UNSEEN_WORD
	if i < 0:
		return nobody
	if not _name.has(i) and not _asked_for.has(i):
		_asked_for[i] = true
		_refresh_names()
	return str(_name.get(i, nobody))


# The panel's heading: "Aldric Crane, warrior level 2", "Grubnose, minion" ("Something"
# while the fog hides it).
func title(id) -> String:
	var i := int(id)
	if hidden_now(i):
		return UNSEEN_WORD.capitalize()
	if not _title.has(i):
		var _name_too := who(i)      # asks for the names; the title comes with them
	return str(_title.get(i, ""))


func is_adventurer(id) -> bool:
	if not _name.has(int(id)):
		var _name_too := who(id)
	return _invader.get(int(id), false)


# What the body is drawn as: its class or creature kind ("warrior", "troll"), "" for minions
# and the Boss (Session.names()["looks"]; art/Art.gd picks the sprite).
func look(id) -> String:
	var i := int(id)
	if not _name.has(i):
		var _w := who(i)
	return str(_look.get(i, ""))


# The event as the player may know it (SimClient hands every event through this before
# anyone hears of it): null when the fog withholds all of it, else the event with each
# withheld body id made UNSEEN_ID (in a list too: the count stays) and each withheld
# coordinate NOWHERE. An event with nothing withheld is the same Dictionary.
static func as_seen(ev: Dictionary):
	var keys = ev.get("unseen", null)
	if typeof(keys) != TYPE_ARRAY or keys.empty():
		return ev
	if WITHHELD_WHOLE in keys:
		return null
	var out := ev.duplicate()
	var _had := out.erase("unseen")
	for k in keys:
		var v = out.get(k)
		if typeof(v) == TYPE_ARRAY:
			var ids := []
			for i in v:
				ids.append(UNSEEN_ID)
			out[k] = ids
		elif str(k) in PLACE_KEYS:
			out[k] = NOWHERE
		else:
			out[k] = UNSEEN_ID
	return out


# Is this the id of a body the fog hides in the event it came with (as_seen)?
static func is_unseen(id) -> bool:
	return int(id) == UNSEEN_ID


# Does the fog hide this body now (the latest snapshot's ent_unseen)? Every word for a body
# asks (who, title), so no panel or tip names one that is not drawn.
func hidden_now(id) -> bool:
	if not _hidden_made:
		_hidden_made = true
		_hidden.clear()
		var unseen = _snap.get("ent_unseen", PoolByteArray())
		var ids = _snap.get("ent_id", [])
		for k in range(min(unseen.size(), ids.size())):
			if unseen[k] != 0:
				_hidden[int(ids[k])] = true
	return _hidden.has(int(id))


func knows(id) -> bool:
	return _name.has(int(id))


# What tile (x, y) is called: "the west room", "the door between ...", "the west portal".
func place(x, y, nowhere: String = "somewhere") -> String:
	var xi := int(x)
	var yi := int(y)
	if _place.size() == 0:
		_refresh_places()
	if xi < 0 or yi < 0 or xi >= _width or yi >= _height or _place.size() != _width * _height:
		return nowhere
	var k := _place[yi * _width + xi]
	return str(_place_names[k]) if k >= 0 and k < _place_names.size() else nowhere


# Where a trap part (its snapshot row) or a door stands, in words; `nowhere` when unknown.
func part_place(part_id, nowhere: String = "somewhere") -> String:
	return _place_of_row("part_id", "part_pos", int(part_id), nowhere)


func door_place(door_id, nowhere: String = "somewhere") -> String:
	return _place_of_row("door_id", "door_pos", int(door_id), nowhere)


func _place_of_row(id_key: String, pos_key: String, id: int, nowhere: String) -> String:
	var ids = _snap.get(id_key, [])
	var pos = _snap.get(pos_key, [])
	for k in range(min(ids.size(), pos.size())):
		if int(ids[k]) == id:
			return place(pos[k].x, pos[k].y, nowhere)
	return nowhere


func reset() -> void:
	_name.clear()
	_title.clear()
	_invader.clear()
	_look.clear()
	_asked_for.clear()
	_names_version = -1
	_place = PoolIntArray()
	_place_names = []
	_places_version = -1
	_snap = {}
	_hidden.clear()
	_hidden_made = false


func _sim():
	var nodes := get_tree().get_nodes_in_group("sim_client")
	return nodes[0] if nodes.size() > 0 else null


func _refresh_names() -> void:
	var sim = _sim()
	if sim == null or not sim.running or not sim.has_method("names"):
		return
	var out: Dictionary = sim.names()
	var ids = out.get("ids", [])
	var names = out.get("names", [])
	var titles = out.get("titles", [])
	var classes = out.get("classes", [])
	var looks = out.get("looks", [])
	for k in range(min(ids.size(), min(names.size(), titles.size()))):
		_name[int(ids[k])] = str(names[k])
		_title[int(ids[k])] = str(titles[k])
		_invader[int(ids[k])] = k < classes.size() and str(classes[k]) != ""
		_look[int(ids[k])] = str(looks[k]) if k < looks.size() else ""


func _refresh_places() -> void:
	var sim = _sim()
	if sim == null or not sim.running or not sim.has_method("places"):
		return
	var out: Dictionary = sim.places()
	if out.empty():
		return
	_place = PoolIntArray(out.get("place", []))
	_place_names = Array(out.get("names", []))
	_width = int(out.get("width", 0))
	_height = int(_place.size() / float(_width)) if _width > 0 else 0
	_places_version = int(out.get("version", -1))


func _on_snapshot(snap: Dictionary) -> void:
	_snap = snap
	_hidden_made = false
	var nv := int(snap.get("names_version", -1))
	if nv != _names_version:
		_names_version = nv
		_refresh_names()
	var pv := int(snap.get("places_version", -1))
	if pv != _places_version:
		_refresh_places()
		_places_version = pv


func _on_game_loaded(_path) -> void:
	reset()


func _on_sim_started(_info) -> void:
	reset()
