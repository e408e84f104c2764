"""Walking through a door (DOOR-01, LOCK-03/04) and the doors system.

A door opens for whoever steps in and closes by itself CLOSE_DELAY ticks after they cleared
the tile, never on a body (DOOR-01). A locked door stops those who may not unlock it
(pysim/doors/locks.py): a wall in their cost view, except for adventurers, who plan
through it and are stopped at it (their party breaches: breaching.py).

The doors system (order 300) each tick: parties choose their way at closed doors
(route_choice.py), stopped parties breach (breaching.py), then doors close.
"""
import cython

from pysim.core import entities, movement, reachability, systems
from pysim.core.entities import Entity
from pysim.core.parties import PartyIndex, party_of
from pysim.doors import locks
from pysim.doors.breaching import breaches
from pysim.doors.doors import CLOSE_DELAY, Door, _open, area
from pysim.doors.route_choice import route_choices


def invasion(game):
    """An invasion is under way while an adventurer is on the map and up."""
    e: Entity
    adventurer: cython.int = entities.ADVENTURER
    up: cython.int = entities.UP
    for e in game.live():     # typed: asked at every plan and door step of every walker
        if e.kind == adventurer and e.state == up:
            return True
    return False


def purpose_of(e):
    f = e.fighter
    if f is None or f.target < 0:
        return locks.WALK
    if f.ordered_target >= 0 and f.ordered_target == f.target:
        return locks.ORDERED
    return locks.ENEMY


def may_pass(game, e, door):
    d: Door = door
    if not d.stops():
        return True
    return locks.may_unlock(e, purpose_of(e), invasion(game))


def _step_check(game, e, nx, ny):
    a = area(game)
    if not a.by_pos:
        return True
    door = a.by_pos.get((nx, ny))
    if door is None or may_pass(game, e, door):
        return True
    if e.kind == entities.ADVENTURER:
        a.requests.append([party_of(e), door.id, e.id])
    return False


def _on_step(game, ent, nx, ny):
    doors = area(game)
    if not doors.by_pos:
        return
    door = doors.by_pos.get((nx, ny))
    if door is None:
        return
    if door.stops():
        game.emit("door_unlocked", door=door.id, entity=ent.id)
    _open(game, door, ent.id)
    # Long enough for the walker to cross the tile and clear it.
    door.close_at = max(door.close_at, game.tick + 2 * ent.step_len + CLOSE_DELAY)


movement.add(movement.STEP_CHECKS, "doors", _step_check, order=60)
movement.add(movement.STEP_HOOKS, "doors", _on_step, order=100)


def _cost_view(game, e, cost):
    """Per walker: locked doors it may not unlock are walls (LOCK-03/04) - except for
    adventurers, who plan through them and breach; their party's avoided doors (DOOR-02)
    and given-up doors (BREACH-04) are walls to them."""
    a = area(game)
    if not a.by_pos:
        return cost
    block = []
    if e.kind == entities.ADVENTURER:
        r = a.parties.get(party_of(e))
        if r is not None:
            for did in r.blocked_doors():
                d = a.get(did)
                if d is not None:
                    block.append(d)
    else:
        # whether e unlocks a door depends on e, not on the door: asked once per plan
        stopping = a.stopping()
        if stopping and not locks.may_unlock(e, purpose_of(e), invasion(game)):
            block = stopping
    if not block:
        return cost
    return reachability.blocking(game, cost, [(d.x, d.y) for d in block])


movement.add(movement.COST_VIEWS, "doors", _cost_view, order=50)


def _occupied_doors(game, a):
    """{door id: True} for every door a body (not dead) stands on or is stepping into: one
    pass over the entities, made only when some door is due to close (DOOR-01: a door never
    closes on a body)."""
    grid: cython.int[:, ::1] = a.door_grid(game)
    h: cython.int = game.grid.height
    w: cython.int = game.grid.width
    dead: cython.int = entities.DEAD
    out = {}
    e: Entity
    did: cython.int
    for e in game.live():
        if e.state == dead:
            continue
        if 0 <= e.x < w and 0 <= e.y < h:
            did = grid[e.y, e.x]
            if did != 0:
                out[did] = True
        if e.step_len > 0 and 0 <= e.nx < w and 0 <= e.ny < h:
            did = grid[e.ny, e.nx]
            if did != 0:
                out[did] = True
    return out


# -- the doors system ---------------------------------------------------------------------------


@systems.system("doors", 300)
def tick(game):
    a = area(game)
    if not a.by_pos:
        return
    a.index = PartyIndex(game)
    try:
        route_choices(game)
        breaches(game)
    finally:
        a.index = None
    occupied = None
    door: Door
    for door in a.ordered:     # (typed: the slots read in C, the writes counted)
        if door.rest_open() or door._breached:
            if not door._open:
                _open(game, door)
            continue
        if door._open and 0 <= door.close_at <= game.tick:
            if occupied is None:            # bodies on doors: one pass, only when needed
                occupied = _occupied_doors(game, a)
            if door.id in occupied:
                door.close_at = game.tick + CLOSE_DELAY
                continue
            door.open = False
            door.close_at = -1
            game.emit("door_closed", door=door.id, x=door.x, y=door.y)
