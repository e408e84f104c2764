extends "res://tests/TestCase.gd"
# No dead ends, played with the mouse (res://tests/data/dead_ends.level): a captured
# adventurer carried to a free cell and imprisoned, from the panel's order buttons and from
# the Order tool; a prisoner executed, then scrapped; the panel's words ("Captured",
# "Prisoner in the north cell"); the Order tool's click on a tile meaning the body there
# the order is for; a part in no whole trap marked "not wired" on the map and
# saying on its panel what it needs; the Build Trap preview's warning before a second
# mechanism goes beside a trigger that has one; a vein's hover tip.

const TrapsExtension = preload("res://traps/TrapsExtension.gd")
const LEVEL := "res://tests/data/dead_ends.level"
const PRISONER := 1           # the warrior locked in the north cell (3, 1)
const CAPTIVE := 2            # the captured rogue at (2, 5)
const MINION := 3             # at (12, 5)
const FREE_CELL := Vector2(8, 1)
const LONE_TRIPWIRE := Vector2(3, 7)
const LONE_BLADES := Vector2(5, 7)
const WIRED_TRIPWIRE := Vector2(10, 7)
const VEIN := Vector2(7, 8)

var combat = null


func after_each() -> void:
	stop_recording()
	free_main()
	EventBus.emit_signal("tool_selected", "select")


# The level, paused, its events recorded. A coroutine; false when it did not start.
func _start():
	yield(start_main(LEVEL), "completed")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	record_events()
	yield(frames(3), "completed")
	combat = extension("CombatExtension")
	return running()


func tile_of(id: int) -> Vector2:
	var i := row_of(id)
	if i < 0:
		return Vector2(-1, -1)
	var p: Vector2 = snap()["ent_pos"][i]
	return Vector2(round(p.x), round(p.y))


func row_of(id: int) -> int:
	var ids = snap().get("ent_id", [])
	for i in range(ids.size()):
		if int(ids[i]) == id:
			return i
	return -1


func has_event(type: String, fields: Dictionary) -> bool:
	for ev in recorded(type):
		var all := true
		for k in fields:
			if not ev.has(k) or str(ev[k]) != str(fields[k]):
				all = false
		if all:
			return true
	return false


func panel_says(id: int, condition: String) -> bool:
	var panel = main.hud.selection_panel
	return panel.selected_id == id and str(panel.last_info.get("condition", "")) == condition \
			and panel.info_text.bbcode_text.find(condition) >= 0


# Clicks body `id` on the map (Select tool) and waits until the panel says `condition`. A
# coroutine: whether it did.
func select_body(id: int, condition: String):
	yield(click_control(main.hud.tool_bar.tool_button("select")), "completed")
	yield(click_at(tile_screen(tile_of(id))), "completed")
	var ok = yield(wait_until(self, "panel_says", [id, condition], true, 60), "completed")
	return assert_true(ok, "the panel of #%d says %s: %s" % [id, condition,
			str(main.hud.selection_panel.last_info.get("condition", "?"))])


# The panel's order button `label` for the selected body (combat/BodyOrders.gd), null if none.
func order_button(label: String):
	if not combat.body_orders.is_visible_in_tree():
		return null
	return combat.body_orders.button(label)


func run_until(type: String, fields: Dictionary, max_frames: int = 1500):
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	return wait_until(self, "has_event", [type, fields], true, max_frames)


# --- a captured adventurer ------------------------------------------------------------------

func test_the_panel_carries_a_captured_adventurer_to_a_free_cell():
	return _wrap("_t_panel_carry")


func _t_panel_carry():
	if not (yield(_start(), "completed")):
		return
	if not (yield(select_body(CAPTIVE, "Captured"), "completed")):
		return
	var labels := []
	for b in combat.body_orders.grid.get_children():
		labels.append(b.text)
	assert_eq(labels, ["Carry", "Heal", "Imprison", "Execute", "Release"], "the captured rogue's orders")
	assert_true(order_button("Heal").disabled, "an unhurt body is not healed")
	assert_string_contains(order_button("Heal").hint_tooltip, "has no wounds to heal")
	assert_string_contains(combat.body_orders.why.text, "Heal: ")
	yield(click_control(order_button("Carry")), "completed")
	assert_eq(main.world.tool_id, "combat_order", "Carry asks for the tile with the Order tool")
	assert_eq(combat.carry_body, CAPTIVE)
	assert_string_contains(combat.order_hint.text, "should carry")
	yield(click_at(tile_screen(FREE_CELL)), "completed")
	var ok = yield(wait_until(self, "has_event", ["task_given", {"task": "carry", "body": CAPTIVE}], true, 60), "completed")
	assert_true(ok, "a minion was told to carry the rogue: %s" % str(recorded_events))
	assert_eq(recorded("refused"), [], "nothing refused")
	ok = yield(run_until("imprisoned", {"entity": CAPTIVE, "x": 8, "y": 1}), "completed")
	assert_true(ok, "carried into the free cell, the rogue is locked in: %s" % str(recorded_events))
	ok = yield(wait_until(self, "panel_says", [CAPTIVE, "Prisoner in the north cell 2"], true, 60), "completed")
	assert_true(ok, "the panel says where: %s" % str(main.hud.selection_panel.last_info.get("condition")))


func test_the_panel_imprisons_a_captured_adventurer():
	return _wrap("_t_panel_imprison")


func _t_panel_imprison():
	if not (yield(_start(), "completed")):
		return
	if not (yield(select_body(CAPTIVE, "Captured"), "completed")):
		return
	yield(click_control(order_button("Imprison")), "completed")
	var ok = yield(wait_until(self, "has_event", ["task_given", {"task": "imprison", "body": CAPTIVE}], true, 60), "completed")
	assert_true(ok, "a minion was told to lock the rogue up: %s" % str(recorded_events))
	ok = yield(run_until("imprisoned", {"entity": CAPTIVE}), "completed")
	assert_true(ok, "the rogue is locked in the free cell: %s" % str(recorded_events))


# The Order tool, as the tool bar gives it: the order, then the minion, then the body (then
# for Carry the tile).
func order_tool(label: String, clicks: Array):
	yield(click_control(main.hud.tool_bar.tool_button("combat_order")), "completed")
	yield(click_control(combat.order_panel.box.get_node("OrderButtons").get_node(label)), "completed")
	for tile in clicks:
		yield(click_at(tile_screen(tile)), "completed")


func test_the_order_tool_carries_a_captured_adventurer_to_a_free_cell():
	return _wrap("_t_tool_carry")


func _t_tool_carry():
	if not (yield(_start(), "completed")):
		return
	yield(order_tool("Carry", [tile_of(MINION), tile_of(CAPTIVE), FREE_CELL]), "completed")
	assert_eq(recorded("refused"), [], "nothing refused: Carry takes a captured body")
	var ok = yield(run_until("imprisoned", {"entity": CAPTIVE, "by": MINION, "x": 8, "y": 1}), "completed")
	assert_true(ok, "#%d carried the rogue into the free cell: %s" % [MINION, str(recorded_events)])


func test_the_order_tool_imprisons_a_captured_adventurer():
	return _wrap("_t_tool_imprison")


func _t_tool_imprison():
	if not (yield(_start(), "completed")):
		return
	yield(order_tool("Imprison", [tile_of(MINION), tile_of(CAPTIVE)]), "completed")
	var ok = yield(run_until("imprisoned", {"entity": CAPTIVE, "by": MINION}), "completed")
	assert_true(ok, "#%d locked the rogue up: %s" % [MINION, str(recorded_events)])
	assert_eq(recorded("refused"), [], "nothing refused")


# A minion standing on the captured rogue's tile (res://tests/data/order_pick.level): the
# second click of Imprison on that tile means the rogue lying there, not the minion standing
# over it (the first body there the order is taken on).
func test_the_order_tool_picks_the_body_the_order_is_for():
	return _wrap("_t_order_pick")


func _t_order_pick():
	yield(start_main("res://tests/data/order_pick.level"), "completed")
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	record_events()
	yield(frames(3), "completed")
	combat = extension("CombatExtension")
	if not running():
		return
	var tile := Vector2(1, 1)
	assert_eq(tile_of(1), tile, "the minion stands on the rogue's tile")
	assert_eq(tile_of(2), tile)
	yield(order_tool("Imprison", [tile, tile]), "completed")
	var ok = yield(wait_until(self, "has_event", ["task_given", {"task": "imprison", "body": 2}], true, 60), "completed")
	assert_true(ok, "the minion was told to lock the rogue up: %s" % str(recorded_events))
	assert_eq(recorded("refused"), [], "nothing refused")


func test_a_refused_order_says_what_would_work():
	return _wrap("_t_refused")


func _t_refused():
	if not (yield(_start(), "completed")):
		return
	yield(order_tool("Capture", [tile_of(MINION), tile_of(CAPTIVE)]), "completed")
	var ok = yield(wait_until(self, "has_event", ["refused", {"command": "capture"}], true, 60), "completed")
	if assert_true(ok, "capturing the captured is refused"):
		assert_string_contains(str(recorded("refused")[0].get("reason", "")),
				"is captured: Carry, Heal, Imprison, Execute or Release would work.")


# --- a prisoner -----------------------------------------------------------------------------

func test_a_prisoner_is_executed_then_scrapped_from_its_panel():
	return _wrap("_t_execute_scrap")


func _t_execute_scrap():
	if not (yield(_start(), "completed")):
		return
	if not (yield(select_body(PRISONER, "Prisoner in the north cell"), "completed")):
		return
	var labels := []
	for b in combat.body_orders.grid.get_children():
		labels.append(b.text)
	assert_eq(labels, ["Heal", "Execute", "Release"], "a prisoner's orders")
	yield(click_control(order_button("Execute")), "completed")
	var ok = yield(run_until("death", {"entity": PRISONER, "cause": "executed"}), "completed")
	assert_true(ok, "the prisoner was put to death: %s" % str(recorded_events))
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 0})
	ok = yield(wait_until(self, "panel_says", [PRISONER, "Dead"], true, 60), "completed")
	if not assert_true(ok, "the panel says Dead"):
		return
	yield(frames(2), "completed")
	assert_true(order_button("Scrap") != null, "the dead adventurer's panel offers Scrap")
	if order_button("Scrap") == null:
		return
	yield(click_control(order_button("Scrap")), "completed")
	ok = yield(run_until("scrapped", {"entity": PRISONER}), "completed")
	assert_true(ok, "the body was scrapped at the table: %s" % str(recorded_events))


# --- wiring in tight corridors --------------------------------------------------------------

func part_id_at(tile: Vector2) -> int:
	var s := snap()
	var pos = s.get("part_pos", [])
	for i in range(pos.size()):
		if pos[i] == tile:
			return int(s["part_id"][i])
	return -1


func test_a_part_in_no_whole_trap_is_marked_and_says_what_it_needs():
	return _wrap("_t_not_wired")


func _t_not_wired():
	if not (yield(_start(), "completed")):
		return
	var traps = extension("TrapsExtension")
	yield(frames(2), "completed")
	var lone := [part_id_at(LONE_TRIPWIRE), part_id_at(LONE_BLADES)]
	var drawn: Array = traps.layer.not_wired_drawn.duplicate()
	drawn.sort()
	assert_eq(drawn, lone, "the map marks just the two lone parts")
	assert_false(part_id_at(WIRED_TRIPWIRE) in drawn, "not the wired tripwire")
	var tip: Array = main.hud.tile_lines(LONE_TRIPWIRE)
	assert_string_contains(PoolStringArray(tip).join("\n"), "Tripwire: ready, not wired")
	yield(click_control(main.hud.tool_bar.tool_button("trap_select")), "completed")
	yield(click_at(tile_screen(LONE_TRIPWIRE)), "completed")
	var ok = yield(wait_until(self, "_part_panel_has", [traps, "Not wired:"], true, 60), "completed")
	if assert_true(ok, "the part's panel: %s" % traps.part_label.bbcode_text):
		assert_string_contains(traps.part_label.bbcode_text, "needs a mechanism (or a door) wired to it")
	yield(click_at(tile_screen(LONE_BLADES)), "completed")
	ok = yield(wait_until(self, "_part_panel_has", [traps, "needs a trigger wired to it"], true, 60), "completed")
	assert_true(ok, "the blades' panel: %s" % traps.part_label.bbcode_text)
	yield(click_at(tile_screen(WIRED_TRIPWIRE)), "completed")
	yield(frames(10), "completed")
	assert_true(traps.part_label.bbcode_text.find("Not wired") < 0,
			"a part in a whole trap is not: %s" % traps.part_label.bbcode_text)


func _part_panel_has(traps, text: String) -> bool:
	return traps.part_label.is_visible_in_tree() and traps.part_label.bbcode_text.find(text) >= 0


func test_the_build_preview_warns_before_a_second_mechanism_beside_a_wired_trigger():
	return _wrap("_t_build_warning")


func _t_build_warning():
	if not (yield(_start(), "completed")):
		return
	var traps = extension("TrapsExtension")
	yield(click_control(main.hud.tool_bar.tool_button("trap_build")), "completed")
	yield(pick_option(traps.kind_picker, TrapsExtension.KINDS.find("dart_thrower")), "completed")
	mouse_motion(tile_screen(WIRED_TRIPWIRE + Vector2(-1, 0)))
	yield(frames(2), "completed")
	assert_true(traps.placement.get("ok", false), "it may go there: %s" % str(traps.placement))
	assert_string_contains(traps.hint_label.text, "But: The trap of the tripwire beside it already has a mechanism (the spinning blades): a second can't be wired to it.")
	assert_eq(traps.layer.placement.get("note", ""), traps.placement.get("note", "?"), "the map's frame has the warning too")
	mouse_motion(tile_screen(Vector2(13, 2)))        # the north room: nothing beside
	yield(frames(2), "completed")
	assert_true(traps.placement.get("ok", false))
	assert_true(traps.hint_label.text.find("But:") < 0, "no warning there: %s" % traps.hint_label.text)


# --- the vein's tip -----------------------------------------------------------------------

func test_a_veins_tip_says_the_metal_left():
	return _wrap("_t_vein_tip")


func _t_vein_tip():
	if not (yield(_start(), "completed")):
		return
	mouse_motion(tile_screen(VEIN))
	var ok = yield(wait_until(main.hud.map_tip, "is_visible_in_tree", [], true, 90), "completed")
	if assert_true(ok, "the tip shows on the vein"):
		var first: String = main.hud.map_tip_label.text.split("\n")[0]
		assert_eq(first, "Metal vein (7 metal left)")
