extends Camera2D
# Pan with WASD / arrows (actions pan_*), drag with the middle mouse button (pan_drag),
# zoom with the wheel (zoom_in / zoom_out) toward the mouse; clamped to the map (and EDGE_ROOM
# past it). With the
# setting camera/edge_scroll on (core/Settings.gd), the mouse resting within EDGE_PX of a
# window edge pans that way too, as fast as the keys.

export var pan_speed := 700.0       # screen pixels per second
export var min_zoom := 0.35         # Camera2D zoom: smaller = closer
export var max_zoom := 4.0         # raised to fit the whole map when it is bigger (frame)
export var zoom_step := 1.15

const EDGE_PX := 8                  # screen pixels from the window's edge that pan
# How far the view may go past the map's edge: 2 tiles (64 world px), and a third of the
# window besides, so a tile under a HUD panel at the window's edge (the Goals panel over the
# quarters of The Lair, the log) can be panned into the open, at any zoom.
const EDGE_ROOM := 1.0 / 3.0

var map_rect := Rect2(0, 0, 0, 0)   # in world pixels
var edge_scroll := false            # Settings "camera/edge_scroll"
var _mouse_in_window := true        # false from the mouse leaving (or the window losing
                                    # focus) to its next motion over the window
var _dragging := false


func _ready() -> void:
	current = true
	edge_scroll = bool(Settings.value("camera/edge_scroll"))
	var _err: int = EventBus.connect("settings_changed", self, "_on_settings_changed")


func _notification(what: int) -> void:
	if what == NOTIFICATION_WM_MOUSE_EXIT or what == NOTIFICATION_WM_FOCUS_OUT:
		_mouse_in_window = false


func _input(event: InputEvent) -> void:
	if event is InputEventMouseMotion:
		_mouse_in_window = true


func _on_settings_changed(key: String, value) -> void:
	if key == "camera/edge_scroll":
		edge_scroll = bool(value)


func set_map_rect(rect: Rect2) -> void:
	map_rect = rect
	_clamp()


# Zoom to fit: the whole map on screen, centred on it (no closer than `closest`); the
# farthest zoom is raised to it when the map needs more. Without a map, centred on focus
# (world pixels).
func frame(focus: Vector2, closest: float = 0.7) -> void:
	var vp := get_viewport_rect().size
	position = focus
	if map_rect.size.x > 0 and vp.x > 0:
		var fit: float = max(map_rect.size.x / vp.x, map_rect.size.y / vp.y) * 1.08
		max_zoom = max(max_zoom, fit)
		var z: float = clamp(max(fit, closest), min_zoom, max_zoom)
		zoom = Vector2(z, z)
		position = map_rect.position + map_rect.size / 2
	_clamp()


func _process(delta: float) -> void:
	var v := Vector2(
		Input.get_action_strength("pan_right") - Input.get_action_strength("pan_left"),
		Input.get_action_strength("pan_down") - Input.get_action_strength("pan_up"))
	if edge_scroll and _mouse_in_window:
		v += edge_direction(get_viewport().get_mouse_position(), get_viewport_rect().size)
	if v != Vector2.ZERO:
		position += v.normalized() * pan_speed * zoom.x * delta
		_clamp()


func _unhandled_input(event: InputEvent) -> void:
	if event is InputEventMouseButton:
		if event.is_action("pan_drag"):
			_dragging = event.pressed
			get_tree().set_input_as_handled()
		elif event.pressed and event.is_action("zoom_in"):
			zoom_at(1.0 / zoom_step, event.position)
			get_tree().set_input_as_handled()
		elif event.pressed and event.is_action("zoom_out"):
			zoom_at(zoom_step, event.position)
			get_tree().set_input_as_handled()
	elif event is InputEventMouseMotion and _dragging:
		position -= event.relative * zoom
		_clamp()
		get_tree().set_input_as_handled()
	elif event is InputEventKey and event.pressed:
		if event.is_action("zoom_in"):
			zoom_at(1.0 / zoom_step, get_viewport_rect().size / 2)
		elif event.is_action("zoom_out"):
			zoom_at(zoom_step, get_viewport_rect().size / 2)


# The way the window's edges pan for a mouse at `at` (screen pixels) in a window of `size`:
# -1, 0 or 1 on each axis; none when the mouse is outside the window.
static func edge_direction(at: Vector2, size: Vector2) -> Vector2:
	if not Rect2(Vector2.ZERO, size).has_point(at):
		return Vector2.ZERO
	var d := Vector2.ZERO
	if at.x < EDGE_PX:
		d.x = -1
	elif at.x >= size.x - EDGE_PX:
		d.x = 1
	if at.y < EDGE_PX:
		d.y = -1
	elif at.y >= size.y - EDGE_PX:
		d.y = 1
	return d


# Multiplies the zoom by factor keeping the world point under screen_pos in place.
func zoom_at(factor: float, screen_pos: Vector2) -> void:
	var vp := get_viewport_rect().size
	var offset_px := screen_pos - vp / 2
	var world_point := position + offset_px * zoom
	var z: float = clamp(zoom.x * factor, min_zoom, max_zoom)
	zoom = Vector2(z, z)
	position = world_point - offset_px * zoom
	_clamp()


func _clamp() -> void:
	if map_rect.size.x <= 0:
		return
	var half := get_viewport_rect().size * zoom / 2
	var margin := Vector2(64, 64) + get_viewport_rect().size * zoom * EDGE_ROOM
	var lo := map_rect.position - margin + half
	var hi := map_rect.end + margin - half
	position.x = clamp(position.x, lo.x, hi.x) if lo.x <= hi.x else map_rect.position.x + map_rect.size.x / 2
	position.y = clamp(position.y, lo.y, hi.y) if lo.y <= hi.y else map_rect.position.y + map_rect.size.y / 2
