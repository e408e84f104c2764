extends Node
# Base class of the Godot test scripts (res://tests/test_*.gd), run by res://tests/runner.gd.
# A test script: `extends "res://tests/TestCase.gd"`, with methods named test_*; a test may
# yield (coroutine). Optional hooks: before_each() and after_each().
# Assertions record failures (they do not stop the test) and return whether they held. Their
# return type is left undeclared on purpose: most calls drop the result, and a declared bool
# would make each such call a "return value discarded" warning (warnings are errors here).
# The helpers below (the main scene, waits, input through Input.parse_input_event, snapshot
# reads) are shared by the tests that drive the real game.

const MAIN_SCENE := "res://main/Main.tscn"
const TITLE_SCENE := "res://title/Title.tscn"

var main = null        # the main scene of add_main / start_main (or the title's game)
var title = null       # the title screen of start_title
var _failures := []


func fail(msg: String):
	_failures.append(msg)
	return false


func assert_true(cond, msg: String = ""):
	if typeof(cond) == TYPE_BOOL and cond:
		return true
	return fail("expected true, got %s %s" % [_show(cond), msg])


func assert_false(cond, msg: String = ""):
	if typeof(cond) == TYPE_BOOL and not cond:
		return true
	return fail("expected false, got %s %s" % [_show(cond), msg])


# Deep equality with exact Variant types (an int is not a float; arrays and dictionaries
# compare by content; pool arrays compare by content too).
func assert_eq(got, want, msg: String = ""):
	if deep_equal(got, want):
		return true
	return fail("expected %s, got %s %s" % [_show(want), _show(got), msg])


func assert_ne(got, other, msg: String = ""):
	if not deep_equal(got, other):
		return true
	return fail("expected something other than %s %s" % [_show(other), msg])


func assert_almost(got, want, eps: float = 1e-6, msg: String = ""):
	if (typeof(got) == TYPE_INT or typeof(got) == TYPE_REAL) and abs(float(got) - float(want)) <= eps:
		return true
	return fail("expected %s within %s, got %s %s" % [_show(want), str(eps), _show(got), msg])


func assert_type(value, type_id: int, msg: String = ""):
	if typeof(value) == type_id:
		return true
	return fail("expected Variant type %d, got type %d (%s) %s" % [type_id, typeof(value), _show(value), msg])


func assert_has(container, key, msg: String = ""):
	if (typeof(container) == TYPE_DICTIONARY or typeof(container) == TYPE_ARRAY) and container.has(key):
		return true
	return fail("expected %s to contain %s %s" % [_show(container), _show(key), msg])


func assert_string_contains(text, part: String, msg: String = ""):
	if typeof(text) == TYPE_STRING and text.find(part) >= 0:
		return true
	return fail("expected a String containing %s, got %s %s" % [_show(part), _show(text), msg])


# --- the main scene --------------------------------------------------------------------------

# Instances the main scene under the root (with `level` instead of its default level, if
# given); it starts its session on entering the tree.
func add_main(level: String = "") -> Node:
	main = load(MAIN_SCENE).instance()
	if level != "":
		main.level_path = level
	get_tree().root.add_child(main)
	return main


# add_main, then two physics frames (the session steps and sends a snapshot). A coroutine.
func start_main(level: String = ""):
	var _main := add_main(level)
	yield(get_tree(), "physics_frame")
	yield(get_tree(), "physics_frame")


func free_main() -> void:
	if main != null and is_instance_valid(main):
		main.get_parent().remove_child(main)
		main.free()
	main = null


# The title screen (the project's main scene) under the root, its Quit only noted
# (title.quitting). A coroutine (two physics frames).
func start_title():
	title = load(TITLE_SCENE).instance()
	title.really_quit = false
	get_tree().root.add_child(title)
	yield(frames(2), "completed")


func free_title() -> void:
	if title != null and is_instance_valid(title):
		title.get_parent().remove_child(title)
		title.free()
	title = null
	main = null
	get_tree().paused = false


# When the game asks before it is replaced or ended (menus/Confirm.gd), clicks its button
# `which` ("Go", "SaveFirst" or "Cancel"). A coroutine; its result: whether it asked.
func answer_confirm(which: String = "Go"):
	yield(get_tree(), "idle_frame")
	if main == null or not is_instance_valid(main) or not main.confirm.is_open():
		return false
	yield(click_control(main.confirm.panel.box.get_node(which)), "completed")
	return true


# start_main, then the game stepped by the test alone: main.sim.step_frame(0.1) runs one
# whole tick at 1x on this thread (the sim thread off). A coroutine; false if
# the session did not start.
func start_lockstep(level: String):
	yield(start_main(level), "completed")
	if not running():
		return false
	main.sim.paused_stepping = true
	main.sim.set_sim_thread(false)
	main.sim.set_speed(1)
	main.sim.step_frame(0.0)
	return true


# Asserts that the session started.
func running():
	return assert_true(main.sim.running, "the session did not start: %s" % main.sim.failure_text)


# The main scene's extension node named `ext_name` ("TrapsExtension" ...), null if none.
func extension(ext_name: String):
	for c in main.extensions.get_children():
		if c.name == ext_name:
			return c
	return null


# A test_* method that yields once (see docs/godot.md: Godot 3.2 drops a resumed function's
# state) runs its multi-yield body this way: `return _wrap("_t_body")`.
func _wrap(method: String):
	var state = call(method)
	if state is GDScriptFunctionState and state.is_valid():
		yield(state, "completed")


# Every sim event from now on lands in recorded_events (stop_recording in after_each).
var recorded_events := []


func record_events() -> void:
	recorded_events = []
	if not EventBus.is_connected("sim_event", self, "_on_recorded_event"):
		var _err := EventBus.connect("sim_event", self, "_on_recorded_event")


func stop_recording() -> void:
	if EventBus.is_connected("sim_event", self, "_on_recorded_event"):
		EventBus.disconnect("sim_event", self, "_on_recorded_event")


func _on_recorded_event(ev: Dictionary) -> void:
	recorded_events.append(ev)


# The log as the player reads it now (its shown lines, one a line).
func log_text() -> String:
	return PoolStringArray(main.hud.shown_log_texts()).join("\n")


# The recorded events of one type.
func recorded(type: String) -> Array:
	var out := []
	for ev in recorded_events:
		if str(ev.get("type", "")) == type:
			out.append(ev)
	return out


# --- waiting -----------------------------------------------------------------------------------

# Was an event of this type recorded whose fields hold these values (compared as text)?
func has_event(type: String, fields: Dictionary) -> bool:
	for ev in recorded(type):
		var all := true
		for k in fields:
			if not ev.has(k) or str(ev[k]) != str(fields[k]):
				all = false
		if all:
			return true
	return false


func frames(n: int) -> void:
	for _i in range(n):
		yield(get_tree(), "physics_frame")


# Waits until target.callv(method, args) == want, checking after each physics frame, for at
# most max_frames frames (at least one, so callers can always yield on "completed"); the
# result is whether it held.
func wait_until(target: Object, method: String, args: Array, want, max_frames: int = 120):
	for _i in range(max_frames):
		yield(get_tree(), "physics_frame")
		if target.callv(method, args) == want:
			return true
	return false


# Waits until the snapshot's `key` equals value (see wait_until).
func wait_snapshot(key: String, value, max_frames: int = 120):
	return wait_until(self, "snap_get", [key], value, max_frames)


# Waits until snap_value(id_key, key, id) equals value (see wait_until).
func wait_value(id_key: String, key: String, id: int, value, max_frames: int = 120):
	return wait_until(self, "snap_value", [id_key, key, id], value, max_frames)


# --- the snapshot ------------------------------------------------------------------------------

func snap() -> Dictionary:
	return main.sim.last_snapshot


func snap_get(key: String, default = null):
	return main.sim.last_snapshot.get(key, default)


# A per-row snapshot value as an int: column `key` of the row whose `id_key` column is id,
# e.g. snap_value("door_id", "door_open", 1); null if there is no such row.
func snap_value(id_key: String, key: String, id: int):
	var s: Dictionary = main.sim.last_snapshot
	var ids = s.get(id_key, [])
	for i in range(ids.size()):
		if int(ids[i]) == id:
			return int(s[key][i])
	return null


# The id of the first entity of the snapshot's kind `kind` (0 minion, 1 adventurer ...), -1 if none.
func first_of_kind(kind: int) -> int:
	var s: Dictionary = main.sim.last_snapshot
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		if int(s["ent_kind"][i]) == kind:
			return int(ids[i])
	return -1


# --- input, through Input.parse_input_event as a player's mouse makes it ----------------------

func mouse_button(pos: Vector2, button: int, pressed: bool) -> void:
	var ev := InputEventMouseButton.new()
	ev.button_index = button
	ev.pressed = pressed
	ev.button_mask = (1 << (button - 1)) if pressed else 0
	ev.position = pos
	ev.global_position = pos
	Input.parse_input_event(ev)


func mouse_motion(pos: Vector2, button_mask: int = 0, relative: Vector2 = Vector2()) -> void:
	var m := InputEventMouseMotion.new()
	m.position = pos
	m.global_position = pos
	m.relative = relative
	m.button_mask = button_mask
	Input.parse_input_event(m)


# One key event (a press or a release), as the keyboard sends it.
func key_event(scancode: int, pressed: bool, unicode: int = 0) -> void:
	var ev := InputEventKey.new()
	ev.scancode = scancode
	ev.unicode = unicode
	ev.pressed = pressed
	Input.parse_input_event(ev)


# Presses and releases a key, a frame after each. A coroutine.
func press_key(scancode: int, unicode: int = 0):
	for pressed in [true, false]:
		key_event(scancode, pressed, unicode)
		yield(get_tree(), "idle_frame")


# Moves the mouse to pos and clicks there (press, a frame, release, a frame). A coroutine.
func click_at(pos: Vector2, button: int = BUTTON_LEFT):
	mouse_motion(pos)
	mouse_button(pos, button, true)
	yield(get_tree(), "idle_frame")
	mouse_button(pos, button, false)
	yield(get_tree(), "idle_frame")


# Opens an OptionButton by a click and clicks its item `index` in its list. A coroutine.
func pick_option(button: OptionButton, index: int):
	yield(click_control(button), "completed")
	var popup: PopupMenu = button.get_popup()
	yield(get_tree(), "idle_frame")
	if not assert_true(popup.visible, "%s's list opened" % button.name):
		return
	var font: Font = popup.get_font("font")
	var h: float = font.get_height() + popup.get_constant("vseparation")
	var top: float = popup.get_stylebox("panel").get_margin(MARGIN_TOP)
	var at := Vector2(popup.rect_size.x / 2, top + h * (index + 0.5))
	yield(click_at(popup.get_global_transform_with_canvas().xform(at)), "completed")


# The index of the OptionButton's item whose metadata is `value`, -1 if none.
func option_index(button: OptionButton, value) -> int:
	for i in range(button.get_item_count()):
		if str(button.get_item_metadata(i)) == str(value):
			return i
	return -1


# Picks a level in the HUD's level picker and, if the game asks first, starts it. A coroutine.
func pick_level(path: String):
	yield(pick_option(main.hud.level_picker, option_index(main.hud.level_picker, path)), "completed")
	var _asked = yield(answer_confirm(), "completed")


# Clicks the centre of a control (where it is on the screen, its canvas layer's scale too).
# A coroutine.
func click_control(c: Control):
	yield(click_at(screen_point(c, c.rect_size / 2)), "completed")


# Where a point of a control (in its own coordinates) is on the screen: through its canvas
# layer too (the HUD is scaled by the UI scale setting).
static func screen_point(c: Control, local: Vector2) -> Vector2:
	return c.get_global_transform_with_canvas().xform(local)


# A control's rect on the screen (see screen_point).
static func screen_rect(c: Control) -> Rect2:
	var t := c.get_global_transform_with_canvas()
	return Rect2(t.origin, c.rect_size * t.get_scale())


# --- the window --------------------------------------------------------------------------------

# The game as if in a window of `size` pixels at UI scale `ui_scale`: the root viewport takes
# that size (the stretch is switched off, so a mouse event's position is the viewport's: the
# clicks of these helpers land where they aim) and the HUD hears of the scale as from the
# settings panel. restore_window() puts the project's stretch and scale 1 back. A coroutine.
func set_window(size: Vector2, ui_scale: float = 1.0):
	get_tree().set_screen_stretch(SceneTree.STRETCH_MODE_DISABLED, SceneTree.STRETCH_ASPECT_IGNORE, Vector2.ZERO)
	var root_viewport: Viewport = get_tree().root
	root_viewport.size = size
	EventBus.emit_signal("settings_changed", "ui/scale", ui_scale)
	for _i in range(3):
		yield(get_tree(), "idle_frame")


func restore_window() -> void:
	get_tree().set_screen_stretch(SceneTree.STRETCH_MODE_2D, SceneTree.STRETCH_ASPECT_EXPAND,
			Vector2(ProjectSettings.get_setting("display/window/size/width"),
			ProjectSettings.get_setting("display/window/size/height")))
	EventBus.emit_signal("settings_changed", "ui/scale", Settings.value("ui/scale"))


# The screen position of a map tile's centre.
func tile_screen(tile: Vector2) -> Vector2:
	return main.world.get_viewport().canvas_transform.xform(main.world.tile_to_world(tile))


# A left-button drag with the mouse through the given tiles (each a neighbour of the last),
# as a player does it: motion to the first tile, press, motion along the path, release on
# the last tile; then settle_frames physics frames. A coroutine.
func drag(tiles: Array, settle_frames: int = 5):
	yield(press_and_drag(tiles), "completed")
	yield(release(tiles[tiles.size() - 1], settle_frames), "completed")


# The first part of drag: the button pressed on the first tile and the mouse moved along the
# rest, still down (a preview shows what letting go would do). A coroutine.
func press_and_drag(tiles: Array):
	mouse_motion(tile_screen(tiles[0]))
	yield(get_tree(), "idle_frame")
	mouse_button(tile_screen(tiles[0]), BUTTON_LEFT, true)
	yield(get_tree(), "idle_frame")
	for k in range(1, tiles.size()):
		mouse_motion(tile_screen(tiles[k]), BUTTON_MASK_LEFT)
		yield(get_tree(), "idle_frame")


# Lets the left button go on `tile`, then settle_frames physics frames. A coroutine.
func release(tile: Vector2, settle_frames: int = 5):
	mouse_button(tile_screen(tile), BUTTON_LEFT, false)
	yield(get_tree(), "idle_frame")
	yield(frames(settle_frames), "completed")


# --- comparison --------------------------------------------------------------------------------

static func deep_equal(a, b) -> bool:
	var ta := typeof(a)
	if ta != typeof(b):
		return false
	if ta == TYPE_ARRAY or ta >= TYPE_RAW_ARRAY:
		if a.size() != b.size():
			return false
		for i in range(a.size()):
			if not deep_equal(a[i], b[i]):
				return false
		return true
	if ta == TYPE_DICTIONARY:
		if a.size() != b.size():
			return false
		for k in a.keys():
			if not b.has(k) or not deep_equal(a[k], b[k]):
				return false
		return true
	if ta == TYPE_OBJECT:
		return a == b
	return a == b


static func _show(v) -> String:
	var s := str(v)
	if typeof(v) == TYPE_STRING:
		s = '"%s"' % s
	if s.length() > 300:
		s = s.substr(0, 300) + "..."
	return s


# --- two sessions ------------------------------------------------------------------------------

# The state hash of a bare session (no views, no frames) of the running level and seed, played
# `ticks` ticks a whole tick at a time; "" (and a failed assert) if it does not start.
func bare_session_hash(ticks: int) -> String:
	var other = load(main.sim.BRIDGE_SCRIPT).new()
	var text := main.sim._read_text(main.sim.level_path) as String
	var r = other.start(main.sim.python_paths(), main.sim.SESSION_MODULE, main.sim.SESSION_FACTORY,
			[text, main.sim.level_path, main.sim.seed_value])
	if not assert_eq(r, true, "the second session did not start: %s" % str(r)):
		return ""
	for _i in range(ticks):
		other.invoke("step", [0.1])
	assert_eq(int(other.invoke("snapshot", [])["tick"]), ticks, "the bare session ran other ticks")
	return str(other.invoke("state_hash", []))


# Shows the views a snapshot in which the first `count` bodies of `kind` stand (state -1) or
# lie (state 1, 2) on `tile`; the game itself is untouched. Returns their ids.
func gather_on_tile(tile: Vector2, kind: int, count: int, state: int = -1) -> Array:
	var s: Dictionary = main.sim.last_snapshot.duplicate()
	var ids = s["ent_id"]
	var pos := PoolVector2Array(s["ent_pos"])
	var states := PoolIntArray(s["ent_state"])
	var out := []
	for i in range(ids.size()):
		if int(s["ent_kind"][i]) == kind and out.size() < count:
			out.append(int(ids[i]))
			pos[i] = tile
			if state >= 0:
				states[i] = state
	s["ent_pos"] = pos
	s["ent_state"] = states
	EventBus.emit_signal("snapshot_updated", s)
	return out
