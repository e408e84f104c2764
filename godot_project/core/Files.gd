extends Reference
# Folder listings, shared by main/Main.gd (the concepts' *Extension.tscn) and
# tests/runner.gd (the test scripts; the load check of every script).


# A folder's entries (hidden ones and . / .. left out): {"dirs": [names], "files": [names]};
# empty lists if the folder cannot be opened.
static func entries(dir_path: String) -> Dictionary:
	var out := {"dirs": [], "files": []}
	var dir := Directory.new()
	if dir.open(dir_path) != OK:
		return out
	var _listing := dir.list_dir_begin(true, true)
	var name := dir.get_next()
	while name != "":
		out["dirs" if dir.current_is_dir() else "files"].append(name)
		name = dir.get_next()
	dir.list_dir_end()
	return out


# The paths of the files below dir_path, at any depth, whose names start with `prefix` and
# end with `suffix`, sorted; folders named in skip_dirs (or starting with ".") are not entered.
static func find(dir_path: String, prefix: String, suffix: String, skip_dirs: Array = []) -> Array:
	var out := []
	var e := entries(dir_path)
	for name in e["files"]:
		if name.begins_with(prefix) and name.ends_with(suffix):
			out.append(dir_path.plus_file(name))
	for name in e["dirs"]:
		if not name.begins_with(".") and not name in skip_dirs:
			out += find(dir_path.plus_file(name), prefix, suffix, skip_dirs)
	out.sort()
	return out
