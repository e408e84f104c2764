extends "res://tests/TestCase.gd"
# What the player sees (docs/rules/invasions.md, "What the player sees"), against the real
# session:
# - The Lair: the whole domain is drawn under the fog (the entry hall, the north corridor and
#   the south room show as yours from the first frame), rock beyond it stays black and its
#   hover tip says only "Unexplored";
# - res://tests/data/unseen_trap_test.level: an adventurer nobody of ours sees walks over a
#   plate wired to a dart thrower. It is neither drawn nor picked nor named in the hover tip;
#   the log says "Something set off the pressure plate ..." and never its name; the
#   thrower's effect is drawn, and no effect is drawn on the adventurer's tile.

const LAIR := "res://levels/campaign.level"
const TRAP_LEVEL := "res://tests/data/unseen_trap_test.level"
const FogLayer = preload("res://invasions/FogLayer.gd")
const NAME := "Halvard of Caldwell"


func after_each() -> void:
	free_main()


func fog_layer():
	var ext = extension("InvasionsExtension")
	return ext.fog_layer if ext != null else null


func test_the_lair_shows_your_whole_domain_under_the_fog() -> void:
	yield(start_main(LAIR), "completed")
	if not running():
		return
	var ok = yield(wait_snapshot("fog_on", true, 60), "completed")
	if not assert_true(ok, "The Lair shows fog"):
		return
	yield(frames(2), "completed")
	var fog = fog_layer()
	assert_true(fog.visible, "the fog layer is drawn")
	# the entry hall, the north corridor and the south room: yours, nobody there
	for t in [Vector2(12, 10), Vector2(14, 3), Vector2(12, 19), Vector2(1, 12)]:
		assert_eq(fog.at(t), FogLayer.YOURS, "%s is yours to see" % str(t))
	assert_eq(fog.at(Vector2(0, 12)), FogLayer.YOURS, "the west portal touching it too")
	assert_eq(fog.at(Vector2(30, 12)), FogLayer.SEEN_NOW, "the chamber, where the Boss is")
	assert_eq(fog.at(Vector2(3, 3)), FogLayer.UNEXPLORED, "rock far from the domain")
	assert_eq(main.hud.tile_lines(Vector2(3, 3)), ["Unexplored"], "its tip names nothing")
	assert_ne(main.hud.tile_lines(Vector2(12, 10))[0], "Unexplored", "the entry hall is named")


func adventurer_row() -> int:
	var layer = main.world.entities
	return layer.index_of(first_of_kind(1))


func test_a_hidden_adventurer_is_not_drawn_picked_or_named() -> void:
	yield(start_main(TRAP_LEVEL), "completed")
	if not running():
		return
	yield(wait_snapshot("fog_on", true, 60), "completed")
	yield(frames(3), "completed")
	var layer = main.world.entities
	var adv := first_of_kind(1)
	var row := adventurer_row()
	if not assert_true(row >= 0, "the adventurer is in the snapshot"):
		return
	var tile: Vector2 = snap()["ent_pos"][row].round()
	assert_eq(fog_layer().at(tile), FogLayer.YOURS, "it stands on our domain, unwatched")
	assert_true(layer.fog_hides(row), "the fog hides it")
	layer.update()
	yield(frames(2), "completed")
	assert_false(adv in Array(layer.drawn_ids), "not drawn")
	assert_eq(layer.pick(tile + Vector2(0.5, 0.5)), -1, "not picked")
	var tip := PoolStringArray(main.hud.tile_lines(tile)).join("\n")
	assert_false(NAME in tip, "the hover tip does not name it: %s" % tip)
	assert_eq(Names.who(adv), "something", "its name is withheld while it is hidden")


func test_a_trap_it_sets_off_shows_without_naming_or_placing_it() -> void:
	yield(start_main(TRAP_LEVEL), "completed")
	if not running():
		return
	record_events()
	EventBus.emit_signal("command_requested", {"type": "set_speed", "speed": 2})
	var fired := false
	for _i in range(600):
		yield(frames(1), "completed")
		if not recorded("mechanism_fired").empty():
			fired = true
			break
	stop_recording()
	if not assert_true(fired, "the dart thrower went off"):
		return
	yield(frames(2), "completed")
	var text := log_text()
	assert_string_contains(text, "Something set off the pressure plate in ")
	assert_string_contains(text, "The dart thrower hit something")
	assert_false(NAME in text, "the log never names it:\n%s" % text)
	for ev in recorded("trap_triggered") + recorded("trap_hit") + recorded("dart"):
		for k in ["who", "entity", "target"]:
			if ev.has(k):
				assert_eq(int(ev[k]), Names.UNSEEN_ID, "%s.%s withheld" % [ev.type, k])
	var fx = main.world.effects
	assert_true(int(fx.started.get("mechanism_fired", 0)) > 0, "the thrower's effect started")
	var row := adventurer_row()
	var at: Vector2 = (snap()["ent_pos"][row].round() + Vector2(0.5, 0.5)) * main.world.TILE
	var near_thrower := false
	var on_it := false
	for d in fx.drawn:
		if d[1].distance_to((Vector2(6, 0) + Vector2(0.5, 0.5)) * main.world.TILE) < 4:
			near_thrower = true
		if d[1].distance_to(at) < main.world.TILE * 0.5 and str(d[0]) != "ring":
			on_it = true
	assert_true(near_thrower, "the thrower's ring is drawn on our unwatched wall: %s" % str(fx.drawn))
	assert_false(on_it, "nothing is drawn on the hidden adventurer: %s" % str(fx.drawn))
