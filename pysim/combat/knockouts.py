"""Going down and getting up (KO-01..04, WAKE-02): a fighter knocked out or killed falls
where it stands and drops what it carries; the knocked out bleed (to death after
BLEED_DEATH_TICKS unless healed or clotted, wounds.py) or wake when waking.py says so.

Events: knockout, death, woke, bled_out (a death with cause "bled out"), bleeding_stopped.
"""
import cython

from pysim.combat import awareness as A, crowding, fighter as F, stance as ST, waking, wounds as W
from pysim.core import entities as E, movement, systems
from pysim.core.entities import Entity
from pysim.combat.fighter import Fighter


def drop_carried(game, e):
    """e lets go of the body it carries (it lies on e's tile) and drops its task."""
    f = e.fighter
    if f.carrying >= 0:
        body = game.entities.get(f.carrying)
        if body is not None:
            body.fighter.carried_by = -1
            body.x, body.y = e.x, e.y
            body.nx, body.ny = e.x, e.y
            body.step_len = 0
            body.step_t = 0
        f.carrying = -1
    f.task = None


def _fall(e, state):
    """e goes down where it stands (knocked out or dead): no step, no fight, no knowledge."""
    f = e.fighter
    e.state = state
    movement.stop(e)
    e.step_len = 0
    e.step_t = 0
    f.action = ST.IDLE
    f.target = -1
    f.known.clear()
    return f


def knock_out(game, e, by=-1):
    f = _fall(e, E.KNOCKED_OUT)
    f.ordered_target = -1
    f.down_tick = game.tick
    drop_carried(game, e)
    waking.schedule(game.rng.stream("combat"), f, game.tick)
    game.emit("knockout", entity=e.id, x=e.x, y=e.y, by=int(by),
              bleeding=f.bleeding(), wake_tick=f.wake_tick)


def kill(game, e, by=-1, cause="wound"):
    f = _fall(e, E.DEAD)
    f.wake_tick = waking.NO_WAKE
    drop_carried(game, e)
    if f.carried_by >= 0:
        carrier = game.entities.get(f.carried_by)
        if carrier is not None:
            carrier.fighter.carrying = -1
            carrier.fighter.task = None
        f.carried_by = -1
    killer = game.entities.get(int(by))
    if killer is not None and F.fighter_of(killer) is not None:
        killer.fighter.kills += 1
    game.emit("death", entity=e.id, x=e.x, y=e.y, by=int(by), cause=cause)
    A.make_noise(game, e.x, e.y, "death")   # AWARE-03


# --- bleeding and waking (WAKE-02; bleeding decision in wounds.py) ---------------------------
@systems.system("wounds", 450)
def wounds_tick(game):
    now = game.tick
    rng = None
    ents: dict = game.entities   # (typed: its get is a C call)
    # typed (knockouts.pxd): this walks every living body every tick
    e: Entity
    f: Fighter
    dead: cython.int = E.DEAD
    up: cython.int = E.UP
    knocked_out: cython.int = E.KNOCKED_OUT
    # live() (the dead skipped as before), a copy: a body may die or leave on the way
    for e in list(game.live()):
        if e.state == dead or ents.get(e.id) is not e:
            continue
        f = e.fighter
        if f is None:
            continue
        if f.bleeding_since >= 0:
            if e.state == up:
                if now - f.bleeding_since >= W.BLEED_CLOT_TICKS:
                    f.bleeding_since = -1
                    game.emit("bleeding_stopped", entity=e.id, cause="clotted")
            elif now - f.bleeding_since >= W.BLEED_DEATH_TICKS:
                kill(game, e, -1, "bled out")
                continue
        if e.state == knocked_out:
            if f.wake_tick == waking.NO_WAKE and f.bleeding_since < 0:
                if rng is None:
                    rng = game.rng.stream("combat")
                waking.schedule(rng, f, now)
            if waking.should_wake(f, now) and not crowding.bodies_holding(game, e.x, e.y, e.id):
                wake(game, e)   # CROWD-01: nobody gets up under a fighter standing on them


def wake(game, e):
    f = e.fighter
    if f.carried_by >= 0:
        carrier = game.entities.get(f.carried_by)
        if carrier is not None:
            drop_carried(game, carrier)
    e.state = E.UP
    f.wake_tick = waking.NO_WAKE
    f.next_attack = game.tick + f.stats.weapon.attack_ticks
    game.emit("woke", entity=e.id, x=e.x, y=e.y, captured=f.captured)
