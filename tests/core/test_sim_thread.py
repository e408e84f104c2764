"""The sim thread (pysim/sim_thread.py, Session.set_sim_thread; issue 15): the ticks run
beside the front end's frames, the game plays exactly as without the thread, every read
sees it between two ticks, and the front end's per-frame calls never wait for a tick."""
import contextlib
import threading
import time

import pytest

from pysim import sim_thread
from pysim.core import clock, save, systems
from pysim.session import Session

from test_frame_budget import LEVEL

FRAME = 1 / 60
STANCE = {"type": "set_stance", "entity": 1, "stance": "defensive"}


def threaded(front=None, seed=9):
    s = Session(LEVEL, "budget.level", seed)
    if front is None:
        s.set_sim_thread(True)
    else:
        s.finish_tick()
        s._sim = sim_thread.SimThread(s, front)
    return s


@contextlib.contextmanager
def running_threaded(front=None, seed=9):
    """threaded(), its thread stopped when the test is done with it, passed or not."""
    s = threaded(front, seed)
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
    """The ticks the sim thread posted and no frame took yet (a peek into its mailbox)."""
    with s._sim.box._cv:
        return sum(int(item["ran"]) for item in s._sim.box._items)


def play_to(s, tick, frame=FRAME):
    """Frames until the threaded game reaches `tick`; returns the ticks step() reported."""
    shown = 0
    while s.game.tick < tick:
        shown += s.step(frame)
        time.sleep(0.0005)
    wait_for(lambda: not s.commands_waiting())
    return shown


def reference(ticks, log, queued=()):
    """The same level and seed run without the thread, the logged commands sent before
    their ticks (and `queued` sent after the last): its state hash after `ticks`."""
    s = Session(LEVEL, "budget.level", 9)
    by_tick = {}
    for t, cmd in log:
        by_tick.setdefault(t, []).append(cmd)
    for t in range(ticks):
        for cmd in by_tick.get(t, []):
            s.game.command(cmd)
        s.game.step()
    for cmd in queued:
        s.game.command(cmd)
    return s.game.state_hash()


def test_the_threaded_game_plays_as_the_game_without_it():
    with running_threaded() as s:
        s.send({"type": "set_speed", "speed": 3})
        play_to(s, 30)
        s.send(STANCE)
        play_to(s, 60)
        s.set_sim_thread(False)
        while s.game.tick < 80:
            s.step(0.1)
        logged = [t for t, cmd in s.game.log if cmd.get("type") == "set_stance"]
        assert len(logged) == 1 and logged[0] >= 30
        assert s.state_hash() == reference(80, s.game.log)


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
        assert not game.mid_tick()
        # the save replays to the tick it was taken at; that game is the one saved
        assert game.state_hash() == reference(game.tick, game.log, game.queue)
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


def test_a_read_waits_for_the_tick_under_way():
    seen_mid = []
    with running_threaded() as s:
        s.send({"type": "set_speed", "speed": 4})
        reads = 0
        while s.game.tick < 40:
            s.step(0.1)
            with s._between_ticks():
                seen_mid.append(s.game.mid_tick())
                reads += 1
        assert reads > 10
        assert not any(seen_mid)


def test_a_slow_machine_runs_at_most_the_ticks_due_then_drops_the_rest():
    with running_threaded() as s:
        s.send({"type": "set_speed", "speed": 4})
        wait_for(lambda: not s.commands_waiting())
        sim = s._sim
        sim.stop()                    # nothing runs while the frames pile the time up
        for _ in range(60):
            s.step(0.25)
        assert sim.box.pending() == 60 * 250_000
        sim._take_time(sim.box.wait(0, 0))      # what the thread does when it wakes
        assert sim._acc == (sim_thread.MOST_TICKS_DUE + 1) * clock.MICROS_PER_TICK_1X


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
            wait_for(lambda: not s._sim._work_waiting())
        errors = [e for e in s.take_events() if e["type"] == "error"]
        assert len(errors) == 1 and "rule bug" in errors[0]["message"]
        assert s._sim.alive()
        s.step(0.1)
        wait_for(lambda: s.game.tick >= 1)
    finally:
        s.set_sim_thread(False)
        systems.SYSTEMS[:] = [t for t in systems.SYSTEMS if t[1] != "test_broken"]


def test_a_load_while_it_runs_gives_the_whole_snapshot_next():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 4})
        for _ in range(30):
            s.step(0.1)
        assert s.load_level(LEVEL, "again.level", 4)["ok"]
        changes = s.snapshot_changes()
        assert changes.get("snapshot_full") and changes["tick"] == 0


class FakeFront:
    """The bridge's side: Godot waits for the interpreter at some pause points."""

    def __init__(self, every):
        self.every = every
        self.asked = 0
        self.stood = []

    def main_waiting(self):
        self.asked += 1
        return self.asked % self.every == 0

    def stand_aside(self, most):
        self.stood.append((threading.get_ident(), most))
        return True


def test_at_pause_points_the_thread_stands_aside_for_a_waiting_front_end():
    front = FakeFront(every=3)
    s = threaded(front)
    try:
        s.send({"type": "set_speed", "speed": 4})
        play_to(s, 40, frame=0.1)
        sim_ident = s._sim._thread.ident
        assert front.asked > 40              # asked at the points inside the ticks
        assert len(front.stood) == front.asked // 3
        assert all(ident == sim_ident for ident, _ in front.stood)
        assert all(most == sim_thread.STAND_ASIDE_MOST_S for _, most in front.stood)
        assert s.sim_thread_stood_aside() == len(front.stood)
        # a point passed on another thread never stands aside
        stood = len(front.stood)
        for _ in range(6):
            s._sim.aside._at_point()
        assert len(front.stood) == stood
        s._sim.stop()
        assert s.state_hash() == reference(s.game.tick, s.game.log)
    finally:
        s._sim = None


def test_without_the_bridge_there_is_no_front_end_to_stand_aside_for():
    assert sim_thread.bridge_front() is None
    s = threaded()
    try:
        assert s._sim.front is None
        assert s.set_sim_thread(True) is True
        assert not s.tick_under_way()
    finally:
        assert s.set_sim_thread(False) is False


def test_an_event_is_handed_out_only_with_the_changes_of_its_tick():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 4})
        wait_for(lambda: not s.commands_waiting())
        s._sim.stop()                       # hold it still between two frames' calls
        s._sim._stop = False
        s._sim._acc = clock.MICROS_PER_TICK_1X
        s._sim._one_step()                  # a tick built, its changes not taken yet
        tick = s.game.tick
        assert s.take_events() == []        # its events wait for its changes
        changes = s.snapshot_changes()
        assert changes["tick"] == tick
        events = s.take_events()
        assert events and all(e["tick"] <= tick for e in events)


def test_settle_waits_for_what_is_due_and_counts_the_ticks():
    with running_threaded() as s:
        s.snapshot_changes()
        s.send({"type": "set_speed", "speed": 4})
        assert s.settle() == 0 and not s.commands_waiting()
        ran = s.step(0.25)                   # ten ticks due at 4x
        ran += s.settle()
        assert ran == 10 and s.game.tick == 10
        assert s.snapshot_changes()["tick"] == 10
    assert Session(LEVEL, "budget.level", 9).settle() == 0


def held_still(s):
    """The sim thread stopped between two steps, so the test posts its steps itself."""
    s.snapshot_changes()
    s.send({"type": "set_speed", "speed": 4})
    wait_for(lambda: not s.commands_waiting())
    s._sim.stop()
    s._sim._stop = False
    s.snapshot_changes()                # (what the speed command did: taken)
    s.take_events()
    return s._sim


def test_a_python_call_puts_back_in_front_what_it_does_not_hand_out():
    with running_threaded() as s:
        sim = held_still(s)
        for _ in range(2):
            sim._acc = clock.MICROS_PER_TICK_1X
            sim._one_step()                       # two ticks posted
        assert s.step(0) == 2                    # counted; changes and events stay
        sim._acc = clock.MICROS_PER_TICK_1X
        sim._one_step()                           # a third, posted after
        # what a frame's take_mail gets (the bridge's way): the first two, merged, in front
        first, third = sim.box.take_all()
        assert first["ran"] == 0 and first["changes"]["tick"] == third["changes"]["tick"] - 1
        assert third["ran"] == 1
        assert all(e["tick"] <= first["changes"]["tick"] for e in first["events"])


def test_events_that_wait_for_nothing_come_out_before_changes_not_taken():
    with running_threaded() as s:
        sim = held_still(s)
        sim.box.post({"ran": 0, "changes": None, "events": [{"type": "error", "tick": 0}]})
        sim.box.post({"ran": 1, "changes": {"tick": 7}, "events": [{"type": "hit", "tick": 7}]})
        assert [e["type"] for e in s.take_events()] == ["error"]
        assert s.take_events() == []              # the tick's wait for its changes
        assert s.snapshot_changes()["tick"] == 7
        assert [e["type"] for e in s.take_events()] == ["hit"]


def test_the_sim_thread_sleeps_until_the_time_handed_over_makes_a_tick_due():
    with running_threaded() as s:
        s.snapshot_changes()
        wait_for(lambda: not s._sim._busy)
        per_tick = clock.MICROS_PER_TICK_1X
        s._sim.hand_over(per_tick - 1)            # short of a tick at 1x: it stays asleep
        time.sleep(0.05)
        with s._sim._mail:                        # (a bounded wait may have taken it in)
            assert s.game.tick == 0 and s._sim._acc + s._sim.box.pending() == per_tick - 1
        s._sim.hand_over(1)                       # now due: it wakes and runs it
        wait_for(lambda: s.game.tick == 1)
        assert s._sim.box.pending() == 0


def test_a_debug_failure_fails_the_thread_s_next_step_at_once_and_the_game_goes_on():
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


def test_settle_returns_only_once_the_time_handed_over_is_counted_and_its_tick_run():
    with running_threaded() as s:
        s.snapshot_changes()
        per_tick = clock.MICROS_PER_TICK_1X
        for i in range(40):
            # (the thread wakes as the time comes in: settle must not take the moment it
            # has taken the time from the box and not yet counted it for "nothing due")
            s._sim.hand_over(per_tick)
            s.settle()
            assert s.game.tick == i + 1
        s._sim.hand_over(per_tick // 2)           # short of a tick: counted, not lost
        s.settle()
        with s._sim._mail:
            assert s._sim._acc == per_tick // 2 and s._sim.box.pending() == 0
