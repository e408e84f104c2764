extends "res://tests/TestCase.gd"
# Levels painted in the editor (res://addons/malignus_level, pysim/core/level_scene.py): a
# level scene loads as a PackedScene with its tiles, things, wires and commands; the game
# starts from it (the same map as its text level); the level picker lists it. The editor's
# dock: test_level_editor.gd.

const SCENE := "res://levels/trap_demo.tscn"


func after_each() -> void:
	free_main()


func test_a_level_scene_loads_as_a_packed_scene():
	var packed = load(SCENE)
	if not assert_true(packed is PackedScene, "%s is not a PackedScene" % SCENE):
		return
	var level: Node = packed.instance()
	assert_true(level.has_method("is_malignus_level"), "the root has no Level.gd")
	assert_eq(level.level_name, "Trap demo")
	assert_eq(level.level_seed, 7)
	var ground: TileMap = level.get_node("Terrain")
	assert_eq(ground.get_used_rect(), Rect2(0, 0, 18, 7), "the painted map is not 18 x 7")
	assert_eq(ground.get_cell(0, 1), 4, "the portal tile")
	assert_eq(ground.get_cell(1, 1), 1, "a floor tile")
	assert_eq(ground.tile_set.tile_get_name(2), "wall")
	var timer: Node2D = level.get_node("Things/trap_timer_9_1")
	assert_eq(timer.kind, "trap")
	assert_eq(timer.arg, "timer/delay=20")
	assert_eq(timer.position, Vector2(144, 16))
	assert_eq(timer.glyph(), "Ti")
	assert_eq(level.get_node("Wires").get_child_count(), 4)
	assert_eq(level.get_node("Wires/wire_1").points, PoolVector2Array([Vector2(104, 24), Vector2(152, 24)]))
	assert_eq(level.get_node("Commands").lines.size(), 1)
	level.free()


func test_the_game_starts_from_a_level_scene():
	yield(start_main(SCENE), "completed")
	if not running():
		return
	assert_eq(main.sim.level_path, SCENE)
	assert_eq(Vector2(snap_get("width", 0), snap_get("height", 0)), Vector2(18, 7))
	var went_on = yield(wait_until(self, "snap_get", ["tick"], 5, 300), "completed")
	assert_true(went_on or int(snap_get("tick", 0)) >= 5, "the game does not run")
	# the scene and its text twin are one level in the picker (core/Levels.gd)
	var picker: OptionButton = main.hud.level_picker
	var listed := false
	for i in range(picker.get_item_count()):
		if str(picker.get_item_metadata(i)) == "res://levels/trap_demo.level":
			listed = true
			assert_eq(picker.get_item_text(i), "Trap Demo")
			assert_eq(picker.selected, i, "the picker does not show the running scene as its level")
	assert_true(listed, "the level picker does not list the trap demo")


func test_the_scene_and_its_text_level_are_the_same_game():
	yield(start_main(SCENE), "completed")
	if not running():
		return
	main.sim.paused_stepping = true
	assert_true(main.sim.load_level(SCENE), "the scene did not load again")
	var from_scene: String = main.sim.state_hash()
	assert_ne(from_scene, "")
	assert_true(main.sim.load_level("res://levels/trap_demo.level"), "the text level did not load")
	assert_eq(main.sim.state_hash(), from_scene, "the scene and the text level start differently")
