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


@pytest.mark.rule("MINE-02")
def test_a_miner_at_the_vein_is_shown_with_the_metal_coming():
    from pysim.economy.mining import MINE_TICKS
    s = _session(["#######", "#u..Vx#", "#....x#", "P...S.#", "#######"])
    s.game.command({"type": "mine", "x": 4, "y": 1})
    seen, events, view = _watch(s, ("vein_pos", "vein_work", "vein_worker"), (4, 1),
                                "metal_mined", 600)
    assert [ev for ev in events if ev["type"] == "metal_mined"]
    assert seen[0] == (0.0, -1), "before the miner is there, nothing is worked"
    _check_grows(seen, _minion(s), MINE_TICKS)


@pytest.mark.rule("DIG-02")
def test_a_digger_at_the_rock_is_shown_with_the_digging_done():
    from pysim.economy.dig_jobs import DIG_TICKS
    s = _session(["#######", "#u..xx#", "P...S.#", "#######"])
    s.game.command({"type": "dig", "x": 4, "y": 1})
    seen, events, _ = _watch(s, ("dig_pos", "dig_work", "dig_worker"), (4, 1), "dug", 400)
    assert [ev for ev in events if ev["type"] == "dug"]
    _check_grows(seen, _minion(s), DIG_TICKS)


@pytest.mark.rule("FURN-02")
def test_a_builder_at_a_furniture_blueprint_is_shown_with_the_building_done():
    from pysim.economy.furniture import BUILD_TICKS
    s = _session(["########", "#uM....#", "#......#", "P...S..#", "########"])
    s.game.command({"type": "build_furniture", "kind": "bed", "x": 5, "y": 1})
    seen, events, view = _watch(s, ("furn_bp_pos", "furn_bp_work", "furn_bp_worker"), (5, 1),
                                "furniture_built", 800)
    assert [ev for ev in events if ev["type"] == "furniture_built"]
    _check_grows(seen, _minion(s), BUILD_TICKS)


@pytest.mark.rule("BUILD-01")
def test_a_builder_at_a_trap_part_is_shown_with_the_building_done():
    from pysim.traps.trap_parts import BUILD_TICKS
    s = _session(["########", "#nM....#", "#......#", "P...S..#", "########"])
    s.game.command({"type": "place_part", "kind": "pressure_plate", "x": 5, "y": 2})
    seen, events, view = _watch(s, ("part_work_pos", "part_work", "part_worker"), (5, 2),
                                "part_built", 900)
    assert [ev for ev in events if ev["type"] == "part_built"]
    _check_grows(seen, _minion(s), BUILD_TICKS)
    s.game.step()
    view = merged_changes(view, s.snapshot_changes())
    assert len(view["part_work_pos"]) == 0, "a built part has no work row"


@pytest.mark.rule("LOCK-01")
def test_a_builder_at_a_padlock_is_shown_with_the_building_done():
    from pysim.doors.doors import PADLOCK_BUILD_TICKS
    s = _session(["##########", "#nM.D....#", "##########"])
    door = s.game.areas["doors"].at(4, 1)
    s.game.command({"type": "build_padlock", "door": door.id})
    seen, events, _ = _watch(s, ("door_work_pos", "door_work", "door_worker"), (4, 1),
                             "padlock_built", 900)
    assert [ev for ev in events if ev["type"] == "padlock_built"]
    _check_grows(seen, _minion(s), PADLOCK_BUILD_TICKS)
