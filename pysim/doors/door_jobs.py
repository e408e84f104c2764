"""Door jobs for minions: a Drudgery minion closes a breached door and arms its padlock again
(BREACH-05); metal is hauled to a padlock blueprint and a Traps minion builds it (LOCK-01).
"""
from pysim.core import duties, entities, movement
from pysim.doors.doors import (PADLOCK_BLUEPRINT, PADLOCK_BUILD_TICKS, PADLOCK_METAL,
                               REARM_TICKS, area, finish_padlock, rearm)
from pysim.traps import trap_state, trap_view


def _work_tile(game, door):
    cost = game.grid.walk_cost()
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        x, y = door.x + dx, door.y + dy
        if game.grid.in_bounds(x, y) and cost[y, x] > 0 and area(game).at(x, y) is None:
            return (x, y)
    return None


def _claimed(game, door, kinds):
    w = door.worker
    if w < 0:
        return False
    e = game.entities.get(w)
    job = getattr(e, "job", None) if e is not None else None
    return (e is not None and e.state == entities.UP and job is not None
            and job[0] in kinds and job[1] == door.id)


def _provide(game, e, kind, want):
    a = area(game)
    cands = [d for d in a.with_work() if want(d) and not _claimed(game, d, (kind,))]
    cands.sort(key=lambda d: (duties.octile(e.x, e.y, d.x, d.y), d.id))
    for d in cands:
        tile = _work_tile(game, d)
        if tile is None:
            continue
        if (e.x, e.y) != tile and not movement.go_to(game, e, tile[0], tile[1]):
            continue
        d.worker = e.id
        d.work = 0
        e.job = [kind, d.id, 0, 0]
        return True
    return False


def provide_rearm(game, e):
    return _provide(game, e, "door_rearm", lambda d: d.breached)


def provide_padlock(game, e):
    return _provide(game, e, "padlock_build",
                    lambda d: d.padlock == PADLOCK_BLUEPRINT and d.metal >= PADLOCK_METAL)


def provide_padlock_haul(game, e):
    # the doors first: most looks find no blueprint short of metal, and the piles cost more
    a = area(game)
    want = [d for d in a.with_work() if d.padlock == PADLOCK_BLUEPRINT
            and d.metal + d.haulers < PADLOCK_METAL and _work_tile(game, d) is not None]
    if not want:
        return False
    st = trap_state.state_of(game)
    pile = duties.nearest_pile(e, st.stock)
    if pile is None:
        return False
    d = duties.nearest(e, want)
    if (e.x, e.y) != pile and not movement.go_to(game, e, pile[0], pile[1]):
        return False
    st.stock[pile] -= 1
    st.changed()
    d.haulers += 1
    e.job = ["padlock_haul", d.id, 0, pile[0], pile[1]]
    return True


def _job_door(game, e, keep):
    """The door e's job is for, or None (the job dropped) once it is gone or done."""
    return duties.job_target(game, e, area(game).get, keep)


def run_rearm(game, e):
    d = _job_door(game, e, lambda d: d.breached)
    if d is None or not duties.at_work(game, e, _work_tile(game, d)):
        return
    e.job[3] += 1
    if e.job[3] >= REARM_TICKS:
        rearm(game, d, e.id)
        e.job = None


def run_padlock(game, e):
    d = _job_door(game, e, lambda d: d.padlock == PADLOCK_BLUEPRINT)
    if d is None or not duties.at_work(game, e, _work_tile(game, d)):
        return
    d.work += 1
    if d.work >= PADLOCK_BUILD_TICKS:
        finish_padlock(game, d, e.id)
        e.job = None


def run_padlock_haul(game, e):
    d = _job_door(game, e, lambda d: d.padlock == PADLOCK_BLUEPRINT)
    if d is None or not duties.haul(game, e, lambda: _work_tile(game, d), duties.plan,
                                    near=(d.x, d.y)):
        return
    d.metal += 1
    d.haulers -= 1
    game.emit("metal_delivered", door=d.id, entity=e.id, metal=d.metal,
              needed=PADLOCK_METAL)
    e.job = None


def _release_door_work(game, e):
    d = area(game).get(e.job[1])
    if d is not None and d.worker == e.id:
        d.worker = -1


def _release_padlock_haul(game, e):
    st = trap_state.state_of(game)
    job = e.job
    pile = (job[3], job[4])
    st.stock[pile] = st.stock.get(pile, 0) + 1
    st.changed()
    d = area(game).get(job[1])
    if d is not None and d.haulers > 0:
        d.haulers -= 1


def _drop_rearm(game, door):
    w = game.entities.get(door.worker) if door.worker >= 0 else None
    if w is not None and getattr(w, "job", None) is not None and w.job[0] == "door_rearm":
        duties.drop_job(game, w)
    door.worker = -1


duties.add_provider(duties.DRUDGERY, "door_rearm", provide_rearm, 5)
duties.add_provider(duties.DRUDGERY, "padlock_haul", provide_padlock_haul, 35)
duties.add_provider(duties.TRAPS, "padlock_build", provide_padlock, 25)
duties.add_provider(duties.TRAPS, "padlock_haul", provide_padlock_haul, 35)
duties.add_job("door_rearm", run_rearm, _release_door_work)
duties.add_job("padlock_build", run_padlock, _release_door_work)
duties.add_job("padlock_haul", run_padlock_haul, _release_padlock_haul)


def _door_job_object(game, job):
    """What the Info tab says a door job is on: the padlock of door job[1]."""
    d = area(game).get(job[1])
    return None if d is None else ("padlock", d.x, d.y)


for _kind in ("door_rearm", "padlock_build", "padlock_haul"):
    trap_view.JOB_OBJECTS[_kind] = _door_job_object
