extends "res://tests/TestCase.gd"
# The level picker in the top bar: picking a level with the mouse starts it in place of the
# running game (its map size, the picker showing it; the game changed, so it asks first); a
# level that does not parse is refused with its file and line, and the running game goes on.

var notices := []


func _on_notify(text: String, _kind: String) -> void:
	notices.append(text)


func before_each() -> void:
	notices = []
	yield(start_main(), "completed")
	var _err := EventBus.connect("notify", self, "_on_notify")


func after_each() -> void:
	EventBus.disconnect("notify", self, "_on_notify")
	free_main()


func test_picking_a_level_with_the_mouse_starts_it():
	if not running():
		return
	var picker: OptionButton = main.hud.level_picker
	var wanted := -1
	for i in range(picker.get_item_count()):
		if str(picker.get_item_metadata(i)).ends_with("trap_demo.level"):
			wanted = i
	if not assert_true(wanted >= 0, "the picker does not list trap_demo.level"):
		return
	assert_eq(str(picker.get_item_metadata(picker.selected)), main.sim.level_path, "the picker does not show the running level")
	var first_size := Vector2(snap_get("width", 0), snap_get("height", 0))
	var _played = yield(wait_until(self, "snap_get", ["tick"], 2, 120), "completed")
	yield(click_control(picker), "completed")
	var popup: PopupMenu = picker.get_popup()
	if not assert_true(popup.visible, "clicking the picker did not open its list"):
		return
	# The popup's items are rows of equal height; click the middle of the wanted row.
	var r := popup.get_global_rect()
	var row_h := r.size.y / popup.get_item_count()
	yield(click_at(Vector2(r.position.x + r.size.x / 2, r.position.y + row_h * (wanted + 0.5))), "completed")
	var asked = yield(answer_confirm(), "completed")
	assert_true(asked, "the game had changed: the picker asked first")
	yield(frames(3), "completed")
	assert_eq(main.sim.level_path, "res://levels/trap_demo.level", "the picked level is not running")
	assert_eq(Vector2(snap_get("width", 0), snap_get("height", 0)), Vector2(18, 7), "the map is not the trap demo's")
	assert_ne(Vector2(snap_get("width", 0), snap_get("height", 0)), first_size)
	assert_eq(picker.selected, wanted)


func test_a_level_that_does_not_parse_is_refused_and_the_game_goes_on():
	if not running():
		return
	var f := File.new()
	assert_eq(f.open("user://broken.level", File.WRITE), OK)
	f.store_string("name: broken\n[map]\nP..S\nP.\n")
	f.close()
	var before_level: String = main.sim.level_path
	var before_tick := int(snap_get("tick", 0))
	assert_false(main.sim.load_level("user://broken.level"), "a broken level was loaded")
	assert_eq(main.sim.level_path, before_level)
	assert_string_contains(PoolStringArray(notices).join("\n"), "broken.level:4:", "the refusal does not name the file and line")
	var went_on = yield(wait_until(self, "snap_get", ["tick"], before_tick + 5, 300), "completed")
	assert_true(went_on or int(snap_get("tick", 0)) > before_tick, "the game stopped after a refused level")
