"""Minion duties: what a minion does when nobody is fighting.

Duties (a setting per minion, `entity.duty`, changed with the `set_duty` command):
  none      no standing work: the minion wanders (the default brain)
  traps     builds trap parts and resets them (BUILD-01, RESET-02, DECAY-02); hauls metal
            when there is nothing to build or reset
  drudgery  hauls materials to building sites; other areas add chores (pysim/doors/door_jobs.py:
            closing breached doors and re-arming padlocks, BREACH-05)

Jobs: a minion holds at most one job, `entity.job`, a list [kind, target, phase, ...]
(plain values, so it is part of the saved and hashed state). Rule areas register:
- PROVIDERS[duty]: ordered (order, name, fn); fn(game, ent) -> bool tries to give the
  minion a job (sets ent.job and usually a path) and says whether it did.
- RUNNERS[kind] = fn(game, ent): advances a job each tick; sets ent.job = None when done.
- RELEASERS[kind] = fn(game, ent): gives back what a job had claimed when it is dropped.
- BUSY_HOOKS: fn(ent) -> True while the minion does what comes before any duty (fighting:
  pysim/combat/fighter.py engaged); its job is dropped meanwhile.

The "duties" system runs before the default brains (order 90). A minion busy with a job
keeps a small `idle` count so the default brain leaves it alone; an idle minion with no
job found rests LOOK_TICKS before looking again, then wanders.
"""
import cython

from pysim.core import commands, entities, movement, systems
from pysim.core.entities import Entity

NONE = "none"
TRAPS = "traps"
DRUDGERY = "drudgery"
DUTIES = (NONE, TRAPS, DRUDGERY)

LOOK_TICKS = 15

PROVIDERS = {NONE: [], TRAPS: [], DRUDGERY: []}
RUNNERS = {}
RELEASERS = {}
BUSY_HOOKS = []


def add_provider(duty, name, fn, order=100):
    lst = PROVIDERS.setdefault(duty, [])
    for i, (_, n, _) in enumerate(lst):
        if n == name:
            del lst[i]
            break
    lst.append((order, name, fn))
    lst.sort(key=lambda item: (item[0], item[1]))


def add_job(kind, run, release):
    """Register a job kind: its runner and its releaser."""
    RUNNERS[kind] = run
    RELEASERS[kind] = release


def duty_of(e):
    return getattr(e, "duty", NONE)


def minions_on(game, duty):
    return [e for e in game.live()
            if e.kind == entities.MINION and duty_of(e) == duty and e.state == entities.UP]


def drop_job(game, e):
    job = getattr(e, "job", None)
    if job is None:
        return
    fn = RELEASERS.get(job[0])
    if fn is not None:
        fn(game, e)
    e.job = None


# -- shared by the job runners (traps: pysim/traps/jobs.py; doors: pysim/doors/door_jobs.py) ------

def octile(ax, ay, bx, by):
    """Octile distance (orthogonal 2, diagonal 3): how jobs rank what is nearest."""
    dx = abs(ax - bx)
    dy = abs(ay - by)
    return 2 * max(dx, dy) + min(dx, dy)


def nearest(e, things):
    """The thing (with x, y, id) nearest to e by octile distance, ties by id; None if none."""
    best = None
    for t in things:
        key = (octile(e.x, e.y, t.x, t.y), t.id)
        if best is None or key < best[0]:
            best = (key, t)
    return None if best is None else best[1]


def nearest_pile(e, stock):
    """The (x, y) of the stock pile with metal nearest to e (ties: y, then x), or None.
    (No tile is in stock twice, so the first of the least (distance, y, x) in any order is
    the answer: no sort. Idle minions ask it of every pile, emptied ones too, every look.)"""
    ex: cython.int = e.x
    ey: cython.int = e.y
    x: cython.int
    y: cython.int
    d: cython.int
    bd: cython.int = 0
    bx: cython.int = 0
    by: cython.int = 0
    best = None
    for t, n in stock.items():
        if n <= 0:
            continue
        x = t[0]
        y = t[1]
        d = octile(ex, ey, x, y)
        if best is None or d < bd or (d == bd and (y < by or (y == by and x < bx))):
            best = t
            bd = d
            bx = x
            by = y
    return best


def arrived(e, tile):
    return e.step_len == 0 and e.path is None and (e.x, e.y) == tile


def _stopped(e):
    return e.step_len == 0 and e.path is None


def plan(game, e, tile):
    """movement.go_to for an (x, y) tile."""
    return movement.go_to(game, e, tile[0], tile[1])


def go(game, e, tile):
    """Like plan, but standing on the tile already (not mid-step) counts as a path: none."""
    if (e.x, e.y) == tile and e.step_len == 0:
        e.path = None
        return True
    return plan(game, e, tile)


def job_target(game, e, get, keep):
    """What e's job works on (`get(job[1])`), or None, the job dropped, when it is gone or
    `keep(target)` no longer holds."""
    t = get(e.job[1])
    if t is None or not keep(t):
        drop_job(game, e)
        return None
    return t


def job_at_work(game, eid, kinds, target):
    """The job of minion `eid` while it is up, holds a job of one of `kinds` on `target`
    (job[1]) and stands at its work place (phase 1, see at_work); else None. What the
    snapshot's work rows show as a site's worker and the work's progress."""
    e = game.entities.get(eid)
    if e is None or e.state != entities.UP:
        return None
    job = getattr(e, "job", None)
    if job is None or job[0] not in kinds or job[1] != target or job[2] != 1:
        return None
    return job


def at_work(game, e, tile):
    """True once e stands on the work tile (job phase 0 -> 1), and from then on; while on
    its way it re-plans when it stopped and drops the job when there is no way."""
    if tile is None:
        return False
    job = e.job
    if job[2] == 0:
        if arrived(e, tile):
            job[2] = 1
            return True
        if _stopped(e) and not plan(game, e, tile):
            drop_job(game, e)
        return False
    return True


def haul(game, e, site, go_site, near=None):
    """A haul job [kind, target, phase, pile_x, pile_y]: phase 0 walks to the pile, then
    `go_site(game, e, tile)` (go or plan) heads for the site's work tile `site()`; phase 1 walks there.
    True when the load can be handed over: on the work tile, or (with `near` = (x, y))
    stopped within 1 tile of it. Drops the job when the way or the work tile is lost."""
    job = e.job
    if job[2] == 0:
        pile = (job[3], job[4])
        if arrived(e, pile):
            job[2] = 1
            tile = site()
            if tile is None or not go_site(game, e, tile):
                drop_job(game, e)
            return False
        if _stopped(e) and not plan(game, e, pile):
            drop_job(game, e)
        return False
    tile = site()
    if tile is None:
        drop_job(game, e)
        return False
    if arrived(e, tile) or (near is not None and _stopped(e)
                            and max(abs(e.x - near[0]), abs(e.y - near[1])) <= 1):
        return True
    if _stopped(e) and not plan(game, e, tile):
        drop_job(game, e)
    return False


@commands.command("set_duty")
class SetDuty:
    def check(game, cmd):
        r = commands.need_entity(game, cmd) or commands.need_str(cmd, "duty", DUTIES)
        if r:
            return r
        if game.entities[int(cmd["entity"])].kind != entities.MINION:
            return "Only minions take duties."
        return None

    def apply(game, cmd):
        e = game.entities[int(cmd["entity"])]
        if duty_of(e) == cmd["duty"]:
            return
        drop_job(game, e)
        e.duty = cmd["duty"]
        game.emit("duty_set", entity=e.id, duty=e.duty)


@cython.cfunc
def _busy(e) -> cython.bint:
    for fn in BUSY_HOOKS:
        if fn(e):
            return True
    return False


@systems.system("duties", 90)
def tick(game):
    e: Entity
    minion: cython.int = entities.MINION
    up: cython.int = entities.UP
    ents: dict = game.entities   # (typed: its get is a C call)
    for eid in sorted(ents):
        e = ents[eid]
        if e.kind != minion:
            continue
        job = getattr(e, "job", None)
        if e.state != up or _busy(e) or getattr(e, "rampage", False):
            if job is not None:
                drop_job(game, e)
            continue
        if job is not None:
            RUNNERS[job[0]](game, e)
            if getattr(e, "job", None) is not None:
                e.idle = 2        # keep the default brain away while working
            continue
        duty = duty_of(e)
        if duty == NONE or e.step_len > 0 or e.path is not None or e.idle > 0:
            continue
        took = False
        for _, _, fn in PROVIDERS.get(duty, ()):
            if fn(game, e):
                took = True
                break
        if took:
            e.idle = 2
        else:
            e.idle = LOOK_TICKS


def set_duty_now(game, e, duty):
    """For levels and tests: set a duty without a command."""
    e.duty = duty
