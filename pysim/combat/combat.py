"""The combat system: each tick every conscious fighter looks (awareness.py), picks a target
(targets.py), follows its stance (stance.py) and, when it can reach its target, strikes
(striking.py, shots.py) or else moves to reach it (reaching.py, crowding.py)
(REACH-01..03, CROWD-01..02, STANCE-01). Fighters act in id order.

Going down and waking: knockouts.py; the player's orders: orders.py.

Events: noticed, attack, shot, wound, knockout, death, noise, stance_changed, woke,
bled_out, bleeding_stopped (see docs/rules/combat.md for their fields).
"""
import cython

from pysim.combat import (awareness as A, crowding, fighter as F, reaching as R, shots,
                          stance as ST, striking as SK, targets as TG, wounds as W)
from pysim.combat.sight import cheb
from pysim.core import entities as E, movement, systems
from pysim.core.entities import Entity
from pysim.combat.fighter import Fighter
from pysim.combat.reaching import hold, small
from pysim.combat.targets import choose_target
from pysim.combat.crowding import Occupancy

# Stance and action codes as C ints when compiled (combat.pxd): _act reads them for every
# fighter every tick, and another module's attribute is a dictionary lookup at each read.
IDLE = ST.IDLE
FIGHT = ST.FIGHT
KEEP_DISTANCE = ST.KEEP_DISTANCE
REGROUP = ST.REGROUP
RUN = ST.RUN
DEFENSIVE = ST.DEFENSIVE
BALANCED = ST.BALANCED
KEEP_DISTANCE_TILES = ST.KEEP_DISTANCE_TILES
UNABLE_AT = W.UNABLE_AT
NEAR_TILES = TG.NEAR_TILES


# --- the tick ---------------------------------------------------------------------------------


@systems.system("combat", 400)
def tick(game):
    e: Entity
    f: Fighter
    i: cython.Py_ssize_t
    up: cython.int = E.UP
    fighters = []
    for e in game.live():   # id order, the dead left out (they never fight)
        if e.state != up:
            continue
        f = e.fighter     # F.fighter_of and F.conscious, inline
        if f is not None and f.carried_by < 0 and not f.captured:
            fighters.append(e)
    cs = SK.state(game)
    if cs.shots:
        cs.shots = shots.forget_old_shots(game, cs.shots)
    if not fighters:
        return
    sides = []
    for e in fighters:
        if e.side not in sides:
            sides.append(e.side)
    if len(sides) < 2 and not TG.anyone_knows(fighters):
        for e in fighters:
            f = e.fighter
            f.action = IDLE
            f.target = -1
        return
    blocked = A.sight_blocked(game)
    occ: Occupancy = crowding.occupancy_for(game)   # typed: C calls below
    for i in range(len(fighters)):
        e = fighters[i]
        if not F.can_fight(e):
            continue      # KO-01: a body unable to fight holds no tile (crowding.py)
        occ.add(e.id, e.nx if e.step_len else e.x, e.ny if e.step_len else e.y, small(e))
    needed = R.tiles_needed(fighters)
    walkable = R.walkable_fn(game)
    # AWARE-01 by map cell: a watcher only tests enemies its notice range can reach
    spot = A.Spotter(fighters, game.grid.width, game.grid.height, blocked)
    # C ints: the sums below are made for every fighter
    period: cython.long = A.LOOK_PERIOD
    tick_no: cython.long = game.tick
    for i in range(len(fighters)):
        e = fighters[i]
        if e.state != up:
            continue
        f = e.fighter
        if (tick_no + e.id) % period == 0:
            A.forget_stale(game, f)
            spot.look(game, i)
            rechoose = True
        else:
            rechoose = False
        _act(game, e, f, fighters, blocked, occ, walkable, rechoose, spot, i, needed)


def _act(game, e: Entity, f: Fighter, fighters, blocked, occ, walkable, rechoose, spot,
         i: cython.int, needed):
    s: cython.int
    wp: cython.int
    action: cython.int
    if f.task is not None:      # an afterwards order (carry, heal...) comes first
        f.action = IDLE
        f.target = -1
        return
    t, d2, near = choose_target(game, e, f, rechoose)
    if t is None:
        if f.action != IDLE:
            f.action = IDLE
            f.target = -1
            f.waiting = False
            if e.path is not None:
                movement.stop(e)
        if e.step_len == 0 and not occ.may_stay(e.x, e.y, e.id) and \
                _fight_on_tile(game, occ, e):
            R.step_off(game, e, None, occ, walkable, True)   # CROWD-01: make room
        elif e.step_len == 0 and needed:
            ally = needed.get((e.x, e.y))
            if ally is not None and ally.side == e.side and F.can_fight(e):
                R.make_room(game, e, ally, occ, walkable)    # CROWD-01: step aside
        return
    s = f.stance
    wp = f.wound_points()
    allies = 0
    if s == DEFENSIVE or (s == BALANCED and wp >= ST.BALANCED_HURT):
        allies = spot.allies_near(i, NEAR_TILES)   # those its stance counts on
    ordered = f.ordered_target == t.id
    action = ST.decide(s, wp, near, allies, d2, ordered)
    if wp >= UNABLE_AT:
        action = RUN      # KO-01: woken but unable to fight: it only gets away
    f.action = action
    f.target = t.id
    hold(e)
    if e.step_len == 0 and not occ.may_stay(e.x, e.y, e.id):
        # CROWD-01: a step begun before the fight (or a waking, an arrival) left e on a
        # tile another fighter keeps: it steps off to a free neighbour before anything else
        f.waiting = False
        if R.step_off(game, e, t, occ, walkable, action == FIGHT):
            return
    if action != FIGHT and e.step_len == 0 and needed:
        # CROWD-01: not fighting (running, regrouping, keeping its distance), it gives way
        # to an ally fighting its way through its tile, as an idle one does
        ally = needed.get((e.x, e.y))
        if ally is not None and ally.side == e.side and ally.fighter.action == FIGHT:
            f.waiting = False
            if R.make_room(game, e, ally, occ, walkable):
                return
    if action == FIGHT:
        _fight(game, e, f, t, blocked, occ, walkable)
    elif action == KEEP_DISTANCE:
        f.waiting = False
        if d2 < KEEP_DISTANCE_TILES * KEEP_DISTANCE_TILES:
            R.step_away(game, e, f, walkable, occ)
        elif f.stats.weapon.ranged and game.tick >= f.next_attack and \
                shots.can_shoot(blocked, e, t) and occ.may_stay(e.x, e.y, e.id):
            SK.face(e, t)
            movement.stop(e)
            SK.resolve_attack(game, e, t, occ)
        elif e.path is not None and e.step_len == 0:
            movement.stop(e)
    elif action == REGROUP:
        f.waiting = False
        ally = TG.nearest_ally(e, fighters)
        if ally is None:
            R.step_away(game, e, f, walkable, occ)
        elif cheb(e.x, e.y, ally.x, ally.y) > 1 and not TG.waits_for(e, ally, fighters):
            R.walk_to(game, e, ally.x, ally.y)
        else:
            movement.stop(e)
    elif action == RUN:
        f.waiting = False
        R.step_away(game, e, f, walkable, occ)


def _fight(game, e: Entity, f: Fighter, t: Entity, blocked, occ, walkable):
    ranged = f.stats.weapon.ranged
    ready = game.tick >= f.next_attack
    if SK.can_melee(e, t) and occ.may_stay(e.x, e.y, e.id):
        # REACH-01: adjacent, turn to face the target; A.learn keeps the knowledge fresh
        A.learn(f, t, game.tick)
        f.waiting = False
        if e.path is not None:
            movement.stop(e)
        SK.face(e, t)
        if ready:   # CROWD-01: it keeps its tile (may_stay): the one sharing it does not strike
            SK.resolve_attack(game, e, t, occ)
        return
    if ranged and shots.can_shoot(blocked, e, t) and F.fighter_of(t) is not None:
        f.waiting = False
        if e.path is not None:
            movement.stop(e)
        SK.face(e, t)
        if ready and occ.may_stay(e.x, e.y, e.id):   # CROWD-01: the one keeping its tile
            A.learn(f, t, game.tick)
            SK.resolve_attack(game, e, t, occ)
        return
    if e.step_len > 0:
        return   # finish the step first
    R.approach(game, e, f, t, blocked, occ, walkable)


def _fight_on_tile(game, occ: Occupancy, e: Entity):
    """Is another body on e's tile in a fight (so e, not in one, must make room)?"""
    for oid in occ.ids_at(e.x, e.y):
        o = game.entities.get(oid)
        if oid != e.id and o is not None and R.in_fight(o):
            return True
    return False


# --- what the front end sees ------------------------------------------------------------------
# (combat_snapshot.py; registered here, so the keys keep their place among the parts)
from pysim.core import snapshot as _snapshot  # noqa: E402
from pysim.combat import combat_snapshot as _front  # noqa: E402

_snapshot.snapshot_part(_front.snapshot_part)
_snapshot.describe_part(_front.describe_part)
