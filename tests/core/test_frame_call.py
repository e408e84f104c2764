"""Session.frame: a physics frame's whole work in one call into Python (the frames without
the bridge's mailbox). It hands over the frame's time, runs or waits for what is due, and
takes what the driver posted; the front end that merges its answers sees the whole game."""
from pysim.session import Session

from test_driver import LEVEL, STANCE, posted_ticks, running_threaded, wait_for
from test_snapshot_delta import _merge, _same

FRAME = 1 / 60


def merged_snapshot(session, frames, **flags):
    """The front end's whole snapshot after `frames` frame() calls (SimClient._frame's
    merge), with the frames that brought changes and all the events."""
    snap, shown, events = {}, [], []
    for i in range(frames):
        out = session.frame(FRAME, **flags) or {"ran": 0, "events": []}
        if "changes" in out:
            snap = _merge(snap, dict(out["changes"]))
            shown.append(i)
        events.extend(out["events"])
    return snap, shown, events


def test_only_a_frame_that_shows_a_tick_brings_changes():
    s = Session(LEVEL, "driver.level", 9)
    s.snapshot_changes()
    snap, shown, _ = merged_snapshot(s, 60)
    # at 1x a tick is due on every sixth frame; the other five bring nothing to convert
    assert len(shown) == 10
    assert s.game.tick == 10 and snap["tick"] == 10


def test_the_first_frame_brings_the_whole_snapshot_and_the_merged_frames_stay_whole():
    s = Session(LEVEL, "driver.level", 9)
    ref = Session(LEVEL, "driver.level", 9)
    snap, shown, events = merged_snapshot(s, 600)
    ref_events = []
    for _ in range(600):
        ref.step(FRAME)
        ref_events.extend(ref.take_events())
    assert shown[0] == 0
    assert s.state_hash() == ref.state_hash()
    assert [e["type"] for e in events] == [e["type"] for e in ref_events] and events
    _same(snap, s.snapshot())


def test_a_frame_that_takes_a_command_in_brings_what_it_did_though_no_tick_ran():
    s = Session(LEVEL, "driver.level", 9)
    s.snapshot_changes()
    s.send({"type": "set_speed", "speed": 0})
    out = s.frame(FRAME)
    assert out["ran"] == 0 and out["changes"]["speed"] == 0
    # paused, nothing to show: nothing at all
    assert s.frame(FRAME) is None
    s.send(STANCE)
    out = s.frame(FRAME)
    row = list(s.snapshot()["ent_id"]).index(1)
    assert out["ran"] == 0 and out["changes"]["ent_stance"][row] == 2        # defensive
    assert s.describe(1)["combat"]["stance_name"] == "defensive"


def test_a_lockstep_frame_on_the_sim_thread_shows_the_tick_it_made_due():
    with running_threaded() as s:
        s.frame(FRAME, lockstep=True)
        shown = [s.frame(FRAME, lockstep=True) for _ in range(6)]
        ticked = [out for out in shown if out]
        assert len(ticked) == 1 and ticked[0]["ran"] == 1 and ticked[0]["changes"]["tick"] == 1


def test_a_threaded_frame_never_waits_and_the_ticks_come_in_later_frames():
    with running_threaded() as s:
        s.frame(FRAME, lockstep=True)
        out = s.frame(FRAME * 6)
        # the tick it made due is run on the thread: this frame cannot show it
        assert out is None
        wait_for(lambda: posted_ticks(s) == 1)
        out = s.frame(0)
        assert out["ran"] == 1 and out["changes"]["tick"] == 1
