extends Node
# The game scene: SimClient + World + HUD + Extensions + Confirm. The title screen
# (res://title/Title.tscn, the project's main scene) starts it as its child; the tests start
# it alone.
# Command-line user arguments (after `--`; the title screen reads its own too):
#   --level=res://levels/x.level   the level to load (default res://levels/campaign.level, the campaign start)
#   --seed=N                       the session seed (default: the level's seed)
#   --autoplay-hours=H             headless fast-forward: play H game hours at full speed,
#                                  print the clock each hour and every event, then the final
#                                  tick and state hash, and quit(0) (main/Autoplay.gd)
#   --select=ID                    select entity ID once the game runs (for screenshots)
#   --zoom=Z                       set the camera's zoom once the game runs (for screenshots;
#                                  1 = 32 screen px a tile, 0.5 = 64 px; not clamped)
#   --focus=X,Y                    centre the camera on tile (X, Y) once the game runs
#   --tool=ID                      pick a tool once the game runs (econ_mine, door ...)
#   --hover=X,Y                    then move the mouse onto tile (X, Y): the tool's preview and
#                                  the map tip (for screenshots)
#   --tile=X,Y                     select the tile (a piece of furniture's panel)
#   --tab=TITLE                    open that tab of the selection panel (with --select)
# Extensions: every res://<folder>/*Extension.tscn is instanced under Extensions at start
# (sorted by path); when its root has setup(main), it is called before the sim starts.
# Replacing or ending the game (another level, a load, New campaign, Quit) goes through
# replace_game: one confirmation (menus/Confirm.gd) when the game changed since it was last
# saved, loaded or started (SimClient.unsaved_changes), else at once. EventBus's
# save_requested, load_requested and level_requested (the HUD's Save, Load, F5, F9 and level
# picker; the end screen) come here.

const Autoplay = preload("res://main/Autoplay.gd")
const Files = preload("res://core/Files.gd")
const Levels = preload("res://core/Levels.gd")
const DEFAULT_LEVEL := "res://levels/campaign.level"
const QUICKSAVE_PATH := "user://quicksave.msave"
const SKIP_DIRS := [".import", "bridge", "tests", "levels", "core", "world", "hud", "main", "menus", "title"]

export var level_path := ""        # set before adding the scene to override the level
export var save_path := ""         # set before adding the scene: start on this save instead
export var seed_value := -1       # -1: the level's own seed (or --seed=N)
export var auto_start := true

onready var sim = $SimClient
onready var world = $World
onready var hud = $HUD
onready var extensions = $Extensions
onready var confirm = $Confirm

var args := {}
var autoplay = null                # main/Autoplay.gd in a headless autoplay run
var _frames := 0
var _zoom := -1.0
var _focus := Vector2(-1, -1)
var _select_id := -1


func _ready() -> void:
	add_to_group("main")
	args = parse_args(OS.get_cmdline_args())
	if level_path == "":
		level_path = str(args.get("level", DEFAULT_LEVEL))
	if seed_value < 0:
		seed_value = int(args.get("seed", -1))
	_select_id = int(args.get("select", -1))
	_zoom = float(args.get("zoom", -1))
	_focus = _tile_arg("focus")
	var _err: int = EventBus.connect("save_requested", self, "save_game")
	_err = EventBus.connect("load_requested", self, "_on_load_requested")
	_err = EventBus.connect("level_requested", self, "_on_level_requested")
	load_extensions()
	if args.has("autoplay-hours"):
		autoplay = Autoplay.new(self, float(args["autoplay-hours"]))
		add_child(autoplay)
	if auto_start:
		var _started := start()      # a failed start shows in the banner (sim_failed)


# Starts the game: on save_path when set (its camera and log as they were), else on the
# level at the player's default speed.
func start() -> bool:
	var ok: bool
	if save_path != "":
		ok = sim.start_save(save_path)
		if ok:
			apply_view(sim.loaded_view)
	else:
		ok = sim.start(level_path, seed_value, default_speed())
	if not ok and autoplay != null:
		autoplay.cannot_start()
	return ok


# "--key=value" -> {"key": "value"}, "--flag" -> {"flag": true}.
static func parse_args(list: Array) -> Dictionary:
	var out := {}
	for a in list:
		var s := str(a)
		if not s.begins_with("--"):
			continue
		s = s.substr(2, s.length() - 2)
		if s == "":
			continue
		var eq := s.find("=")
		if eq < 0:
			out[s] = true
		else:
			out[s.substr(0, eq)] = s.substr(eq + 1, s.length() - eq - 1)
	return out


func load_extensions() -> void:
	var found := []
	for folder in Files.entries("res://")["dirs"]:
		if not folder in SKIP_DIRS:
			for file in Files.entries("res://" + folder)["files"]:
				if file.ends_with("Extension.tscn"):
					found.append(("res://" + folder).plus_file(file))
	found.sort()
	for path in found:
		var scene = load(path)
		if scene == null:
			push_error("Malignus: cannot load extension " + path)
			continue
		var node = scene.instance()
		extensions.add_child(node)
		if node.has_method("setup"):
			node.setup(self)


func _process(_delta: float) -> void:
	_frames += 1
	if _frames == 3 and _select_id >= 0:
		EventBus.emit_signal("entity_selected", _select_id)
	if _frames == 5 and (_zoom > 0 or _focus.x >= 0):
		_place_camera()
	if _frames == 6:
		_apply_view_args()


# "--name=X,Y" as a tile, (-1, -1) without it.
func _tile_arg(arg_name: String) -> Vector2:
	var xy := str(args.get(arg_name, "")).split(",")
	return Vector2(float(xy[0]), float(xy[1])) if xy.size() == 2 else Vector2(-1, -1)


# --tool, --tile, --tab, --hover (for screenshots): what a player's clicks would do.
func _apply_view_args() -> void:
	if str(args.get("tool", "")) != "":
		EventBus.emit_signal("tool_selected", str(args["tool"]))
	var tile := _tile_arg("tile")
	if tile.x >= 0:
		EventBus.emit_signal("tile_selected", tile)
	var tab_button = hud.selection_panel.tabs.tab_button(str(args.get("tab", "")))
	if tab_button != null:
		tab_button.emit_signal("pressed")
	var hover := _tile_arg("hover")
	if hover.x >= 0:
		var m := InputEventMouseMotion.new()
		m.position = world.get_viewport().canvas_transform.xform(world.tile_to_world(hover))
		m.global_position = m.position
		Input.warp_mouse_position(m.position)
		Input.parse_input_event(m)


# --zoom / --focus: the camera after the world framed the map on the first snapshot.
func _place_camera() -> void:
	var cam = world.camera
	if _zoom > 0:
		cam.zoom = Vector2(_zoom, _zoom)
	if _focus.x >= 0:
		cam.position = (_focus + Vector2(0.5, 0.5)) * world.TILE
	cam.set_map_rect(cam.map_rect)       # re-clamps the position to the map


# --- replacing the game: one confirmation for all ---------------------------------------------

# Calls target.method(call_args...) at once when the game has nothing unsaved, else asks first
# ("<action>?" with the button "<action> without saving"; offer_save adds "Save, then ...").
# True when it ran at once.
func replace_game(action: String, target: Object, method: String, call_args: Array = [],
		offer_save: bool = true) -> bool:
	if not sim.unsaved_changes():
		target.callv(method, call_args)
		return true
	confirm.ask(action + "?", action, target, method, call_args,
			funcref(self, "save_game") if offer_save else null)
	return false


# Another level (the HUD's picker, the end screen): "Start Trap Demo?".
func _on_level_requested(path: String) -> void:
	var levels := Levels.listed()
	var i := Levels.index_of(levels, path)
	var title: String = levels[i]["title"] if i >= 0 else path.get_file().get_basename().capitalize()
	var _now := replace_game("Start " + title, self, "load_level", [path])


func load_level(path: String) -> bool:
	return sim.load_level(path, -1, default_speed())


# Load, F9: the quicksave. With none, it says so without asking first.
func _on_load_requested() -> void:
	if not File.new().file_exists(QUICKSAVE_PATH):
		var _loaded: bool = sim.load_game(QUICKSAVE_PATH)
		return
	var _now := replace_game("Load the saved game", self, "load_game", [QUICKSAVE_PATH], false)


# Replaces the game with the save at path, the camera and the log as they were saved.
func load_game(path: String = QUICKSAVE_PATH) -> bool:
	if not sim.load_game(path):
		return false
	apply_view(sim.loaded_view)
	return true


# Save, F5: the game with its view, to path.
func save_game(path: String = QUICKSAVE_PATH) -> bool:
	return sim.save_game(path, view())


# The player's default speed (Settings "game/default_speed") as a speed the game has: the
# fastest of the speed buttons' that is not faster.
func default_speed() -> int:
	var want := int(Settings.value("game/default_speed"))
	var best := 1
	for s in hud.top_bar.SPEEDS.values():
		if s > best and s <= want:
			best = s
	return best


# --- The view: where the player was looking, kept with a save ----------------------------------
# The save's [view] section (pysim/core/save.py, "The view"): "camera" (the tile at the centre,
# x and y, and the screen pixels a tile, tile_px: in tiles, so a save outlives a change of
# the art's tile size), "log" (hud.log_entries) and "about" (the level's name and the clock,
# for the list of saves). Never game state; what is wrong in it is left out, the rest applied.

func view() -> Dictionary:
	var cam = world.camera
	var snap: Dictionary = sim.last_snapshot
	return {
		"camera": [{"x": cam.position.x / world.TILE, "y": cam.position.y / world.TILE,
				"tile_px": world.TILE / cam.zoom.x}],
		"log": hud.log_entries(),
		"about": [{"name": sim.level_name, "day": int(snap.get("day", 1)),
				"hour": int(snap.get("hour", 0)), "minute": int(snap.get("minute", 0))}],
	}


func apply_view(saved: Dictionary) -> void:
	var cams = saved.get("camera", [])
	var cam_view = cams[0] if typeof(cams) == TYPE_ARRAY and cams.size() > 0 else null
	if typeof(cam_view) == TYPE_DICTIONARY:
		var x := _number(cam_view, "x")
		var y := _number(cam_view, "y")
		var tile_px := _number(cam_view, "tile_px")
		var cam = world.camera
		if not is_nan(x) and not is_nan(y):
			cam.position = Vector2(x, y) * world.TILE
		if not is_nan(tile_px) and tile_px > 0:
			var z: float = clamp(world.TILE / tile_px, cam.min_zoom, cam.max_zoom)
			cam.zoom = Vector2(z, z)
		cam.set_map_rect(cam.map_rect)       # re-clamps the position to the map
	var entries = saved.get("log", [])
	if typeof(entries) == TYPE_ARRAY:
		hud.restore_log(entries)


# d[key] as a finite number, else NAN.
static func _number(d: Dictionary, key: String) -> float:
	var v = d.get(key)
	if not (typeof(v) in [TYPE_INT, TYPE_REAL]) or is_inf(float(v)):
		return NAN
	return float(v)
