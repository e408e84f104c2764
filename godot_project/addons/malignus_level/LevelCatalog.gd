tool
extends Reference
# The catalogue of level things as pysim lists it (pysim/core/level.py things_catalog,
# asked through SimClient.level_things): the kinds, grouped, each with what it is and the
# args it offers. The Thing fields' lists and the dock's palette are built from it, and an
# arg is checked by pysim's own check of its form (SimClient.thing_arg_reason), the one
# level.build runs. Loaded once; `error` says why it is empty.

const SimClient = preload("res://core/SimClient.gd")

var things := []         # [{kind, about, group, choices, hint, options}], the palette's order
var error := ""


func load_catalog() -> bool:
	var got = SimClient.level_things()
	if typeof(got) == TYPE_ARRAY:
		things = got
		error = ""
		return true
	things = []
	error = str(got.get("error", got)) if typeof(got) == TYPE_DICTIONARY else str(got)
	return false


func loaded() -> bool:
	return not things.empty()


func kinds() -> Array:
	var out := []
	for t in things:
		out.append(str(t["kind"]))
	return out


# The groups, in the palette's order.
func groups() -> Array:
	var out := []
	for t in things:
		if not str(t["group"]) in out:
			out.append(str(t["group"]))
	return out


func entry(kind: String) -> Dictionary:
	for t in things:
		if str(t["kind"]) == kind:
			return t
	return {}


func choices(kind: String) -> Array:
	return entry(kind).get("choices", [])


func options(kind: String) -> Array:
	return entry(kind).get("options", [])


# The arg a new thing of this kind gets: its first choice ("" when it takes none).
func default_arg(kind: String) -> String:
	var c := choices(kind)
	return str(c[0]) if not c.empty() else ""


# "" when `kind:arg` has the form its thing takes, else why not (pysim's words).
func arg_reason(kind: String, arg: String) -> String:
	var got = SimClient.thing_arg_reason(kind, arg)
	if typeof(got) == TYPE_DICTIONARY:
		return "cannot ask pysim: %s" % str(got.get("error", ""))
	return str(got)


# What a kind is and what else its arg may be, in a line or two.
func describe(kind: String) -> String:
	var e := entry(kind)
	if e.empty():
		return "Not a level thing pysim knows."
	var text := str(e["about"])
	if str(e["hint"]) != "":
		text += " Arg: %s." % str(e["hint"])
	if not e["options"].empty():
		text += " Options after '/': %s." % PoolStringArray(e["options"]).join(", ")
	return text
