"""Moving to reach a target (REACH-01, CROWD-01, CROWD-02, STANCE-01's running away).

A melee fighter walks to a free tile next to its target (crowding.attack_tile), holds its
tile when the target steps next to it, and waits a little way off when every tile next to
the target is taken. Walking knows nothing of bodies, so two hooks keep a fighter from
walking through the enemy it is after (`no_walking_through`, `around_target`).
"""
import array

import cython
import numpy as np

from pysim.combat import awareness as A, crowding, stance as ST, stats as S, targets
from pysim.combat.sight import cheb, dist2
from pysim.combat.striking import face_tile
from pysim.core import entities as E, movement
from pysim.core.entities import Entity
from pysim.combat.fighter import Fighter, can_fight, conscious

# C ints when compiled (reaching.pxd): the step check reads them at every step of a fighter
IDLE = ST.IDLE
FIGHT = ST.FIGHT
UP = E.UP
SMALL = S.SMALL    # (a module global: a cached lookup, where S.SMALL is a getattr)


def small(e: Entity) -> cython.bint:
    """CROWD-02's small body (StatBlock.has(S.SMALL), read straight: combat asks it of
    every fighter every tick)."""
    f: Fighter = e.fighter
    return SMALL in f.stats.traits


class Walkable(object):
    """walkable(x, y): inside the map and open in the walk cost (compiled: a C read of
    the cost grid; fights ask it for every tile round every target)."""

    def __init__(self, cost, w, h):
        self.cost = cost
        self.w = w
        self.h = h

    def __call__(self, x: cython.int, y: cython.int):
        if x < 0 or y < 0 or x >= self.w or y >= self.h:
            return False
        return self.cost[y, x] > 0


def walkable_fn(game):
    return Walkable(game.grid.walk_cost(), game.grid.width, game.grid.height)


def hold(e):
    """Keep the default brains off a body combat is steering."""
    b = e
    if b.idle < 2:
        b.idle = 2


def place(t: Entity):
    """The tile a body holds in a fight: the one it stands on, or is stepping into."""
    if t.step_len:
        return t.nx, t.ny
    return t.x, t.y


def walk_to(game, e, x, y):
    if e.fighter.rooted:
        movement.stop(e)
        return False
    if e.path is not None and e.goal_x == x and e.goal_y == y:
        return True
    if e.step_len == 0 and e.x == x and e.y == y:
        movement.stop(e)
        return True
    if e.path is None and e.goal_x == x and e.goal_y == y and \
            (game.tick + e.id) % A.LOOK_PERIOD != 0:
        return False   # no way there last time (or held in line): try again on its look tick
    return movement.go_to(game, e, x, y)


BODY_DETOUR = 6   # extra walking cost of a tile another fighter holds, for one in a fight


def in_fight(e: Entity):
    """Is e a conscious fighter going for (or away from) a known enemy?"""
    f: Fighter = e.fighter
    return f is not None and e.state == UP and f.target >= 0 and f.action != IDLE \
        and conscious(e)


def room_to_step(game, e: Entity, nx, ny):
    """CROWD-01/02: may e step into (nx, ny)? Not when another fighter holds it and either
    of them is in a fight, unless both are small and the other is alone there."""
    if e.fighter is None or not conscious(e):
        return True
    bodies = crowding.bodies_holding(game, nx, ny, e.id)
    if not bodies:
        return True
    if len(bodies) == 1 and changing_places(game, e, bodies[0]):
        return True
    if not in_fight(e):
        engaged = False
        for o in bodies:
            if in_fight(o):
                engaged = True
        if not engaged:
            return True       # walking outside fights has no bodies
    if len(bodies) == 1 and small(e) and small(bodies[0]):
        return True
    return False


def changing_places(game, e: Entity, o: Entity):
    """CROWD-01 (decision): are e and its ally o, each alone on its tile, changing places
    (o stands still with its next step into e's tile, or is stepping from the tile e
    steps into into e's)? Then e may step into o's tile: each tile still holds one body
    (`make_room`: a body giving way where it has no free tile to step aside to)."""
    if o.side != e.side or e.step_len:
        return False
    if o.step_len:
        if o.nx != e.x or o.ny != e.y:
            return False
    elif next_step(o) != (e.x, e.y):
        return False
    for b in crowding.bodies_holding(game, e.x, e.y, e.id):
        if b is not o:
            return False
    return True


def step_off(game, e: Entity, t, occ, walkable, toward):
    """CROWD-01: e stands on a tile another fighter keeps (occ.may_stay is False: a step
    begun before the fight, a body waking where it had to, a party come in on one portal
    tile). It steps to a free neighbour (no body holds it, no corner cut): the one nearest
    its target when `toward`, else the one farthest from it; without a target the first
    free one (ties: NEIGHBOURS order). False when none is free: it stays, and never
    strikes from the shared tile (the one keeping it does: combat._fight)."""
    if e.fighter.rooted:
        return False
    is_small = small(e)
    best = None
    best_d = 0
    for x, y in free_neighbours(e, walkable, occ, is_small):
        if crowding.bodies_holding(game, x, y, e.id):
            continue
        if t is None:
            best = (x, y)
            break
        tx, ty = place(t)
        d = dist2(x, y, tx, ty)
        if not toward:
            d = -d
        if best is None or d < best_d:
            best, best_d = (x, y), d
    if best is None or not movement.go_to(game, e, best[0], best[1]):
        return False
    _claim(e, best, occ, is_small)
    return True


def make_room(game, e: Entity, needs: Entity, occ, walkable):
    """CROWD-01 (decision): e, not fighting (in no fight, or running, regrouping or keeping
    its distance), stands on the tile an ally (`needs`) would step into next. It steps
    aside to a free neighbour (no body holds it, no corner cut) off the rest of that
    ally's path; where there is none (a one-tile corridor, a doorway) it changes places
    with the ally (`changing_places`: each steps into the other's tile); else it steps to
    the first free one (ties: NEIGHBOURS order). It keeps what it was doing. False when
    it cannot (rooted, or no way): the ally waits, and plans again on its look tick."""
    if e.fighter.rooted:
        return False
    ahead = set()
    p = needs.path
    if p is not None:
        for i in range(needs.path_i, len(p)):
            ahead.add((int(p[i][0]), int(p[i][1])))
    is_small = small(e)
    best = None
    for x, y in free_neighbours(e, walkable, occ, is_small):
        if (x == needs.x and y == needs.y) or crowding.bodies_holding(game, x, y, e.id):
            continue
        if (x, y) not in ahead:
            best = (x, y)
            break
        if best is None:
            best = (x, y)
    if (best is None or best in ahead) and _change_places(game, e, needs, occ, is_small):
        return True
    if best is None or not movement.go_to(game, e, best[0], best[1]):
        return False
    _claim(e, best, occ, is_small)
    return True


def _change_places(game, e: Entity, needs: Entity, occ, is_small):
    """e steps into the tile of `needs` (standing next to it, its next step into e's tile)
    as `needs` steps into e's: only where each is alone on its tile and the step is one
    e may take (its path there is that one step)."""
    if needs.step_len or next_step(needs) != (e.x, e.y):
        return False
    if crowding.bodies_holding(game, needs.x, needs.y, needs.id) or \
            crowding.bodies_holding(game, e.x, e.y, e.id):
        return False
    if not movement.go_to(game, e, needs.x, needs.y) or len(e.path) != 2:
        movement.stop(e)
        return False
    # this tick's occupancy: each holds both tiles till the two steps are made
    occ.add(e.id, needs.x, needs.y, is_small)
    occ.add(needs.id, e.x, e.y, small(needs))
    return True


def tiles_needed(fighters):
    """{(x, y): fighter}: the tile each fighter in a fight, standing still on its way,
    steps into next (the first by id where two need one tile). Asked once a combat tick, so
    a body in no fight can make room (`make_room`)."""
    out = {}
    e: Entity
    for e in fighters:
        if e.step_len or not in_fight(e):
            continue
        tile = next_step(e)
        if tile is not None and tile not in out:
            out[tile] = e
    return out


def free_neighbours(e: Entity, walkable, occ, is_small):
    """The tiles beside e a body may step to in a fight, in NEIGHBOURS order: walkable, with
    room (CROWD-01/02), a diagonal only where both tiles round the corner are open."""
    out = []
    for dx, dy in crowding.NEIGHBOURS:
        x = e.x + dx
        y = e.y + dy
        if not walkable(x, y) or not occ.room_for(x, y, is_small, e.id):
            continue
        if dx and dy and not (walkable(e.x + dx, e.y) and walkable(e.x, e.y + dy)):
            continue
        out.append((x, y))
    return out


def _claim(e: Entity, tile, occ, is_small):
    """This tick's occupancy: e holds `tile` now, not its own."""
    occ.remove(e.id, e.x, e.y)
    occ.add(e.id, tile[0], tile[1], is_small)


def no_walking_through(game, e: Entity, nx, ny):
    """Step check (CROWD-01): one body per tile in a fight. A fighter after a target never
    steps onto the tile that target stands on or is stepping into (it drops its path; the
    next combat tick decides again: it holds next to the target, REACH-01). Any other body
    in the way holds the walker where it is: it waits behind, in line, and steps on when the
    tile frees; every LOOK_PERIOD ticks it drops its path, so combat plans again, round the
    bodies where there is room (`around_bodies`)."""
    f: Fighter = e.fighter
    if f is None:
        return True
    if f.target >= 0 and f.action != IDLE:
        t = game.entities.get(f.target)
        if t is not None and t.state == UP:
            tx, ty = place(t)
            if (tx == nx and ty == ny) or (t.x == nx and t.y == ny):
                movement.stop(e)
                return False
    if room_to_step(game, e, nx, ny):
        return True
    if in_fight(e) and (game.tick + e.id) % A.LOOK_PERIOD == 0:
        movement.stop(e)
    return False


def around_target(game, e: Entity, cost):
    """Cost view (CROWD-01): a melee fighter plans its way round its target's body, never
    through it (the tiles it stands on and is stepping into count as blocked); a fighter in
    a fight prefers a way round the other fighters' bodies (BODY_DETOUR a tile), and queues
    behind them where there is none."""
    f: Fighter = e.fighter
    if f is None or f.target < 0 or f.action == IDLE:
        return cost
    out = np.array(cost, dtype=np.int32, order="C", copy=True)
    _add_bodies(game, e.id, out)
    if f.action != FIGHT or f.stats.weapon.ranged:
        return out
    t = game.entities.get(f.target)
    if t is None or t.state != UP:
        return out
    tx, ty = place(t)
    out[ty, tx] = 0
    out[t.y, t.x] = 0
    return out


def _add_bodies(game, me: cython.int, cost):
    """BODY_DETOUR on the tiles every other fighter able to fight stands on or steps into
    (one unable to fight holds no tile; typed: this runs over every body for every plan a
    fighter makes)."""
    c: cython.int[:, ::1] = cost
    o: Entity
    up: cython.int = E.UP
    for o in game.live():
        if o.id == me or o.state != up:
            continue
        if o.fighter is None or not can_fight(o):
            continue
        if c[o.y, o.x] > 0:
            c[o.y, o.x] += BODY_DETOUR
        if o.step_len and c[o.ny, o.nx] > 0:
            c[o.ny, o.nx] += BODY_DETOUR


movement.add(movement.STEP_CHECKS, "combat_bodies", no_walking_through, 400)
# After the shared views (doors 50, an adventurer's known triggers 450): those are cached
# per walker and grid version, while this one is a fresh copy per plan, and a fresh copy
# coming first would make every later view copy again. The views commute (each only adds
# cost to open tiles; this one also blocks the target's tiles), so the order is free.
movement.add(movement.COST_VIEWS, "combat_bodies", around_target, 500)


def approach(game, e: Entity, f, t: Entity, blocked, occ, walkable):
    """e (standing still, not yet able to strike) goes for t: a ranged fighter walks to
    where it knows t is; a melee fighter claims a free tile next to t or waits."""
    tx, ty = place(t)
    if targets.keeps_in_view(e, t, tx, ty, blocked):
        # in view or close: chase where the target is now, not where it was last looked at
        A.learn_at(f, t.id, tx, ty, game.tick)
    kx, ky, _ = f.known[t.id]
    if f.stats.weapon.ranged:
        f.waiting = False
        walk_to(game, e, kx, ky)
        return
    is_small = small(e)
    if cheb(e.x, e.y, kx, ky) == 1 and occ.may_stay(e.x, e.y, e.id):
        # REACH-01 / CROWD-01: the target is stepping next to us (or away from next to
        # us): hold this tile and strike when it stands still; never walk through it
        f.waiting = False
        if e.path is not None:
            movement.stop(e)
        face_tile(e, kx, ky)
        return
    # CROWD-01: a free tile next to the target (two small bodies may share: CROWD-02)
    tile = crowding.attack_tile(occ, walkable, kx, ky, e.x, e.y, e.id, is_small)
    if tile is None:
        if _through_an_ally(game, e, f, kx, ky, walkable):
            return
        f.waiting = True
        d = cheb(e.x, e.y, kx, ky)
        if d <= 1 or not occ.may_stay(e.x, e.y, e.id):
            # make room: wait on a free tile just outside the ring
            spot = waiting_spot(occ, walkable, kx, ky, e, is_small)
            if spot is not None:
                walk_to(game, e, spot[0], spot[1])
                occ.remove(e.id, e.x, e.y)
                occ.add(e.id, spot[0], spot[1], is_small)
        elif d <= 2:
            movement.stop(e)
        else:
            # head for a waiting spot (the target's own tile is no way through: CROWD-01)
            spot = waiting_spot(occ, walkable, kx, ky, e, is_small)
            if spot is None:
                spot = (kx, ky)
            walk_to(game, e, spot[0], spot[1])
        return
    f.waiting = False
    if (e.goal_x, e.goal_y) != tile or e.path is None:
        if not walk_to(game, e, tile[0], tile[1]):
            _through_an_ally(game, e, f, kx, ky, walkable)
            return
    if (e.x, e.y) == tile or next_step(e) == tile:
        # claimed only one step away (the tile its path steps into next; a diagonal past
        # a corner is two steps): a claim further off (behind others in a corridor, or
        # round the corner of a door) would keep the tile from the one next to it
        occ.remove(e.id, e.x, e.y)
        occ.add(e.id, tile[0], tile[1], is_small)


def _through_an_ally(game, e: Entity, f: Fighter, kx, ky, walkable):
    """CROWD-01 (decision): with no free tile next to its target that it can reach, a melee
    fighter goes for one an ally gives way on (`giving_way_tile`); the ally steps aside or
    changes places with it when it steps into it next (`make_room`). False when there is
    no such tile or no way to it."""
    spot = giving_way_tile(game, e, kx, ky, walkable)
    if spot is None or not walk_to(game, e, spot[0], spot[1]):
        return False
    f.waiting = False
    return True


def giving_way_tile(game, e: Entity, kx, ky, walkable):
    """A tile next to (kx, ky) that one ally of e alone holds, standing still and not
    fighting (idle with no order, running, regrouping or keeping its distance; not rooted):
    the nearest to e (ties: NEIGHBOURS order), or None."""
    best = None
    bd = 0
    for dx, dy in crowding.NEIGHBOURS:
        x = kx + dx
        y = ky + dy
        if not walkable(x, y):
            continue
        bodies = crowding.bodies_holding(game, x, y, e.id)
        if len(bodies) != 1:
            continue
        o: Entity = bodies[0]
        fo: Fighter = o.fighter
        if o.side != e.side or o.step_len or fo.action == FIGHT or fo.task is not None or \
                fo.rooted:
            continue
        d = dist2(e.x, e.y, x, y)
        if best is None or d < bd:
            best, bd = (x, y), d
    return best


def next_step(e: Entity):
    """The tile e's path steps into next, or None."""
    p = e.path
    if p is None or e.path_i >= len(p):
        return None
    return (int(p[e.path_i][0]), int(p[e.path_i][1]))


def waiting_spot(occ, walkable, tx, ty, e, is_small):
    """A free tile two steps from the target, nearest to e (ties: scan order)."""
    best = None
    bd = 0
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            if max(abs(dx), abs(dy)) != 2:
                continue
            x = tx + dx
            y = ty + dy
            if not walkable(x, y) or not occ.room_for(x, y, is_small, e.id):
                continue
            d = dist2(e.x, e.y, x, y)
            if best is None or d < bd:
                best, bd = (x, y), d
    return best


def step_away(game, e: Entity, f: Fighter, walkable, occ):
    """Run: step to the neighbour tile farthest from the known enemies (sum of squared
    distances; ties in NEIGHBOURS order); stay if no neighbour is better."""
    if e.step_len > 0 or (e.path is not None and e.path_i < len(e.path)) or f.rooted:
        return
    kxs = array.array("i", [k[0] for k in f.known.values()])
    kys = array.array("i", [k[1] for k in f.known.values()])
    is_small = small(e)
    best = None
    best_s = _away_score(kxs, kys, e.x, e.y)
    for x, y in free_neighbours(e, walkable, occ, is_small):
        sc = _away_score(kxs, kys, x, y)
        if sc > best_s:
            best, best_s = (x, y), sc
    if best is not None:
        movement.go_to(game, e, best[0], best[1])
        _claim(e, best, occ, is_small)


@cython.boundscheck(False)
@cython.wraparound(False)
def _away_score(kxs, kys, x: cython.int, y: cython.int) -> cython.long:
    """Sum over the known enemies at (kxs[i], kys[i]) of the squared distance to (x, y),
    each capped at 400 (20 tiles: far enough)."""
    if len(kxs) == 0:
        return 0
    xs: cython.int[::1] = kxs
    ys: cython.int[::1] = kys
    s: cython.long = 0
    d: cython.int
    i: cython.Py_ssize_t
    for i in range(len(kxs)):
        d = dist2(x, y, xs[i], ys[i])
        s += d if d < 400 else 400
    return s
