extends SceneTree
# make export-selfcheck: run by the exported game (`malignus.x86_64 -s <this file>`). Starts
# Python as the game does (SimClient.python_paths(), the exported bridge) and prints where it
# comes from, one "PYCHECK <what> <path>" a line: sys.prefix and friends, sys.path, the files
# of a few modules (standard library, lib-dynload, numpy, pysim) and every file mapped into
# the process (/proc/self/maps). The Makefile checks that the Python ones are all inside the
# export folder. Ends with "PYCHECK done" and exit 0, or exit 1.

const BRIDGE := "res://bridge/PyBridge.gdns"
const MODULES := ["os", "encodings", "json", "_json", "decimal", "_decimal", "numpy",
		"numpy._core._multiarray_umath", "pysim", "pysim.session"]

var paths := []


func _init() -> void:
	var sim = load("res://core/SimClient.gd").new()
	paths = sim.python_paths()
	sim.free()
	var ok := true
	var sys = _object("importlib", "import_module", ["sys"])
	if sys == null:
		quit(1)
		return
	for key in ["prefix", "exec_prefix", "base_prefix", "executable", "_stdlib_dir"]:
		print("PYCHECK %s %s" % [key, str(sys.invoke("__getattribute__", [key]))])
	for p in sys.invoke("__getattribute__", ["path"]):
		print("PYCHECK path %s" % str(p))
	for name in MODULES:
		var mod = _object("importlib", "import_module", [name])
		if mod == null:
			ok = false
			continue
		print("PYCHECK module %s %s" % [str(mod.invoke("__getattribute__", ["__file__"])), name])
	var maps = _object("builtins", "open", ["/proc/self/maps"])
	var seen := {}
	if maps != null:
		for line in str(maps.invoke("read", [])).split("\n", false):
			var cols = line.split(" ", false)
			if cols.size() >= 6 and str(cols[5]).begins_with("/") and not seen.has(cols[5]):
				seen[cols[5]] = true
				print("PYCHECK map %s" % cols[5])
		maps.invoke("close", [])
	if ok and maps != null:
		print("PYCHECK done")
	quit(0 if ok and maps != null else 1)


# A bridge whose kept object is module.factory(*args), or null (the error is printed).
func _object(module: String, factory: String, args: Array):
	var b = load(BRIDGE).new()
	var r = b.start(paths, module, factory, args)
	if typeof(r) == TYPE_BOOL and r:
		return b
	printerr("PYCHECK error %s.%s%s: %s" % [module, factory, str(args), str(r)])
	return null
