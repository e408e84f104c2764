"""Choosing a target (STANCE-01, AWARE-01): a fighter goes for its ordered target when it
knows where it is and it is still up, else the nearest enemy it knows of (ties: lowest id).
It also counts the enemies and allies near it, which its stance weighs.
"""
import cython

from pysim.combat import awareness as A
from pysim.combat.stance import REGROUP
from pysim.combat.sight import cheb, dist2, line_of_sight
from pysim.core.entities import Entity
from pysim.combat.fighter import Fighter, can_fight, counts_on

NEAR_TILES = 5          # "near" for the stance's counts of allies and enemies
TRACK_TILES = 2         # a target this close (Chebyshev) is followed even out of sight


def keeps_in_view(e: Entity, t: Entity, tx: cython.int, ty: cython.int, blocked) -> cython.bint:
    """Does e keep its target in view (AWARE-01 range and sight) or within TRACK_TILES?"""
    if cheb(e.x, e.y, tx, ty) <= TRACK_TILES:
        return True
    r: cython.int = A.notice_range(e)
    if dist2(e.x, e.y, tx, ty) > r * r:
        return False
    return line_of_sight(blocked, e.x, e.y, tx, ty)


def anyone_knows(fighters):
    for e in fighters:
        if e.fighter.known:
            return True
    return False


def choose_target(game, e: Entity, f: Fighter, rechoose=True):
    """The ordered target when it is known and still up, else the nearest known enemy
    (ties: lowest id). Returns (target entity or None, its squared distance, count near).
    Between looks (every LOOK_PERIOD ticks) a fighter keeps a target that is still up."""
    ents: dict = game.entities   # (typed: its get is a C call)
    if not rechoose and f.target >= 0 and f.target in f.known and \
            (f.ordered_target < 0 or f.ordered_target == f.target):
        t = ents.get(f.target)
        if t is not None and can_fight(t):
            kx, ky, _ = f.known[f.target]
            return t, dist2(e.x, e.y, kx, ky), f.near
    best: cython.int = -1
    best_d2: cython.int = -1
    near: cython.int = 0
    near2: cython.int = NEAR_TILES * NEAR_TILES
    d2: cython.int
    eid: cython.int
    kx: cython.int
    ky: cython.int
    for eid, (kx, ky, _) in f.known.items():
        en = ents.get(eid)
        if en is None or not can_fight(en):
            continue
        d2 = dist2(e.x, e.y, kx, ky)
        if d2 <= near2:
            near += 1
        # the nearest, ties: lowest id
        if best < 0 or d2 < best_d2 or (d2 == best_d2 and eid < best):
            best_d2 = d2
            best = eid
    if f.ordered_target >= 0:
        t = ents.get(f.ordered_target)
        if t is not None and can_fight(t) and f.ordered_target in f.known:
            kx, ky, _ = f.known[f.ordered_target]
            return t, dist2(e.x, e.y, kx, ky), near
        f.ordered_target = -1
    f.near = near
    if best < 0:
        return None, -1, 0
    return ents[best], best_d2, near


def nearest_ally(e: Entity, fighters):
    """The nearest ally e's stance counts on (REGROUP walks to it: fighter.counts_on;
    docs/rules/combat.md, "Stances")."""
    o: Entity
    best = None
    bd = 0
    for o in fighters:
        if o is e or o.side != e.side or not counts_on(e, o):
            continue
        d = dist2(e.x, e.y, o.x, o.y)
        if best is None or d < bd:
            best, bd = o, d
    return best


def waits_for(e: Entity, ally: Entity, fighters):
    """STANCE-01 (decision): e regroups with `ally`, which regroups with e too: the two
    meet where the one of the lower id stands; it waits, the other walks to it. (Each
    walking to the other, two hurt adventurers circled round the Boss for ever, never
    standing still to be struck.)"""
    fa: Fighter = ally.fighter
    return e.id < ally.id and fa.action == REGROUP and nearest_ally(ally, fighters) is e
