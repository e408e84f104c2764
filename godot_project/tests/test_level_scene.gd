extends "res://tests/TestCase.gd"
# Levels painted in the editor (res://addons/malignus_level, pysim/core/level_scene.py): a
# level scene loads as a PackedScene with its tiles, things, wires and commands; the game
# starts from it (the same map as its text level); the level picker lists it; its terrain
# tiles are the game's own sprites from the art atlas. The editor's dock:
# test_level_editor.gd.

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
	assert_eq(ground.cell_size, Vector2(32, 32), "the scene's cells are the art's tiles")
	var timer: Node2D = level.get_node("Things/trap_timer_9_1")
	assert_eq(timer.kind, "trap")
	assert_eq(timer.arg, "timer/delay=20")
	assert_eq(timer.position, Vector2(288, 32))
	assert_eq(timer.glyph(), "Ti")
	assert_eq(level.get_node("Wires").get_child_count(), 4)
	assert_eq(level.get_node("Wires/wire_1").points, PoolVector2Array([Vector2(208, 48), Vector2(304, 48)]))
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


# The editor paints terrain with the game's art: a tile for every terrain code (and the Domain
# map's), each the atlas's sprite of that terrain (art/sprites.txt terrain/<name>/0), 32 px.
func test_the_editors_terrain_tiles_are_the_games_sprites():
	var tiles = load("res://addons/malignus_level/terrain.tres")
	if not assert_true(tiles is TileSet, "no terrain tile set: run make art"):
		return
	var names := ["rock", "floor", "wall", "water", "portal", "sanctum"]
	assert_eq(Array(tiles.get_tiles_ids()), [0, 1, 2, 3, 4, 5, 6], "one tile per terrain code and the domain's")
	assert_eq(tiles.tile_get_name(6), "domain")
	for code in range(names.size()):
		assert_eq(tiles.tile_get_name(code), names[code], "tile %d" % code)
		var region: Rect2 = tiles.tile_get_region(code)
		assert_eq(region.size, Vector2(32, 32), "%s: a 32 px tile" % names[code])
		var tile_img: Image = tiles.tile_get_texture(code).get_data().get_rect(region)
		var art: Image = Art.image.get_rect(Art.region("terrain/%s/0" % names[code]))
		tile_img.convert(Image.FORMAT_RGBA8)
		assert_eq(tile_img.get_data(), art.get_data(), "%s is drawn with the game's sprite" % names[code])


# The editor draws a level's things with the game's sprites too (Art.level_thing): every kind
# of thing but the words about another thing (duty, party, name, down ...: badges); in the trap
# demo, each Thing is drawn as its sprite.
func test_the_editor_draws_things_with_the_games_sprites():
	var Thing = load("res://addons/malignus_level/Thing.gd")
	var args := {"trap": "pressure_plate", "treasure": "10", "adventurer": "knight", "mark": "scorch"}
	for kind in Thing.LOOK:
		var thing := Art.level_thing(kind, str(args.get(kind, "")))
		if kind in ["duty", "party", "faction", "trait", "name", "down"]:
			assert_eq(thing, "", "%s is a badge" % kind)
		else:
			assert_true(Art.has(thing), "%s is drawn as %s, a sprite of the atlas" % [kind, thing])
	assert_eq(Art.level_thing("trap", "timer/delay=20"), "part/timer")
	assert_eq(Art.level_thing("adventurer", "warrior:3"), "body/adventurer/warrior")
	assert_eq(Art.level_thing("door", "held"), "door/open")
	var level: Node = load(SCENE).instance()
	get_tree().root.add_child(level)
	yield(frames(2), "completed")
	var drawn := 0
	for t in level.get_node("Things").get_children():
		var want := Art.level_thing(t.kind, t.arg)
		if want != "":
			assert_eq(t.drawn_thing, want, "%s is drawn with its sprite" % t.name)
			drawn += 1
	assert_true(drawn >= 10, "the demo's things are drawn as sprites (%d)" % drawn)
	level.queue_free()
