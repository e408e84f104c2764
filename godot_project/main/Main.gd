extends Node
# The main scene: SimClient + World + HUD + Extensions.
# Command-line user arguments (after `--`):
#   --level=res://levels/x.level   the level to load (default res://levels/campaign.level, the campaign start)
#   --seed=N                       the session seed (default: the level's seed)
#   --autoplay-hours=H             headless fast-forward: play H game hours at full speed,
#                                  print the clock each hour and every event, then the final
#                                  tick and state hash, and quit(0) (non-zero on failure)
#   --screenshot=/tmp/x.png        save a viewport capture after --screenshot-frames=N
#                                  frames (default 90) and quit (needs a real renderer)
#   --select=ID                    select entity ID once the game runs (for screenshots)
#   --zoom=Z                       set the camera's zoom once the game runs (for screenshots;
#                                  1 = 32 screen px a tile, 0.5 = 64 px; not clamped)
#   --focus=X,Y                    centre the camera on tile (X, Y) once the game runs
#   --quit-after=N                 quit after N frames
# Extensions: every res://<folder>/*Extension.tscn is instanced under Extensions at start
# (sorted by path); when its root has setup(main), it is called before the sim starts.

const Files = preload("res://core/Files.gd")
const DEFAULT_LEVEL := "res://levels/campaign.level"
const SKIP_DIRS := [".import", "bridge", "tests", "levels", "core", "world", "hud", "main"]

export var level_path := ""        # set before adding the scene to override the level
export var seed_value := -1       # -1: the level's own seed (or --seed=N)
export var auto_start := true

onready var sim = $SimClient
onready var world = $World
onready var hud = $HUD
onready var extensions = $Extensions

var args := {}
var autoplay_hours := -1.0
var _autoplay_start_hour := -1
var _autoplay_last_hour := -1
var _autoplay_last_tick := -1
var _autoplay_stalled_frames := 0
var _finished := false
var _frames := 0
var _screenshot_path := ""
var _screenshot_frames := 90
var _zoom := -1.0
var _focus := Vector2(-1, -1)
var _quit_after := -1
var _select_id := -1


func _ready() -> void:
	add_to_group("main")
	args = parse_args(OS.get_cmdline_args())
	if level_path == "":
		level_path = str(args.get("level", DEFAULT_LEVEL))
	if seed_value < 0:
		seed_value = int(args.get("seed", -1))
	autoplay_hours = float(args.get("autoplay-hours", -1))
	_screenshot_path = str(args.get("screenshot", ""))
	_screenshot_frames = int(args.get("screenshot-frames", 90))
	_quit_after = int(args.get("quit-after", -1))
	_select_id = int(args.get("select", -1))
	_zoom = float(args.get("zoom", -1))
	var focus := str(args.get("focus", "")).split(",")
	if focus.size() == 2:
		_focus = Vector2(float(focus[0]), float(focus[1]))
	load_extensions()
	if autoplay_hours >= 0:
		_setup_autoplay()
	if auto_start:
		var _started := start()      # a failed start shows in the banner (sim_failed)


func start() -> bool:
	var ok: bool = sim.start(level_path, seed_value)
	if not ok and autoplay_hours >= 0:
		printerr("Malignus autoplay: the game cannot start; exit code 2")
		_finished = true
		get_tree().quit(2)
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
	if _screenshot_path != "" and _frames == _screenshot_frames:
		_take_screenshot()
	if _quit_after > 0 and _frames >= _quit_after:
		get_tree().quit(0)


# --zoom / --focus: the camera after the world framed the map on the first snapshot.
func _place_camera() -> void:
	var cam = world.camera
	if _zoom > 0:
		cam.zoom = Vector2(_zoom, _zoom)
	if _focus.x >= 0:
		cam.position = (_focus + Vector2(0.5, 0.5)) * world.TILE
	cam.set_map_rect(cam.map_rect)       # re-clamps the position to the map


func _take_screenshot() -> void:
	yield(VisualServer, "frame_post_draw")
	var tex = get_viewport().get_texture()
	var img: Image = tex.get_data() if tex != null else null
	if img == null or img.is_empty():
		printerr("Malignus: no viewport image (a headless renderer cannot capture)")
		get_tree().quit(4)
		return
	img.flip_y()
	var err := img.save_png(_screenshot_path)
	print("screenshot %s %s" % [_screenshot_path, "saved" if err == OK else "failed (%d)" % err])
	get_tree().quit(0 if err == OK else 4)


# --- headless autoplay -----------------------------------------------------------------

func _setup_autoplay() -> void:
	sim.autoplay = true
	var _err := EventBus.connect("sim_event", self, "_on_autoplay_event")
	_err = EventBus.connect("sim_error", self, "_on_autoplay_error")
	_err = EventBus.connect("snapshot_updated", self, "_on_autoplay_snapshot")
	print("Malignus autoplay: level %s, seed %s, %s game hours" % [level_path, "from the level" if seed_value < 0 else str(seed_value), str(autoplay_hours)])


func _on_autoplay_event(ev: Dictionary) -> void:
	print("  tick %d  %s" % [int(ev.get("tick", 0)), hud.event_words(ev)])


func _on_autoplay_error(text: String) -> void:
	printerr("Malignus autoplay: simulation error:\n" + text)


func _on_autoplay_snapshot(snap: Dictionary) -> void:
	if _finished:
		return
	var tick := int(snap.get("tick", 0))
	var abs_hour := (int(snap.get("day", 1)) - 1) * 24 + int(snap.get("hour", 0))
	if _autoplay_start_hour < 0:
		_autoplay_start_hour = abs_hour
	if abs_hour != _autoplay_last_hour:
		_autoplay_last_hour = abs_hour
		print("day %d %02d:%02d  tick %d" % [int(snap.get("day", 1)), int(snap.get("hour", 0)), int(snap.get("minute", 0)), tick])
	if abs_hour - _autoplay_start_hour >= autoplay_hours:
		_finish_autoplay(snap)


func _physics_process(_delta: float) -> void:
	if autoplay_hours < 0 or _finished or not sim.running:
		return
	var tick: int = sim.current_tick()
	if tick == _autoplay_last_tick:
		_autoplay_stalled_frames += 1
		if _autoplay_stalled_frames > 300:
			printerr("Malignus autoplay: the clock stopped at tick %d" % tick)
			_finished = true
			get_tree().quit(3)
	else:
		_autoplay_stalled_frames = 0
		_autoplay_last_tick = tick


func _finish_autoplay(snap: Dictionary) -> void:
	_finished = true
	sim.autoplay = false
	sim.paused_stepping = true
	var h: String = sim.state_hash()
	print("final tick %d hash %s" % [int(snap.get("tick", 0)), h if h != "" else "(unavailable)"])
	get_tree().quit(0)
