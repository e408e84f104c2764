"""Trap jobs: hauling metal, building in place, resetting (BUILD-01, RESET-02, DECAY-02).

BUILD-01: a placed part is a blueprint. Metal comes from stock piles (TrapState.stock,
tile -> count; placed by levels with the `metal:N` thing). A minion on Drudgery or Traps
duty hauls one metal at a time from the nearest pile with metal to the site; once all the
part's metal is there (trap_parts.METAL), a Traps-duty minion works BUILD_TICKS on it
and it is built (ready, its 2-day clock starting).

Resets: a Traps-duty minion walks to a part that needs a reset or has expired, works
RESET_TICKS, then rolls (pysim/traps/resets.py); a failed roll means another RESET_TICKS and
another roll.

Choosing (decision): Traps duty takes resets first, then builds, then hauls; Drudgery only
hauls. Among candidates the nearest by octile distance wins, ties by part id. A part is
worked by one minion at a time (`part.worker`); haulers are counted (`part.haulers`) so no
more metal is carried than needed. The work tile is the part's own tile if it can be
walked, else the nearest walkable neighbour (a part in a wall).

Job lists (entity.job):
  ["haul", part_id, phase, stock_x, stock_y]   phase 0: to the pile, 1: to the site
  ["build", part_id, phase, 0]                 phase 0: walking, 1: working
  ["reset", part_id, phase, ticks_worked]
"""
from pysim.core import duties, entities
from pysim.traps import decay, resets, trap_parts as tp, trap_state


def work_tile(game, part):
    cost = game.grid.walk_cost()
    if cost[part.y, part.x] > 0:
        return (part.x, part.y)
    best = None
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            tx, ty = part.x + dx, part.y + dy
            if (dx or dy) and game.grid.in_bounds(tx, ty) and cost[ty, tx] > 0:
                key = (abs(dx) + abs(dy), ty, tx)
                if best is None or key < best:
                    best = key
    return None if best is None else (best[2], best[1])


def _claimed(game, p):
    w = p.worker
    if w < 0:
        return False
    e = game.entities.get(w)
    if e is None or e.state != entities.UP:
        return False
    job = getattr(e, "job", None)
    return job is not None and job[1] == p.id and job[0] in ("build", "reset")


# -- providers -------------------------------------------------------------------------------

def _give_work(game, e, kind, which):
    st = trap_state.state_of(game)
    ids = st.work_lists()[which]
    if not ids:
        return False
    cands = [st.parts[k] for k in ids]
    cands = [p for p in cands if not _claimed(game, p)]
    while cands:
        p = duties.nearest(e, cands)
        cands.remove(p)
        tile = work_tile(game, p)
        if tile is None or not duties.go(game, e, tile):
            continue
        p.worker = e.id
        st.changed()
        e.job = [kind, p.id, 0, 0]
        return True
    return False


def provide_reset(game, e):
    return _give_work(game, e, "reset", 0)


def provide_build(game, e):
    return _give_work(game, e, "build", 1)


def provide_haul(game, e):
    st = trap_state.state_of(game)
    if not st.stock:
        return False
    ids = st.work_lists()[2]
    if not ids:
        return False
    pile = duties.nearest_pile(e, st.stock)
    if pile is None:
        return False
    p = duties.nearest(e, [st.parts[k] for k in ids])
    if work_tile(game, p) is None or not duties.go(game, e, pile):
        return False
    st.stock[pile] -= 1            # reserved now, carried from the pile
    p.haulers += 1
    st.changed()
    e.job = ["haul", p.id, 0, pile[0], pile[1]]
    return True


duties.add_provider(duties.TRAPS, "reset", provide_reset, 10)
duties.add_provider(duties.TRAPS, "build", provide_build, 20)
duties.add_provider(duties.TRAPS, "haul", provide_haul, 30)
duties.add_provider(duties.DRUDGERY, "haul", provide_haul, 30)


# -- runners ----------------------------------------------------------------------------------

def _release_work(game, e):
    st = trap_state.state_of(game)
    p = st.parts.get(e.job[1])
    if p is not None and p.worker == e.id:
        p.worker = -1
        st.changed()


def _release_haul(game, e):
    st = trap_state.state_of(game)
    job = e.job
    pile = (job[3], job[4])
    st.stock[pile] = st.stock.get(pile, 0) + 1
    p = st.parts.get(job[1])
    if p is not None and p.haulers > 0:
        p.haulers -= 1
    st.changed()


def _job_part(game, e, keep):
    """The part e's job is for, or None (the job dropped) once it is gone or done."""
    return duties.job_target(game, e, trap_state.state_of(game).parts.get, keep)


def run_build(game, e):
    p = _job_part(game, e, lambda p: not p.built)
    if p is None or not duties.at_work(game, e, work_tile(game, p)):
        return
    p.work += 1
    if p.work >= tp.BUILD_TICKS:
        st = trap_state.state_of(game)
        p.built = True
        p.worker = -1
        decay.note_reset(st, p, game.tick)
        st.changed()
        game.emit("part_built", part=p.id, kind=p.kind, x=p.x, y=p.y, entity=e.id)
        e.job = None


def run_reset(game, e):
    p = _job_part(game, e, lambda p: p.needs_work())
    if p is None or not duties.at_work(game, e, work_tile(game, p)):
        return
    job = e.job
    job[3] += 1
    if job[3] < tp.RESET_TICKS:
        return
    job[3] = 0
    result = resets.roll_reset(game, e, p)
    if result == "failed":
        return
    p.worker = -1
    trap_state.state_of(game).changed()
    e.job = None


def run_haul(game, e):
    p = _job_part(game, e, lambda p: not p.built)
    if p is None or not duties.haul(game, e, lambda: work_tile(game, p), duties.go):
        return
    p.metal += 1
    p.haulers -= 1
    trap_state.state_of(game).changed()
    game.emit("metal_delivered", part=p.id, entity=e.id, metal=p.metal,
              needed=tp.METAL[p.kind])
    e.job = None


duties.add_job("build", run_build, _release_work)
duties.add_job("reset", run_reset, _release_work)
duties.add_job("haul", run_haul, _release_haul)
