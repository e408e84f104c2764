"""Entities bucketed by square map cell, for questions about who is near a tile that would
otherwise ask every entity (awareness.Spotter: who sees whom; movement.holders_at: who
may stand on a tile).

`CellBuckets(ents, width, height, cell)` copies each entity's x, y and side into C arrays
once and sorts the entities' indexes by cell, stably (list order within a cell), so that
start[c] .. start[c + 1] of `items` are the indexes in cell c. A question walks the cells
a square round its tile overlaps and reads the copies, then the entities it keeps.
A cache, never state: it holds the positions of the moment it was made.
"""
import array

import cython

from pysim.core.entities import Entity


@cython.cclass
class CellBuckets(object):

    @cython.boundscheck(False)
    @cython.wraparound(False)
    def __init__(self, ents, width, height, cell):
        e: Entity
        n: cython.int = len(ents)
        size: cython.int = cell
        cw: cython.int = (int(width) + size - 1) // size
        ch: cython.int = (int(height) + size - 1) // size
        k: cython.int
        c: cython.int
        if cw < 1:
            cw = 1
        if ch < 1:
            ch = 1
        self.ents = list(ents)
        self.n = n
        self.size = size
        self.cw = cw
        self.ch = ch
        zeros = array.array("i", [0])
        m = n if n > 0 else 1
        xs_a = zeros * m
        ys_a = zeros * m
        sides_a = zeros * m
        cells_a = zeros * m
        start_a = zeros * (cw * ch + 1)
        items_a = zeros * m
        xs: cython.int[::1] = xs_a
        ys: cython.int[::1] = ys_a
        sides: cython.int[::1] = sides_a
        cells: cython.int[::1] = cells_a
        start: cython.int[::1] = start_a
        items: cython.int[::1] = items_a
        for k in range(n):
            e = self.ents[k]
            xs[k] = e.x
            ys[k] = e.y
            sides[k] = e.side
            c = self._cell(e.x, e.y)
            cells[k] = c
            start[c + 1] += 1
        for c in range(cw * ch):
            start[c + 1] += start[c]
        fill_a = array.array("i", start_a)
        fill: cython.int[::1] = fill_a
        for k in range(n):               # stable: ascending index within a cell
            c = cells[k]
            items[fill[c]] = k
            fill[c] += 1
        self.xs = xs_a
        self.ys = ys_a
        self.sides = sides_a
        self.start = start_a
        self.items = items_a

    @cython.cfunc
    def _cell(self, x: cython.int, y: cython.int) -> cython.int:
        """The cell holding (x, y); a tile off the map counts in the nearest edge cell."""
        cx: cython.int = x // self.size
        cy: cython.int = y // self.size
        if cx < 0:
            cx = 0
        elif cx >= self.cw:
            cx = self.cw - 1
        if cy < 0:
            cy = 0
        elif cy >= self.ch:
            cy = self.ch - 1
        return cy * self.cw + cx
