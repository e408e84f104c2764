extends "res://tests/TestCase.gd"
# Work in progress on the map (world/EffectsLayer.gd WORK, from the snapshot's work rows): in
# play, a miner at its vein and a builder at a trap part are drawn working (the tool swung
# at the site, the worker leaning into each stroke) with a bar of the job's progress that
# grows tick after tick; the views never change the game.

const LEVEL := "res://tests/data/work_sites.level"
const VEIN := Vector2(4, 1)
const PART := Vector2(6, 3)


func after_each() -> void:
	free_main()


# The id of the body standing on `tile` in the current snapshot (-1: none).
func body_on(tile: Vector2) -> int:
	var s := snap()
	var ids = s.get("ent_id", [])
	var pos = s.get("ent_pos", [])
	for i in range(ids.size()):
		if Vector2(round(pos[i].x), round(pos[i].y)) == tile:
			return int(ids[i])
	return -1


# The work the effects layer drew at `site` in its last _draw, {} if none.
func drawn_work(site: Vector2) -> Dictionary:
	for w in main.world.effects.work_drawn:
		if w.at == site:
			return w
	return {}


func test_a_miner_and_a_builder_are_drawn_working_with_their_progress():
	return _wrap("_t_working")


func _t_working():
	if not (yield(start_lockstep(LEVEL), "completed")):
		return
	yield(frames(2), "completed")
	var miner := body_on(Vector2(1, 1))
	var builder := body_on(Vector2(1, 3))
	assert_true(miner >= 0 and builder >= 0 and miner != builder, "the two minions are on the map")
	var seen := {"pick": [], "hammer": []}
	var leaned := {}
	var tick0: int = main.sim.current_tick()
	# Played a tick a frame, the views drawing between ticks, until the first metal is mined.
	for _i in range(320):
		main.sim.step_frame(0.1)
		yield(get_tree(), "idle_frame")
		yield(get_tree(), "idle_frame")
		for pair in [[VEIN, miner, "pick"], [PART, builder, "hammer"]]:
			var w := drawn_work(pair[0])
			if not w.empty() and w.by == pair[1]:
				assert_eq(w.tool, pair[2], "the %s is swung at %s" % [pair[2], str(pair[0])])
				seen[pair[2]].append(w.done)
				if main.world.entities.fx_offset.get(pair[1], Vector2.ZERO).length() > 0.5:
					leaned[pair[1]] = true
		if main.sim.current_tick() > tick0 + 300:
			break
	for swung in seen:
		var done: Array = seen[swung]
		assert_true(done.size() >= 60, "%s: the worker was drawn at work %d ticks" % [swung, done.size()])
		var grew := 0
		for k in range(1, done.size()):
			assert_true(done[k] >= done[k - 1] or done[k] < 0.05, "%s: the work never goes back (but for the next metal)" % swung)
			if done[k] > done[k - 1]:
				grew += 1
		assert_true(grew >= done.size() - 3, "%s: the progress grows tick after tick (%d of %d)" % [swung, grew, done.size()])
		assert_true(done.max() > 0.9, "%s: the bar fills up to the job's end (%.2f)" % [swung, done.max()])
	assert_true(leaned.has(miner), "the miner leans into its strokes")
	assert_true(leaned.has(builder), "the builder leans into its strokes")
	# The part stands: no work there any more.
	assert_true(drawn_work(PART).empty(), "a built part shows no work")
	assert_eq(main.sim.state_hash(), bare_session_hash(main.sim.current_tick()),
			"the game with its work drawn is not the game without it")
