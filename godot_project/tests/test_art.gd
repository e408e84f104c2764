extends "res://tests/TestCase.gd"
# What is drawn on the map (art/Art.gd, world/EntityLayer.gd, world/EffectsLayer.gd): every
# body kind and class has its own sprite from the table (art/sprites.txt) in the atlas; every
# event family starts its effect, a melee blow lunges and a hit flashes; effects never change
# the game (the state hash of a game played with them equals a bare session's); a click on a
# minion drawn between two tiles selects it, bodies on one tile are drawn apart and picked in
# turn, and the hover tip names who is drawn under the mouse; the party screen and the
# adventurer panel show each class's sprite.

const BODIES := "res://tests/data/art_bodies.level"
const COMBAT := "res://levels/combat_demo.level"
const SAMPLES := "res://tests/data/event_samples.json"
const TABLE := "res://art/sprites.txt"
# The event families whose effect the map must show (docs/godot.md "Effects").
const FAMILIES := ["attack", "shot", "dart", "wound", "knockout", "death", "trap_hit",
		"trap_missed", "mechanism_fired", "scorch", "blast", "gas_cloud", "webs",
		"spider_released", "terrified", "alarm", "trap_triggered", "trigger_on",
		"lever_switched", "timer_fired", "door_opened", "door_closed", "breach_roll",
		"door_breached", "dug", "metal_mined", "wall_built", "part_built", "furniture_built"]
const MECHANISMS := ["spinning_blades", "flame_sprayer", "gas_sprayer", "electric_coil",
		"dart_thrower", "blast_trap", "spider_trap", "web_trap", "terror_trap", "alarm_trap"]


func after_each() -> void:
	free_main()
	EventBus.emit_signal("tool_selected", "select")


# Starts the level with the sim's stepping held (the test drives what happens); false if it
# did not start. A coroutine.
func _start_held(level: String) -> bool:
	yield(start_main(level), "completed")
	if not running():
		return false
	main.sim.paused_stepping = true
	yield(frames(2), "completed")
	return true


# The table's things (the first column of every row).
static func table_things() -> Dictionary:
	var f := File.new()
	var out := {}
	if f.open(TABLE, File.READ) != OK:
		return out
	while not f.eof_reached():
		var line := f.get_line().split("#")[0].strip_edges()
		if line != "":
			out[line.split(" ", false)[0]] = true
	f.close()
	return out


func test_the_atlas_is_built_from_the_table():
	assert_eq(Art.missing, "", "the atlas loaded")
	assert_true(Art.texture != null, "one atlas texture")
	var things := table_things()
	assert_true(things.size() > 100, "the table lists the map's sprites (%d)" % things.size())
	for thing in things:
		assert_true(Art.has(thing), "the atlas has %s" % thing)
	# A panel shows a class sprite as a piece of the atlas.
	var knight: Texture = Art.icon(Art.body_thing(1, "knight"))
	assert_true(knight is AtlasTexture and knight.atlas == Art.texture, "an icon is a piece of the atlas")
	assert_eq(knight.get_size(), Vector2(32, 32), "at the art's own size")
	assert_eq(Art.icon("no/such/thing"), null, "nothing for a thing the table lacks")


func test_each_body_kind_and_class_has_its_own_sprite():
	return _wrap("_t_bodies")


func _t_bodies():
	if not (yield(_start_held(BODIES), "completed")):
		return
	var layer = main.world.entities
	var want := ["body/minion", "body/boss"]
	for c in Art.ADVENTURER_CLASSES:
		want.append("body/adventurer/" + c)
	for k in Art.CREATURE_KINDS:
		want.append("body/creature/" + k)
	var drawn := {}
	for id in layer.drawn_things:
		drawn[layer.drawn_things[id]] = id
	var things := table_things()
	var regions := {}
	for thing in want:
		assert_true(drawn.has(thing), "a body was drawn as %s (drawn: %s)" % [thing, str(drawn.keys())])
		assert_true(things.has(thing), "%s is a row of the table" % thing)
		var r: Rect2 = Art.region(thing)
		assert_true(r.size.x > 0, "%s is in the atlas" % thing)
		assert_false(regions.has(r), "%s has a sprite of its own, not %s's" % [thing, regions.get(r, "")])
		regions[r] = thing
	# Each adventurer is drawn as its own class (Session.names' looks).
	for id in layer.drawn_things:
		var look: String = Names.look(id)
		if str(layer.drawn_things[id]).begins_with("body/adventurer/"):
			assert_eq(layer.drawn_things[id], "body/adventurer/" + look, "adventurer %d is a %s" % [id, look])


func test_each_event_family_starts_its_effect():
	return _wrap("_t_families")


func _t_families():
	if not (yield(_start_held(COMBAT), "completed")):
		return
	var fx = main.world.effects
	# The parts the samples name, on the map for the effects (only: the other views would
	# want the parts' other rows), so their effects have a place.
	var s: Dictionary = main.sim.last_snapshot.duplicate()
	var part_ids := PoolIntArray()
	var part_pos := PoolVector2Array()
	for k in range(1, 13):
		part_ids.append(k)
		part_pos.append(Vector2(3 + k % 6, 2 + int(k / 6.0)))
	s["part_id"] = part_ids
	s["part_pos"] = part_pos
	fx._on_snapshot(s)
	var f := File.new()
	assert_eq(f.open(SAMPLES, File.READ), OK, "the event samples")
	var samples: Array = JSON.parse(f.get_as_text()).result
	f.close()
	fx.started.clear()
	for ev in samples:
		EventBus.emit_signal("sim_event", ev)
	for family in FAMILIES:
		assert_true(int(fx.started.get(family, 0)) > 0, "%s starts an effect" % family)
	# Each mechanism has its own effect: ten kinds, ten different looks.
	var looks := {}
	for kind in MECHANISMS:
		var before: int = fx.effects.size()
		EventBus.emit_signal("sim_event", {"type": "mechanism_fired", "kind": kind, "part": 3,
				"x": 6, "y": 3, "tick": int(s.get("tick", 0)), "trigger": 1, "who": 1})
		assert_true(fx.effects.size() > before, "%s fired starts an effect" % kind)
		var e: Dictionary = fx.effects[fx.effects.size() - 1]
		looks[[e.kind, str(e.get("thing", "")), str(e.get("color", ""))]] = kind
	assert_eq(looks.size(), MECHANISMS.size(), "every mechanism looks different: %s" % str(looks.values()))


func test_a_blow_lunges_and_a_hit_flashes_the_victim():
	return _wrap("_t_lunge")


func _t_lunge():
	if not (yield(_start_held(COMBAT), "completed")):
		return
	var minion := first_of_kind(0)
	var peasant := first_of_kind(1)
	var tick := int(snap().get("tick", 0))
	EventBus.emit_signal("sim_event", {"type": "attack", "attacker": minion, "target": peasant,
			"ranged": false, "outcome": "hit", "margin": 2, "x0": 2, "y0": 2, "x1": 11, "y1": 2, "tick": tick})
	var layer = main.world.entities
	var moved = yield(wait_until(self, "_lunge_x", [minion], true, 30), "completed")
	assert_true(moved, "the attacker is drawn lunging toward its target, east: %s" % str(layer.fx_offset.get(minion)))
	assert_true(float(layer.fx_flash.get(peasant, 0.0)) > 0.0, "the victim flashes")
	# Paused, the game's clock stands still: so does the effect, it does not end on its own.
	yield(frames(30), "completed")
	assert_true(main.world.effects.active() > 0, "paused, the blow is still on screen")
	# The game runs on at 4x: the effect ends after its ticks (shorter), never skipped.
	main.sim.paused_stepping = false
	main.sim.set_speed(4)
	var gone = yield(wait_until(main.world.effects, "active", [], 0, 240), "completed")
	assert_true(gone, "the effect ended once its ticks had passed")


func _lunge_x(id: int) -> bool:
	return main.world.entities.fx_offset.get(id, Vector2.ZERO).x > 1.0


# Labels popping at one place one after another ("Major", then "Miss", then "Knocked out")
# never overlap: each starts a line above where the highest of the others has risen to.
func test_labels_from_one_place_do_not_overlap():
	return _wrap("_t_labels")


func _t_labels():
	if not (yield(_start_held(COMBAT), "completed")):
		return
	var fx = main.world.effects
	fx.effects.clear()
	var at := Vector2(100, 100)
	var ev := {"type": "wound", "tick": int(fx.clock)}
	var texts := ["Major", "Miss", "Knocked out"]
	for k in range(texts.size()):
		if k > 0:
			fx.clock += 6.0                   # game time passes (half a 12-tick label's life) ...
			for e in fx.effects:
				e.born -= 100000              # ... and real time: the older labels have risen
		fx.label(ev, at, texts[k], "miss")
		var now := OS.get_ticks_msec()
		var new_one: Dictionary = fx.effects[fx.effects.size() - 1]
		for k2 in range(fx.effects.size() - 1):
			var older: Dictionary = fx.effects[k2]
			assert_true(fx.label_height(older, now) > 0.0 or k < 1, "the older label has risen")
			assert_true(fx.label_height(new_one, now) - fx.label_height(older, now) >= 15.99,
					"%s starts a line above %s, where it is now: %s over %s" % [new_one.text, older.text,
					fx.label_height(new_one, now), fx.label_height(older, now)])
	fx.effects.clear()


# A treasury just finished says "Metal 2/2" then "Built" from its tile, and two trap parts built
# side by side say "Built" a tile apart: no two labels' words overlap, when they pop up and
# while they rise (game time and real time passing), at the camera's zoom and zoomed in.
func test_labels_of_things_built_never_overlap():
	return _wrap("_t_built_labels")


func _t_built_labels():
	if not (yield(_start_held(COMBAT), "completed")):
		return
	var fx = main.world.effects
	for zoom in [1.0, 2.0]:
		main.world.camera.zoom = Vector2(1.0 / zoom, 1.0 / zoom)
		yield(frames(2), "completed")
		fx.effects.clear()
		var t := int(fx.clock)
		for ev in [{"type": "metal_delivered", "tick": t, "furniture": 1, "entity": 2, "metal": 1, "needed": 2, "x": 6, "y": 3},
				{"type": "metal_delivered", "tick": t, "furniture": 1, "entity": 3, "metal": 2, "needed": 2, "x": 6, "y": 3},
				{"type": "furniture_built", "tick": t, "kind": "treasury", "x": 6, "y": 3, "entity": 2},
				{"type": "part_built", "tick": t, "part": 7, "kind": "pressure_plate", "x": 3, "y": 3},
				{"type": "part_built", "tick": t, "part": 8, "kind": "spinning_blades", "x": 4, "y": 3},
				{"type": "metal_mined", "tick": t, "entity": 2, "x": 5, "y": 3, "left": 3}]:
			EventBus.emit_signal("sim_event", ev)
		var labels := []
		for e in fx.effects:
			if e.kind == "label":
				labels.append(e)
		assert_eq(labels.size(), 6, "six labels: %s" % str(labels))
		for step in range(4):
			var now := OS.get_ticks_msec()
			for i in range(labels.size()):
				for j in range(i + 1, labels.size()):
					var a: Rect2 = fx.label_rect(labels[i], now)
					var b: Rect2 = fx.label_rect(labels[j], now)
					assert_false(a.intersects(b), "at zoom %s, step %d: \"%s\" %s and \"%s\" %s overlap" % [
							str(zoom), step, labels[i].text, str(a), labels[j].text, str(b)])
			fx.clock += 3.0                       # game time passes ...
			for e in labels:
				e.born -= 100000                  # ... and real time
	main.world.camera.zoom = Vector2(1, 1)
	fx.effects.clear()


func test_effects_never_change_the_game():
	return _wrap("_t_hash")


func _t_hash():
	if not (yield(start_lockstep(COMBAT), "completed")):
		return
	var tick0: int = main.sim.current_tick()
	var seen := 0
	# 300 ticks of the fight, one frame a tick, the views drawing between them.
	for _i in range(300):
		main.sim.step_frame(0.1)
		seen = int(max(seen, main.world.effects.active()))
		yield(get_tree(), "idle_frame")
	assert_true(seen > 0, "the fight started effects")
	var ticks: int = main.sim.current_tick()
	assert_true(ticks >= tick0 + 290, "the game ran (%d ticks)" % (ticks - tick0))
	# The same level and seed, played by a bare session with no views at all.
	assert_eq(main.sim.state_hash(), bare_session_hash(ticks),
			"the game with its effects drawn is not the game without them")


func test_a_click_on_a_minion_between_two_tiles_selects_it():
	return _wrap("_t_between")


func _t_between():
	if not (yield(_start_held(COMBAT), "completed")):
		return
	var s: Dictionary = main.sim.last_snapshot.duplicate()
	var minion := first_of_kind(0)
	var pos := PoolVector2Array(s["ent_pos"])
	var k: int = Array(s["ent_id"]).find(minion)
	pos[k] = Vector2(5.5, 3.0)           # walking from tile (5, 3) to (6, 3)
	s["ent_pos"] = pos
	EventBus.emit_signal("snapshot_updated", s)
	yield(frames(1), "completed")
	# Its drawn centre is on the border of the two tiles.
	var at: Vector2 = main.world.get_viewport().canvas_transform.xform(Vector2(6.0, 3.5) * main.world.TILE)
	yield(click_at(at + Vector2(-3, 2)), "completed")
	assert_eq(main.world.selected_id, minion, "the click on its drawn body selected it")
	EventBus.emit_signal("entity_selected", -1)
	yield(click_at(at + Vector2(3, -2)), "completed")
	assert_eq(main.world.selected_id, minion, "so does a click on its other half")
	# The hover tip names it where it is drawn.
	mouse_motion(at + Vector2(-3, 0))
	yield(get_tree(), "idle_frame")
	var lines: Array = main.hud.tile_lines(main.world.tile_under_mouse())
	assert_true(PoolStringArray(lines).join(" ").find(Names.who(minion)) >= 0, "the tip names it: %s" % str(lines))


func test_bodies_on_one_tile_are_drawn_apart_and_picked_in_turn():
	return _wrap("_t_shared")


func _t_shared():
	if not (yield(_start_held(COMBAT), "completed")):
		return
	var three := gather_on_tile(Vector2(7, 3), 0, 3)
	yield(frames(1), "completed")
	var layer = main.world.entities
	var centres := {}
	for id in three:
		centres[layer.centre_of(id)] = id
		assert_true(float(layer.scales[id]) < 1.0, "a body sharing its tile is drawn smaller")
	assert_eq(centres.size(), 3, "three minions on one tile are drawn in three places")
	var picked := []
	for _k in range(3):
		yield(click_at(tile_screen(Vector2(7, 3))), "completed")
		picked.append(main.world.selected_id)
	picked.sort()
	three.sort()
	assert_eq(picked, three, "three clicks on the tile pick each minion in turn")
	# Each can also be clicked where it is drawn.
	for id in three:
		EventBus.emit_signal("entity_selected", -1)
		var c: Vector2 = layer.centre_of(id)
		yield(click_at(main.world.get_viewport().canvas_transform.xform(c * main.world.TILE)), "completed")
		assert_eq(main.world.selected_id, id, "a click on its own place picks %d" % id)


# The sprite a TextureRect shows: its texture's piece of the atlas (Rect2() if none).
static func shown_region(t: TextureRect) -> Rect2:
	if t == null or not t.texture is AtlasTexture or t.texture.atlas != Art.texture:
		return Rect2()
	return t.texture.region


func test_the_party_screen_and_the_adventurer_panel_show_the_class_sprite():
	return _wrap("_t_class_sprites")


func _t_class_sprites():
	if not (yield(_start_held(BODIES), "completed")):
		return
	# The party screen: a card per adventurer, each with its class's sprite.
	var letters = extension("InvasionsExtension").spotted_letter
	var members := []
	for c in Art.ADVENTURER_CLASSES:
		members.append({"entity": members.size() + 100, "name": "A " + c, "class": c, "level": 1,
				"abilities": [], "ability_words": []})
	letters.show_letter({"title": "Adventurers spotted in your dungeon", "goal": "kill_boss", "members": members})
	letters.show_party_screen()
	yield(frames(2), "completed")
	var cards: Array = letters.members_box.get_children()
	assert_eq(cards.size(), Art.ADVENTURER_CLASSES.size(), "a card per adventurer")
	for k in range(cards.size()):
		var cls: String = Art.ADVENTURER_CLASSES[k]
		var portrait: TextureRect = cards[k].get_node("Portrait")
		assert_eq(shown_region(portrait), Art.region("body/adventurer/" + cls), "the %s's card shows its sprite" % cls)
		assert_true(portrait.is_visible_in_tree() and portrait.rect_size.x >= 32, "and it is shown, 32 px")
	letters.screen.visible = false
	# The adventurer panel: each class's sprite beside the name, as the map draws it.
	var panel = main.hud.selection_panel
	var seen := {}
	for id in main.world.entities.drawn_things:
		var thing: String = main.world.entities.drawn_things[id]
		if not thing.begins_with("body/"):
			continue
		EventBus.emit_signal("entity_selected", id)
		var described = yield(wait_until(self, "_described", [panel, id], true, 120), "completed")
		assert_true(described, "%d was described" % id)
		assert_eq(shown_region(panel.portrait), Art.region(thing), "%d's panel shows its sprite %s" % [id, thing])
		assert_true(panel.portrait.is_visible_in_tree(), "the sprite is shown")
		seen[thing] = true
	for c in Art.ADVENTURER_CLASSES:
		assert_true(seen.has("body/adventurer/" + c), "a %s was selected" % c)
	EventBus.emit_signal("entity_selected", -1)


func _described(panel, id: int) -> bool:
	return panel.selected_id == id and not panel.last_info.empty()
