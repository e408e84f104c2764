extends Reference
# The levels a player can pick: the title screen's Levels list and the HUD's level picker.
# Every level in res://levels once: a level scene and its text twin (trap_demo.tscn beside
# trap_demo.level) are one level, started from its text. The text is the source the scene
# copy is made from (docs/level-format.md, "Levels as scenes"), the file the headless runner,
# the sweeps and the recorded hashes play, and the quicker to read; the two play the same
# game (tests/test_level_scene.gd). A scene with no text twin (one painted in the editor) is
# listed as itself. Levels made for the tests ("test" in the name) are left out.
# Documented in docs/godot.md, "The desktop frame".

const Files = preload("res://core/Files.gd")
const DIR := "res://levels"
const SUFFIXES := [".level", ".tscn"]   # the first one found of a level is the one started


# [{"path": the file started, "title": "Trap Demo", "files": [each file of the level]}],
# sorted by file name.
static func listed(dir: String = DIR) -> Array:
	var by_base := {}
	var bases := []
	for suffix in SUFFIXES:
		for path in Files.find(dir, "", suffix):
			var base: String = path.get_basename()
			if base.get_file().find("test") >= 0:
				continue
			if not by_base.has(base):
				by_base[base] = {"path": path, "title": base.get_file().capitalize(), "files": []}
				bases.append(base)
			by_base[base]["files"].append(path)
	bases.sort()
	var out := []
	for base in bases:
		out.append(by_base[base])
	return out


# The index in `levels` (listed()) of the level a path belongs to (either twin), -1 if none.
static func index_of(levels: Array, path: String) -> int:
	for i in range(levels.size()):
		if path in levels[i]["files"]:
			return i
	return -1
