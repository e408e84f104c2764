"""Work in progress in the snapshot: digging (dig_*), mining (vein_*), building furniture
(furn_bp_*), trap parts (part_work*) and padlocks (door_work*) each say how much of the job
is done (0..1) and which minion is at work on it now, in the rows the front end is sent
(Session.snapshot_changes merged frame after frame: the keyed parts' versions move with the
work). The front end draws the worker and the site working and the progress bar from them
(godot_project/world/EffectsLayer.gd, tests/test_work.gd)."""
import pytest

from pysim.core import entities as E
from pysim.core.snapshot import merged_changes
from pysim.session import Session

LEGEND = """[legend]
u = floor minion duty:drudgery
n = floor minion duty:traps
M = floor metal:5
V = rock vein:2
D = floor door
"""


def _session(rows, seed=1):
    return Session("name: work\nseed: %d\n" % seed + LEGEND + "[map]\n" + "\n".join(rows) + "\n",
                   "work", seed)


def _minion(s):
    return [e.id for e in s.game.entities.values() if e.kind == E.MINION][0]


def _watch(s, keys, site, done_event, ticks):
    """Steps the game a tick at a time, merging what the front end is sent, and records the
    site's (work, worker) each tick until done_event; the events seen."""
    pos_key, work_key, worker_key = keys
    view = None
    seen = []
    events = []
    for _ in range(ticks):
        s.game.step()
        view = merged_changes(view, s.snapshot_changes())
        events.extend(s.game.take_events())
        if any(ev["type"] == done_event for ev in events):
            break
        rows = [tuple(int(v) for v in p) for p in view.get(pos_key, [])]
        if site in rows:
            i = rows.index(site)
            seen.append((float(view[work_key][i]), int(view[worker_key][i])))
    return seen, events, view


def _check_grows(seen, worker, ticks_per_job):
    """While the worker is at it, the work grows by one tick's share each tick and the
    row names the worker; before the end it is nearly done."""
    at_work = [(w, by) for w, by in seen if by >= 0]
    assert len(at_work) >= ticks_per_job - 2, "the worker was shown at work %d ticks" % len(at_work)
    assert {by for _, by in at_work} == {worker}
    works = [w for w, _ in at_work]
    steps = [round((b - a) * ticks_per_job, 3) for a, b in zip(works, works[1:])]
    assert steps and set(steps) == {1.0}, "the work grows a tick's share a tick: %s" % steps[:10]
    assert works[-1] >= (ticks_per_job - 2) / ticks_per_job


def _miner():
    from pysim.economy.mining import MINE_TICKS
    return (["#######", "#u..Vx#", "#....x#", "P...S.#", "#######"],
            {"type": "mine", "x": 4, "y": 1},
            ("vein_pos", "vein_work", "vein_worker"), (4, 1), "metal_mined", MINE_TICKS)


def _digger():
    from pysim.economy.dig_jobs import DIG_TICKS
    return (["#######", "#u..xx#", "P...S.#", "#######"],
            {"type": "dig", "x": 4, "y": 1},
            ("dig_pos", "dig_work", "dig_worker"), (4, 1), "dug", DIG_TICKS)


def _furniture_builder():
    from pysim.economy.furniture import BUILD_TICKS
    return (["########", "#uM....#", "#......#", "P...S..#", "########"],
            {"type": "build_furniture", "kind": "bed", "x": 5, "y": 1},
            ("furn_bp_pos", "furn_bp_work", "furn_bp_worker"), (5, 1), "furniture_built",
            BUILD_TICKS)


def _part_builder():
    from pysim.traps.trap_parts import BUILD_TICKS
    return (["########", "#nM....#", "#......#", "P...S..#", "########"],
            {"type": "place_part", "kind": "pressure_plate", "x": 5, "y": 2},
            ("part_work_pos", "part_work", "part_worker"), (5, 2), "part_built", BUILD_TICKS)


def _padlock_builder():
    from pysim.doors.doors import PADLOCK_BUILD_TICKS
    return (["##########", "#nM.D....#", "##########"],
            {"type": "build_padlock", "door": 1},
            ("door_work_pos", "door_work", "door_worker"), (4, 1), "padlock_built",
            PADLOCK_BUILD_TICKS)


@pytest.mark.parametrize("case", [
    pytest.param(_miner, marks=pytest.mark.rule("MINE-02"), id="a miner at its vein"),
    pytest.param(_digger, marks=pytest.mark.rule("DIG-02"), id="a digger at the rock"),
    pytest.param(_furniture_builder, marks=pytest.mark.rule("FURN-02"), id="building a bed"),
    pytest.param(_part_builder, marks=pytest.mark.rule("BUILD-01"), id="building a trap part"),
    pytest.param(_padlock_builder, marks=pytest.mark.rule("LOCK-01"), id="building a padlock"),
])
def test_the_worker_at_a_job_is_shown_with_the_work_done(case):
    """Before the worker is there, nothing is worked; while it is at it, its row names it and
    the work grows a tick's share each tick up to nearly done; the job done, nobody is shown
    at work there."""
    rows, command, keys, site, done_event, ticks_per_job = case()
    s = _session(rows)
    s.game.command(command)
    seen, events, view = _watch(s, keys, site, done_event, ticks_per_job * 8)
    assert [ev for ev in events if ev["type"] == done_event]
    assert seen and (seen[0][1] == -1 or seen[0][0] <= 1.0 / ticks_per_job + 1e-6), \
        "before the worker is there, nothing is worked: %s" % (seen[0],)
    _check_grows(seen, _minion(s), ticks_per_job)
    s.game.step()
    view = merged_changes(view, s.snapshot_changes())
    rows_now = [tuple(int(v) for v in p) for p in view[keys[0]]]
    if site in rows_now:
        assert int(view[keys[2]][rows_now.index(site)]) == -1, "the job done, nobody works there"
