extends "res://hud/GamePanel.gd"
# The levels to start (the title's Levels): each level once (core/Levels.gd), a button each;
# picking one emits chosen(path).

signal chosen(path)

const Levels = preload("res://core/Levels.gd")


func _init() -> void:
	build_menu("LevelList", "Levels")
	for level in Levels.listed():
		var _b := add_choice(level["path"].get_file().get_basename(), level["title"], self, "_on_pick",
				[level["path"]], PoolStringArray(level["files"]).join(", "))
	var _back := add_back()


func _on_pick(path: String) -> void:
	emit_signal("chosen", path)
