extends "res://tests/TestCase.gd"
# The bridge (build/bridge/pybridge.c): loading, every conversion both ways, the error value,
# bad arguments, numpy (proves libpython's symbols are global), and pysim's Session.

const BRIDGE := "res://bridge/PyBridge.gdns"
const ERR := "__python_error__"
const PythonPaths := preload("res://tests/python_paths.gd")

var probe = null   # a PyBridge running tests/py/bridge_probe.py's Probe


static func python_paths(extra: Array = []) -> Array:
	return PythonPaths.python_paths(extra)


static func new_bridge():
	var script = load(BRIDGE)
	if script == null:
		return null
	return script.new()


func before_each() -> void:
	if probe == null:
		probe = new_bridge()
		if probe != null:
			var r = probe.start(python_paths([ProjectSettings.globalize_path("res://tests/py")]),
					"bridge_probe", "Probe", ["arg", 2])
			if not (typeof(r) == TYPE_BOOL and r):
				fail("probe did not start: %s" % str(r))
				probe = null


func is_error(v) -> bool:
	return typeof(v) == TYPE_DICTIONARY and v.has(ERR) and typeof(v[ERR]) == TYPE_STRING


func test_loads_and_reports_version() -> void:
	var b = new_bridge()
	if not assert_true(b != null, "PyBridge.gdns did not instance"):
		return
	var v = b.python_version()
	assert_type(v, TYPE_STRING)
	assert_true(str(v).begins_with("3."), "python_version %s" % str(v))
	assert_true(probe != null, "the probe must be running")


func test_start_passes_factory_args() -> void:
	assert_eq(probe.invoke("started_with", []), ["arg", 2])


func test_interpreter_is_isolated() -> void:
	var info = probe.invoke("sys_info", [])
	if not assert_type(info, TYPE_DICTIONARY):
		return
	assert_false(info["site_imported"], "site must not be imported")
	assert_true(str(info["executable"]).ends_with("python3") or str(info["executable"]).ends_with("python"),
			"sys.executable is the venv python: %s" % str(info["executable"]))
	for p in info["path"]:
		assert_true(str(p).find("dist-packages") < 0, "no Debian dist-packages on sys.path: %s" % p)


func test_numpy_imports() -> void:
	var v = probe.invoke("numpy_version", [])
	assert_type(v, TYPE_STRING, "numpy must import inside Godot (RTLD_GLOBAL)")


func test_numpy_blas_runs_on_the_calling_thread() -> void:
	# the bridge sets OPENBLAS_NUM_THREADS=1 before Python starts: no thread of
	# OpenBLAS's spinning beside Godot's on a two-core machine
	assert_eq(probe.invoke("openblas_threads", []), "1")


func test_scalars_round_trip() -> void:
	for v in [null, true, false, 0, -5, 1 << 40, -(1 << 62), 1.5, -0.0, "", "héllo ✓ 漢字", "a\nb"]:
		var got = probe.invoke("echo", [v])
		assert_eq(got, v, "echo of %s" % str(v))
	assert_eq(probe.invoke("describe", [1]), "int")
	assert_eq(probe.invoke("describe", [1.0]), "float")
	assert_eq(probe.invoke("describe", [true]), "bool")
	assert_eq(probe.invoke("describe", [null]), "NoneType")
	assert_eq(probe.invoke("describe", ["s"]), "str")


func test_containers_round_trip() -> void:
	var arr := [1, "a", [2.5, null], {"k": false}]
	assert_eq(probe.invoke("echo", [arr]), arr)
	var d := {"a": 1, 2: "b", "nested": {"x": [1, 2]}}
	assert_eq(probe.invoke("echo", [d]), d)
	assert_eq(probe.invoke("echo", [[]]), [])
	assert_eq(probe.invoke("echo", [{}]), {})
	assert_eq(probe.invoke("describe", [[1, "a"]]), "list[int,str]")
	assert_eq(probe.invoke("describe", [{"a": 1}]), "dict{str:int}")


func test_vectors_to_tuples() -> void:
	assert_eq(probe.invoke("describe", [Vector2(1.5, -2)]), "tuple[float,float]")
	assert_eq(probe.invoke("echo", [Vector2(1.5, -2)]), [1.5, -2.0])
	assert_eq(probe.invoke("echo", [Vector3(1, 2, 3)]), [1.0, 2.0, 3.0])
	assert_eq(probe.invoke("echo", [Color(0.5, 0.25, 1, 1)]), [0.5, 0.25, 1.0, 1.0])
	# Vector2 keys become tuples (hashable in Python), and come back as Arrays
	var back = probe.invoke("describe", [{Vector2(1, 2): "v"}])
	assert_eq(back, "dict{tuple[float,float]:str}")


func test_pool_arrays_round_trip() -> void:
	var bytes := PoolByteArray([0, 1, 200, 255])
	var ints := PoolIntArray([-7, 0, 2147483647])
	var reals := PoolRealArray([0.5, -1.25, 3.0])
	var v2 := PoolVector2Array([Vector2(1, 2), Vector2(-3.5, 4)])
	var strings := PoolStringArray(["a", "bé"])
	assert_eq(probe.invoke("describe", [bytes]), "ndarray uint8 (4,)")
	assert_eq(probe.invoke("describe", [ints]), "ndarray int32 (3,)")
	assert_eq(probe.invoke("describe", [reals]), "ndarray float32 (3,)")
	assert_eq(probe.invoke("describe", [v2]), "ndarray float32 (2, 2)")
	assert_eq(probe.invoke("describe", [PoolVector3Array([Vector3(1, 2, 3)])]), "ndarray float32 (1, 3)")
	assert_eq(probe.invoke("describe", [PoolColorArray([Color(1, 0, 0)])]), "ndarray float32 (1, 4)")
	assert_eq(probe.invoke("describe", [strings]), "list[str,str]")
	assert_eq(probe.invoke("echo", [bytes]), bytes)
	assert_eq(probe.invoke("echo", [ints]), ints)
	assert_eq(probe.invoke("echo", [reals]), reals)
	assert_eq(probe.invoke("echo", [v2]), v2)
	assert_eq(probe.invoke("echo", [strings]), ["a", "bé"])
	assert_eq(probe.invoke("echo", [PoolByteArray()]), PoolByteArray())
	assert_eq(probe.invoke("echo", [PoolVector2Array()]), PoolVector2Array())
	assert_almost(probe.invoke("sum", [reals]), 2.25)
	# arrays from Godot are writable numpy arrays (not views of Godot memory)
	assert_almost(probe.invoke("sum", [ints]), 2147483640.0, 1.0)


func test_numpy_values_to_pools() -> void:
	var v = probe.invoke("np_values", [])
	if not assert_type(v, TYPE_DICTIONARY):
		return
	assert_eq(v["u8"], PoolByteArray([0, 1, 255]))
	assert_eq(v["bool"], PoolByteArray([1, 0, 1]))
	assert_eq(v["i32"], PoolIntArray([-1, 0, 2147483647]))
	assert_eq(v["i64"], PoolIntArray([-3, 0, 7]))
	assert_eq(v["i16"], PoolIntArray([-2, 5]))
	assert_eq(v["f32"], PoolRealArray([0.5, -1.25]))
	assert_eq(v["f64"], PoolRealArray([0.25, 3.0, -8.5]))
	assert_eq(v["v2"], PoolVector2Array([Vector2(1.5, 2), Vector2(-3, 4.25)]))
	assert_eq(v["v2_f64"], PoolVector2Array([Vector2(0.5, 1)]))
	assert_eq(v["v2_i32"], PoolVector2Array([Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)]))
	assert_eq(v["grid"], PoolByteArray([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))
	assert_eq(v["column"], PoolIntArray([1, 6, 11, 16]))
	assert_eq(v["empty_f32"], PoolRealArray())
	assert_eq(v["empty_v2"], PoolVector2Array())
	assert_eq(v["scalar_i64"], 5)
	assert_eq(v["scalar_f32"], 0.5)
	assert_eq(v["scalar_bool"], true)
	assert_eq(v["zero_d"], 7)
	assert_eq(v["bytes"], PoolByteArray([0, 1, 255]))
	assert_eq(v["bytearray"], PoolByteArray([97, 98]))
	assert_eq(v["tuple"], [1, "two", 3.0])
	assert_eq(v["nested"], {"a": [1, {"b": null}], 7: [true]})
	assert_eq(v["big_int"], 1 << 40)


func test_floats_out_as_pool() -> void:
	var f = probe.invoke("floats", [2000])
	if assert_type(f, TYPE_REAL_ARRAY):
		assert_eq(f.size(), 2000)
		assert_almost(f[1999], 1.0)


func test_exception_returns_error_and_bridge_keeps_working() -> void:
	var r = probe.invoke("boom", ["kaput"])
	if assert_true(is_error(r), "error dictionary expected, got %s" % str(r)):
		assert_string_contains(r[ERR], "Traceback")
		assert_string_contains(r[ERR], "ValueError: kaput")
		assert_string_contains(r[ERR], "bridge_probe.py")
	assert_eq(probe.invoke("echo", [42]), 42, "the next call works")


func test_unconvertible_results_are_errors() -> void:
	var r = probe.invoke("unconvertible", [])
	assert_true(is_error(r), str(r))
	if is_error(r):
		assert_string_contains(r[ERR], "cannot convert a Python object")
	assert_true(is_error(probe.invoke("too_big", [])))
	assert_true(is_error(probe.invoke("cycle", [])))
	assert_eq(probe.invoke("echo", ["still fine"]), "still fine")


func test_bad_arguments_never_crash() -> void:
	assert_true(is_error(probe.invoke("no_such_method", [])), "unknown method")
	assert_true(is_error(probe.invoke("echo", [])), "missing argument")
	assert_true(is_error(probe.invoke("echo", [1, 2, 3])), "too many arguments")
	assert_true(is_error(probe.invoke(5, [])), "method not a String")
	assert_true(is_error(probe.invoke("echo", "not an array")), "args not an Array")
	assert_true(is_error(probe.invoke("echo", [Node])), "an Object argument")
	assert_true(is_error(probe.invoke("echo", [{[1]: 2}])), "unhashable key")
	assert_true(is_error(probe.start("x", "y", "z", [])), "start with bad types")
	var fresh = new_bridge()
	assert_true(is_error(fresh.invoke("echo", [1])), "invoke before start")
	assert_true(is_error(fresh.start(python_paths(), "no_such_module_xyz", "F", [])), "missing module")
	assert_true(is_error(fresh.start(python_paths(), "bridge_probe", "NoSuchFactory", [])), "missing factory")
	assert_true(is_error(fresh.start(python_paths(), "bridge_probe", "Probe", [[Node]])), "unconvertible factory arg")
	assert_eq(probe.invoke("echo", [1]), 1)


func test_no_reference_leaks() -> void:
	var before = probe.invoke("refcount_kept", [])
	for _i in range(200):
		probe.invoke("get_kept", [])
	assert_eq(probe.invoke("refcount_kept", []), before, "refcount of a returned object")
	var payload := [1, "two", {"three": [3.0]}, PoolIntArray([1, 2, 3])]
	probe.invoke("gc_objects", [])
	var objs0 = probe.invoke("gc_objects", [])
	for i in range(300):
		probe.invoke("echo", [payload])
		if i % 100 == 0:
			probe.invoke("boom", ["x"])
	var objs1 = probe.invoke("gc_objects", [])
	assert_true(objs1 - objs0 < 100, "gc objects grew from %d to %d" % [objs0, objs1])


func test_python_print_reaches_godot() -> void:
	assert_eq(probe.invoke("print_line", ["bridge probe says hello"]), true)


func test_two_bridges_share_one_interpreter() -> void:
	var other = new_bridge()
	var r = other.start(python_paths([ProjectSettings.globalize_path("res://tests/py")]), "bridge_probe", "Probe", [])
	assert_eq(r, true)
	assert_eq(other.invoke("count", []), 1)
	assert_eq(other.invoke("count", []), 2)
	assert_eq(probe.invoke("started_with", []), ["arg", 2])


# pysim's Session through the bridge: start on a small level and step it.
func test_session_starts_and_steps() -> void:
	if not File.new().file_exists(ProjectSettings.globalize_path("res://").plus_file("../pysim/session.py")):
		print("  (pysim/session.py is not there yet: Session test skipped)")
		return
	var b = new_bridge()
	var level := session_level_text()
	var r = b.start(python_paths(), "pysim.session", "Session", [level, "bridge_test.level", 7])
	if not assert_eq(r, true, "Session start (is pysim compiled into build/compiled? make pysim): %s" % str(r)):
		return
	var snap = b.invoke("snapshot", [])
	if not assert_type(snap, TYPE_DICTIONARY, str(snap)):
		return
	assert_eq(snap.get("tick"), 0)
	assert_type(snap.get("terrain"), TYPE_RAW_ARRAY, "terrain is a PoolByteArray")
	assert_eq(snap["terrain"].size(), int(snap["width"]) * int(snap["height"]))
	assert_type(snap.get("ent_pos"), TYPE_VECTOR2_ARRAY, "ent_pos is a PoolVector2Array")
	var ticks := 0
	for _i in range(60):
		var n = b.invoke("step", [1.0 / 60.0])
		if not assert_type(n, TYPE_INT, str(n)):
			return
		ticks += n
	assert_true(ticks >= 9 and ticks <= 11, "one second at 1x runs about 10 ticks, ran %d" % ticks)
	snap = b.invoke("snapshot", [])
	assert_eq(snap.get("tick"), ticks)
	assert_type(b.invoke("take_events", []), TYPE_ARRAY)
	# the error path: a failing step is shown as an error event and the next one works
	b.invoke("debug_fail_next_step", [])
	assert_eq(b.invoke("step", [1.0 / 60.0]), 0, "the failing step ran no tick")
	var errors := []
	for ev in b.invoke("take_events", []):
		if ev.get("type") == "error":
			errors.append(ev)
	if assert_eq(errors.size(), 1, "one error event"):
		assert_string_contains(str(errors[0].get("message")), "debug failure")
	assert_type(b.invoke("step", [1.0 / 60.0]), TYPE_INT, "stepping goes on after an error")


# The sim thread's mailbox (PyBridge.attach_mail / take_mail): what Python posts comes out in
# order, as Godot's values, with no call into Python; bad input never crashes it.
func test_the_mailbox_hands_over_time_and_posts_without_python() -> void:
	var b = new_bridge()
	var r = b.start(python_paths(), "bridge_probe", "MailProbe", [])
	if not assert_eq(r, true, str(r)):
		return
	assert_eq(new_bridge().take_mail(0.1), null, "no mailbox attached: null")
	assert_true(b.attach_mail(), "attached")
	assert_eq(b.take_mail(0.0), [], "nothing posted: an empty Array")
	b.invoke("post", [{"ran": 1, "changes": {"tick": [4, 5]}, "events": [{"type": "a"}]}])
	b.invoke("post", [{"ran": 0, "changes": null, "events": [{"type": "b"}]}])
	b.invoke("put_back", [{"ran": 2, "changes": null, "events": [{"type": "first"}]}])
	var entries0: int = b.python_entries()
	var items = b.take_mail(0.01)
	assert_eq(b.python_entries(), entries0, "take_mail never enters Python")
	if assert_type(items, TYPE_ARRAY, str(items)) and assert_eq(items.size(), 3, str(items)):
		assert_eq(items[0]["events"][0]["type"], "first", "a put_back comes before the posts")
		assert_eq(items[1]["ran"], 1)
		assert_type(items[1]["changes"]["tick"], TYPE_INT_ARRAY, "a numpy array comes as a pool")
		assert_eq(Array(items[1]["changes"]["tick"]), [4, 5])
		assert_eq(items[2]["changes"], null)
	assert_eq(b.take_mail(0.0), [], "taken: gone")
	assert_eq(b.invoke("pending", []), 10000, "0.01 s handed over")
	b.take_mail("junk")
	b.take_mail(-5.0)
	b.take_mail(1e12)
	assert_eq(b.invoke("pending", []), 10000 + 250000, "junk and negatives hand over nothing, a long frame at most 0.25 s")
	assert_eq(b.take_mail(), null, "no argument: null")
	assert_eq(b.invoke("wait_now", []), 260000, "the sim thread's wait takes the time")
	assert_eq(b.invoke("pending", []), 0)
	assert_true(is_error(b.invoke("post_raw", [[1, 2]])), "a post that is not a dict is refused")
	assert_true(is_error(b.invoke("post_unconvertible", [])), "a post Godot cannot hold is refused")
	assert_eq(b.take_mail(0.0), [], "and nothing half posted")
	b.invoke("close", [])
	assert_eq(b.take_mail(0.1), null, "closed: null, the caller goes back to Python")
	assert_eq(b.invoke("take_all", []), [], "the Python reader's way works after it too")


func session_level_text() -> String:
	return PoolStringArray([
		"; the bridge test's level (docs/level-format.md)",
		"name: bridge test",
		"domain: all",
		"",
		"[map]",
		"##########",
		"P..m..a..#",
		"#..D...SS#",
		"#..k...Sb#",
		"##########",
	]).join("\n") + "\n"
