"""What the front end sees of sleep (SLEEP-01..04, pysim/economy/sleep.py): the sleep_* rows.

Per-frame data only from what changed: the rows are a keyed snapshot part
(snapshot.keyed_part) whose version is the sleepers themselves, read by one typed walk over
the live bodies; they are made again only when someone fell asleep, woke or was carried
elsewhere asleep.
"""
import cython
import numpy as np

from pysim.core import entities
from pysim.core.entities import Entity
from pysim.core.snapshot import describe_part, keyed_part
from pysim.economy.sleep import asleep


def sleepers(game):
    """(id, x, y, 1 in its own bed / 0 on the floor) of the minions asleep (sleep.asleep),
    in id order."""
    e: Entity
    minion: cython.int = entities.MINION
    out = []
    for e in game.live():
        if e.kind == minion and asleep(e):
            out.append((e.id, e.x, e.y, 1 if e.job[4] >= 0 else 0))
    return tuple(out)


def snapshot(game, snap):
    """sleep_ids int32 (S) of the minions asleep, sleep_pos float32 (S,2) their tiles,
    sleep_in_bed uint8 (1: in its own bed)."""
    rows = sleepers(game)
    snap["sleep_ids"] = np.array([r[0] for r in rows], dtype=np.int32)
    snap["sleep_pos"] = np.array([[r[1], r[2]] for r in rows], dtype=np.float32).reshape(-1, 2)
    snap["sleep_in_bed"] = np.array([r[3] for r in rows], dtype=np.uint8)


def describe_sleep(game, e, info):
    """job_phrase "asleep in its bed" / "asleep on the floor" / "going to its bed", job_at
    the bed (or where it lies), sleep_until (the tick it wakes rested)."""
    job = getattr(e, "job", None)
    if job is None or job[0] != "sleep":
        return
    if job[2] == 0:
        info["job_phrase"] = "going to its bed"
    else:
        info["job_phrase"] = "asleep in its bed" if job[4] >= 0 else "asleep on the floor"
    info["job_at"] = [job[4], job[5]] if job[4] >= 0 else [e.x, e.y]
    info["sleep_until"] = int(job[3])


# the sleep_* rows, made again only when sleepers moved
keyed_part(sleepers)(snapshot)
describe_part(describe_sleep)
