"""Issue 15: the snapshot reuses rows that did not change since the last frame (trap parts by
layout and shown writes, wires by wiring version, doors' wired triggers by layout). Every
reused row must equal a full rebuild, tick after tick, while traps fire, reset and get built.
"""
import numpy as np

from pysim.core.levelgen import full_level
from pysim.doors.doors import area
from pysim.session import Session
from pysim.traps import trap_state

TRAP_DEMO = "godot_project/levels/trap_demo.level"


def _forget(game):
    trap_state.state_of(game)._snap_cache = None
    area(game)._snap_triggers = None


def _same(a, b):
    assert sorted(a) == sorted(b)
    for k in a:
        if isinstance(a[k], np.ndarray):
            assert a[k].dtype == b[k].dtype, k
            assert np.array_equal(a[k], b[k]), k
        else:
            assert a[k] == b[k], k


def _check_every(session, ticks, every):
    changed = 0
    last = None
    for t in range(ticks):
        session.game.step()
        if t % every:
            continue
        kept = session.snapshot()
        _forget(session.game)
        fresh = session.snapshot()
        _same(kept, fresh)
        if last is not None and not np.array_equal(last, fresh["part_state"]):
            changed += 1
        last = fresh["part_state"]
    return changed


def test_snapshot_rows_kept_between_frames_equal_a_rebuild_on_the_trap_demo():
    with open(TRAP_DEMO) as f:
        s = Session(f.read(), TRAP_DEMO)
    changed = _check_every(s, 1200, 3)
    assert changed >= 2      # the plate fired and the parts were reset: rows really changed


def test_snapshot_rows_kept_between_frames_equal_a_rebuild_on_the_full_level():
    s = Session(full_level(), "full.level")
    _check_every(s, 600, 10)


def test_a_part_field_written_shows_on_the_next_snapshot():
    with open(TRAP_DEMO) as f:
        s = Session(f.read(), TRAP_DEMO)
    s.snapshot()
    st = trap_state.state_of(s.game)
    pid = sorted(st.parts)[0]
    st.parts[pid].needs_reset = True
    snap = s.snapshot()
    i = list(snap["part_id"]).index(pid)
    assert snap["part_state"][i] == 2
    assert snap["trap_workload"] >= 1
