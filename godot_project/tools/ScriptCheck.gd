extends Reference
# The project's script health, shared by tools/lint.gd and the test runner (tests/runner.gd):
#   settings_problems()   the GDScript warnings are errors (project.godot), addons included,
#                         and no warning that Godot enables by default is switched off
#   load_problems(paths)  every script loads (parses, compiles, resolves its preloads); with
#                         warnings as errors, a warning (unused variable, discarded return ...)
#                         is a failed load, printed by Godot as a SCRIPT ERROR with file:line
#   preload_cycles(paths) no script or scene preloads something that preloads it back
#                         (Godot then reports "Couldn't fully preload the script, possible
#                         cyclic reference" on an unlucky load order)
# Each returns an Array of one-line problems; empty when all is well.

const Files = preload("res://core/Files.gd")

const WARNINGS_ARE_ERRORS := "debug/gdscript/warnings/treat_warnings_as_errors"
const EXCLUDE_ADDONS := "debug/gdscript/warnings/exclude_addons"
# Godot 3.2's warnings that are on by default (modules/gdscript/gdscript.cpp: all but the
# unsafe_* ones and unused_class_variable): none may be turned off in project.godot.
const DEFAULT_WARNINGS := ["unassigned_variable", "unassigned_variable_op_assign",
		"unused_variable", "shadowed_variable", "unused_argument", "unreachable_code",
		"standalone_expression", "void_assignment", "narrowing_conversion",
		"function_may_yield", "variable_conflicts_function", "function_conflicts_variable",
		"function_conflicts_constant", "incompatible_ternary", "unused_signal",
		"return_value_discarded", "property_used_as_function", "constant_used_as_function",
		"function_used_as_property", "integer_division", "deprecated_keyword",
		"standalone_ternary"]
# Every .gd, .tscn and .tres of the project (the import cache left out).
static func project_files(suffixes: Array = [".gd", ".tscn", ".tres"]) -> Array:
	var out := []
	for suffix in suffixes:
		out += Files.find("res://", "", suffix, [".import"])
	out.sort()
	return out


static func settings_problems() -> Array:
	var out := []
	if not bool(ProjectSettings.get_setting(WARNINGS_ARE_ERRORS)):
		out.append("project.godot: %s must be true" % WARNINGS_ARE_ERRORS)
	if bool(ProjectSettings.get_setting(EXCLUDE_ADDONS)):
		out.append("project.godot: %s must be false (the addons' warnings count too)" % EXCLUDE_ADDONS)
	for w in DEFAULT_WARNINGS:
		var key: String = "debug/gdscript/warnings/" + w
		if ProjectSettings.has_setting(key) and not bool(ProjectSettings.get_setting(key)):
			out.append("project.godot: the warning %s is switched off" % key)
	return out


# The scripts that do not load. Godot prints why (file:line, the warning or error) above.
static func load_problems(paths: Array) -> Array:
	var out := []
	for p in paths:
		var s = ResourceLoader.load(p)
		if s == null or not (s is Script) or not s.can_instance():
			out.append("%s does not load (a parse error or a GDScript warning: see the SCRIPT ERROR above)" % p)
	return out


# "a.gd -> b.gd -> a.gd" for each cycle of load-time dependencies among `paths`.
static func preload_cycles(paths: Array) -> Array:
	var deps := {}
	for p in paths:
		deps[p] = dependencies(p)
	var out := []
	var state := {}         # path -> 1 on the walk's stack, 2 done
	for p in paths:
		_walk(p, deps, state, [], out)
	return out


# The res:// paths a script, scene or resource needs when it loads: its preloads, an
# `extends "res://..."` (both resolved when a script compiles), a scene's or resource's
# ext_resources. (Plain string search: Godot 3.2's RegEx prints errors when the engine exits.)
static func dependencies(path: String) -> Array:
	var f := File.new()
	if f.open(path, File.READ) != OK:
		return []
	var text := f.get_as_text()
	f.close()
	var out := []
	for line in text.split("\n"):
		var l: String = line.strip_edges()
		if l.begins_with("#"):
			continue
		var at := l.find("preload(\"")
		while at >= 0:
			_add_path(l, at + 9, out)
			at = l.find("preload(\"", at + 9)
		if l.begins_with("extends \""):
			_add_path(l, 9, out)
		if l.begins_with("[ext_resource") and l.find(" path=\"") >= 0:
			_add_path(l, l.find(" path=\"") + 7, out)
	return out


# The quoted res:// path starting at `from` in `line`, added to `out` once.
static func _add_path(line: String, from: int, out: Array) -> void:
	var end := line.find("\"", from)
	var dep := line.substr(from, end - from) if end > from else ""
	if (dep.begins_with("res://") or dep.begins_with("user://")) and not dep in out:
		out.append(dep)


static func _walk(p: String, deps: Dictionary, state: Dictionary, stack: Array, out: Array) -> void:
	if int(state.get(p, 0)) == 2:
		return
	if int(state.get(p, 0)) == 1:
		var cycle := stack.slice(stack.find(p), stack.size() - 1)
		cycle.append(p)
		out.append(PoolStringArray(cycle).join(" -> "))
		return
	state[p] = 1
	stack.append(p)
	for d in deps.get(p, []):
		_walk(d, deps, state, stack, out)
	stack.pop_back()
	state[p] = 2
