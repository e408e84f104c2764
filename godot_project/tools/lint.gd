extends SceneTree
# The scripts' health (tools/ScriptCheck.gd): the warnings-are-errors settings, every .gd
# under res:// (or the paths given after `--`) loading with the autoloads registered (unlike
# `--check-only`, where autoload names such as EventBus are undeclared; a GDScript warning
# fails the load), and no preload cycle.
#   godot3-server --path godot_project -s res://tools/lint.gd [-- res://x.gd ...]
# Prints one line per problem and exits 1 if there is any.

const ScriptCheck = preload("res://tools/ScriptCheck.gd")


func _init() -> void:
	var paths := []
	var after_dashes := false
	for a in OS.get_cmdline_args():
		if a == "--":
			after_dashes = true
		elif after_dashes and str(a).ends_with(".gd"):
			paths.append(a)
	if paths.empty():
		paths = ScriptCheck.project_files([".gd"])
	var problems: Array = ScriptCheck.settings_problems()
	problems += ScriptCheck.load_problems(paths)
	problems += ScriptCheck.preload_cycles(ScriptCheck.project_files())
	for p in problems:
		print("LINT FAIL " + str(p))
	print("lint: %d scripts, %d problems" % [paths.size(), problems.size()])
	quit(1 if problems.size() > 0 else 0)
