"""Minion duties: what a minion does when nobody is fighting.

Duties (a setting per minion, `entity.duty`, changed with the `set_duty` command):
  none      no standing work: the minion wanders (the default brain)
  traps     builds trap parts and resets them (BUILD-01, RESET-02, DECAY-02); hauls metal
            when there is nothing to build or reset
  drudgery  hauls materials to building sites; other areas add chores (the doors module:
            closing breached doors and re-arming padlocks, BREACH-05)

Jobs: a minion holds at most one job, `entity.job`, a list [kind, target, phase, ...]
(plain values, so it is part of the saved and hashed state). Rule areas register:
- PROVIDERS[duty]: ordered (order, name, fn); fn(game, ent) -> bool tries to give the
  minion a job (sets ent.job and usually a path) and says whether it did.
- RUNNERS[kind] = fn(game, ent): advances a job each tick; sets ent.job = None when done.
- RELEASERS[kind] = fn(game, ent): gives back what a job had claimed when it is dropped.

The "duties" system runs before the default brains (order 90). A minion busy with a job
keeps a small `idle` count so the default brain leaves it alone; an idle minion with no
job found rests LOOK_TICKS before looking again, then wanders.
"""
from pysim import commands, entities, fighter, systems

NONE = "none"
TRAPS = "traps"
DRUDGERY = "drudgery"
DUTIES = (NONE, TRAPS, DRUDGERY)
DUTY_NAMES = {NONE: "No duty", TRAPS: "Traps", DRUDGERY: "Drudgery"}

LOOK_TICKS = 15

PROVIDERS = {NONE: [], TRAPS: [], DRUDGERY: []}
RUNNERS = {}
RELEASERS = {}


def add_provider(duty, name, fn, order=100):
    lst = PROVIDERS.setdefault(duty, [])
    for i, (_, n, _) in enumerate(lst):
        if n == name:
            del lst[i]
            break
    lst.append((order, name, fn))
    lst.sort(key=lambda item: (item[0], item[1]))


def duty_of(e):
    return getattr(e, "duty", NONE)


def minions_on(game, duty):
    return [e for e in game.entities.values()
            if e.kind == entities.MINION and duty_of(e) == duty and e.state == entities.UP]


def drop_job(game, e):
    job = getattr(e, "job", None)
    if job is None:
        return
    fn = RELEASERS.get(job[0])
    if fn is not None:
        fn(game, e)
    e.job = None


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


@systems.system("duties", 90)
def tick(game):
    for eid in sorted(game.entities):
        e = game.entities[eid]
        if e.kind != entities.MINION:
            continue
        job = getattr(e, "job", None)
        if e.state != entities.UP or fighter.engaged(e) or getattr(e, "rampage", False):
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
