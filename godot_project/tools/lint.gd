extends SceneTree
# Parses every .gd under res:// (or the paths given after `--`) with the autoloads
# registered (unlike `--check-only`, where autoload names such as EventBus are undeclared).
#   godot3-server --path godot_project -s res://tools/lint.gd [-- res://x.gd ...]
# Prints one line per broken script and exits 1 if any failed.

func _init() -> void:
	var paths := []
	var after_dashes := false
	for a in OS.get_cmdline_args():
		if a == "--":
			after_dashes = true
		elif after_dashes and str(a).ends_with(".gd"):
			paths.append(a)
	if paths.empty():
		_collect("res://", paths)
	paths.sort()
	var bad := 0
	for p in paths:
		var s = ResourceLoader.load(p, "", not ResourceLoader.has_cached(p))
		if s == null or not s.can_instance():
			bad += 1
			print("LINT FAIL " + p)
	print("lint: %d scripts, %d failed" % [paths.size(), bad])
	quit(1 if bad > 0 else 0)


func _collect(dir_path: String, out: Array) -> void:
	var dir := Directory.new()
	if dir.open(dir_path) != OK:
		return
	dir.list_dir_begin(true, true)
	var name := dir.get_next()
	while name != "":
		var full := dir_path.plus_file(name) if dir_path != "res://" else "res://" + name
		if dir.current_is_dir():
			if name != ".import":
				_collect(full, out)
		elif name.ends_with(".gd"):
			out.append(full)
		name = dir.get_next()
	dir.list_dir_end()
