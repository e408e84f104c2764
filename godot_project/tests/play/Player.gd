extends "res://tests/TestCase.gd"
# Plays a plan (tests/play/play.gd starts it), one step a line ("#" comments):
#   new_campaign                the title's New campaign      level PATH   that level instead
#   tool ID                     a tool button (select, dig, economy_mine_vein, trap_build ...)
#   kind NAME                   Build Trap's part ("Pressure plate")
#   click X,Y | hover X,Y       the mouse on a map tile       drag X,Y X,Y   press, move, let go
#   camera X,Y [ZOOM]           the camera on a tile (as panning there)
#   button PATH                 click the control at that node path under the HUD
#   key NAME                    a key (N, Escape, Space, 1 ... 5, F1)
#   speed N                     the top bar's speed button (0: Pause)
#   wait MINUTES                game minutes at the speed set
#   skip [GOAL]                 N until the skip stops (with GOAL: until goal GOAL is met, no
#                               skip if it is)
#   skip_to DAY HH:MM           N again and again until that game time
#   skip_event TYPE [COUNT]     N again and again until COUNT (1) events of that type came
#                               since the plan began
#   order NAME                  Order, NAME (Capture, Imprison ...), the nearest awake minion,
#                               the knocked-out (or captured) adventurer the player sees
#   frames N | shot NAME | status | quit
# Each log line prints with its game time; `status` prints the clock, metal and the goals.

const EventText = preload("res://hud/EventText.gd")
const KEYS := {"N": KEY_N, "Escape": KEY_ESCAPE, "Space": KEY_SPACE, "F1": KEY_F1,
		"1": KEY_1, "2": KEY_2, "3": KEY_3, "4": KEY_4, "5": KEY_5}
const MAX_SKIP_FRAMES := 60 * 120
const MAX_SKIP_TICKS := 4 * 24 * 600     # a plan's skips give up after day 4

var plan_path := ""
var out_dir := "/tmp/play"
var skip_events := {}        # skip_started, skip_stopped: how many came
var seen_types := {}         # event type -> how many came


func _ready() -> void:
	var _err := Directory.new().make_dir_recursive(out_dir)
	_err = EventBus.connect("sim_event", self, "_on_event")
	_err = EventBus.connect("notify", self, "_on_notify")
	var state = _play()
	if state is GDScriptFunctionState:
		yield(state, "completed")
	print("play: done")
	get_tree().quit(0)


var _watch_frames := 0


# Every 10 s of real time: where the game is (a run that seems stuck says so).
func _process(_delta: float) -> void:
	_watch_frames += 1
	if _watch_frames % 600 == 0 and main != null and is_instance_valid(main):
		print("  [watch] %s tick %d speed %s skipping %s real %.1f s" % [EventText.clock(int(snap().get("tick", 0))),
				int(snap().get("tick", 0)), str(snap().get("speed")), str(snap().get("skipping")),
				OS.get_ticks_msec() / 1000.0])


func _on_notify(text: String, kind: String = "info") -> void:
	print("  (on screen, %s) %s" % [kind, text])


func _on_event(ev: Dictionary) -> void:
	seen_types[str(ev.get("type", ""))] = int(seen_types.get(str(ev.get("type", "")), 0)) + 1
	if str(ev.get("type", "")) in ["skip_started", "skip_stopped"]:
		skip_events[ev["type"]] = int(skip_events.get(ev["type"], 0)) + 1
	if main == null or not is_instance_valid(main):
		return
	var words: String = main.hud.event_words(ev)
	if words != "":
		print("  %s  %s" % [EventText.clock(int(ev.get("tick", 0))), words])
	elif str(ev.get("type", "")).begins_with("goal") or str(ev.get("type", "")) in ["party_spotted", "invasion_state"]:
		print("  %s  [%s] %s" % [EventText.clock(int(ev.get("tick", 0))), ev.get("type"), str(ev)])


func _play():
	var f := File.new()
	if f.open(plan_path, File.READ) != OK:
		print("play: cannot read %s" % plan_path)
		return
	var lines := f.get_as_text().split("\n")
	f.close()
	for line in lines:
		var s := str(line).strip_edges()
		if s == "" or s.begins_with("#"):
			continue
		print("%s> %s   [real %.1f s]" % [_now(), s, OS.get_ticks_msec() / 1000.0])
		var parts := s.split(" ", false)
		var state = _step(parts)
		if state is GDScriptFunctionState:
			state = yield(state, "completed")
		if typeof(state) == TYPE_BOOL and not state:
			print("play: stopped at '%s'" % s)
			return
		yield(frames(2), "completed")


func _now() -> String:
	if main == null or not is_instance_valid(main):
		return "(title) "
	return "%s " % EventText.clock(int(snap().get("tick", 0)))


static func _tile(s: String) -> Vector2:
	var xy := s.split(",")
	return Vector2(float(xy[0]), float(xy[1]))


func _step(p: Array):
	match p[0]:
		"new_campaign":
			yield(start_title(), "completed")
			yield(click_control(title.title_panel.box.get_node("NewCampaign")), "completed")
			yield(frames(5), "completed")
			main = title.game
			return main != null
		"level":
			yield(start_title(), "completed")
			var _ok: bool = title.start_game(p[1])
			yield(frames(5), "completed")
			main = title.game
			return main != null
		"tool":
			var b = main.hud.tool_bar.tool_button(p[1])
			if b == null:
				print("play: no tool %s" % p[1])
				return false
			yield(click_control(b), "completed")
		"kind":
			var traps = extension("TrapsExtension")
			var want := PoolStringArray(p.slice(1, p.size() - 1)).join(" ")
			for i in range(traps.kind_picker.get_item_count()):
				if traps.kind_picker.get_item_text(i).to_lower() == want.to_lower():
					yield(pick_option(traps.kind_picker, i), "completed")
					return true
			print("play: no part %s" % want)
			return false
		"click":
			yield(click_at(tile_screen(_tile(p[1]))), "completed")
		"hover":
			mouse_motion(tile_screen(_tile(p[1])))
			yield(frames(3), "completed")
		"drag":
			yield(drag(_path(_tile(p[1]), _tile(p[2]))), "completed")
		"camera":
			var cam = main.world.camera
			if p.size() > 2:
				cam.zoom = Vector2(float(p[2]), float(p[2]))
			cam.position = (_tile(p[1]) + Vector2(0.5, 0.5)) * main.world.TILE
			cam.set_map_rect(cam.map_rect)
			yield(frames(3), "completed")
		"button":
			var c = main.hud.get_node_or_null(p[1])
			if c == null:
				c = main.find_node(p[1], true, false)
			if c == null:
				print("play: no control %s" % p[1])
				return false
			yield(click_control(c), "completed")
		"key":
			yield(press_key(KEYS[p[1]]), "completed")
		"speed":
			yield(click_control(main.hud.speed_button(int(p[1]))), "completed")
		"wait":
			var until := int(snap().get("tick", 0)) + int(p[1]) * 10
			yield(wait_until(self, "_tick_reached", [until], true, 60 * 600), "completed")
		"skip":
			var goal := int(p[1]) if p.size() > 1 else 0
			return yield(_skip_until(goal, -1), "completed")
		"skip_to":
			var hm := str(p[2]).split(":")
			var t := ((int(p[1]) - 1) * 24 * 60 + int(hm[0]) * 60 + int(hm[1])) * 10
			return yield(_skip_until(0, t), "completed")
		"skip_event":
			return yield(_skip_until(0, -1, p[1], int(p[2]) if p.size() > 2 else 1), "completed")
		"order":
			return yield(_order_on_the_down(p[1]), "completed")
		"frames":
			yield(frames(int(p[1])), "completed")
		"shot":
			yield(_shot(p[1]), "completed")
		"status":
			_status()
		"quit":
			return false
		_:
			print("play: unknown step %s" % p[0])
			return false
	return true


func _tick_reached(t: int) -> bool:
	return int(snap().get("tick", 0)) >= t


func _goal_met(goal: int) -> bool:
	var met = snap().get("goal_met", [])
	return goal <= 0 or (goal <= met.size() and int(met[goal - 1]) != 0)


func _count_above(type: String, n: int) -> bool:
	return int(skip_events.get(type, 0)) > n


# N, and wait until the skip stops; again while the goal (if any) is unmet or the time not
# reached. Stops (false) when a skip does not start (a letter open, the game paused ...).
func _skip_until(goal: int, until_tick: int, event_type: String = "", count: int = 1):
	yield(get_tree(), "idle_frame")     # (a coroutine whatever comes: its caller yields on it)
	var first := goal <= 0 and until_tick < 0 and event_type == ""    # a bare skip: once
	while first or not _goal_met(goal) or (until_tick >= 0 and not _tick_reached(until_tick)) \
			or (event_type != "" and int(seen_types.get(event_type, 0)) < count):
		first = false
		var started_before := int(skip_events.get("skip_started", 0))
		var stopped_before := int(skip_events.get("skip_stopped", 0))
		yield(press_key(KEY_N), "completed")
		var started = yield(wait_until(self, "_count_above", ["skip_started", started_before], true, 30), "completed")
		if not started:
			print("play: the skip did not start (speed %s)" % str(snap().get("speed")))
			_status()
			return false
		var stopped = yield(wait_until(self, "_count_above", ["skip_stopped", stopped_before], true, MAX_SKIP_FRAMES), "completed")
		if not stopped:
			print("play: the skip ran on")
			return false
		yield(frames(3), "completed")
		if until_tick >= 0 and _tick_reached(until_tick):
			return true
		if _tick_reached(MAX_SKIP_TICKS):
			print("play: gave up skipping at day 4")
			return false
	return true


func _order_on_the_down(order: String):
	var s := snap()
	var body := Vector2(-1, -1)
	var unseen = s.get("ent_unseen", PoolByteArray())
	for i in range(s["ent_id"].size()):
		if int(s["ent_kind"][i]) == 1 and int(s["ent_state"][i]) == 1 and (i >= unseen.size() or unseen[i] == 0):
			body = s["ent_pos"][i].round()
	if body.x < 0:
		print("play: no knocked-out adventurer in sight")
		return false
	var best := Vector2(-1, -1)
	for i in range(s["ent_id"].size()):
		if int(s["ent_kind"][i]) != 0 or int(s["ent_state"][i]) != 0:
			continue
		if str(main.sim.describe(int(s["ent_id"][i])).get("condition", "")).begins_with("Asleep"):
			continue
		var at: Vector2 = s["ent_pos"][i].round()
		if best.x < 0 or at.distance_to(body) < best.distance_to(body):
			best = at
	if best.x < 0:
		print("play: no minion awake")
		return false
	print("  %s: the minion at %s, the body at %s" % [order, str(best), str(body)])
	# the minion selected first (Select), so the Order tool asks only for the order and the body
	yield(click_control(main.hud.tool_bar.tool_button("select")), "completed")
	yield(click_at(tile_screen(best)), "completed")
	yield(click_control(main.hud.tool_bar.tool_button("combat_order")), "completed")
	var combat = extension("CombatExtension")
	yield(click_control(combat.order_panel.box.get_node("OrderButtons").get_node(order)), "completed")
	yield(click_at(tile_screen(body)), "completed")
	return true


func _path(a: Vector2, b: Vector2) -> Array:
	var out := [a]
	var at := a
	while at.x != b.x:
		at.x += sign(b.x - at.x)
		out.append(at)
	while at.y != b.y:
		at.y += sign(b.y - at.y)
		out.append(at)
	return out


func _status() -> void:
	var s := snap()
	var goals := []
	var titles = s.get("goal_title", [])
	var met = s.get("goal_met", [])
	for i in range(titles.size()):
		goals.append(("[x] " if int(met[i]) != 0 else "[ ] ") + str(titles[i]))
	var metal = main.find_node("MetalCounter", true, false)
	print("  status %s speed %s %s  goals: %s" % [EventText.clock(int(s.get("tick", 0))),
			str(s.get("speed")), metal.text if metal != null else "?", PoolStringArray(goals).join("; ")])


func _shot(shot_name: String):
	yield(VisualServer, "frame_post_draw")
	var img: Image = get_viewport().get_texture().get_data()
	img.flip_y()
	var path := out_dir.plus_file(shot_name + ".png")
	var err := img.save_png(path)
	print("  shot %s %s" % [path, "saved" if err == OK else "failed"])
