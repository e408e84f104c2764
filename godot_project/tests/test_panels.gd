extends "res://tests/TestCase.gd"
# One way to build a panel (hud/GamePanel.gd): every panel of the HUD (the selection panel,
# the docked panels, the letters) and every menu of the desktop frame (each panel of each
# menu layer: the title menu, the pause menu, the settings, the saves, the levels, the
# confirmation) is a GamePanel. The menus are built as menus: their buttons reach the
# keyboard and the first one takes the focus; the HUD's panels are not (Space and the number
# keys stay the game's). A panel's rows (hud/FlowRow.gd) wrap a flow group as one: the top bar's
# speed readout and buttons stay on one row when the bar wraps.

const GamePanel = preload("res://hud/GamePanel.gd")
const FlowRow = preload("res://hud/FlowRow.gd")


func after_each() -> void:
	restore_window()
	free_title()


func test_every_hud_panel_and_every_menu_is_a_game_panel():
	return _wrap("_t_builder")


# The whole frame, New campaign started from it: whether the game runs. A coroutine.
func _new_campaign():
	yield(start_title(), "completed")
	title.new_campaign()
	yield(frames(5), "completed")
	main = title.game
	return assert_true(main != null and main.sim.running, "New campaign starts a game")


func _t_builder():
	if not (yield(_new_campaign(), "completed")):
		return
	var hud_panels := [main.hud.selection_panel]
	for p in main.hud.right_dock.docked():
		if not hud_panels.has(p):
			hud_panels.append(p)
	hud_panels += main.hud.letters.panels()
	assert_true(hud_panels.size() >= 8, "the selection panel, the side panels, the letters: %d" % hud_panels.size())
	for p in hud_panels:
		assert_true(p is GamePanel, "the HUD's %s is a GamePanel" % p.name)
		assert_false(p.get("menu") == true, "the HUD's %s is no menu" % p.name)
	var menus := []
	for layer in [title.menus, main.confirm]:
		for p in layer.centre.get_children():
			menus.append(p)
	assert_eq(menus.size(), 6, "the title menu, pause menu, settings, saves, levels, confirmation")
	for p in menus:
		assert_true(p is GamePanel, "the menu %s is a GamePanel" % p.name)
		assert_true(p.get("menu") == true, "%s is built as a menu" % p.name)
	# a menu's first button takes the keyboard focus when it opens; the HUD's buttons never do
	title.open_pause()
	yield(frames(2), "completed")
	var focus = title.pause_panel.get_focus_owner()
	assert_eq(focus.name if focus != null else "", "Resume", "the pause menu opens with Resume focused")
	yield(press_key(KEY_DOWN), "completed")
	focus = title.pause_panel.get_focus_owner()
	assert_eq(focus.name if focus != null else "", "Save", "Down: Save")
	title.open_menu("settings_panel")
	yield(frames(2), "completed")
	assert_eq(title.settings_panel.get_focus_owner(), title.settings_panel.controls["audio/master"],
			"the settings open on their first slider")
	title.resume()
	for p in [main.hud.selection_panel, main.hud.help_panel]:
		for b in _buttons_in(p):
			assert_eq(b.focus_mode, Control.FOCUS_NONE, "%s's %s leaves the keys to the game" % [p.name, b.name])


static func _buttons_in(n: Node) -> Array:
	var out := []
	for c in n.get_children():
		if c is Button:
			out.append(c)
		out += _buttons_in(c)
	return out


func test_a_flow_group_wraps_as_one():
	return _wrap("_t_flow_group")


func _t_flow_group():
	var row := FlowRow.new()
	row.rect_size = Vector2(200, 10)
	get_tree().root.add_child(row)
	var kids := []
	for w in [80, 60, 60]:
		var c := Control.new()
		c.rect_min_size = Vector2(w, 20)
		row.add_child(c)
		kids.append(c)
	yield(frames(2), "completed")
	assert_eq(kids[1].rect_position.y, kids[0].rect_position.y, "alone, the second fits beside the first")
	assert_true(kids[2].rect_position.y > kids[1].rect_position.y, "and the third wraps")
	kids[1].set_meta("flow_group", "pair")
	kids[2].set_meta("flow_group", "pair")
	row.queue_sort()
	yield(frames(2), "completed")
	assert_true(kids[1].rect_position.y > kids[0].rect_position.y, "a group that does not fit wraps whole")
	assert_eq(kids[2].rect_position.y, kids[1].rect_position.y, "its two stay on one row")
	assert_eq(kids[1].rect_position.x, 0.0, "starting the row")
	row.free()


func test_the_speed_buttons_wrap_together_at_ui_scale_1_5():
	return _wrap("_t_speed_row")


func _t_speed_row():
	if not (yield(_new_campaign(), "completed")):
		return
	yield(set_window(Vector2(1280, 720), 1.5), "completed")
	var bar = main.hud.top_bar
	assert_true(bar.row.rect_size.y > 40, "at 150 %% the top bar takes two rows (%s)" % str(bar.row.rect_size))
	# (the pressed button says the speed: the label is hidden)
	var mid: float = _middle(bar.speed_button(0))
	for speed in [1, 2, 4, 8, 16]:
		assert_almost(_middle(bar.speed_button(speed)), mid, 1.0, "the %dx button on the pause button's row" % speed)
	assert_almost(_middle(bar.skip_button), mid, 1.0, "Skip on the speeds' row")


static func _middle(c: Control) -> float:
	return c.rect_position.y + c.rect_size.y / 2
