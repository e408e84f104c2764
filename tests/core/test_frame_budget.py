"""Session's frame budget (pysim/session.py, "Frame budget"; issue 15): a tick spread over the
physics frames before the next one plays exactly as a whole tick, shows nothing half done,
and takes commands only at a tick's start."""
import random

import numpy as np
import pytest

from pysim import session
from pysim.core import clock, level, pausing, systems
from pysim.session import Session

FRAME = 1 / 60

# Minions meet peasants and a creature in a hall: walking, fighting and events every tick.
LEVEL = """name: budget
seed: 5

[legend]
a = floor adventurer:peasant

[map]
##############
#............#
#.m........a.#
#.m..........#
#.m........a.#
#............#
##############
"""


class FakeClock:
    """The budget's clock: each reading moves on by a seeded random amount, so the frames
    cut the ticks after different systems, run after run the same."""

    def __init__(self, seed, most_us):
        self.rng = random.Random(seed)
        self.most = most_us / 1_000_000
        self.now = 0.0

    def __call__(self):
        self.now += self.rng.uniform(0, self.most)
        return self.now


def budgeted(seed, budget_us=100, most_us=60):
    s = Session(LEVEL, "budget.level", 9)
    s._clock = FakeClock(seed, most_us)
    s.set_frame_budget(budget_us)
    return s


def whole_ticks(ticks, commands=(), queued_after=()):
    """(hash, events) after each tick of the same level run tick by tick without Godot;
    `queued_after` {t: command}: sent once step t is done, before its hash (it waits in
    the queue, which is state, for the next tick's start)."""
    g = level.load_text(LEVEL, "budget.level", 9)
    out = []
    todo = dict(commands)
    after = dict(queued_after)
    for t in range(ticks):
        if t in todo:
            g.command(todo[t])
        g.step()
        if t in after:
            g.command(after[t])
        out.append((g.state_hash(), [(e["tick"], e["type"]) for e in g.take_events()]))
    return out


def frames_until(s, ticks, each_frame=None):
    """Step 1x frames until `ticks` ticks are shown: (hash, events) per shown tick, and how
    many frames showed a tick."""
    shown = []
    pending = []     # events of commands applied since the last tick shown
    frames = 0
    while len(shown) < ticks:
        frames += 1
        assert frames < ticks * 20, "the ticks stopped coming"
        if each_frame is not None:
            each_frame(s, frames)
        logged = len(s.game.log)
        ran = s.step(FRAME)
        evs = [(e["tick"], e["type"]) for e in s.take_events()]
        if ran:
            assert not s.game.mid_tick(), "a frame that shows a tick ends between ticks"
            assert ran == 1, "at 1x one tick is shown at a time"
            shown.append((s.game.state_hash(), evs + pending))
            pending = []
        elif len(s.game.log) != logged:
            # a frame that applied commands (at the next tick's start, as a whole step
            # does) hands out what they did at once: a refusal is seen when it is made
            assert not s.game.mid_tick()
            pending.extend(evs)
        else:
            assert evs == [], "no events before their tick is shown"
    return shown


def test_a_budgeted_game_is_the_same_game_tick_for_tick():
    ticks = 240
    want = whole_ticks(ticks)
    for seed in (1, 2):
        got = frames_until(budgeted(seed), ticks)
        assert [h for h, _ in got] == [h for h, _ in want]
        assert [e for _, e in got] == [e for _, e in want]
    assert sum(len(e) for _, e in want) > 50   # the level does things to compare


def test_a_tick_is_spread_over_frames_and_nothing_half_done_is_shown():
    s = budgeted(3, budget_us=100, most_us=80)
    before = s.snapshot_changes()
    assert before.get("snapshot_full")
    spread = 0
    partial_frames = 0
    for _ in range(600):
        tick = s.game.tick
        ran = s.step(FRAME)
        if s.game.mid_tick():
            partial_frames += 1
            assert ran == 0
            assert s.snapshot_changes() == {}
            assert s.take_events() == []
            assert s.game.tick == tick
            spread += 1
        s.take_events()
        s.snapshot_changes()
    assert partial_frames > 50, "with a small budget most ticks take more than one frame"
    # 600 frames at 1x: 100 ticks due, none lost (done, under way or still due), and the
    # frames keep up within WHOLE_WHEN_DUE ticks
    per_tick = clock.MICROS_PER_TICK_1X
    assert s.game.tick + s.game.mid_tick() + s._acc // per_tick == 100
    assert s.game.tick >= 100 - session.WHOLE_WHEN_DUE - 1


def test_a_command_sent_mid_tick_comes_in_at_the_next_tick():
    s = budgeted(4, budget_us=100, most_us=80)
    sent = []

    def send_when_mid_tick(sess, frame):
        if not sent and frame > 30 and sess.game.mid_tick():
            sent.append(sess.game.tick + 1)   # the tick after the one under way
            sess.send({"type": "set_stance", "entity": 1, "stance": "defensive"})

    got = frames_until(s, 80, send_when_mid_tick)
    assert sent, "a frame ended mid tick"
    logged = [t for t, cmd in s.game.log if cmd.get("type") == "set_stance"]
    assert logged == sent
    # the tick under way ends with the command in the queue (its hash holds it), and the
    # next tick's start takes it, as a command sent between two whole steps
    want = whole_ticks(80, queued_after={sent[0] - 1: {"type": "set_stance", "entity": 1,
                                                         "stance": "defensive"}})
    assert [h for h, _ in got] == [h for h, _ in want]
    # (and the order was taken: the game differs from one without it from then on)
    assert got[sent[0]][0] != whole_ticks(sent[0] + 1)[sent[0]][0]


def test_a_read_mid_tick_finishes_the_tick_first():
    s = budgeted(5, budget_us=100, most_us=80)
    for _ in range(200):
        s.step(FRAME)
        if s.game.mid_tick():
            break
    assert s.game.mid_tick()
    tick = s.game.tick
    info = s.describe(1)
    assert not s.game.mid_tick() and s.game.tick == tick + 1
    assert info["id"] == 1
    # the finished tick is shown on the next frame, with its events
    assert s.step(0) == 1
    assert s.snapshot_changes()["tick"] == tick + 1


def test_a_late_tick_gets_a_bigger_share_and_a_tick_far_behind_is_finished_whole():
    s = budgeted(6, budget_us=1, most_us=80)   # every system overruns the budget
    per_tick = clock.MICROS_PER_TICK_1X
    frames = 0
    while True:
        # 2.5 ticks come due a frame: late ticks are cut, frame after frame, until
        # WHOLE_WHEN_DUE more are due after the one under way
        due_after = (s._acc + 250_000) // per_tick - (0 if s.game.mid_tick() else 1)
        ran = s.step(0.25)
        frames += 1
        if due_after < session.WHOLE_WHEN_DUE:
            assert ran == 0 and s.game.mid_tick() and s.game.tick == 0
        else:
            break
    assert frames > 2
    # finished whole, with the ticks after it while that many are due; a frame that shows
    # ticks ends between ticks
    assert ran >= 2 and s.game.tick == ran and not s.game.mid_tick()
    assert s._acc // per_tick <= session.WHOLE_WHEN_DUE
    assert s.step(0) == 0 and s.game.mid_tick()   # the next: within the budget again
    assert s.game.tick == ran


@pytest.mark.parametrize("due,share", [(0, 1.0), (1, 1 + session.LATE_SHARE),
                                       (2, session.LATE_MOST), (5, session.LATE_MOST)])
def test_the_share_grows_with_the_ticks_due(due, share):
    """The limit a frame spends: the budget, and LATE_SHARE of it more for each tick due
    after the one under way, up to LATE_MOST budgets (the deadline the frame's pause
    points are given; its clock barely moves here, 0.001 us a reading)."""
    s = budgeted(13, budget_us=100, most_us=0.001)
    s._acc = (1 + due) * clock.MICROS_PER_TICK_1X   # this frame's tick, and `due` more
    seen = []
    real = pausing.run_tick

    def spy(game, stop=None, clock=None, deadline=0.0):
        seen.append((deadline - s._clock.now) * 1e6)
        # at a pause point 5 us before the deadline the tick goes on, 5 us after it pauses
        runner = pausing.TickRunner(game)
        runner._clock, runner._deadline = (lambda: deadline - 5e-6), deadline
        runner._caller = None          # a pause would switch to it: None fails loudly
        runner._at_point()
        return real(game, None)

    pausing.run_tick = spy
    try:
        s.step(0)
    finally:
        pausing.run_tick = real
    assert seen and seen[0] == pytest.approx(100 * min(share, session.LATE_MOST), abs=0.01)


def test_a_point_pauses_once_the_deadline_is_past():
    """TickRunner._at_point: before the deadline it returns, past it it goes back to the
    frame (the greenlet switch), with the frame's own clock."""
    g = level.load_text(LEVEL, "budget.level", 9)
    runner = pausing.TickRunner(g)
    switched = []

    class Caller:
        def switch(self, *handed):
            switched.append(True)

    runner._caller = Caller()
    now = [1.0]
    runner._clock, runner._deadline = (lambda: now[0]), 1.0 + 20e-6
    now[0] = 1.0 + 19e-6
    runner._at_point()
    assert switched == []
    now[0] = 1.0 + 21e-6
    runner._at_point()
    assert switched == [True]


def test_the_worker_greenlets_are_kept_and_used_again():
    """Each tick is run in a worker greenlet from a pool (pysim/core/pausing.py): one made
    per tick cost ~25 us of a full-scale tick. Over many paused ticks, and a system that
    raised in one, the same worker runs them all."""
    s = budgeted(11, budget_us=1, most_us=80)
    workers = set()
    for _ in range(300):
        s.step(FRAME)
        runner = s.game._paused_tick
        if runner is not None:
            workers.add(id(runner._worker))
    assert s.game.tick >= 10
    assert len(workers) == 1, "a new greenlet for each tick"


def test_no_budget_runs_every_due_tick_whole():
    s = Session(LEVEL, "budget.level", 9)
    assert s.step(0.2) == 2 and not s.game.mid_tick()


def test_setting_the_budget_to_zero_finishes_a_tick_under_way():
    s = budgeted(7, budget_us=1, most_us=80)
    s.step(0.1)
    assert s.game.mid_tick()
    s.set_frame_budget(0)
    assert not s.game.mid_tick() and s.game.tick == 1


def test_a_system_raising_mid_tick_is_reported_and_the_tick_runs_again(monkeypatch):
    s = budgeted(8, budget_us=1, most_us=80)
    calls = []

    def boom(game):
        calls.append(game.tick)
        if len(calls) == 1:
            raise RuntimeError("boom")

    monkeypatch.setattr(systems, "SYSTEMS", systems.SYSTEMS + [(10_000, "boom", boom)])
    for _ in range(400):
        s.step(FRAME)
    errors = [e for e in s.game.events if e["type"] == "error"]
    assert errors and "boom" in errors[0]["message"]
    assert s.game.tick >= 1 and calls[:2] == [0, 0]   # tick 0 ran again from its start


@pytest.mark.parametrize("bad", ["x", None, -5])
def test_a_bad_budget_means_no_budget(bad):
    s = Session(LEVEL, "budget.level", 9)
    assert s.set_frame_budget(bad) == 0


def test_a_placement_check_mid_tick_reads_without_finishing_the_tick():
    s = budgeted(9, budget_us=1, most_us=80)
    s.step(0.1)
    assert s.game.mid_tick()
    at = s.game._paused_tick
    before = s.game.state_hash()   # Game's own hash: a read that finishes nothing
    r = s.check_command({"type": "build_wall", "x": 5, "y": 5})
    assert set(r) == {"ok", "reason"}
    assert s.game.mid_tick() and s.game._paused_tick is at   # the preview changed nothing
    assert s.game.state_hash() == before


def test_a_tick_pauses_at_the_points_inside_a_system_and_plays_the_same():
    """A frame may stop a tick at a pause point inside a system (pysim/core/pausing.py), deep
    in the calls it makes: the system goes on from there next frame, nothing else runs in
    between, and the game is the one a whole tick gives."""
    pieces = []

    def deep(game, n):
        pieces.append((game.tick, n, game.mid_tick()))
        game.rng.stream("budget_test").random()   # the pieces change the game
        pausing.point()

    def counting(game):
        for n in range(4):
            deep(game, n)

    extra = [(450, "counting", counting)]
    saved = list(systems.SYSTEMS)
    try:
        systems.SYSTEMS[:] = sorted(saved + extra, key=lambda s: (s[0], s[1]))
        want = whole_ticks(30)
        whole_pieces = list(pieces)
        del pieces[:]
        s = budgeted(10, budget_us=1, most_us=80)
        paused_inside = 0
        while s.game.tick < 30:
            s.step(0.001)   # short frames: never late, so every tick is cut at every point
            if s.game._paused_tick is not None:
                paused_inside += 1
        got = s.game.state_hash()
    finally:
        systems.SYSTEMS[:] = saved
    assert paused_inside >= 30 * 3, "no frame stopped inside a system"
    assert pieces == whole_pieces
    assert got == want[29][0]


def test_what_a_tick_shows_is_built_over_frames_and_merges_into_the_whole_snapshot():
    """Once a tick is done its changes for the front end are built in what is left of the
    frame, and the next frames' (a pausing.Job, pausing between two snapshot parts): those
    frames show nothing and take no command, the frame that has them built shows the tick,
    and the changes merged are the whole snapshot, tick for tick the game of whole ticks."""
    want = whole_ticks(40)
    s = budgeted(6, budget_us=1, most_us=80)   # a part or two a frame
    merged = dict(s.snapshot_changes())
    assert merged.pop("snapshot_full")
    building = 0
    shown = []
    while len(shown) < 40:
        ran = s.step(0.001)    # short frames: never late, so no tick is run whole
        if s._showing is not None:
            building += 1
            assert ran == 0 and s.take_events() == []
            assert not s.game.mid_tick()
        if ran:
            ch = s.snapshot_changes()
            for k in ch.get("snapshot_gone", ()):
                merged.pop(k, None)
            merged.update({k: v for k, v in ch.items() if k != "snapshot_gone"})
            shown.append(s.game.state_hash())
            whole = s.snapshot()
            assert sorted(merged) == sorted(whole)
            for k, v in whole.items():
                assert np.array_equal(np.asarray(merged[k]), np.asarray(v)), k
    assert building >= 40 * 3, "the changes were not built over frames"
    assert shown == [h for h, _ in want]


def test_a_read_while_a_ticks_changes_are_built_finishes_them_first():
    s = budgeted(7, budget_us=1, most_us=80)
    s.snapshot_changes()
    for _ in range(400):
        s.step(FRAME)
        if s._showing is not None:
            break
    assert s._showing is not None, "no frame left the changes half built"
    s.describe(1)                       # any read: the changes are finished, kept for the
    assert s._showing is None           # front end's next call, and the tick shown next frame
    assert s._prepared is not None
    assert s.step(FRAME) == 1
    assert s.snapshot_changes() is not None and s._prepared is None


def test_a_tick_paused_inside_a_system_is_finished_by_a_read_or_a_whole_step():
    """Whatever asks next (a read, a save, a plain Game.step) goes on with the paused tick
    from where it stopped, not from the system's start."""
    pieces = []

    def counting(game):
        for n in range(3):
            pieces.append((game.tick, n))
            pausing.point()

    saved = list(systems.SYSTEMS)
    try:
        systems.SYSTEMS[:] = sorted(saved + [(450, "counting", counting)],
                                    key=lambda s: (s[0], s[1]))
        want = whole_ticks(3)
        del pieces[:]
        s = budgeted(12, budget_us=1, most_us=80)
        while s.game._paused_tick is None:
            s.step(0.001)
        assert s.game.mid_tick()
        tick = s.game.tick
        assert s.state_hash() == want[tick][0]     # the read finished that tick
        assert not s.game.mid_tick() and s.game._paused_tick is None
        while s.game._paused_tick is None:
            s.step(0.001)
        s.game.step()                               # finishes the paused tick only
        assert not s.game.mid_tick()
        assert s.game.state_hash() == want[s.game.tick - 1][0]
    finally:
        systems.SYSTEMS[:] = saved
    assert pieces == [(t, n) for t in range(len(set(p[0] for p in pieces))) for n in range(3)]


def test_a_frame_that_applies_a_command_ends_between_ticks_so_its_effect_is_shown():
    s = budgeted(11, budget_us=1, most_us=80)
    while True:
        s.step(FRAME)
        if not s.game.mid_tick():
            break
    s.snapshot_changes()
    s.send({"type": "set_speed", "speed": 2})
    s.step(0.2)                      # ticks are due, but this frame takes the command
    assert not s.game.mid_tick()
    assert s.snapshot_changes()["speed"] == 2
    tick = s.game.tick
    s.step(FRAME)                    # and the next frame goes on with the ticks due
    assert s.game.tick > tick or s.game.mid_tick()


def test_the_frame_that_shows_a_tick_keeps_room_for_the_front_end():
    """The changes a finished tick shows are built until SHOW_RESERVE_US before the frame's
    deadline (the bridge's conversion and the merge come after them in that frame), in the
    frame that finished the tick and in a frame that only goes on building them."""
    s = budgeted(14, budget_us=100, most_us=0.001)
    s._acc = clock.MICROS_PER_TICK_1X          # one tick due, none after it: the budget
    seen = []
    real = pausing.Job.run

    def spy(job, clock_fn=None, deadline=0.0):
        seen.append((deadline - s._clock.now) * 1e6)
        return real(job, clock_fn, deadline)

    pausing.Job.run = spy
    try:
        assert s.step(0) == 1                  # the clock barely moves: done and shown
        assert seen and seen[0] == pytest.approx(100 - session.SHOW_RESERVE_US, abs=0.5)
        s._showing = pausing.Job(s._build_changes)    # as a frame that only builds them
        s._held = 1
        del seen[:]
        assert s.step(0) == 1
        assert seen and seen[0] == pytest.approx(100 - session.SHOW_RESERVE_US, abs=0.5)
    finally:
        pausing.Job.run = real
    assert 0 < session.SHOW_RESERVE_US < 100
