extends "res://tests/TestCase.gd"
# The combat UI against the real session (res://levels/combat_demo.level, seed 3): the
# Behavior tab's stance slider, clicked through Input.parse_input_event, changes the sim's
# stance (read back from the snapshot's ent_stance); the fight in the demo hall ends with the
# minions standing and both peasants down; fights are drawn (attack lines / pops appear).
# The order buttons, driven as a player does (Input.parse_input_event only): click a minion
# on the map, click the panel's "Behavior" tab header, click Attack / Capture / Carry, click
# the enemy or the body (and for Carry the destination tile); the sim gets the order (its
# event, describe(id)'s ordered_target / task), and a refused order shows its reason in a
# toast and the log.

const LEVEL := "res://levels/combat_demo.level"

var ext = null


func before_each() -> void:
	record_events()
	yield(start_main(LEVEL), "completed")
	ext = extension("CombatExtension")


func after_each() -> void:
	EventBus.emit_signal("entity_selected", -1)
	EventBus.emit_signal("tool_selected", "select")
	stop_recording()
	free_main()


func ent_value(key: String, id: int):
	return snap_value("ent_id", key, id)


func test_stance_slider_changes_sim_stance() -> void:
	if not running():
		return
	if not assert_true(ext != null, "CombatExtension not loaded"):
		return
	var minion := first_of_kind(0)
	assert_true(minion >= 0, "no minion in the demo")
	assert_eq(ent_value("ent_stance", minion), 3, "default stance is Balanced")
	EventBus.emit_signal("entity_selected", minion)
	var panel = get_tree().get_nodes_in_group("selection_panel")[0]
	var tab = ext.tab
	yield(frames(30), "completed")
	if not assert_true(panel.tabs.is_page_shown(tab), "Behavior tab not in the panel"):
		return
	panel.tabs.show_page(tab)
	yield(frames(5), "completed")
	assert_eq(tab.entity_id, minion, "tab shows the selected minion")
	var r: Rect2 = tab.slider.get_global_rect()
	# far left = Flee
	yield(click_at(Vector2(r.position.x + 2, r.position.y + r.size.y / 2)), "completed")
	var ok = yield(wait_value("ent_id", "ent_stance", minion, 0, 60), "completed")
	assert_true(ok, "the sim's stance became Flee (got %s)" % str(ent_value("ent_stance", minion)))
	# far right = Aggressive
	yield(click_at(Vector2(r.end.x - 2, r.position.y + r.size.y / 2)), "completed")
	ok = yield(wait_value("ent_id", "ent_stance", minion, 4, 60), "completed")
	assert_true(ok, "the sim's stance became Aggressive (got %s)" % str(ent_value("ent_stance", minion)))


func test_fight_ends_with_minions_standing() -> void:
	if not running():
		return
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 4})
	var drawn := false
	for _i in range(1500):
		yield(get_tree(), "physics_frame")
		if main.world.effects.active() > 0:
			drawn = true
		if int(main.sim.last_snapshot.get("tick", 0)) >= 600:
			break
	var s: Dictionary = main.sim.last_snapshot
	assert_true(int(s.get("tick", 0)) >= 600, "the sim reached tick 600")
	var minions_up := 0
	var adventurers_up := 0
	var adventurers := 0
	for i in range(s["ent_id"].size()):
		var kind := int(s["ent_kind"][i])
		var state := int(s["ent_state"][i])
		if kind == 0 and state == 0:
			minions_up += 1
		if kind == 1:
			adventurers += 1
			if state == 0:
				adventurers_up += 1
	assert_eq(adventurers, 2)
	assert_eq(adventurers_up, 0, "both peasants are down")
	assert_eq(minions_up, 4, "every minion stands")
	assert_true(drawn, "attack lines or wound pops were drawn")
	assert_true(s.has("ent_wound_points") and s.has("combat_shots"), "combat snapshot keys")


# --- orders by mouse (the Behavior tab's Attack / Capture / Carry buttons) ------------------
# Each test_* only wraps its body _t_* so that it yields exactly once (see test_game.gd).

func _wrap(method: String):
	var state = call(method)
	if state is GDScriptFunctionState and state.is_valid():
		yield(state, "completed")


func test_attack_button_orders_the_attack():
	return _wrap("_t_attack_button_orders_the_attack")


func test_attack_on_a_friend_is_refused_with_its_reason():
	return _wrap("_t_attack_on_a_friend_is_refused_with_its_reason")


func test_capture_button_captures_a_knocked_out_adventurer():
	return _wrap("_t_capture_button_captures_a_knocked_out_adventurer")


func test_carry_button_sends_the_body_to_the_clicked_tile():
	return _wrap("_t_carry_button_sends_the_body_to_the_clicked_tile")


# The screen point of an entity (its drawn centre, from the snapshot).
func ent_screen(id: int) -> Vector2:
	var s: Dictionary = snap()
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		if int(ids[i]) == id:
			var p: Vector2 = s["ent_pos"][i]
			return main.world.get_viewport().canvas_transform.xform((p + Vector2(0.5, 0.5)) * main.world.TILE)
	return Vector2(-1, -1)


func ent_tile(id: int) -> Vector2:
	var s: Dictionary = snap()
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		if int(ids[i]) == id:
			var p: Vector2 = s["ent_pos"][i]
			return Vector2(round(p.x), round(p.y))
	return Vector2(-1, -1)


# Ids of the snapshot's entities of `kind` in `state` (0 up, 1 knocked out, 2 dead).
func ids_of(kind: int, state: int) -> Array:
	var s: Dictionary = snap()
	var out := []
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		if int(s["ent_kind"][i]) == kind and int(s["ent_state"][i]) == state:
			out.append(int(ids[i]))
	return out


# The entities (any state) whose tile is `tile`.
func ids_on(tile: Vector2) -> Array:
	var s: Dictionary = snap()
	var out := []
	var ids = s.get("ent_id", [])
	for i in range(ids.size()):
		var p: Vector2 = s["ent_pos"][i]
		if int(round(p.x)) == int(tile.x) and int(round(p.y)) == int(tile.y):
			out.append(int(ids[i]))
	return out


func toast_texts() -> Array:
	var out := []
	for panel in main.hud.toasts.get_children():
		for c in panel.get_children():
			if c is Label:
				out.append(c.text)
	return out


# Clicks the HUD's Pause button and waits for the sim to stop. A coroutine.
func pause_by_click():
	yield(click_control(main.hud.speed_button(0)), "completed")
	var ok = yield(wait_snapshot("speed", 0, 60), "completed")
	assert_true(ok, "the Pause button paused the sim")
	return ok


# Clicks an entity on the map with the Select tool; true once it is selected and its
# describe() has reached the selection panel. A coroutine.
func select_by_click(id: int):
	yield(click_at(ent_screen(id)), "completed")
	if not assert_eq(main.world.selected_id, id, "clicking #%d on the map selects it" % id):
		return false
	var panel = main.hud.selection_panel
	var ok = yield(wait_until(self, "_described", [panel, id], true, 60), "completed")
	return assert_true(ok, "the panel describes #%d" % id)


func _described(panel, id: int) -> bool:
	return panel.selected_id == id and not panel.last_info.empty() and ext.tab.entity_id == id


# Opens the Behavior tab by clicking its title in the tab bar of the selection panel.
# A coroutine.
func open_behavior_tab():
	var tabs = main.hud.selection_panel.tabs
	if not assert_true(tabs.is_page_shown(ext.tab), "the Behavior tab is in the panel"):
		return false
	yield(click_control(tabs.tab_button("Behavior")), "completed")
	if not assert_eq(tabs.current_page, ext.tab, "clicking its title opens the Behavior tab"):
		return false
	yield(frames(2), "completed")
	return assert_true(ext.tab.is_visible_in_tree() and ext.tab.orders.is_visible_in_tree(),
			"the order buttons show for a minion")


# Clicks an order button of the Behavior tab; true once the Order tool is active. A coroutine.
func click_order_button(button_name: String):
	var b: Button = ext.tab.orders.get_node(button_name)
	yield(click_control(b), "completed")
	return assert_eq(main.world.tool_id, "combat_order", "%s picks the Order tool" % button_name)


# Pauses, selects `minion` by clicking it, opens its Behavior tab and clicks the order
# button. A coroutine; false (with a failure recorded) when a step did not work.
func start_order(minion: int, button_name: String):
	if not (yield(select_by_click(minion), "completed")):
		return false
	if not (yield(open_behavior_tab(), "completed")):
		return false
	return yield(click_order_button(button_name), "completed")


# Runs the demo fight at speed 4 (the HUD's 4x button) until an adventurer lies knocked out
# on a tile no one else stands on, then pauses (the Pause button); its id, -1 if none within
# the frame limit. A coroutine.
func knock_out_an_adventurer(max_frames: int = 900):
	yield(click_control(main.hud.speed_button(4)), "completed")
	var body := -1
	for _i in range(max_frames):
		yield(get_tree(), "physics_frame")
		for id in ids_of(1, 1):
			if ids_on(ent_tile(id)).size() == 1:
				body = id
		if body >= 0:
			break
	yield(pause_by_click(), "completed")
	# The sim may have moved on a tick or two: the body must still be down and alone.
	if body >= 0 and not (snap_value("ent_id", "ent_state", body) == 1 and ids_on(ent_tile(body)).size() == 1):
		body = -1
		for id in ids_of(1, 1):
			if ids_on(ent_tile(id)).size() == 1:
				body = id
	assert_true(body >= 0, "an adventurer was knocked out within %d frames (tick %d)" % [max_frames, int(snap_get("tick", 0))])
	return body


# A standing minion alone on its tile (so a click picks it), -1 if none.
func lone_minion() -> int:
	for id in ids_of(0, 0):
		if ids_on(ent_tile(id)).size() == 1:
			return id
	return -1


func _t_attack_button_orders_the_attack() -> void:
	if not running() or not assert_true(ext != null, "CombatExtension not loaded"):
		return
	if not (yield(pause_by_click(), "completed")):
		return
	var minion := first_of_kind(0)
	var enemy := first_of_kind(1)
	if not assert_true(minion >= 0 and enemy >= 0, "a minion and an adventurer in the demo"):
		return
	assert_eq(int(main.sim.describe(minion)["combat"]["ordered_target"]), -1, "no order yet")
	if not (yield(start_order(minion, "Attack"), "completed")):
		return
	assert_eq(ext.pending, "order_attack", "the Attack order waits for a click")
	yield(click_at(ent_screen(enemy)), "completed")
	var ok = yield(wait_until(self, "has_event", ["attack_ordered", {"entity": minion, "target": enemy}], true, 60), "completed")
	assert_true(ok, "the sim emitted attack_ordered for #%d -> #%d: %s" % [minion, enemy, str(recorded_events)])
	assert_eq(int(main.sim.describe(minion)["combat"]["ordered_target"]), enemy, "describe(minion) shows the ordered target")
	assert_eq(recorded("refused"), [], "nothing refused")
	assert_eq(main.world.tool_id, "select", "the order is done: back to Select")
	assert_eq(main.world.selected_id, minion, "clicking the enemy with the Order tool kept the selection")
	assert_eq(ext.pending, "", "no order pending")


func _t_attack_on_a_friend_is_refused_with_its_reason() -> void:
	if not running() or not assert_true(ext != null, "CombatExtension not loaded"):
		return
	if not (yield(pause_by_click(), "completed")):
		return
	var minions := ids_of(0, 0)
	if not assert_true(minions.size() >= 2, "two minions in the demo"):
		return
	var minion: int = minions[0]
	var friend: int = minions[1]
	if not (yield(start_order(minion, "Attack"), "completed")):
		return
	yield(click_at(ent_screen(friend)), "completed")
	var ok = yield(wait_until(self, "has_event", ["refused", {"command": "order_attack"}], true, 60), "completed")
	if not assert_true(ok, "the sim refused the attack on a friend: %s" % str(recorded_events)):
		return
	var reason := str(recorded("refused")[0].get("reason", ""))
	assert_eq(reason, "That is not an enemy: Heal would work.")
	yield(frames(3), "completed")
	var shown := false
	for t in toast_texts():
		if str(t).find(reason) >= 0:
			shown = true
	assert_true(shown, "a toast gives the reason: %s" % str(toast_texts()))
	var logged := false
	for line in main.hud.event_log.lines:
		if str(line).find("Refused") >= 0 and str(line).find(reason) >= 0:
			logged = true
	assert_true(logged, "the log gives the reason: %s" % str(main.hud.event_log.lines))
	assert_eq(int(main.sim.describe(minion)["combat"]["ordered_target"]), -1, "no target ordered")
	assert_eq(recorded("attack_ordered"), [], "no attack_ordered")


# The start of a body order: an adventurer knocked out in the fight, a lone standing minion
# clicked, its Behavior tab's `label` button clicked (the order `pending` waits), then the
# body clicked. [minion, body], or [] when a step failed (already reported). A coroutine.
func order_on_a_body(label: String, pending: String):
	if not running() or not assert_true(ext != null, "CombatExtension not loaded"):
		return []
	var body = yield(knock_out_an_adventurer(), "completed")
	if body < 0:
		return []
	var minion := lone_minion()
	if not assert_true(minion >= 0, "a standing minion to click"):
		return []
	recorded_events = []
	if not (yield(start_order(minion, label), "completed")):
		return []
	assert_eq(ext.pending, pending)
	yield(click_at(ent_screen(body)), "completed")
	return [minion, body]


func _t_capture_button_captures_a_knocked_out_adventurer() -> void:
	var picked = yield(order_on_a_body("Capture", "capture"), "completed")
	if picked.empty():
		return
	var minion: int = picked[0]
	var body: int = picked[1]
	var ok = yield(wait_until(self, "has_event", ["task_given", {"entity": minion, "task": "capture", "body": body}], true, 60), "completed")
	assert_true(ok, "the sim gave #%d the task of capturing #%d: %s" % [minion, body, str(recorded_events)])
	assert_eq(recorded("refused"), [], "nothing refused")
	var task = main.sim.describe(minion)["combat"]["task"]
	assert_true(task is Array and task.size() >= 2 and str(task[0]) == "capture" and int(task[1]) == body,
			"describe(minion) shows the capture task: %s" % str(task))
	assert_eq(main.world.tool_id, "select", "the order is done: back to Select")
	# Let it run: the minion walks over and takes the adventurer prisoner.
	yield(click_control(main.hud.speed_button(4)), "completed")
	ok = yield(wait_until(self, "has_event", ["captured", {"entity": body, "by": minion}], true, 900), "completed")
	assert_true(ok, "#%d took #%d prisoner (tick %d)" % [minion, body, int(snap_get("tick", 0))])
	if ok:
		assert_eq(snap_value("ent_id", "ent_captured", body), 1, "the snapshot marks the prisoner")


func _t_carry_button_sends_the_body_to_the_clicked_tile() -> void:
	var picked = yield(order_on_a_body("Carry", "carry"), "completed")
	if picked.empty():
		return
	var minion: int = picked[0]
	var body: int = picked[1]
	assert_eq(ext.carry_body, body, "the first click picked the body")
	assert_eq(main.world.tool_id, "combat_order", "still waiting for the destination")
	assert_string_contains(ext.order_hint.text, "should carry", "the Orders panel asks for the destination")
	var dest := Vector2(5, 6)   # open floor in the demo hall (x != y: a swap would show)
	yield(click_at(tile_screen(dest)), "completed")
	var ok = yield(wait_until(self, "has_event", ["task_given", {"entity": minion, "task": "carry", "body": body}], true, 60), "completed")
	assert_true(ok, "the sim gave #%d the task of carrying #%d: %s" % [minion, body, str(recorded_events)])
	assert_eq(recorded("refused"), [], "nothing refused")
	var task = main.sim.describe(minion)["combat"]["task"]
	assert_true(task is Array and task.size() >= 4 and str(task[0]) == "carry" and int(task[1]) == body
			and int(task[2]) == int(dest.x) and int(task[3]) == int(dest.y),
			"describe(minion) shows the carry task to %s: %s" % [str(dest), str(task)])
	assert_eq(main.world.tool_id, "select", "the order is done: back to Select")
	assert_eq(ext.pending, "", "no order pending")
	# Let it run: the minion picks the body up and puts it down on the clicked tile.
	yield(click_control(main.hud.speed_button(4)), "completed")
	ok = yield(wait_until(self, "has_event", ["dropped", {"entity": body, "by": minion}], true, 900), "completed")
	assert_true(ok, "#%d put #%d down (tick %d): %s" % [minion, body, int(snap_get("tick", 0)), str(recorded_events)])
	if ok:
		assert_true(has_event("dropped", {"entity": body, "x": int(dest.x), "y": int(dest.y)}),
				"on the clicked tile: %s" % str(recorded("dropped")))
		assert_eq(ent_tile(body), dest, "the body lies on the clicked tile")


func test_imprison_button_locks_the_adventurer_in_a_cell():
	return _wrap("_t_imprison_button_locks_the_adventurer_in_a_cell")


# A built prison cell at (6, 5) (res://tests/data/combat_cell.level; cells are furniture built
# from metal): the Imprison order has the minion carry the knocked-out adventurer there and
# lock them in.
func _t_imprison_button_locks_the_adventurer_in_a_cell() -> void:
	free_main()
	yield(start_main("res://tests/data/combat_cell.level"), "completed")
	ext = extension("CombatExtension")
	var picked = yield(order_on_a_body("Imprison", "imprison"), "completed")
	if picked.empty():
		return
	var minion: int = picked[0]
	var body: int = picked[1]
	var ok = yield(wait_until(self, "has_event", ["task_given", {"entity": minion, "task": "imprison", "body": body}], true, 60), "completed")
	assert_true(ok, "the sim gave #%d the task of locking up #%d: %s" % [minion, body, str(recorded_events)])
	assert_eq(recorded("refused"), [], "nothing refused")
	yield(click_control(main.hud.speed_button(4)), "completed")
	ok = yield(wait_until(self, "has_event", ["imprisoned", {"entity": body, "by": minion}], true, 1500), "completed")
	assert_true(ok, "#%d locked #%d in the cell (tick %d)" % [minion, body, int(snap_get("tick", 0))])
	if ok:
		assert_eq(snap_value("ent_id", "ent_captured", body), 1, "the snapshot marks the prisoner")
