"""Pause points (pysim/core/pausing.py) in the work they cut: a path search paused in the
middle gives the answer a whole search gives, a search asked meanwhile is not disturbed by
it, a kept answer is only ever the answer the search would give, the hourly checkpoint
hash can be paused, and a budget keeps the loaded game out of the collector's passes."""
import gc
import random
import weakref

import numpy as np

from pysim.core import clock, game as game_module, level, pathing, pausing
from pysim.session import Session

from test_frame_budget import LEVEL, budgeted


def open_maze(seed, size=96):
    """A big walkable map with scattered walls: long searches, hundreds of tiles expanded."""
    rng = np.random.default_rng(seed)
    cost = rng.integers(1, 4, size=(size, size)).astype(np.int32)
    cost[rng.random((size, size)) < 0.25] = 0
    cost[0, 0] = cost[size - 1, size - 1] = 1
    return cost


def fresh_answer(cost, start, goal):
    """The search itself, with no kept answer (the cache off for this one call)."""
    kept = pathing.REMEMBER_FROM
    pathing.REMEMBER_FROM = 1 << 30
    try:
        return pathing.find_path(cost, start, goal)
    finally:
        pathing.REMEMBER_FROM = kept


def test_a_search_paused_at_its_points_gives_the_whole_answer_and_one_asked_meanwhile_too():
    cost = open_maze(1)
    other_cost = open_maze(2)
    want = fresh_answer(cost, (0, 0), (95, 95))
    other_want = fresh_answer(other_cost, (0, 95), (95, 0))
    assert len(want) > 100
    pathing._answers.clear()
    got = {}

    class Holder:
        """A stand-in game whose one 'system' is a long search."""
        _paused_tick = None

        def run_systems(self, stop):
            got["path"] = pathing.find_path(cost, (0, 0), (95, 95))
            return True

    holder = Holder()
    pauses = 0
    done = pausing.run_tick(holder, lambda done, nxt: True)   # pause at every point
    while not done:
        pauses += 1
        assert pauses < 10_000, "the search went on and on (its scratch was overwritten?)"
        assert holder._paused_tick is not None
        # a placement preview's search while the first one waits with its heap in scratch
        assert np.array_equal(fresh_answer(other_cost, (0, 95), (95, 0)), other_want)
        done = pausing.run_tick(holder, lambda done, nxt: True)
    assert pauses >= 3, "the search never reached a pause point"
    assert np.array_equal(got["path"], want)


def test_a_kept_answer_is_the_search_answer_and_a_changed_grid_is_searched_again():
    cost = open_maze(3)
    pathing._answers.clear()
    first = pathing.find_path(cost, (0, 0), (95, 95))
    again = pathing.find_path(cost, (0, 0), (95, 95))
    assert np.array_equal(first, again)
    again[0, 0] = 77                       # a caller's change does not reach the kept copy
    assert np.array_equal(pathing.find_path(cost, (0, 0), (95, 95)), first)
    # wall off the middle of the path found: the same ends on the new grid are searched anew
    changed = cost.copy()
    for x, y in first[len(first) // 2 - 2: len(first) // 2 + 3]:
        changed[y, x] = 0
    new = pathing.find_path(changed, (0, 0), (95, 95))
    assert np.array_equal(new, fresh_answer(changed, (0, 0), (95, 95)))
    assert not np.array_equal(new, first)
    # and a grid edited in place after its answer was kept is not served the old answer
    cost[first[10][1], first[10][0]] = 0
    assert np.array_equal(pathing.find_path(cost, (0, 0), (95, 95)),
                          fresh_answer(cost, (0, 0), (95, 95)))


def test_many_random_searches_with_kept_answers_equal_fresh_searches():
    rng = random.Random(4)
    grids = [open_maze(s, 64) for s in range(3)]
    pathing._answers.clear()
    for _ in range(300):
        cost = grids[rng.randrange(3)]
        start = (rng.randrange(8), rng.randrange(64))
        goal = (rng.randrange(40, 64), rng.randrange(64))
        assert np.array_equal(pathing.find_path(cost, start, goal),
                              fresh_answer(cost, start, goal))


def test_the_hourly_checkpoint_pauses_at_its_points_and_hashes_the_same(monkeypatch):
    monkeypatch.setattr(game_module, "CHECKPOINT_TICKS", 5)
    g = level.load_text(LEVEL, "budget.level", 9)
    g.run(20)
    want = list(g.checkpoints)
    assert len(want) == 4
    s = budgeted(14, budget_us=1, most_us=80)
    inside_checkpoint = 0
    while s.game.tick < 20 or s.game.mid_tick():
        s.step(0.001)
        if s.game._paused_tick is not None and s.game.tick % 5 == 0 and s.game.mid_tick() \
                and s.game.tick > 0 and len(s.game.checkpoints) < s.game.tick // 5:
            inside_checkpoint += 1       # the tick is counted, its checkpoint not yet taken
            assert s.take_events() == [] and s.snapshot_changes() == {}
    assert inside_checkpoint > 0, "no frame stopped inside a checkpoint hash"
    assert s.game.checkpoints == want


def test_a_budget_freezes_the_loaded_game_and_a_load_releases_the_old_one():
    gc.unfreeze()
    s = Session(LEVEL, "budget.level", 9)
    s.set_frame_budget(120)
    try:
        assert gc.get_freeze_count() > 0
        s.snapshot_changes()              # the front end's frames hold the game too
        old = weakref.ref(s.game)
        assert s.load_level(LEVEL, "budget.level", 9) == {"ok": True}
        assert old() is None, "the game a load replaced is still held"
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_the_full_scale_level_paused_at_every_point_plays_the_same_tick_for_tick():
    """Issue 15's level (300 trap parts, 40 doors, 60 minions, 40 creatures, an invasion
    under way) with a frame budget so small that every pause point pauses: each tick's
    hash and events are those of whole ticks, and the frames did stop inside combat, the
    fog and the doors' choices (the points added to cut their long stretches)."""
    from pysim.core import levelgen, systems
    ticks, warm = 24, 130
    text = levelgen.full_level()
    whole = level.load_text(text, "full.level", 5)
    whole.run(warm)
    whole.take_events()
    want = []
    for _ in range(ticks):
        whole.step()
        want.append((whole.state_hash(), [(e["tick"], e["type"]) for e in whole.take_events()]))

    s = Session(text, "full.level", 5)
    s.game.run(warm)
    s.game.take_events()
    s._clock = SteadyClock()          # 2 us a reading: every point is past a 1 us deadline
    s.set_frame_budget(1)
    where = []
    running = [None]
    saved_systems = list(systems.SYSTEMS)
    # every point reached inside a budgeted frame asks the running work's _at_point (rule
    # modules hold pausing.point under their own name, so the patch goes here)
    real_at_point = pausing._Work._at_point

    def at_point(work):
        where.append(running[0])
        real_at_point(work)

    def named(name, fn):
        def run(game):
            running[0] = name
            return fn(game)
        return run

    got = []
    try:
        systems.SYSTEMS[:] = [(o, n, named(n, fn)) for o, n, fn in saved_systems]
        pausing._Work._at_point = at_point
        frames = 0
        while len(got) < ticks:
            frames += 1
            assert frames < ticks * 20000, "the ticks stopped coming"
            s._acc = max(s._acc, clock.MICROS_PER_TICK_1X)   # a tick always due
            if s.step(0):
                got.append((s.game.state_hash(), [(e["tick"], e["type"]) for e in s.take_events()]))
    finally:
        systems.SYSTEMS[:] = saved_systems
        pausing._Work._at_point = real_at_point
    assert [h for h, _ in got] == [h for h, _ in want]
    assert [e for _, e in got] == [e for _, e in want]
    for name in ("combat", "fog", "doors"):
        assert where.count(name) >= ticks, "no pause point reached in %s" % name
    assert frames > ticks * 20, "the ticks were not cut at their points"


class SteadyClock:
    """Each reading is 2 us after the last."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 2e-6
        return self.now


def test_under_a_budget_the_collector_passes_come_in_frames_with_nothing_to_do():
    """A frame with no tick to run collects the young objects early (a quarter of the
    collector's threshold), so the collector's own passes seldom fall in a tick's work;
    the oldest are frozen rather than walked."""
    gc.enable()
    s = Session(LEVEL, "budget.level", 9)
    s.set_frame_budget(120)
    passes = []

    def seen(phase, info):
        if phase == "start":
            passes.append((s.game.mid_tick(), s._acc, info["generation"]))

    frozen = gc.get_freeze_count()
    gc.callbacks.append(seen)
    try:
        kept = []
        for _ in range(3000):
            kept.extend([[] for _ in range(10)])   # objects that live on, as a game's do
            s.step(1 / 60)
            s.snapshot_changes()
        grown = gc.get_freeze_count() - frozen
    finally:
        gc.callbacks.remove(seen)
        gc.unfreeze()
    idle = [p for p in passes if not p[0] and p[1] < clock.MICROS_PER_TICK_1X]
    assert len(passes) >= 10, "the young objects were never collected"
    assert len(idle) >= 0.9 * len(passes), "the passes fell in frames with a tick to run"
    assert grown >= 10_000, "the objects that lived on were not frozen"
    assert any(g == 1 for _, _, g in passes), "no middle pass"
    assert all(g < 2 for _, _, g in passes), "a pass walked the oldest objects"
