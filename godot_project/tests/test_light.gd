extends "res://tests/TestCase.gd"
# The darkness a level makes ([light], docs/level-format.md) drawn in the game: World/Light
# (world/LightLayer.gd), a node of its own over the terrain, darkens a dark tile more than a
# dim one and leaves a lit one clear; a level in full light draws none; a level scene's Light
# TileMap gives the same darkness as its text twin.

const DARK := "res://tests/data/dark_room.level"
const DARK_SCENE := "res://tests/data/dark_room.tscn"


func after_each() -> void:
	free_main()


func _layer():
	return main.world.get_node("Light")


func test_a_dark_level_draws_its_darkness_over_the_terrain():
	yield(start_main(DARK), "completed")
	if not running():
		return
	var layer = _layer()
	assert_true(layer.visible, "the darkness is not drawn")
	# drawn over the terrain, under the structures and the bodies
	assert_true(layer.get_index() == main.world.tiles.get_index() + 1, "not right over the terrain")
	assert_true(layer.get_index() < main.world.structures.get_index(), "over the structures")
	assert_true(layer.get_index() < main.world.entities.get_index(), "over the bodies")
	assert_eq(layer.texture.get_size(), Vector2(22, 6), "one pixel a tile")
	assert_eq(layer.scale, Vector2(32, 32), "World.TILE (32) pixels a tile")
	assert_almost(layer.darkness_at(Vector2(4, 2)), 0.72, 0.001, "the plate's tile: light 0")
	assert_almost(layer.darkness_at(Vector2(12, 2)), 0.72 * (255 - 85) / 255.0, 0.001, "dim: light 85")
	assert_almost(layer.darkness_at(Vector2(18, 2)), 0.0, 0.0001, "full light")
	assert_true(layer.darkness_at(Vector2(4, 2)) > layer.darkness_at(Vector2(12, 2)))
	# the texture holds the snapshot's light, a byte a tile
	var img: Image = layer.texture.get_data()
	img.lock()
	assert_almost(img.get_pixel(4, 2).r, 0.0, 0.01)
	assert_almost(img.get_pixel(12, 2).r, 85 / 255.0, 0.01)
	assert_almost(img.get_pixel(18, 2).r, 1.0, 0.01)
	img.unlock()
	# built once, not every frame
	var built: int = layer.rebuild_count
	yield(frames(30), "completed")
	assert_eq(layer.rebuild_count, built, "rebuilt without a tiles change")


func test_a_level_in_full_light_draws_no_darkness_and_another_level_clears_it():
	yield(start_main(DARK), "completed")
	if not running():
		return
	assert_true(_layer().visible)
	main.sim.paused_stepping = true
	assert_true(main.sim.load_level("res://levels/trap_demo.level"), "trap_demo did not load")
	yield(frames(2), "completed")
	assert_false(_layer().visible, "darkness drawn over a level in full light")
	assert_almost(_layer().darkness_at(Vector2(1, 1)), 0.0, 0.0001)


func test_a_level_scenes_light_tilemap_is_the_same_darkness():
	yield(start_main(DARK_SCENE), "completed")
	if not running():
		return
	var from_scene: PoolByteArray = _layer().light
	assert_eq(from_scene.size(), 22 * 6)
	main.sim.paused_stepping = true
	assert_true(main.sim.load_level(DARK), "the text level did not load")
	yield(frames(2), "completed")
	assert_eq(_layer().light, from_scene, "the scene and its text twin differ in light")
	assert_true(_layer().visible)
