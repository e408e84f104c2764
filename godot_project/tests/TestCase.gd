extends Node
# Base class of the Godot test scripts (res://tests/test_*.gd), run by res://tests/runner.gd.
# A test script: `extends "res://tests/TestCase.gd"`, with methods named test_*; a test may
# yield (coroutine). Optional hooks: before_each() and after_each().
# Assertions record failures (they do not stop the test) and return whether they held.

var _failures := []


func fail(msg: String) -> bool:
	_failures.append(msg)
	return false


func assert_true(cond, msg: String = "") -> bool:
	if typeof(cond) == TYPE_BOOL and cond:
		return true
	return fail("expected true, got %s %s" % [_show(cond), msg])


func assert_false(cond, msg: String = "") -> bool:
	if typeof(cond) == TYPE_BOOL and not cond:
		return true
	return fail("expected false, got %s %s" % [_show(cond), msg])


# Deep equality with exact Variant types (an int is not a float; arrays and dictionaries
# compare by content; pool arrays compare by content too).
func assert_eq(got, want, msg: String = "") -> bool:
	if deep_equal(got, want):
		return true
	return fail("expected %s, got %s %s" % [_show(want), _show(got), msg])


func assert_ne(got, other, msg: String = "") -> bool:
	if not deep_equal(got, other):
		return true
	return fail("expected something other than %s %s" % [_show(other), msg])


func assert_almost(got, want, eps: float = 1e-6, msg: String = "") -> bool:
	if (typeof(got) == TYPE_INT or typeof(got) == TYPE_REAL) and abs(float(got) - float(want)) <= eps:
		return true
	return fail("expected %s within %s, got %s %s" % [_show(want), str(eps), _show(got), msg])


func assert_type(value, type_id: int, msg: String = "") -> bool:
	if typeof(value) == type_id:
		return true
	return fail("expected Variant type %d, got type %d (%s) %s" % [type_id, typeof(value), _show(value), msg])


func assert_has(container, key, msg: String = "") -> bool:
	if (typeof(container) == TYPE_DICTIONARY or typeof(container) == TYPE_ARRAY) and container.has(key):
		return true
	return fail("expected %s to contain %s %s" % [_show(container), _show(key), msg])


func assert_string_contains(text, part: String, msg: String = "") -> bool:
	if typeof(text) == TYPE_STRING and text.find(part) >= 0:
		return true
	return fail("expected a String containing %s, got %s %s" % [_show(part), _show(text), msg])


static func deep_equal(a, b) -> bool:
	var ta := typeof(a)
	if ta != typeof(b):
		return false
	if ta == TYPE_ARRAY or ta >= TYPE_RAW_ARRAY:
		if a.size() != b.size():
			return false
		for i in range(a.size()):
			if not deep_equal(a[i], b[i]):
				return false
		return true
	if ta == TYPE_DICTIONARY:
		if a.size() != b.size():
			return false
		for k in a.keys():
			if not b.has(k) or not deep_equal(a[k], b[k]):
				return false
		return true
	if ta == TYPE_OBJECT:
		return a == b
	return a == b


static func _show(v) -> String:
	var s := str(v)
	if typeof(v) == TYPE_STRING:
		s = '"%s"' % s
	if s.length() > 300:
		s = s.substr(0, 300) + "..."
	return s
