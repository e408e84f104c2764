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
            if waking.should_wake(f, now):
                wake(game, e)


def wake(game, e):
    """e comes to (WAKE-02: on time, whatever stands on it). A body someone stands on gets
    up on a free tile beside it (`room_beside`, CROWD-01: nobody gets up under a fighter);
    with none free it gets up where it lies, and the crowding rule parts the two (the one
    that keeps the tile keeps it, the other steps off; neither strikes from it meanwhile)."""
    f = e.fighter
    if f.carried_by >= 0:
        carrier = game.entities.get(f.carried_by)
        if carrier is not None:
            drop_carried(game, carrier)
    under = -1
    # (a prisoner stays where it is kept: in its cell, held by nobody's crowding)
    standing = [] if f.captured else crowding.bodies_holding(game, e.x, e.y, e.id)
    if standing:
        under = standing[0].id
        spot = room_beside(game, e)
        if spot is not None:
            e.x, e.y = spot
            e.nx, e.ny = spot
    e.state = E.UP
    f.wake_tick = waking.NO_WAKE
    f.next_attack = game.tick + f.stats.weapon.attack_ticks
    game.emit("woke", entity=e.id, x=e.x, y=e.y, captured=f.captured, under=under)


def _open(cost, x, y):
    return 0 <= y < cost.shape[0] and 0 <= x < cost.shape[1] and cost[y, x] > 0


def room_beside(game, e):
    """A free tile beside e's (NEIGHBOURS order: orthogonal first; a diagonal one only
    where both tiles round the corner are open): walkable, no conscious fighter on it or
    stepping into or out of it, no other knocked-out body lying there. None if none."""
    cost = game.grid.walk_cost()
    lying = set()
    o: Entity
    for o in game.live():
        if o.state == E.KNOCKED_OUT and o.id != e.id:
            lying.add((o.x, o.y))
    for dx, dy in crowding.NEIGHBOURS:
        x = e.x + dx
        y = e.y + dy
        if not _open(cost, x, y) or (x, y) in lying:
            continue
        if dx and dy and not (_open(cost, e.x + dx, e.y) and _open(cost, e.x, e.y + dy)):
            continue
        if crowding.bodies_holding(game, x, y, e.id):
            continue
        return (x, y)
    return None
