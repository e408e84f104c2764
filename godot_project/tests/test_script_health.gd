extends "res://tests/TestCase.gd"
# tools/ScriptCheck.gd, which the lint and the runner's first check run: the warnings stay
# errors, and a preload cycle is found. (That a script with a warning fails the lint is
# tests/godot/test_lint.py's: Godot prints a SCRIPT ERROR for it, which this suite forbids.)

const ScriptCheck = preload("res://tools/ScriptCheck.gd")
const DIR := "user://script_health"


func after_each() -> void:
	ProjectSettings.set_setting(ScriptCheck.WARNINGS_ARE_ERRORS, true)
	ProjectSettings.set_setting("debug/gdscript/warnings/unused_variable", true)
	var d := Directory.new()
	for f in ["a.gd", "b.gd", "c.tscn"]:
		if d.file_exists(DIR.plus_file(f)):
			var _gone := d.remove(DIR.plus_file(f))


func test_the_project_keeps_warnings_as_errors() -> void:
	assert_eq(ScriptCheck.settings_problems(), [])
	ProjectSettings.set_setting(ScriptCheck.WARNINGS_ARE_ERRORS, false)
	var problems: Array = ScriptCheck.settings_problems()
	assert_eq(problems.size(), 1, str(problems))
	assert_string_contains(str(problems), "treat_warnings_as_errors")
	ProjectSettings.set_setting(ScriptCheck.WARNINGS_ARE_ERRORS, true)
	ProjectSettings.set_setting("debug/gdscript/warnings/unused_variable", false)
	assert_string_contains(str(ScriptCheck.settings_problems()), "unused_variable")


func test_a_preload_cycle_is_found() -> void:
	var _made := Directory.new().make_dir_recursive(DIR)
	_write("a.gd", 'extends Node\nconst B = preload("%s")\n' % DIR.plus_file("b.gd"))
	_write("b.gd", 'extends Reference\n# preload("user://nowhere.gd") in a comment is no dependency\n')
	_write("c.tscn", '[gd_scene load_steps=2 format=2]\n[ext_resource path="%s" type="Script" id=1]\n[node name="C" type="Node"]\nscript = ExtResource( 1 )\n' % DIR.plus_file("a.gd"))
	var files := [DIR.plus_file("a.gd"), DIR.plus_file("b.gd"), DIR.plus_file("c.tscn")]
	assert_eq(ScriptCheck.dependencies(files[2]), [files[0]])
	assert_eq(ScriptCheck.dependencies(files[1]), [])
	assert_eq(ScriptCheck.preload_cycles(files), [])
	# b now extends the script that preloads it
	_write("b.gd", 'extends "%s"\n' % DIR.plus_file("a.gd"))
	assert_eq(ScriptCheck.preload_cycles(files), ["%s -> %s -> %s" % [files[0], files[1], files[0]]])


func test_the_project_has_no_preload_cycle() -> void:
	var files: Array = ScriptCheck.project_files()
	assert_true(files.size() > 80, "found %d scripts and scenes" % files.size())
	assert_eq(ScriptCheck.preload_cycles(files), [])
	# the adventurers' tabs once reported one in a headless editor load
	assert_has(ScriptCheck.dependencies("res://adventurers/AdventurersExtension.gd"), "res://adventurers/LogTab.gd")


func _write(file_name: String, text: String) -> void:
	var f := File.new()
	assert_eq(f.open(DIR.plus_file(file_name), File.WRITE), OK)
	f.store_string(text)
	f.close()
