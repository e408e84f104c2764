extends Reference
# The same Python path list the game uses: res://bridge/pythonpath.txt (written by make
# bridge), after `extra`. Its own script (no TestCase, no EventBus) so that
# bench_bridge.gd, run alone with -s where no autoload exists, can load it.


static func python_paths(extra: Array = []) -> Array:
	var out := extra.duplicate()
	var f := File.new()
	if f.open("res://bridge/pythonpath.txt", File.READ) == OK:
		while not f.eof_reached():
			var line := f.get_line().strip_edges()
			if line != "" and not line.begins_with("#"):
				out.append(line)
		f.close()
	return out
