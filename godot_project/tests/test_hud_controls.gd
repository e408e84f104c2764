extends "res://tests/TestCase.gd"
# The HUD's controls as a player uses them, by mouse and keys (Input.parse_input_event): the
# log folds and grows by its grip; a tool's refusal is said beside the mouse, short, and the
# map keeps no text; the map tip keeps off the dock; the tabs stay put and every order button
# shows whole; the UI scale scales the HUD and clicks still land; toasts give way when the
# column lacks room; a Dig drag shows a rectangle; the party screen has a card per adventurer
# with its abilities in words.

const LayoutCheck = preload("res://tests/LayoutCheck.gd")
const DOORS := "res://levels/doors_demo.level"
const FIRST := "res://levels/first.level"
const WALL := Vector2(0, 3)           # doors_demo: a wall (no door can go there)
const LONG_REASON := "Only someone knocked out can be handled so. A long second sentence the hint leaves out, about what else would work instead of this order."

func after_each() -> void:
	restore_window()
	EventBus.emit_signal("tool_selected", "select")
	free_main()


func _start(level: String):
	yield(start_main(level), "completed")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	yield(frames(3), "completed")


# --- the log ---------------------------------------------------------------------------------

func test_the_log_folds_away_and_grows_by_its_grip():
	return _wrap("_t_log")


func _t_log():
	yield(_start(FIRST), "completed")
	if not running():
		return
	var log_panel = main.hud.event_log
	var text: RichTextLabel = log_panel.text
	assert_true(text.is_visible_in_tree(), "the log's text shows")
	var h0: float = text.rect_min_size.y
	assert_true(h0 <= 6 * log_panel.line_height(), "it starts at a few lines, not a wall of text (%s px)" % h0)
	# The grip: dragged up by 60 px, the log is 60 px taller; dragged far down, two lines.
	var grip: Control = log_panel.grip
	var at := screen_point(grip, grip.rect_size / 2)
	mouse_motion(at)
	mouse_button(at, BUTTON_LEFT, true)
	yield(get_tree(), "idle_frame")
	mouse_motion(at - Vector2(0, 60), BUTTON_MASK_LEFT)
	yield(get_tree(), "idle_frame")
	mouse_button(at - Vector2(0, 60), BUTTON_LEFT, false)
	yield(frames(2), "completed")
	assert_almost(text.rect_min_size.y, h0 + 60, 1.0, "dragging the grip up 60 px")
	assert_almost(text.rect_size.y, h0 + 60, 1.0, "the text takes it")
	at = screen_point(grip, grip.rect_size / 2)
	mouse_button(at, BUTTON_LEFT, true)
	yield(get_tree(), "idle_frame")
	mouse_motion(at + Vector2(0, 500), BUTTON_MASK_LEFT)
	yield(get_tree(), "idle_frame")
	mouse_button(at + Vector2(0, 500), BUTTON_LEFT, false)
	yield(frames(2), "completed")
	assert_almost(text.rect_min_size.y, 2 * log_panel.line_height(), 1.0, "never less than two lines")
	# Folded by its button: the text goes; lines that come are counted on the button.
	var log_top: float = screen_rect(log_panel).position.y
	yield(click_control(log_panel.fold_button), "completed")
	yield(frames(2), "completed")
	assert_false(text.is_visible_in_tree(), "folded, the text is gone")
	assert_true(screen_rect(log_panel).position.y > log_top + 20, "and the map shows where it was")
	main.hud.add_log_note("One")
	main.hud.add_log_note("Two")
	assert_string_contains(log_panel.fold_button.text, "2 new")
	yield(click_control(log_panel.fold_button), "completed")
	yield(frames(2), "completed")
	assert_true(text.is_visible_in_tree(), "opened again")
	assert_false(log_panel.fold_button.text.find("new") >= 0, "nothing new once read: %s" % log_panel.fold_button.text)


# --- the hint beside the mouse, the map tip ----------------------------------------------------

func test_a_refusal_is_said_beside_the_mouse_in_one_sentence():
	return _wrap("_t_hint")


func _t_hint():
	yield(_start(DOORS), "completed")
	if not running():
		return
	var ext = extension("DoorsExtension")
	yield(click_control(main.hud.tool_button("door")), "completed")
	var at := tile_screen(WALL)
	mouse_motion(at + Vector2(3, 0))
	yield(get_tree(), "idle_frame")
	mouse_motion(at)
	yield(frames(2), "completed")
	var tip = main.hud.map_tip
	var reason: String = main.sim.check({"type": "build_door", "x": int(WALL.x), "y": int(WALL.y)})
	assert_ne(reason, "", "a wall takes no door")
	assert_true(tip.visible, "the hint shows at once, before the tip's delay")
	assert_eq(tip.hint_label.text, first_sentence(reason), "the reason's first sentence")
	assert_false(tip.hint_ok, "in the refusal's colour")
	var r: Rect2 = screen_rect(tip)
	assert_true(r.grow(24).has_point(at), "beside the mouse: %s, mouse %s" % [str(r), str(at)])
	assert_true(r.size.x <= tip.MAX_WIDTH + 20, "and narrow: %s" % str(r.size))
	assert_eq(ext.preview.text, reason, "the preview keeps the whole reason (the panel's tooltip)")
	# a long one: only the first sentence, wrapped
	EventBus.emit_signal("cursor_hint", LONG_REASON, false)
	mouse_motion(at + Vector2(1, 0))
	yield(frames(2), "completed")
	assert_eq(tip.hint_label.text, "Only someone knocked out can be handled so.")
	# off the tool: the hint goes with the preview
	yield(click_control(main.hud.tool_button("select")), "completed")
	mouse_motion(at)
	yield(frames(2), "completed")
	assert_eq(tip.hint, "", "no hint without the tool")


static func first_sentence(s: String) -> String:
	var stop := s.find(". ")
	return s if stop < 0 else s.substr(0, stop + 1)


func test_the_map_tip_keeps_off_the_dock():
	return _wrap("_t_tip")


func _t_tip():
	yield(_start(FIRST), "completed")
	if not running():
		return
	EventBus.emit_signal("entity_selected", first_of_kind(0))
	yield(frames(20), "completed")
	var dock: Rect2 = screen_rect(main.hud.right_dock.scroll)
	assert_true(dock.size.y > 100, "the selection panel shows in the dock")
	# the mouse on the map just left of the dock, halfway down the panel
	var at := Vector2(dock.position.x - 6, dock.position.y + 40)
	mouse_motion(at + Vector2(-2, 0))
	yield(get_tree(), "idle_frame")
	mouse_motion(at)
	yield(get_tree().create_timer(0.6), "timeout")
	var tip = main.hud.map_tip
	assert_true(tip.visible, "the tip shows for the tile under the mouse")
	assert_false(screen_rect(tip).intersects(dock), "and stays off the dock: %s, dock %s" % [str(screen_rect(tip)), str(dock)])
	for panel in main.hud.panel_rects():
		assert_false(tip.get_global_rect().intersects(panel), "nor any panel: %s" % str(panel))


# In no frame does the tip cover a panel, while its hint grows and while the tool bar grows
# under it from a node that runs after the tip in the frame (as the game's own updates do): it
# moves in the frame the sizes change, not one frame late.
func test_the_map_tip_never_covers_a_panel_in_any_frame():
	return _wrap("_t_tip_frames")


class LateGrower extends Node:
	var bar: Control = null
	var height := 0.0
	var frames_left := 0

	func _process(_delta: float) -> void:
		frames_left -= 1
		if frames_left == 0:
			bar.rect_min_size.y = height


func _t_tip_frames():
	yield(_start(FIRST), "completed")
	if not running():
		return
	var bar: Rect2 = screen_rect(main.hud.tool_bar)
	var log_rect: Rect2 = screen_rect(main.hud.event_log)
	# the mouse on the map right of the log, a short way above the tool bar: the tip fits below
	# it at first
	var at := Vector2((log_rect.end.x + bar.end.x) / 2, bar.position.y - 90)
	mouse_motion(at + Vector2(-3, 0))
	yield(get_tree(), "idle_frame")
	mouse_motion(at)
	EventBus.emit_signal("cursor_hint", "Dig here.", true)
	var grower := LateGrower.new()
	grower.bar = main.hud.tool_bar
	grower.height = bar.size.y + 60
	grower.frames_left = 30
	get_tree().root.add_child(grower)
	var tip = main.hud.map_tip
	var seen := 0
	for frame in range(50):
		if frame == 12:
			EventBus.emit_signal("cursor_hint", LONG_REASON.replace(". ", ", ") + " " + LONG_REASON, false)
		yield(get_tree(), "idle_frame")
		if tip.visible:
			seen += 1
			var r: Rect2 = tip.get_global_rect()
			for panel in main.hud.panel_rects():
				assert_false(r.intersects(panel), "frame %d: the tip %s covers the panel %s" % [frame, str(r), str(panel)])
	assert_true(seen > 40, "the tip showed: %d frames" % seen)
	assert_true(screen_rect(main.hud.tool_bar).size.y >= bar.size.y + 60, "the tool bar grew")
	grower.queue_free()
	main.hud.tool_bar.rect_min_size.y = 0


# With panels all round the mouse the tip still covers none: where the whole tip has no free
# place it shows the hint alone, where even that has none it hides, and it comes back whole
# when the panels go.
func test_with_no_room_the_tip_says_less_and_never_covers_a_panel():
	return _wrap("_t_tip_room")


var _fake_panels := []
var _resizes := 0


func _count_resize() -> void:
	_resizes += 1


func fake_panels() -> Array:
	return _fake_panels


func _t_tip_room():
	yield(_start(FIRST), "completed")
	if not running():
		return
	var tip = main.hud.map_tip
	var real_panels: FuncRef = tip.blocked
	var bar: Rect2 = screen_rect(main.hud.tool_bar)
	var log_rect: Rect2 = screen_rect(main.hud.event_log)
	var at := Vector2((log_rect.end.x + bar.end.x) / 2, bar.position.y - 200)
	mouse_motion(at + Vector2(-3, 0))
	yield(get_tree(), "idle_frame")
	mouse_motion(at)
	EventBus.emit_signal("cursor_hint", "Dig here.", true)
	yield(get_tree().create_timer(0.6), "timeout")
	assert_true(tip.visible and tip.text_label.visible, "with room, the whole tip: the hint and the tile's words")
	var whole: Rect2 = tip.get_global_rect()
	var hint_only: float = whole.size.y - tip.text_label.rect_size.y
	# a hole round the mouse tall enough for the hint alone (2 px from each edge), not for the
	# whole tip
	var room := Rect2(at.x - 400, at.y - 4, 800, hint_only + 6)
	_fake_panels = _around(room)
	tip.blocked = funcref(self, "fake_panels")
	assert_true(whole.size.y + 4 > room.size.y, "the whole tip (%s) is taller than the hole %s" % [str(whole), str(room)])
	yield(get_tree(), "idle_frame")      # (the next frame's tip: fake panels send no signal)
	var _err: int = tip.connect("resized", self, "_count_resize")
	for _i in range(3):
		_resizes = 0
		yield(get_tree(), "idle_frame")
		assert_true(tip.visible and not tip.text_label.visible and tip.hint_label.visible,
				"no room for the whole tip: the hint alone")
		_assert_covers_none(tip, _fake_panels)
		# it settles: not grown to try the whole tip and shrunk again without end (that
		# filled Godot's message queue, and the containers' sorts were dropped)
		assert_true(_resizes <= 4, "the tip resized %d times in a frame" % _resizes)
	tip.disconnect("resized", self, "_count_resize")
	# a hole too small for anything: no tip
	_fake_panels = _around(Rect2(at.x - 30, at.y - 4, 60, 10))
	yield(get_tree(), "idle_frame")
	for _i in range(3):
		yield(get_tree(), "idle_frame")
		assert_false(tip.visible, "no room at all: no tip")
	# the panels go: the whole tip again, without a move of the mouse
	_fake_panels = []
	yield(frames(3), "completed")
	assert_true(tip.visible and tip.text_label.visible, "room again: the whole tip")
	tip.blocked = real_panels


# Four panels round `hole`, to the screen's edges.
func _around(hole: Rect2) -> Array:
	var screen := Rect2(Vector2.ZERO, get_viewport().get_visible_rect().size)
	return [Rect2(0, 0, screen.size.x, hole.position.y),
			Rect2(0, hole.end.y, screen.size.x, screen.size.y - hole.end.y),
			Rect2(0, hole.position.y, hole.position.x, hole.size.y),
			Rect2(hole.end.x, hole.position.y, screen.size.x - hole.end.x, hole.size.y)]


func _assert_covers_none(tip, panels: Array) -> void:
	var r: Rect2 = tip.get_global_rect()
	for p in panels:
		assert_false(r.intersects(p), "the tip %s covers %s" % [str(r), str(p)])


# --- tabs and the order buttons -------------------------------------------------------------

func test_tabs_stay_put_and_every_order_button_shows_whole():
	return _wrap("_t_tabs")


func _t_tabs():
	yield(_start(FIRST), "completed")
	if not running():
		return
	EventBus.emit_signal("entity_selected", first_of_kind(0))
	yield(frames(20), "completed")
	var tabs = main.hud.selection_panel.tabs
	var places := {}
	for title in ["Info", "Behavior", "Duty"]:
		places[title] = screen_rect(tabs.tab_button(title))
	for title in ["Duty", "Behavior", "Info", "Duty"]:
		yield(click_control(tabs.tab_button(title)), "completed")
		yield(frames(2), "completed")
		assert_eq(str(tabs.current_page.name), title, "a click on %s opens it" % title)
		for t in places:
			assert_eq(screen_rect(tabs.tab_button(t)), places[t], "the %s tab did not move" % t)
	yield(click_control(tabs.tab_button("Behavior")), "completed")
	yield(frames(3), "completed")
	var orders: Control = extension("CombatExtension").tab.orders
	var view: Rect2 = screen_rect(main.hud.right_dock.scroll)
	for b in orders.get_children():
		var r := screen_rect(b)
		assert_true(view.encloses(r), "%s shows inside the dock: %s in %s" % [b.name, str(r), str(view)])
		assert_true(b.rect_size.x >= b.get_combined_minimum_size().x, "%s is whole (%s)" % [b.name, b.text])
	yield(click_control(orders.get_node("Imprison")), "completed")
	assert_eq(main.world.tool_id, "combat_order", "Imprison, the last button, takes a click")


# --- the UI scale ----------------------------------------------------------------------------

func test_the_ui_scale_scales_the_hud_and_clicks_still_land():
	return _wrap("_t_scale")


func _t_scale():
	yield(_start(FIRST), "completed")
	if not running():
		return
	yield(set_window(Vector2(1280, 720), 1.5), "completed")
	assert_eq(main.hud.scale, Vector2(1.5, 1.5), "the HUD is scaled")
	assert_almost(main.hud.root.rect_size.x, 1280 / 1.5, 0.5, "and laid out in the room the scale leaves")
	var bar := screen_rect(main.hud.top_bar)
	assert_almost(bar.size.x, 1280.0, 1.0, "the top bar still spans the window")
	var b: Button = main.hud.tool_button("door")
	assert_almost(screen_rect(b).size.y, b.rect_size.y * 1.5, 0.5, "a button is 1.5 times as tall on screen")
	yield(click_control(b), "completed")
	assert_eq(main.world.tool_id, "door", "a click on the scaled button picks the tool")
	yield(set_window(Vector2(1280, 720), 0.75), "completed")
	assert_almost(main.hud.root.rect_size.x, 1280 / 0.75, 0.5, "smaller: more room")
	yield(click_control(main.hud.tool_button("select")), "completed")
	assert_eq(main.world.tool_id, "select")


# Toasts never push the left column out of the window: with the log full, a long error, the
# top bar on two rows and four long toasts at UI scale 1.5 on 1280x720, the oldest toasts go
# first and the newest stays.
func test_when_the_column_lacks_room_the_oldest_toasts_go_first():
	return _wrap("_t_toasts_give_way")


func _t_toasts_give_way():
	yield(_start(FIRST), "completed")
	if not running():
		return
	yield(set_window(Vector2(1280, 720), 1.5), "completed")
	var hud = main.hud
	for k in range(hud.event_log.LOG_LINES):
		hud.add_log_note("%d: %s" % [k, LONG_REASON])
	hud.show_error("Traceback (most recent call last):\nValueError: " + LONG_REASON)
	hud.top_bar.rect_min_size.y = 60.0            # as when its row wraps in two
	for k in range(4):
		EventBus.emit_signal("notify", "Toast %d. %s %s" % [k, LONG_REASON, LONG_REASON], "warn")
	yield(frames(5), "completed")
	assert_eq(LayoutCheck.problems(get_tree()), [], "everything lies inside the window")
	var shown := []
	for t in hud.toasts.get_children():
		if not t.is_queued_for_deletion():
			shown.append(t.get_child(0).text.left(7))
	assert_true(shown.size() >= 1 and shown.size() < 4, "some toasts went: %s" % str(shown))
	assert_eq(shown.back(), "Toast 3", "the newest stays")
	hud.top_bar.rect_min_size.y = 0.0


# --- a Dig drag ------------------------------------------------------------------------------

func test_a_dig_drag_shows_the_rectangle_it_covers():
	return _wrap("_t_dig")


func _t_dig():
	yield(_start(FIRST), "completed")
	if not running():
		return
	yield(click_control(main.hud.tool_button("econ_dig")), "completed")
	var cursor = main.world.cursor
	assert_true(cursor.area_tools.has("econ_dig"), "Dig drags an area")
	assert_false(cursor.area_tools.has("wire"), "a wire is a line")
	yield(press_and_drag([Vector2(13, 10), Vector2(14, 11), Vector2(15, 12)]), "completed")
	yield(frames(2), "completed")
	assert_eq(cursor.drag_from, Vector2(13, 10), "the drag began there")
	assert_eq(cursor.drag_area(cursor.drag_from, cursor.hover_tile), Rect2(13, 10, 3, 3), "a 3 x 3 rectangle")
	assert_string_contains(main.hud.map_tip.hint, "Dig on 3 x 3 tiles")
	yield(release(Vector2(15, 12)), "completed")
	assert_eq(cursor.drag_from, null, "let go, no rectangle")


# --- the party screen ------------------------------------------------------------------------

func test_the_party_screen_has_a_card_per_adventurer():
	return _wrap("_t_party")


func _t_party():
	yield(_start(FIRST), "completed")
	if not running():
		return
	var letters = extension("InvasionsExtension").spotted_letter
	letters.show_letter({"title": "Adventurers spotted in your dungeon", "goal": "steal_treasure", "members": [
		{"entity": 8, "name": "Wren", "class": "rogue", "level": 3, "abilities": ["detect_traps", "locksmith"],
			"ability_words": [{"name": "Detect Traps", "words": "shows the whole party every trap within 7 tiles"},
				{"name": "Locksmith", "words": "the party always picks a locked door"}]},
		{"entity": 9, "name": "Odo", "class": "peasant", "level": 0, "abilities": [], "ability_words": []}]})
	yield(frames(2), "completed")
	yield(click_control(letters.letter.find_node("Button", true, false)), "completed")
	yield(frames(2), "completed")
	assert_true(letters.screen.visible, "Read on opens the party screen")
	var cards: Array = letters.members_box.get_children()
	assert_eq(cards.size(), 2, "a card per adventurer")
	var wren: String = _card_text(cards[0])
	assert_string_contains(wren, "Wren\nRogue, level 3\n")
	assert_string_contains(wren, "- Detect Traps: shows the whole party every trap within 7 tiles")
	assert_string_contains(wren, "- Locksmith: the party always picks a locked door")
	assert_eq(_card_text(cards[1]), "Odo\nPeasant\nNo special abilities")
	assert_eq(letters.goal_label.text, "Their goal: to steal your treasure.")
	yield(click_control(letters.screen.close_button), "completed")
	assert_false(letters.screen.visible, "its X closes it")
	letters.show_party_screen()
	yield(press_key(KEY_ESCAPE), "completed")
	assert_false(letters.screen.visible, "and so does Esc")


static func _card_text(card: Node) -> String:
	var lines := []
	for l in card.get_node("Words").get_children():
		lines.append(l.text)
	return PoolStringArray(lines).join("\n")


# --- the screenshot arguments ------------------------------------------------------------------

func test_screenshot_arguments_pick_a_tool_hover_a_tile_and_open_a_tab():
	return _wrap("_t_args")


func _t_args():
	yield(_start(DOORS), "completed")
	if not running():
		return
	main.args = {"tool": "door", "hover": "%d,%d" % [WALL.x, WALL.y]}
	main._apply_view_args()
	yield(frames(3), "completed")
	assert_eq(main.world.tool_id, "door", "--tool picks the tool")
	assert_eq(extension("DoorsExtension").preview.tile, WALL, "--hover previews that tile")
	assert_true(main.hud.map_tip.visible and main.hud.map_tip.hint != "", "and the hint shows beside the mouse")
	EventBus.emit_signal("tool_selected", "select")
	EventBus.emit_signal("entity_selected", first_of_kind(0))
	yield(frames(10), "completed")
	main.args = {"tab": "Behavior"}
	main._apply_view_args()
	assert_eq(str(main.hud.selection_panel.tabs.current_page.name), "Behavior", "--tab opens the tab")
