"""What the game shows of doors: the snapshot rows and the door panel's details.

Snapshot keys (one row per door, by door id):
  door_id int32, door_pos float32 (N, 2), door_open uint8, door_state uint8
  (0 closed, 1 open, 2 held, 3 locked, 4 breached), door_held uint8, door_padlock uint8
  (0 none, 1 being built, 2 built), door_armed uint8, door_locked uint8 (stops
  adventurers now), door_trigger int32 (wired trigger
  part id or -1), door_trigger_on uint8.
  Breaches: breach_door, breach_worker, breach_method (0 pick, 1 bash), breach_progress,
  breach_needed, breach_failures, breach_total_failures (int32 arrays).
  Work on doors (a row per door with padlock building done or a minion at work on it:
  building the padlock, closing and re-arming it after a breach): door_work_pos float32
  (K, 2), door_work float32 (0..1 of the job done), door_worker int32 (-1: nobody).
"""
import cython
import numpy as np

from pysim.core import duties
from pysim.core.snapshot import snapshot_part
from pysim.doors import breach as BR
from pysim.doors.doors import (PADLOCK_BLUEPRINT, PADLOCK_BUILD_TICKS, REARM_TICKS,
                               SHOWN_WRITES, Door, area)
from pysim.doors.wired_doors import trigger_of
from pysim.traps import trap_state


DOOR_KEYS = ("door_id", "door_pos", "door_open", "door_state", "door_held", "door_locked",
             "door_padlock", "door_armed", "door_trigger", "door_trigger_on")
BREACH_KEYS = ("breach_door", "breach_worker", "breach_method", "breach_progress",
               "breach_needed", "breach_failures", "breach_total_failures")


@snapshot_part
def door_snapshot(game, snap):
    """The door rows are made again only after a write to a shown door field
    (doors.SHOWN_WRITES), a door added or a wiring change; the breach rows (few, and their
    progress moves every tick of a breach) when one of them changed. Otherwise the same
    arrays are handed out and the front end is not sent them again (snapshot.Frames)."""
    a = area(game)
    doors = a.ordered           # by id (area.sorted_doors, without the copy)
    trig = _triggers(game, a, doors)
    key = (SHOWN_WRITES[0], len(doors), a._snap_triggers[0])
    cache = getattr(a, "_snap_rows", None)
    if cache is None or cache[0] != key:
        cache = (key, _door_arrays(doors, trig, None if cache is None else cache[1]))
        a._snap_rows = cache
    snap.update(cache[1])
    brows = [(b.door, b.worker, 0 if b.method == BR.PICK else 1, b.progress, b.ticks_needed,
              b.failures, b.total_failures) for b in a.breaches]
    bcache = getattr(a, "_snap_breaches", None)
    if bcache is None or bcache[0] != brows:
        bcache = (brows, _breach_arrays(brows, None if bcache is None else bcache[1]))
        a._snap_breaches = bcache
    snap.update(bcache[1])
    work = _work_now(game, a)
    wcache = getattr(a, "_snap_work", None)
    if wcache is None or wcache[0] != work:
        wcache = (work, {"door_work_pos": np.array([[r[0], r[1]] for r in work],
                                                   dtype=np.float32).reshape(-1, 2),
                         "door_work": np.array([r[2] for r in work], dtype=np.float32),
                         "door_worker": np.array([r[3] for r in work], dtype=np.int32)})
        a._snap_work = wcache
    snap.update(wcache[1])


def _work_now(game, a):
    """(x, y, share done, worker) of each door with work on it now, by id (the doors with
    work: few, their list kept while no shown field changes)."""
    rows = []
    for d in a.with_work():
        if d.padlock == PADLOCK_BLUEPRINT:
            job = duties.job_at_work(game, d.worker, ("padlock_build",), d.id)
            if d.work > 0 or job is not None:
                rows.append((d.x, d.y, d.work / float(PADLOCK_BUILD_TICKS),
                             -1 if job is None else d.worker))
        else:
            job = duties.job_at_work(game, d.worker, ("door_rearm",), d.id)
            if job is not None:
                rows.append((d.x, d.y, job[3] / float(REARM_TICKS), d.worker))
    return rows


def _triggers(game, a, doors):
    """The wired trigger part id of each door (-1: none); changes only with the wiring
    layout (the network's own cache key)."""
    st = trap_state.state_of(game)
    key = (len(doors), st.layout, st.wires.version, id(st))
    cached = getattr(a, "_snap_triggers", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    net = trap_state.network(game) if doors and st.wires.wires else None
    trig = []
    for d in doors:
        t = trigger_of(game, d, net) if net is not None else None
        trig.append(-1 if t is None else t.id)
    a._snap_triggers = (key, trig)
    return trig


@cython.boundscheck(False)
@cython.wraparound(False)
def _door_rows(doors: list, trig: list, m: cython.int[:, ::1]):
    """Row i of m: door i's shown fields in DOOR_KEYS order (door_pos as two columns)."""
    i: cython.Py_ssize_t
    d: Door
    for i in range(len(doors)):
        d = doors[i]
        m[i, 0] = d.id
        m[i, 1] = d.x
        m[i, 2] = d.y
        m[i, 3] = 1 if d._open else 0          # (typed: the slots read in C)
        m[i, 4] = d.state_code()
        m[i, 5] = 1 if d._held else 0
        # door_locked (for world/DoorLayer.gd): a padlock that stops adventurers now
        m[i, 6] = 1 if d.stops() else 0
        m[i, 7] = d._padlock
        m[i, 8] = 1 if d._armed else 0
        m[i, 9] = trig[i]
        m[i, 10] = 1 if d._trigger_on else 0


def _door_arrays(doors, trig, last):
    """The door rows (see _kept for `last`)."""
    m = np.empty((len(doors), 11), dtype=np.int32)
    _door_rows(doors, trig, m)
    u8 = np.uint8
    made = {"door_id": m[:, 0].copy(), "door_pos": m[:, 1:3].astype(np.float32),
            "door_open": m[:, 3].astype(u8), "door_state": m[:, 4].astype(u8),
            "door_held": m[:, 5].astype(u8), "door_locked": m[:, 6].astype(u8),
            "door_padlock": m[:, 7].astype(u8), "door_armed": m[:, 8].astype(u8),
            "door_trigger": m[:, 9].copy(), "door_trigger_on": m[:, 10].astype(u8)}
    return _kept(made, last)


def _breach_arrays(brows, last):
    """The breach rows (a breach's progress moves every tick of it; the other keys keep
    `last`'s arrays while their values stand)."""
    m = np.array(brows, dtype=np.int32).reshape(-1, 7)
    return _kept({k: m[:, i].copy() for i, k in enumerate(BREACH_KEYS)}, last)


def _kept(made, last):
    """made, where a key's array equals last's (the rows made before) that very array, so
    the front end is sent only the keys that changed (snapshot.Frames)."""
    if last is not None:
        for k, v in made.items():
            old = last[k]
            if old.shape == v.shape and old.tobytes() == v.tobytes():
                made[k] = old
    return made

