tool
extends EditorPlugin
# The level editor plugin: a dock ("Level") that checks the level scene open in the editor
# with pysim's own checks (SimClient.check_level, through the bridge) and lists the errors,
# and plays it in the game ("Play this level").

const LevelDock = preload("res://addons/malignus_level/LevelDock.gd")

var dock = null


func _enter_tree() -> void:
	dock = LevelDock.new()
	dock.name = "Level"
	dock.editor = get_editor_interface()
	add_control_to_dock(DOCK_SLOT_LEFT_BR, dock)


func _exit_tree() -> void:
	if dock != null:
		remove_control_from_docks(dock)
		dock.free()
		dock = null
