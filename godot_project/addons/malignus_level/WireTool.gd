tool
extends Reference
# The Level dock's Wire tool: a drag across the 2D view draws a wire tile by tile
# (res://traps/WirePath.gd, the game's Wiring tool's way), checked as it goes by pysim's own
# [wires] check (SimClient.check_wire: would the level, as it is now, take this wire as its
# next [wires] line? where would it join or jump another wire?). Let go on a drag pysim
# takes and a Line2D wire is added (LevelEdits.add_wire); a refused drag adds nothing.

const SimClient = preload("res://core/SimClient.gd")
const WirePath = preload("res://traps/WirePath.gd")
const LevelEdits = preload("res://addons/malignus_level/LevelEdits.gd")

var root = null          # the level scene's root while a drag goes on
var path := []           # the drag's tiles (Vector2)
var check := {}          # pysim's answer for the path so far: {ok, reason, corners, joins,
                         # bumps}; {} while the drag is one tile
var _text := ""          # the scene's text when the drag began
var _source := ""


func dragging() -> bool:
	return root != null


func begin(level_root: Node, tile: Vector2) -> void:
	root = level_root
	path = [tile]
	check = {}
	_text = LevelEdits.scene_text(level_root)
	_source = level_root.filename if level_root.filename != "" else "unsaved.tscn"


# The mouse reached `tile`: the path follows, and pysim says whether it would be taken.
func drag_to(tile: Vector2) -> Dictionary:
	if root == null:
		return {}
	path = WirePath.extend(path, tile)
	check = {}
	if path.size() >= 2:
		var got = SimClient.check_wire(_text, _source, WirePath.as_lists(path))
		if typeof(got) == TYPE_DICTIONARY and got.has("ok"):
			check = got
		else:
			check = {"ok": false, "reason": "cannot ask pysim: %s" % str(got), "corners": [],
					"joins": [], "bumps": []}
	return check


# Let go: the wire, when pysim takes it (else null); the drag ends either way.
func finish(undo = null) -> Node:
	var wire = null
	if root != null and bool(check.get("ok", false)):
		wire = LevelEdits.add_wire(root, check["corners"], undo)
	cancel()
	return wire


func cancel() -> void:
	root = null
	path = []
	check = {}
	_text = ""
