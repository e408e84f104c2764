extends SceneTree
# A scripted playthrough, played as a player plays: through the title's New campaign (or a
# level) and the game's own input (tool buttons, clicks and drags on the map, keys), in a
# window, with pictures. Not a test (the runner takes only res://tests/test_*.gd): a way to
# replay the README's first hour and retake its pictures.
#   LANG=C.UTF-8 XDG_DATA_HOME=$PWD/build/xdg timeout 900 xvfb-run -a -s '-screen 0 1280x720x24' \
#     godot3 --path godot_project -s res://tests/play/play.gd -- \
#     --plan=res://tests/play/first_hour.plan --out=/tmp/play
# The plan's lines are tests/play/Player.gd's steps; it prints each log line with its game time
# and each step as it runs, and saves `shot NAME` pictures as OUT/NAME.png.

func _init() -> void:
	call_deferred("_start")


# (loaded once the autoloads are, as tests/runner.gd does)
func _start() -> void:
	var args := {}
	for a in OS.get_cmdline_args():
		var s := str(a)
		if s.begins_with("--") and s.find("=") > 0:
			args[s.substr(2, s.find("=") - 2)] = s.substr(s.find("=") + 1)
	var player = load("res://tests/play/Player.gd").new()
	player.name = "Player"
	player.plan_path = str(args.get("plan", "res://tests/play/first_hour.plan"))
	player.out_dir = str(args.get("out", "/tmp/play"))
	root.add_child(player)
