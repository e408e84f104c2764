"""Crowding in a fight (CROWD-01, CROWD-02).

One body per tile in a fight. A melee attacker needs a free tile next to its target; when
all are taken it waits (its `waiting` flag) instead of sharing. Two small fighters (kobolds,
the SMALL trait) can share one tile.

`Occupancy` is rebuilt once per combat tick from the conscious fighters (in id order) and
then updated as attackers claim tiles, so two attackers never claim the same place.
"""
import cython

from pysim.core import entities as E, movement
from pysim.core.entities import Entity
from pysim.combat.fighter import conscious

# the 8 neighbours in a fixed order (orthogonal first): deterministic choice of tiles
NEIGHBOURS = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))


class Occupancy(object):
    def __init__(self):
        # tile key (see _key) -> list of (id, small), in the order they came
        self.tiles = {}

    def add(self, eid, x, y, small):
        # `True if small else False`, not bool(small), and eid as it is, not int(eid):
        # compiled, eid is a C long already and either was a Python call per body
        entry = (eid, True if small else False)
        key = _key(x, y)
        lst = self.tiles.get(key)
        if lst is None:
            self.tiles[key] = [entry]
        else:
            lst.append(entry)

    def remove(self, eid, x, y):
        key = _key(x, y)
        lst = self.tiles.get(key)
        if lst:
            self.tiles[key] = [e for e in lst if e[0] != eid]

    def room_for(self, x, y, small, eid=-1):
        """Can a body (small or not) stand here in a fight (besides itself)?"""
        lst = [e for e in self.tiles.get(_key(x, y), ()) if e[0] != eid]
        if not lst:
            return True
        if len(lst) == 1 and small and lst[0][1]:
            return True
        return False

    def may_stay(self, x, y, eid):
        """May body `eid` hold its place at (x, y)? The first body there does (and a second
        small one beside a small first one); later arrivals and claims must move on."""
        lst = self.tiles.get(_key(x, y), ())
        for i, (oid, small) in enumerate(lst):
            if oid == eid:
                if i == 0:
                    return True
                return i == 1 and small and lst[0][1]
        return True

    def ids_at(self, x, y):
        return [e[0] for e in self.tiles.get(_key(x, y), ())]


def _key(x, y):
    """One int per tile, cheaper to make and hash than an (x, y) tuple (distinct for every
    tile of a map under 2**21 tiles wide, and the ring just outside it)."""
    return y * 2097152 + x


def can_share(small_a, small_b) -> cython.bint:
    """CROWD-02: only two small bodies share a tile."""
    return bool(small_a) and bool(small_b)


def attack_tile(occ, walkable, tx, ty, ax, ay, eid, small):
    """The tile a melee attacker at (ax, ay) should fight from to reach the target at
    (tx, ty): its own tile if already adjacent; else the free walkable tile next to the
    target nearest to the attacker (ties: NEIGHBOURS order). None when every tile is taken
    (the attacker waits). `walkable(x, y)` tells if a tile can be stood on."""
    if max(abs(ax - tx), abs(ay - ty)) == 1 and occ.may_stay(ax, ay, eid):
        return (ax, ay)
    best = None
    best_d = 1 << 30
    for dx, dy in NEIGHBOURS:
        x = tx + dx
        y = ty + dy
        if not walkable(x, y):
            continue
        if not occ.room_for(x, y, small, eid):
            continue
        d = (x - ax) * (x - ax) + (y - ay) * (y - ay)
        if d < best_d:
            best_d = d
            best = (x, y)
    return best


def bodies_holding(game, x, y, eid):
    """The conscious fighters other than `eid` holding (x, y): standing on it, or stepping
    into or out of it (id order)."""
    out = []
    up: cython.int = E.UP
    tx: cython.int = x
    ty: cython.int = y
    me: cython.int = eid
    o: Entity
    near = movement.holders_at(game, tx, ty)
    # typed: every step a fighter takes asks this (of the tile's few walkers while
    # walking runs, else of every body)
    for o in (game.live() if near is None else near):
        if o.id == me or o.state != up:
            continue
        if not ((o.x == tx and o.y == ty) or (o.step_len and o.nx == tx and o.ny == ty)):
            continue
        if o.fighter is not None and conscious(o):
            out.append(o)
    return out
