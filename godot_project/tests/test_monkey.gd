extends "res://tests/TestCase.gd"
# A seeded monkey: several hundred random player actions (tool buttons, clicks and drags on
# the map with every tool, right clicks, the speed keys, buttons in the right dock and the
# selection panel) on each demo level, through Input.parse_input_event. Whatever the player
# does, no script error happens (the runner counts SCRIPT ERROR lines in the log), no Python
# exception reaches the error banner, and the simulation keeps running.

const LEVELS := ["res://levels/first.level", "res://levels/trap_demo.level",
		"res://levels/doors_demo.level", "res://levels/combat_demo.level"]
const ACTIONS_PER_LEVEL := 150
const KEYS := [KEY_1, KEY_2, KEY_3, KEY_SPACE, KEY_ESCAPE, KEY_EQUAL, KEY_MINUS, KEY_W, KEY_D]

var rng := RandomNumberGenerator.new()
var errors := []
var commands := {}     # command type -> how often the monkey's actions sent it


func _on_sim_error(text: String) -> void:
	errors.append(text)


func _on_command(cmd: Dictionary) -> void:
	var t := str(cmd.get("type", "?"))
	commands[t] = int(commands.get(t, 0)) + 1


func _buttons_under(node: Node, out: Array) -> void:
	for c in node.get_children():
		if c is BaseButton and c.is_visible_in_tree() and not c.disabled:
			out.append(c)
		_buttons_under(c, out)


# A tile worth clicking: half the time where an entity, a door or a trap part is.
func interesting_tile() -> Vector2:
	if rng.randf() < 0.5:
		var spots := []
		for key in ["ent_pos", "door_pos", "part_pos"]:
			var arr = snap_get(key, [])
			if typeof(arr) == TYPE_VECTOR2_ARRAY:
				for p in arr:
					spots.append(Vector2(floor(p.x), floor(p.y)))
		if not spots.empty():
			return spots[rng.randi_range(0, spots.size() - 1)]
	return random_tile()


func random_tile() -> Vector2:
	var w := int(snap_get("width", 1))
	var h := int(snap_get("height", 1))
	return Vector2(rng.randi_range(0, w - 1), rng.randi_range(0, h - 1))


func one_action():
	var roll := rng.randi_range(0, 9)
	if roll <= 1:
		var tools := []
		_buttons_under(main.hud.tool_bar, tools)
		if not tools.empty():
			yield(click_control(tools[rng.randi_range(0, tools.size() - 1)]), "completed")
			return
	elif roll <= 3:
		var panels := []
		_buttons_under(main.hud.right_dock, panels)
		# Save / Load stay out: a load replaces the game the monkey is poking at.
		if not panels.empty():
			yield(click_control(panels[rng.randi_range(0, panels.size() - 1)]), "completed")
			return
	elif roll <= 5:
		yield(click_at(tile_screen(interesting_tile()), BUTTON_LEFT if rng.randf() < 0.8 else BUTTON_RIGHT), "completed")
		return
	elif roll <= 7:
		var a := interesting_tile()
		var path := [a]
		for _i in range(rng.randi_range(1, 6)):
			var step := Vector2(rng.randi_range(-1, 1), rng.randi_range(-1, 1))
			path.append(path[path.size() - 1] + step)
		yield(drag(path, 1), "completed")
		return
	elif roll == 8:
		yield(press_key(KEYS[rng.randi_range(0, KEYS.size() - 1)]), "completed")
		return
	yield(frames(rng.randi_range(1, 10)), "completed")


func test_random_play_on_every_demo_level_raises_nothing():
	rng.seed = 20261130
	var _err := EventBus.connect("sim_error", self, "_on_sim_error")
	_err = EventBus.connect("command_requested", self, "_on_command")
	for level in LEVELS:
		yield(start_main(level), "completed")
		if not running():
			free_main()
			continue
		for _i in range(ACTIONS_PER_LEVEL):
			yield(one_action(), "completed")
		# Whatever happened, the game still runs at a speed the monkey can see.
		EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
		var before := int(snap_get("tick", 0))
		var went_on = yield(wait_until(self, "snap_get", ["tick"], before + 5, 200), "completed")
		assert_true(went_on or int(snap_get("tick", 0)) > before, "%s stopped stepping" % level)
		EventBus.emit_signal("entity_selected", -1)
		EventBus.emit_signal("tool_selected", "select")
		free_main()
	EventBus.disconnect("sim_error", self, "_on_sim_error")
	EventBus.disconnect("command_requested", self, "_on_command")
	print("  monkey sent: %s" % str(commands))
	assert_eq(errors, [], "Python exceptions reached the error banner")
	# The monkey did play: its clicks and drags reached the sim as many kinds of command.
	assert_true(commands.size() >= 3, "the monkey's actions sent only %s" % str(commands))
