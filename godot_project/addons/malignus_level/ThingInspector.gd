tool
extends EditorInspectorPlugin
# In the Inspector, a selected Thing's Kind and Arg are ThingFields.gd (lists from pysim's
# catalogue, the arg checked as it is typed) instead of the plain text fields.

const ThingFields = preload("res://addons/malignus_level/ThingFields.gd")

var catalog = null           # the dock's LevelCatalog
var undo = null              # the editor's UndoRedo


func can_handle(object) -> bool:
	return object is Node2D and object.has_method("is_level_thing")


func parse_begin(object) -> void:
	var fields := ThingFields.new()
	fields.catalog = catalog
	fields.undo = undo
	fields.edit(object)
	add_custom_control(fields)


func parse_property(_object, _type, path, _hint, _hint_text, _usage) -> bool:
	return path in ["kind", "arg"]
