extends "res://tests/TestCase.gd"
# The bridge's hardening (build/bridge/pybridge.c): values too big for Godot's 32-bit counts,
# values that cannot be converted, Python code that runs during a conversion and changes what
# is being converted, and exceptions whose text is odd. Each gives the error value (or the
# exact value), never a crash, and the next call works. Python side: tests/py/bridge_edge.py.
# Last: the game itself reports an unconvertible answer and keeps running.

const BridgeTest = preload("res://tests/test_bridge.gd")
const ERR := "__python_error__"

var edge = null    # a PyBridge running bridge_edge.Edge
var errors := []   # sim_error texts (the main-scene test)


# An Object whose to_string runs script code: the bridge must refuse it without calling that.
class Noisy:
	extends Reference
	var to_string_calls := 0

	func _to_string() -> String:
		to_string_calls += 1
		return "noisy"


func before_each() -> void:
	errors = []
	if edge == null:
		edge = BridgeTest.new_bridge()
		if edge != null:
			var r = edge.start(BridgeTest.python_paths([ProjectSettings.globalize_path("res://tests/py")]),
					"bridge_edge", "Edge", [])
			if not (typeof(r) == TYPE_BOOL and r):
				fail("bridge_edge did not start: %s" % str(r))
				edge = null


func after_each() -> void:
	if EventBus.is_connected("sim_error", self, "_on_sim_error"):
		EventBus.disconnect("sim_error", self, "_on_sim_error")
	free_main()


func _on_sim_error(text: String) -> void:
	errors.append(text)


func is_error(v) -> bool:
	return typeof(v) == TYPE_DICTIONARY and v.has(ERR) and typeof(v[ERR]) == TYPE_STRING


# Asserts that edge.method() gives the error value and that its text contains `part`; then
# that the bridge still answers.
func assert_refused(method: String, part: String) -> void:
	var r = edge.invoke(method, [])
	if assert_true(is_error(r), "%s() must give the error value, got %s" % [method, _show(r)]):
		assert_string_contains(r[ERR], part, "(%s)" % method)
	assert_eq(edge.invoke("echo", [method]), method, "the bridge answers after %s()" % method)


func test_values_over_godot_sizes_are_refused_before_copying() -> void:
	if not assert_true(edge != null, "bridge_edge must be running"):
		return
	var rss0 = edge.invoke("peak_rss_mb", [])
	# more elements than a godot_int counts
	assert_refused("huge_bytes", "2147483648 elements does not fit a Godot PoolByteArray")
	assert_refused("huge_int64", "does not fit a Godot PoolIntArray")
	# the count fits, the byte size does not
	assert_refused("huge_int32_bytes", "536870913 elements does not fit a Godot PoolIntArray")
	assert_refused("huge_float64", "does not fit a Godot PoolRealArray")
	assert_refused("huge_vec2", "268435456 elements does not fit a Godot PoolVector2Array")
	# object arrays would go through tolist(): refused before that makes 2**31 objects
	assert_refused("huge_objects", "does not fit a Godot Array")
	# deep inside a container, the whole answer is refused
	assert_refused("huge_in_dict", "does not fit a Godot PoolByteArray")
	# each of these is 2 GB or more once copied: nothing was copied
	var rss1 = edge.invoke("peak_rss_mb", [])
	assert_true(typeof(rss0) == TYPE_REAL and typeof(rss1) == TYPE_REAL and rss1 - rss0 < 256.0,
			"peak memory grew from %s MB to %s MB" % [str(rss0), str(rss1)])
	# a small array with zero strides is still copied and converted
	assert_eq(edge.invoke("broadcast_small", []), PoolIntArray([3, 3, 3, 3, 3]))


func test_unconvertible_values_are_errors() -> void:
	if not assert_true(edge != null, "bridge_edge must be running"):
		return
	assert_refused("complex_array", "cannot convert a Python complex")
	assert_refused("unsupported_memoryview", "NotImplementedError")
	assert_refused("lone_surrogate", "UnicodeEncodeError")
	assert_refused("bound_method", "cannot convert a Python method")


func test_python_code_run_by_a_conversion() -> void:
	if not assert_true(edge != null, "bridge_edge must be running"):
		return
	# __index__ raising, or answering more than 64 bits
	assert_refused("bad_index", "__index__ refused")
	assert_refused("huge_index", "does not fit in 64 bits")
	# a key's __index__ empties its dict: the key and the value are still converted whole
	assert_eq(edge.invoke("dict_cleared_by_its_key", []), {7: ["payload", 1.5, {"deep": "value"}]})
	# an item's __index__ empties its list: refused rather than a half-filled Array
	assert_refused("list_cleared_by_its_item", "a list changed size while it was converted")


func test_exceptions_with_odd_text() -> void:
	if not assert_true(edge != null, "bridge_edge must be running"):
		return
	# str() of the exception raises as well: the traceback still names it
	assert_refused("exception_without_text", "BadStrError")
	var r = edge.invoke("huge_exception_text", [])
	if assert_true(is_error(r), _show(r)):
		assert_true(r[ERR].length() > 3000, "the whole text comes back (%d characters)" % r[ERR].length())
	assert_eq(edge.invoke("echo", [1]), 1)


func test_objects_are_refused_without_running_their_script() -> void:
	if not assert_true(edge != null, "bridge_edge must be running"):
		return
	var noisy := Noisy.new()
	var r = edge.invoke("echo", [[1, {"k": noisy}]])
	if assert_true(is_error(r), _show(r)):
		assert_string_contains(r[ERR], "cannot pass an Object to Python")
	assert_eq(noisy.to_string_calls, 0, "the bridge called the Object's _to_string")
	assert_eq(edge.invoke("echo", [[1, {"k": 2}]]), [1, {"k": 2}])


# The game: a Session answer that cannot cross the bridge (a bound method) reaches the player
# as a simulation error, and the game goes on stepping and answering.
func test_game_reports_an_unconvertible_answer_and_keeps_running():
	yield(start_main(), "completed")
	if not running():
		return
	var _err := EventBus.connect("sim_error", self, "_on_sim_error")
	yield(frames(5), "completed")
	assert_eq(main.sim._invoke_dict("__getattribute__", ["snapshot"]), {}, "no answer for an unconvertible value")
	if assert_eq(errors.size(), 1, "one sim_error"):
		assert_string_contains(errors[0], "cannot convert a Python")
	assert_true(main.hud.error_banner.visible, "the error banner shows")
	var t1: int = main.sim.current_tick()
	yield(frames(30), "completed")
	assert_true(main.sim.current_tick() > t1, "the game keeps stepping after the error")
	assert_type(main.sim.bridge.invoke("snapshot", []), TYPE_DICTIONARY, "the session still answers")
	assert_eq(errors.size(), 1, "no further errors")
