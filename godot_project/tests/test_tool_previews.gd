extends "res://tests/TestCase.gd"
# The Doors and Wiring tools' previews, driven as a player would: with the Doors
# tool, hovering a wall shows a red cross and build_door's reason, a floor tile what pysim's
# check says, a door the actions its panel would take now; the door panel's buttons are
# enabled only when their command would be taken (the reason in the tooltip). With the
# Wiring tool, the drag in progress shows, before the button is let go, whether the wire
# would be laid, or why not.

const DOORS := "res://levels/doors_demo.level"
const WIRING := "res://levels/trap_wiring_test.level"
const PADLOCKED := Vector2(5, 2)     # doors_demo: the padlocked door on the corridor
const PLAIN := Vector2(6, 4)         # doors_demo: a door without a padlock
const LEVER := Vector2(5, 5)         # trap_wiring_test: the lever
const BLAST := Vector2(1, 5)         # trap_wiring_test: the blast trap

func after_each() -> void:
	stop_recording()
	free_main()
	EventBus.emit_signal("tool_selected", "select")


func _start(level: String):
	yield(start_main(level), "completed")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	record_events()
	yield(frames(3), "completed")


func _hover(tile: Vector2):
	mouse_motion(tile_screen(tile))
	yield(frames(2), "completed")


func test_doors_tool_previews_building_and_the_door_actions():
	return _wrap("_t_doors")


func _t_doors():
	yield(_start(DOORS), "completed")
	if not running():
		return
	var ext = extension("DoorsExtension")
	yield(click_control(main.hud.tool_button("door")), "completed")
	yield(_hover(Vector2(0, 3)), "completed")
	assert_eq(ext.preview.tile, Vector2(0, 3), "the hovered tile is previewed")
	assert_false(ext.preview.ok, "a wall takes no door")
	var want: String = main.sim.check({"type": "build_door", "x": 0, "y": 3})
	assert_eq(ext.preview.text, want, "with build_door's own reason")
	assert_ne(ext.preview.text, "", "a reason is shown")
	yield(_hover(Vector2(3, 4)), "completed")
	var floor_check: String = main.sim.check({"type": "build_door", "x": 3, "y": 4})
	assert_eq(ext.preview.ok, floor_check == "", floor_check)
	assert_eq(ext.preview.text, "Build a door here" if floor_check == "" else floor_check)
	yield(_hover(PLAIN), "completed")
	assert_true(ext.preview.ok)
	assert_string_contains(ext.preview.text, "Select this door: Build Padlock")
	yield(_hover(PADLOCKED), "completed")
	assert_true(ext.preview.text.find("Build Padlock") < 0, "a padlocked door takes no second padlock: %s" % ext.preview.text)
	# The panel: its buttons follow the commands' checks.
	yield(click_at(tile_screen(PADLOCKED)), "completed")
	yield(frames(3), "completed")
	assert_true(ext.panel.visible, "the click selects the door")
	var armed := bool(ext.arm_button.disabled)
	assert_ne(armed, bool(ext.disarm_button.disabled), "exactly one of arm / disarm is offered")
	var off: Button = ext.arm_button if armed else ext.disarm_button
	assert_string_contains(off.hint_tooltip, "already", "the refused button says why")
	yield(click_control(ext.disarm_button if armed else ext.arm_button), "completed")
	yield(frames(4), "completed")
	assert_eq(bool(ext.arm_button.disabled), not armed, "after the click the other button is offered")
	# Another tool: the preview goes.
	yield(click_control(main.hud.tool_button("select")), "completed")
	assert_eq(ext.preview.tile, Vector2(-1, -1), "no preview without the Doors tool")


func test_wiring_drag_says_before_the_release_whether_the_wire_is_laid():
	return _wrap("_t_wiring")


func _t_wiring():
	yield(_start(WIRING), "completed")
	if not running():
		return
	var ext = extension("TrapsExtension")
	yield(click_control(main.hud.tool_button("wire")), "completed")
	# From bare floor: refused, said while the button is still down.
	yield(press_and_drag([Vector2(3, 2), Vector2(4, 2), Vector2(5, 2)]), "completed")
	yield(frames(2), "completed")
	assert_false(ext.wire_check.get("ok", true), "a wire from bare floor is refused: %s" % str(ext.wire_check))
	assert_eq(ext.wire_preview.tile, Vector2(5, 2), "at the drag's end tile")
	assert_false(ext.wire_preview.ok)
	assert_string_contains(ext.hint_label.text, "Not this wire: ")
	yield(release(Vector2(5, 2), 3), "completed")
	assert_eq(ext.wire_preview.tile, Vector2(-1, -1), "the preview goes with the drag")
	# From the lever to the blast trap: laid.
	var path := [LEVER, LEVER + Vector2(-1, 0), LEVER + Vector2(-2, 0), LEVER + Vector2(-3, 0), BLAST]
	yield(press_and_drag(path), "completed")
	yield(frames(2), "completed")
	assert_true(ext.wire_check.get("ok", false), "lever to blast trap can be wired: %s" % str(ext.wire_check))
	assert_eq(ext.wire_preview.text, "Let go: the wire is laid")
	assert_string_contains(ext.hint_label.text, "This wire can be laid")
	yield(release(BLAST, 7), "completed")
	assert_eq(recorded("wired").size(), 1, "the wire the preview promised was laid")

