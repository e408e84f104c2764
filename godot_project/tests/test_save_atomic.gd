extends "res://tests/TestCase.gd"
# Saves are written atomically (SimClient.save_game: Session.save_file, pysim's
# files.write_atomic): a save over a save leaves the whole new file and no temporary file; a
# save that cannot be written leaves the previous save as it was, tells the player why, and
# the game goes on. (Kills mid-save: tests/core/test_save.py.)

const SAVE_PATH := "user://atomic_test.msave"
# what a killed write of SAVE_PATH leaves (mkstemp's name: .NAME. + 8 characters + .tmp)
const LEFTOVER_PATH := "user://.atomic_test.msave.k1lled00.tmp"
const FOLDER_PATH := "user://atomic_test_folder.msave"
const MISSING_FOLDER_PATH := "user://no_such_folder/atomic_test.msave"

var notices := []


func before_each() -> void:
	_clean()
	notices = []
	yield(start_main(), "completed")
	var _err := EventBus.connect("notify", self, "_on_notify")


func after_each() -> void:
	EventBus.disconnect("notify", self, "_on_notify")
	free_main()
	_clean()


func _clean() -> void:
	var d := Directory.new()
	for p in [SAVE_PATH, LEFTOVER_PATH, FOLDER_PATH]:
		if d.file_exists(p) or d.dir_exists(p):
			var _gone := d.remove(p)


func _on_notify(text: String, _kind: String) -> void:
	notices.append(text)


static func read_file(path: String):
	var f := File.new()
	if f.open(path, File.READ) != OK:
		return null
	var text := f.get_buffer(f.get_len()).get_string_from_utf8()
	f.close()
	return text


func said() -> String:
	return PoolStringArray(notices).join(" / ")


# The files of user:// whose names start with `prefix`, other than `but`.
static func files_like(prefix: String, but: String) -> Array:
	var out := []
	var d := Directory.new()
	if d.open("user://") != OK:
		return ["(user:// cannot be listed)"]
	var _began := d.list_dir_begin(true, false)
	var name := d.get_next()
	while name != "":
		if name.begins_with(prefix) and name != but:
			out.append(name)
		name = d.get_next()
	d.list_dir_end()
	return out


func test_a_save_over_a_save_leaves_the_whole_new_file():
	if not running():
		return
	yield(frames(5), "completed")
	assert_true(main.sim.save_game(SAVE_PATH), "the first save: %s" % said())
	var first = read_file(SAVE_PATH)
	var reached = yield(wait_until(main.sim, "current_tick", [], main.sim.current_tick() + 10, 300), "completed")
	assert_true(reached, "the game did not go on")
	assert_true(main.sim.save_game(SAVE_PATH), "the second save: %s" % said())
	var second = read_file(SAVE_PATH)
	# nothing ran between the save and this call: it is the text that was saved
	assert_eq(second, main.sim.bridge.invoke("save_text", []), "the file is the whole save text")
	assert_ne(second, first, "the second save replaced the first (another tick)")
	assert_true(str(second).begins_with(str(first).split("\n")[0] + "\n"), "the file starts with the save's first line")
	assert_eq(files_like(".atomic_test.msave.", ""), [], "no temporary file is left")
	assert_true(main.sim.load_game(SAVE_PATH), "the new save loads: %s" % said())


# A save killed mid-write leaves its temporary file: the next save of the path removes it, so
# kills never pile up temporary files.
func test_the_temporary_file_a_killed_save_left_is_removed_by_the_next_save():
	if not running():
		return
	var f := File.new()
	assert_eq(f.open(LEFTOVER_PATH, File.WRITE), OK, "make the leftover")
	f.store_string("malignus-save 2\nsource: half a sa")
	f.close()
	yield(frames(2), "completed")
	assert_true(main.sim.save_game(SAVE_PATH), "the save: %s" % said())
	assert_false(File.new().file_exists(LEFTOVER_PATH), "the leftover is gone")
	assert_true(str(read_file(SAVE_PATH)).ends_with("\n"), "the save is whole")
	assert_true(main.sim.load_game(SAVE_PATH), "the save loads: %s" % said())
	assert_eq(files_like(".atomic_test.msave.", "") + files_like("atomic_test.msave", "atomic_test.msave"), [],
			"no other file of the save is left")


func test_a_failed_write_keeps_the_previous_save_and_says_why():
	if not running():
		return
	assert_true(main.sim.save_game(SAVE_PATH), "the first save: %s" % said())
	var before = read_file(SAVE_PATH)
	# the save's place is taken by a folder: the new save cannot be written over it
	assert_eq(Directory.new().remove(SAVE_PATH), OK)
	assert_eq(Directory.new().make_dir(SAVE_PATH), OK, "make the blocking folder")
	yield(frames(10), "completed")
	notices = []
	assert_false(main.sim.save_game(SAVE_PATH), "a save that cannot be written must fail")
	assert_string_contains(said(), "The game was not saved: %s is a folder" % SAVE_PATH)
	assert_true(Directory.new().dir_exists(SAVE_PATH), "the folder in the way is left alone")
	assert_eq(files_like(".atomic_test.msave.", ""), [], "no temporary file is left")
	# a folder that does not exist: said, and the game goes on
	notices = []
	assert_false(main.sim.save_game(MISSING_FOLDER_PATH), "no folder, no save")
	assert_string_contains(said(), "The game was not saved: cannot write %s (No such file or directory)" % MISSING_FOLDER_PATH)
	var t0: int = main.sim.current_tick()
	var went_on = yield(wait_until(main.sim, "current_tick", [], t0 + 5, 300), "completed")
	assert_true(went_on or main.sim.current_tick() > t0, "the game stopped after a failed save")
	# once the way is clear, saving works again
	assert_eq(Directory.new().remove(SAVE_PATH), OK)
	assert_true(main.sim.save_game(SAVE_PATH), "saving again: %s" % said())
	assert_ne(read_file(SAVE_PATH), before, "the new save is in place")


func test_a_save_onto_a_folder_is_refused():
	if not running():
		return
	assert_eq(Directory.new().make_dir(FOLDER_PATH), OK, "make the folder")
	assert_false(main.sim.save_game(FOLDER_PATH), "saving onto a folder must fail")
	assert_string_contains(said(), "The game was not saved: %s is a folder" % FOLDER_PATH)
	assert_true(Directory.new().dir_exists(FOLDER_PATH), "the folder is still there")
	assert_eq(files_like(".atomic_test_folder.msave.", ""), [], "no temporary file is left")


# The HUD's Save button goes through the same path: a failure reaches the player as a toast.
func test_the_save_button_shows_a_failure():
	if not running():
		return
	var quick: String = main.sim.QUICKSAVE_PATH
	var d := Directory.new()
	var kept = read_file(quick)            # the player's quick save, put back after
	if d.file_exists(quick):
		assert_eq(d.remove(quick), OK)
	var blocked := d.make_dir(quick) == OK
	if not assert_true(blocked, "block %s with a folder" % quick):
		return
	var toasts_before: int = main.hud.toasts.get_child_count()
	yield(click_control(main.hud.top_bar.row.get_node("SaveButton") as Button), "completed")
	assert_eq(d.remove(quick), OK)
	if kept != null:
		var f := File.new()
		assert_eq(f.open(quick, File.WRITE), OK)
		f.store_string(kept)
		f.close()
	assert_string_contains(said(), "The game was not saved: %s is a folder" % quick)
	assert_true(main.hud.toasts.get_child_count() > toasts_before or main.hud.toasts.get_child_count() == 4,
			"a toast shows the failure")
