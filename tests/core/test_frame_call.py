"""Session.frame (issue 15): a physics frame's whole work in one call into Python. It is
step, then snapshot_changes when there is something to show, then take_events, and the
front end that merges its answers sees what the separate calls showed it."""
from pysim.session import Session

from test_frame_budget import LEVEL, budgeted
from test_sim_thread import STANCE, posted_ticks, running_threaded, wait_for
from test_snapshot_delta import _merge, _same

FRAME = 1 / 60


def merged_snapshot(session, frames, **flags):
    """The front end's whole snapshot after `frames` frame() calls (SimClient._frame's
    merge), with the frames that brought changes and all the events."""
    snap, shown, events = {}, [], []
    for i in range(frames):
        out = session.frame(FRAME, **flags)
        if "changes" in out:
            snap = _merge(snap, dict(out["changes"]))
            shown.append(i)
        events.extend(out["events"])
    return snap, shown, events


def test_only_a_frame_that_shows_a_tick_brings_changes():
    s = Session(LEVEL, "budget.level", 9)
    s.snapshot_changes()
    snap, shown, _ = merged_snapshot(s, 60)
    # at 1x a tick is due on every sixth frame; the other five bring nothing to convert
    assert len(shown) == 10
    assert s.game.tick == 10 and snap["tick"] == 10


def test_the_merged_frames_are_the_whole_snapshot_and_the_events_all_come():
    s = Session(LEVEL, "budget.level", 9)
    ref = Session(LEVEL, "budget.level", 9)
    snap, _, events = merged_snapshot(s, 600, refresh=True)
    ref_events = []
    for _ in range(600):
        ref.step(FRAME)
        ref_events.extend(ref.take_events())
    assert s.state_hash() == ref.state_hash()
    assert [e["type"] for e in events] == [e["type"] for e in ref_events] and events
    _same(snap, s.snapshot())


def test_a_refresh_brings_what_a_command_did_though_no_tick_ran():
    s = Session(LEVEL, "budget.level", 9)
    s.send({"type": "set_speed", "speed": 0})
    out = s.frame(FRAME, refresh=True)
    assert out["ran"] == 0 and out["changes"]["speed"] == 0
    # paused, nothing to show: no changes unless asked
    assert "changes" not in s.frame(FRAME)


def test_a_frame_watching_for_a_command_brings_changes_once_it_is_in():
    s = budgeted(seed=3)
    s.snapshot_changes()
    for _ in range(6):                # into a tick spread over frames
        s.frame(FRAME)
        if s.tick_under_way():
            break
    assert s.tick_under_way()
    s.send(STANCE)
    out = s.frame(FRAME, refresh=True, watch=True)
    seen = 0
    while out["commands_waiting"]:
        assert seen < 30, "the command never came in"
        out = s.frame(FRAME, watch=True)
        seen += 1
    # the frame that finds the command in brings what it did, whether or not it ran a tick
    row = list(s.snapshot()["ent_id"]).index(1)
    assert out["changes"]["ent_stance"][row] == 2        # defensive
    assert s.describe(1)["combat"]["stance_name"] == "defensive"


def test_a_lockstep_frame_on_the_sim_thread_shows_the_tick_it_made_due():
    with running_threaded() as s:
        s.frame(FRAME, refresh=True, lockstep=True)
        shown = [s.frame(FRAME, lockstep=True) for _ in range(6)]
        ticked = [out for out in shown if out["ran"]]
        assert len(ticked) == 1 and ticked[0]["changes"]["tick"] == 1
        assert all("changes" not in out for out in shown if not out["ran"])


def test_a_threaded_frame_never_waits_and_the_ticks_come_in_later_frames():
    with running_threaded() as s:
        s.frame(FRAME, refresh=True, lockstep=True)
        out = s.frame(FRAME * 6)
        # the tick it made due is run on the thread: this frame cannot show it
        assert out["ran"] == 0 and "changes" not in out
        wait_for(lambda: posted_ticks(s) == 1)
        out = s.frame(0)
        assert out["ran"] == 1 and out["changes"]["tick"] == 1
