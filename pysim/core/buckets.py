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
        m: cython.Py_ssize_t = n if n > 0 else 1
        cells_n: cython.Py_ssize_t = cw * ch + 1
        # one buffer for every array (each typed view taken of its own array cost more
        # than filling it: made every combat tick); the views are slices of it
        whole: cython.int[::1] = array.array("i", [0]) * (5 * m + 2 * cells_n)
        self.xs = whole[0:m]
        self.ys = whole[m:2 * m]
        self.sides = whole[2 * m:3 * m]
        self.items = whole[3 * m:4 * m]
        cells: cython.int[::1] = whole[4 * m:5 * m]
        self.start = whole[5 * m:5 * m + cells_n]
        fill: cython.int[::1] = whole[5 * m + cells_n:5 * m + 2 * cells_n]
        xs: cython.int[::1] = self.xs
        ys: cython.int[::1] = self.ys
        sides: cython.int[::1] = self.sides
        start: cython.int[::1] = self.start
        items: cython.int[::1] = self.items
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
            fill[c] = start[c]
        for k in range(n):               # stable: ascending index within a cell
            c = cells[k]
            items[fill[c]] = k
            fill[c] += 1

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
