"""The driver (pysim/driver.py, Session.set_sim_thread): the same steps run on the sim thread
beside the front end's frames or on the caller's thread, the game plays exactly as whole
ticks run by hand, every read sees it between two ticks, and the front end's per-frame calls
never wait for a tick."""
import contextlib
import time

from pysim import mailbox
from pysim.core import clock, level, save, systems
from pysim.session import Session

FRAME = 1 / 60
STANCE = {"type": "set_stance", "entity": 1, "stance": "defensive"}

# Minions meet peasants and a creature in a hall: walking, fighting and events every tick.
LEVEL = """name: driver
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


def threaded(seed=9):
    s = Session(LEVEL, "driver.level", seed)
    s.set_sim_thread(True)
    return s


@contextlib.contextmanager
def running_threaded(seed=9):
    """threaded(), its thread stopped when the test is done with it, passed or not."""
    s = threaded(seed)
    try:
        yield s
    finally:
        s.set_sim_thread(False)


def wait_for(cond, seconds=20.0):
    """Poll until cond() (the sim thread works on its own time); fails after `seconds`."""
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "the sim thread did not get there"
        time.sleep(0.001)


def posted_ticks(s):
    """The ticks the driver posted and no frame took yet (a peek into its mailbox)."""
    with s.driver.box._cv:
        return sum(int(item["ran"]) for item in s.driver.box._items)


def play_to(s, tick, frame=FRAME):
    """Frames until the threaded game reaches `tick`; returns the ticks step() reported."""
    shown = 0
    while s.game.tick < tick:
        shown += s.step(frame)
        time.sleep(0.0005)
    wait_for(lambda: not s.commands_waiting())
    return shown


def whole_ticks(ticks, log, queued=()):
    """The same level and seed run a whole tick at a time by hand, the logged commands given
    before their ticks (and `queued` after the last): its state hash after `ticks`."""
    g = level.load_text(LEVEL, "driver.level", 9)
    by_tick = {}
    for t, cmd in log:
        by_tick.setdefault(t, []).append(cmd)
    for t in range(ticks):
        for cmd in by_tick.get(t, []):
            g.command(cmd)
        g.step()
    for cmd in queued:
        g.command(cmd)
    return g.state_hash()


def test_the_threaded_game_plays_as_whole_ticks_run_by_hand():
    with running_threaded() as s:
        s.send({"type": "set_speed", "speed": 3})
        play_to(s, 30)
        s.send(STANCE)
        play_to(s, 60)
        s.set_sim_thread(False)          # the same driver's steps, now on this thread
        while s.game.tick < 80:
            s.step(0.1)
        logged = [t for t, cmd in s.game.log if cmd.get("type") == "set_stance"]
        assert len(logged) == 1 and logged[0] >= 30
        assert s.state_hash() == whole_ticks(80, s.game.log)


def test_without_the_thread_each_tick_s_hash_and_events_are_those_of_whole_ticks():
    g = level.load_text(LEVEL, "driver.level", 9)
    want = []
    for _ in range(240):
        g.step()
        want.append((g.state_hash(), [(e["tick"], e["type"]) for e in g.take_events()]))
    s = Session(LEVEL, "driver.level", 9)
    s.snapshot_changes()
    got = []
    while len(got) < 240:
        out = s.frame(FRAME)
        if out is not None:
            assert out["ran"] == 1 and out["changes"]["tick"] == s.game.tick
            got.append((s.state_hash(), [(e["tick"], e["type"]) for e in out["events"]]))
    assert got == want
    assert sum(len(e) for _, e in want) > 50      # the level does things to compare


def test_a_step_that_catches_up_posts_its_ticks_with_the_last_one_s_changes():
    s = Session(LEVEL, "driver.level", 9)
    s.send({"type": "set_speed", "speed": 4})
    s.frame(0)
    together = 0
    for _ in range(12):
        s.driver.hand_over(250_000)           # ten ticks due at 4x
        s.driver.settle()
        items = s.driver.box.take_all()
        assert [item["ran"] for item in items] == [10]      # one post
        tick = s.game.tick
        assert items[0]["changes"]["tick"] == tick
        ticks = {e["tick"] for e in items[0]["events"]}
        assert ticks <= set(range(tick - 10, tick))          # the ten ticks' events
        together += len(ticks) > 1
    assert together > 2


def test_frames_hand_over_time_and_get_back_the_ticks_built():
    with running_threaded() as s:
        s.snapshot_changes()
        # one tick is due every sixth frame at 1x: after 60 frames, ten
        shown = 0
        for _ in range(60):
            shown += s.step(FRAME)
        wait_for(lambda: s.game.tick == 10 and posted_ticks(s) + shown == 10)
        shown += s.step(0)
        assert shown == 10
        changes = s.snapshot_changes()
        assert changes["tick"] == 10 and not changes.get("snapshot_full")
        assert "tick" not in s.snapshot_changes()     # taken: nothing moved since


def test_a_save_taken_while_it_plays_is_a_game_between_two_ticks():
    with running_threaded() as s:
        s.send({"type": "set_speed", "speed": 4})
        texts = []
        for i in range(400):
            s.step(0.05)
            if i % 10 == 0 and len(texts) < 20:
                texts.append(s.save_text())
            time.sleep(0.001)
        assert len(texts) == 20
    seen = set()
    for text in texts:
        game = save.loads(text, "t.save")
        seen.add(game.tick)
        # the save replays to the tick it was taken at; that game is the one saved
        assert game.state_hash() == whole_ticks(game.tick, game.log, game.queue)
    assert len(seen) > 3


def test_a_command_comes_in_even_while_paused_and_its_changes_are_built():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 0})
        wait_for(lambda: not s.commands_waiting())
        assert s.snapshot_changes()["speed"] == 0
        tick = s.game.tick
        for _ in range(120):
            assert s.step(FRAME) == 0
        s.send(STANCE)
        assert s.commands_waiting()
        wait_for(lambda: not s.commands_waiting())
        assert s.game.tick == tick
        assert [cmd["type"] for _, cmd in s.game.log][-1] == "set_stance"


def test_time_handed_over_while_paused_is_dropped_and_a_frame_counts_after_its_commands():
    s = Session(LEVEL, "driver.level", 9)
    s.send({"type": "set_speed", "speed": 0})
    assert sum(s.step(0.1) for _ in range(50)) == 0
    s.send({"type": "set_speed", "speed": 2})
    assert s.step(0.2) == 4               # the frame's 0.2 s at the speed it set
    with running_threaded() as t:
        t.send({"type": "set_speed", "speed": 0})
        wait_for(lambda: not t.commands_waiting())
        for _ in range(30):
            t.step(0.25)                  # 7.5 s handed over while paused
        t.send({"type": "set_speed", "speed": 4})
        wait_for(lambda: not t.commands_waiting())
        time.sleep(0.05)
        assert t.settle() == 0 and t.game.tick == 0


def test_a_read_waits_for_the_tick_under_way():
    inside = []

    def first(game):
        inside.append(True)

    def last(game):
        inside.pop()

    systems.register("test_first", first, -1)
    systems.register("test_last", last, 10_000)
    try:
        with running_threaded() as s:
            s.send({"type": "set_speed", "speed": 4})
            reads = 0
            seen = []
            while s.game.tick < 40:
                s.step(0.1)
                with s.driver.reading():
                    seen.append(len(inside))
                    reads += 1
            assert reads > 10
            assert not any(seen)
    finally:
        systems.SYSTEMS[:] = [t for t in systems.SYSTEMS if t[1] not in ("test_first", "test_last")]


def test_a_slow_machine_runs_at_most_the_ticks_due_then_drops_the_rest():
    with running_threaded() as s:
        s.send({"type": "set_speed", "speed": 4})
        wait_for(lambda: not s.commands_waiting())
        s.set_sim_thread(False)       # nothing runs while the frames pile the time up
        d = s.driver
        for _ in range(60):
            d.hand_over(250_000)
        assert d._handed == 60 * 250_000
        d._count_raw(d._handed)               # what a step does with it
        d._handed = 0
        d._take_time()
        # a second of real time at 4x: 40 ticks, and the one under way
        assert d._acc == 41 * clock.MICROS_PER_TICK_1X
        tick = s.game.tick
        d.settle()
        assert s.game.tick == tick + 41


def test_a_rule_bug_in_the_thread_is_shown_once_and_the_game_goes_on():
    calls = []

    def broken(game):
        calls.append(game.tick)
        if len(calls) <= 3:
            raise ValueError("rule bug")

    systems.register("test_broken", broken, 999)
    s = threaded()
    try:
        for _ in range(4):
            s.step(0.1)
            wait_for(lambda: not s.driver._work_waiting())
        errors = [e for e in s.take_events() if e["type"] == "error"]
        assert len(errors) == 1 and "rule bug" in errors[0]["message"]
        assert s.sim_thread_on()
        s.step(0.1)
        wait_for(lambda: s.game.tick >= 1)
    finally:
        s.set_sim_thread(False)
        systems.SYSTEMS[:] = [t for t in systems.SYSTEMS if t[1] != "test_broken"]


def test_a_system_raising_is_reported_and_the_tick_runs_again_from_its_start(monkeypatch):
    s = Session(LEVEL, "driver.level", 9)
    calls = []

    def boom(game):
        calls.append(game.tick)
        if len(calls) == 1:
            raise RuntimeError("boom")

    monkeypatch.setattr(systems, "SYSTEMS", systems.SYSTEMS + [(10_000, "boom", boom)])
    for _ in range(3):
        s.step(0.1)
    errors = [e for e in s.take_events() if e["type"] == "error"]
    assert len(errors) == 1 and "boom" in errors[0]["message"]
    assert s.game.tick == 2 and calls == [0, 0, 1]    # tick 0 ran again from its start


def test_a_load_while_it_runs_gives_the_whole_snapshot_next():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 4})
        for _ in range(30):
            s.step(0.1)
        assert s.load_level(LEVEL, "again.level", 4)["ok"]
        changes = s.snapshot_changes()
        assert changes.get("snapshot_full") and changes["tick"] == 0


def test_outside_godot_the_mailbox_is_python_s():
    assert mailbox.bridge_mailbox() is None
    s = threaded()
    try:
        assert s.sim_mailbox() is None and isinstance(s.driver.box, mailbox.PyMailbox)
        assert s.set_sim_thread(True) is True
    finally:
        assert s.set_sim_thread(False) is False


def test_a_frame_hands_out_a_tick_s_events_with_its_changes():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 4})
        wait_for(lambda: not s.commands_waiting())
        s.set_sim_thread(False)             # hold it still between two frames' calls
        s.frame(0)
        seen = 0
        for _ in range(60):
            s.driver._acc = clock.MICROS_PER_TICK_1X
            s.driver._one_step()            # a tick built and posted, not taken yet
            tick = s.game.tick
            out = s.frame(0)
            assert out["ran"] == 1 and out["changes"]["tick"] == tick
            assert all(e["tick"] == tick - 1 for e in out["events"])
            seen += len(out["events"])
        assert seen > 10


def test_settle_waits_for_what_is_due_and_counts_the_ticks():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 4})
        assert s.settle() == 0 and not s.commands_waiting()
        ran = s.step(0.25)                   # ten ticks due at 4x
        ran += s.settle()
        assert ran == 10 and s.game.tick == 10
        assert s.snapshot_changes()["tick"] == 10
    assert Session(LEVEL, "driver.level", 9).settle() == 0


def held_still(s):
    """The game at 4x with the sim thread stopped, so the test runs the steps itself."""
    s.snapshot_changes()
    s.send({"type": "set_speed", "speed": 4})
    wait_for(lambda: not s.commands_waiting())
    s.set_sim_thread(False)
    s.snapshot_changes()                # (what the speed command did: taken)
    s.take_events()
    return s.driver


def test_counting_the_ticks_leaves_their_changes_and_events_in_order():
    with running_threaded() as s:
        d = held_still(s)
        for _ in range(2):
            d._acc = clock.MICROS_PER_TICK_1X
            d._one_step()                         # two ticks posted
        assert s.step(0) == 2                    # counted; changes and events stay
        d._acc = clock.MICROS_PER_TICK_1X
        d._one_step()                             # a third, posted after
        items = d.box.take_all()
        assert [item["ran"] for item in items] == [0, 0, 1]
        ticks = [item["changes"]["tick"] for item in items]
        assert ticks == sorted(ticks) and len(set(ticks)) == 3
        for item in items:
            d.box.post(item)
        # a frame hands them all out, merged: the ticks not counted yet, the last changes
        out = s.frame(0)
        assert out["ran"] == 1 and out["changes"]["tick"] == ticks[-1]
        assert all(e["tick"] < ticks[-1] for e in out["events"])


def test_take_events_hands_out_every_event_and_leaves_the_changes():
    with running_threaded() as s:
        d = held_still(s)
        d.box.post({"ran": 0, "changes": None, "events": [{"type": "error", "tick": 0}]})
        d.box.post({"ran": 1, "changes": {"tick": 7}, "events": [{"type": "hit", "tick": 7}]})
        assert [e["type"] for e in s.take_events()] == ["error", "hit"]
        assert s.take_events() == []
        assert s.snapshot_changes()["tick"] == 7
        assert s.step(0) == 1


def test_the_sim_thread_sleeps_until_the_time_handed_over_makes_a_tick_due():
    with running_threaded() as s:
        s.snapshot_changes()
        d = s.driver
        wait_for(lambda: not d._busy)
        per_tick = clock.MICROS_PER_TICK_1X
        d.hand_over(per_tick - 1)                 # short of a tick at 1x: it stays asleep
        time.sleep(0.05)
        with d._mail:                             # (a bounded wait may have taken it in)
            assert s.game.tick == 0 and d._acc + d._raw + d.box.pending() == per_tick - 1
        d.hand_over(1)                            # now due: it wakes and runs it
        wait_for(lambda: s.game.tick == 1)
        assert d.box.pending() == 0


def test_a_debug_failure_fails_the_next_step_at_once_and_the_game_goes_on():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 0})   # paused: no tick is due to carry it
        wait_for(lambda: not s.commands_waiting())
        s.snapshot_changes()
        s.debug_fail_next_step()
        seen = []
        wait_for(lambda: seen.extend(s.take_events()) or
                 any(e["type"] == "error" for e in seen))
        assert "debug failure" in [e for e in seen if e["type"] == "error"][0]["message"]
        s.send({"type": "set_speed", "speed": 4})
        wait_for(lambda: not s.commands_waiting())
        s.step(0.25)
        wait_for(lambda: s.game.tick >= 1)
    # (without the thread: tests/core/test_session.py)


def test_settle_returns_only_once_the_time_handed_over_is_counted_and_its_tick_run():
    with running_threaded() as s:
        s.snapshot_changes()
        d = s.driver
        per_tick = clock.MICROS_PER_TICK_1X
        for i in range(40):
            # (the thread wakes as the time comes in: settle must not take the moment it
            # has taken the time from the box and not yet counted it for "nothing due")
            d.hand_over(per_tick)
            s.settle()
            assert s.game.tick == i + 1
        d.hand_over(per_tick // 2)                # short of a tick: counted, not lost
        s.settle()
        with d._mail:
            assert d._acc == per_tick // 2 and d.box.pending() == 0


def test_stopping_the_thread_keeps_what_it_posted_and_the_time_handed_over():
    with running_threaded() as s:
        d = held_still(s)
        s.set_sim_thread(True)
        d.hand_over(clock.MICROS_PER_TICK_1X // 4)        # a tick at 4x
        d.settle()
        d.hand_over(clock.MICROS_PER_TICK_1X // 8)        # half of the next, not taken
        s.set_sim_thread(False)
        assert d._acc + (d._raw + d._handed) * 4 == clock.MICROS_PER_TICK_1X // 2
        out = s.frame(0)
        assert out["ran"] == 1 and out["changes"]["tick"] == s.game.tick
