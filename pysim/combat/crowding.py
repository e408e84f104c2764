"""Crowding in a fight (CROWD-01, CROWD-02).

One body per tile in a fight. A melee attacker needs a free tile next to its target; when
all are taken it waits (its `waiting` flag) instead of sharing. Two small fighters (kobolds,
the SMALL trait) can share one tile.

`Occupancy` is rebuilt once per combat tick from the fighters able to fight (in id order)
and then updated as attackers claim tiles, so two attackers never claim the same place.
A body unable to fight (KO-01) holds no tile, as a knocked-out one holds none: fighters
step onto it and strike from it (docs/rules/combat.md, "Bodies out of the fight").
"""
import cython
import numpy as np

from pysim.core import entities as E, movement
from pysim.core.entities import Entity
from pysim.combat.fighter import can_fight

# the 8 neighbours in a fixed order (orthogonal first): deterministic choice of tiles
NEIGHBOURS = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))


@cython.cclass
class Occupancy:
    """Who holds each tile in this tick's fight: per tile the bodies in the order they came
    (the first holds it; a second small one may share with a small first one).

    A grid over the map and the ring of tiles just outside it (the neighbours of an edge
    tile), each cell the first of its bodies, and the bodies as rows of C ints chained
    cell by cell (compiled: every fighter is added every tick, and a dictionary of lists of
    tuples was a fifth of the combat system's work). Tiles beyond the ring, where
    no body ever stands, share one cell. The combat system keeps one beside the game and
    clears it each tick (occupancy_for): making the arrays anew cost more than the adds."""

    def __init__(self, width, height):
        self.w = max(0, int(width))
        self.h = max(0, int(height))
        # 1 + the row of the cell's first body; 0: nobody (the last cell: beyond the ring)
        self.first = np.zeros((self.w + 2) * (self.h + 2) + 1, dtype=np.int32)
        self.n = 0
        self._grow(64)

    def _grow(self, rows: cython.Py_ssize_t):
        ids = np.zeros(rows, dtype=np.int64)
        small = np.zeros(rows, dtype=np.int32)
        nxt = np.zeros(rows, dtype=np.int32)    # 1 + the next row on the same tile; 0: last
        cell = np.zeros(rows, dtype=np.int32)   # the row's cell (clear empties only those)
        if self.n:
            ids[:self.n] = self.ids[:self.n]
            small[:self.n] = self.small[:self.n]
            nxt[:self.n] = self.nxt[:self.n]
            cell[:self.n] = self.cell[:self.n]
        self.ids = ids
        self.small = small
        self.nxt = nxt
        self.cell = cell

    def clear(self):
        """Nobody anywhere (only the cells that had a body are touched)."""
        r: cython.Py_ssize_t
        for r in range(self.n):
            self.first[self.cell[r]] = 0
        self.n = 0

    def _cell(self, x: cython.long, y: cython.long) -> cython.Py_ssize_t:
        if x < -1 or y < -1 or x > self.w or y > self.h:
            return (self.w + 2) * (self.h + 2)
        return (y + 1) * (self.w + 2) + x + 1

    def add(self, eid: cython.long, x: cython.long, y: cython.long, small: cython.bint):
        c: cython.Py_ssize_t = self._cell(x, y)
        r: cython.Py_ssize_t = self.n
        if r == self.ids.shape[0]:
            self._grow(2 * r)
        self.ids[r] = eid
        self.small[r] = 1 if small else 0
        self.nxt[r] = 0
        self.cell[r] = c
        self.n = r + 1
        last: cython.Py_ssize_t = self.first[c]
        if last == 0:
            self.first[c] = r + 1
            return
        while self.nxt[last - 1]:
            last = self.nxt[last - 1]
        self.nxt[last - 1] = r + 1

    def remove(self, eid: cython.long, x: cython.long, y: cython.long):
        c: cython.Py_ssize_t = self._cell(x, y)
        prev: cython.Py_ssize_t = 0
        after: cython.Py_ssize_t
        r: cython.Py_ssize_t = self.first[c]
        while r:
            after = self.nxt[r - 1]
            if self.ids[r - 1] == eid:
                if prev:
                    self.nxt[prev - 1] = after
                else:
                    self.first[c] = after
            else:
                prev = r
            r = after

    def room_for(self, x: cython.long, y: cython.long, small: cython.bint,
                 eid: cython.long = -1) -> cython.bint:
        """Can a body (small or not) stand here in a fight (besides itself)?"""
        others: cython.int = 0
        other_small: cython.bint = False
        r: cython.Py_ssize_t = self.first[self._cell(x, y)]
        while r:
            if self.ids[r - 1] != eid:
                others += 1
                other_small = self.small[r - 1] != 0
            r = self.nxt[r - 1]
        if others == 0:
            return True
        return others == 1 and small and other_small

    def may_stay(self, x: cython.long, y: cython.long, eid: cython.long) -> cython.bint:
        """May body `eid` hold its place at (x, y)? The first body there does (and a second
        small one beside a small first one); later arrivals and claims must move on."""
        r0: cython.Py_ssize_t = self.first[self._cell(x, y)]
        r: cython.Py_ssize_t = r0
        i: cython.int = 0
        while r:
            if self.ids[r - 1] == eid:
                if i == 0:
                    return True
                return i == 1 and self.small[r - 1] != 0 and self.small[r0 - 1] != 0
            i += 1
            r = self.nxt[r - 1]
        return True

    def ids_at(self, x: cython.long, y: cython.long) -> list:
        out = []
        r: cython.Py_ssize_t = self.first[self._cell(x, y)]
        while r:
            out.append(int(self.ids[r - 1]))
            r = self.nxt[r - 1]
        return out


def occupancy_for(game) -> Occupancy:
    """An empty Occupancy for this tick's fight: the one kept beside the game (never state,
    never hashed; a new one when the map's size is not its own)."""
    w: cython.long = game.grid.width
    h: cython.long = game.grid.height
    occ: Occupancy
    kept = getattr(game, "combat_occupancy", None)
    if isinstance(kept, Occupancy):
        occ = kept
        if occ.w == w and occ.h == h:
            occ.clear()
            return occ
    occ = Occupancy(w, h)
    game.combat_occupancy = occ
    return occ


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
    """The fighters able to fight, other than `eid`, holding (x, y): standing on it, or
    stepping into or out of it (id order). Bodies unable to fight (KO-01) hold no tile."""
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
        if o.fighter is not None and can_fight(o):
            out.append(o)
    return out
