extends "res://hud/GamePanel.gd"
# The saved games to load (the title's Load, the pause menu's Load): every *.msave in
# user://, newest first, each as a button that says what it holds ("Quicksave: The Lair,
# day 3 07:30", from its [view] without replaying it: SimClient.save_summary) and when it was
# saved. Picking one emits chosen(path); a save that cannot be read is listed, greyed, with
# the reason. The title's Continue is the newest (newest()).

signal chosen(path)

const SAVE_DIR := "user://"
const SAVE_SUFFIX := ".msave"
const SimClient = preload("res://core/SimClient.gd")


func _init() -> void:
	build_menu("SaveList", "Load a saved game")


# Lists the saves again (they change while the game runs).
func refresh() -> void:
	for b in buttons():
		box.remove_child(b)
		b.queue_free()
	var found := saves()
	for i in range(found.size()):
		var about := describe(found[i]["path"])
		var b := add_choice("Save%d" % i, about["text"], self, "_on_pick", [found[i]["path"]],
				about["tooltip"])
		b.disabled = about.has("error")
	say("" if found.size() > 0 else "No saved game yet: F5 in a game, or Save in its pause menu, saves one.")
	var _back := add_back()


func _on_pick(path: String) -> void:
	emit_signal("chosen", path)


# Every save file: [{"path", "modified"}], newest first.
static func saves(dir_path: String = SAVE_DIR) -> Array:
	var out := []
	var dir := Directory.new()
	if dir.open(dir_path) != OK:
		return out
	var f := File.new()
	var _err := dir.list_dir_begin(true, true)
	var file_name := dir.get_next()
	while file_name != "":
		if not dir.current_is_dir() and file_name.ends_with(SAVE_SUFFIX):
			var path := dir_path.plus_file(file_name)
			out.append({"path": path, "modified": f.get_modified_time(path)})
		file_name = dir.get_next()
	dir.list_dir_end()
	out.sort_custom(SaveOrder, "newer")
	return out


class SaveOrder:
	static func newer(a: Dictionary, b: Dictionary) -> bool:
		return a["modified"] > b["modified"] or (a["modified"] == b["modified"] and a["path"] < b["path"])


# The newest save's path, "" when there is none.
static func newest(dir_path: String = SAVE_DIR) -> String:
	var found := saves(dir_path)
	return found[0]["path"] if found.size() > 0 else ""


# What a save holds, in words: {"text": "Quicksave: The Lair, day 3 07:30", "tooltip": "Saved
# 2024-05-01 14:22 ..."}, with "error" (and the reason in the text) when it cannot be read.
static func describe(path: String) -> Dictionary:
	var slot := path.get_file().get_basename().capitalize()
	var when := "Saved " + _local_time(File.new().get_modified_time(path))
	var summary: Dictionary = SimClient.save_summary(path)
	if summary.has("error"):
		return {"text": "%s: cannot be loaded" % slot, "tooltip": str(summary["error"]), "error": true}
	var about = summary.get("view", {}).get("about", [])
	about = about[0] if typeof(about) == TYPE_ARRAY and about.size() > 0 and typeof(about[0]) == TYPE_DICTIONARY else {}
	var level := str(about.get("name", str(summary.get("source", "")).get_file().get_basename().capitalize()))
	var clock := "day %d %02d:%02d" % [int(about.get("day", 1)), int(about.get("hour", 0)), int(about.get("minute", 0))] if about.has("day") else "tick %d" % int(summary.get("tick", 0))
	return {"text": "%s: %s, %s" % [slot, level, clock], "tooltip": "%s (%s)" % [when, path.get_file()],
			"level": level, "clock": clock, "when": when}


# A file time (seconds since 1970, UTC) as the player's local "2024-05-01 14:22".
static func _local_time(unix: int) -> String:
	var bias := int(OS.get_time_zone_info().get("bias", 0)) * 60
	var t := OS.get_datetime_from_unix_time(unix + bias)
	return "%04d-%02d-%02d %02d:%02d" % [t["year"], t["month"], t["day"], t["hour"], t["minute"]]
