"""Line of sight and the stricter line of fire (AWARE-01, REACH-02).

`blocked` is a C-contiguous uint8 array [y, x], non-zero where a tile blocks the view
(rock, wall, closed door...). Endpoints never block (you see the wall you look at).

Sight (permissive, symmetric): the Bresenham line from A to B, or the one from B to A,
passes only open tiles.

Fire (strict): the supercover of the segment between the two tile centres touches no
blocked tile; where it passes exactly through a tile corner, BOTH tiles beside that corner
must be open. So a wall corner you can see past (Bresenham slips by it) stops the shot.

Typed for Cython (sight.pxd): these run for every pair of nearby enemies. Compiled callers
cimport them and call them as C functions on a memoryview acquired once per tick.
"""
import cython
import numpy as np


@cython.boundscheck(False)
@cython.wraparound(False)
def _bresenham_clear(blocked: cython.uchar[:, ::1], x0: cython.int, y0: cython.int,
                     x1: cython.int, y1: cython.int) -> cython.bint:
    dx: cython.int = x1 - x0 if x1 > x0 else x0 - x1
    dy: cython.int = y1 - y0 if y1 > y0 else y0 - y1
    sx: cython.int = 1 if x1 > x0 else -1
    sy: cython.int = 1 if y1 > y0 else -1
    err: cython.int = dx - dy
    e2: cython.int
    x: cython.int = x0
    y: cython.int = y0
    while True:
        if x == x1 and y == y1:
            return True
        if not (x == x0 and y == y0):
            if blocked[y, x] != 0:
                return False
        e2 = 2 * err
        if e2 > -dy:
            err -= dy
            x += sx
        if e2 < dx:
            err += dx
            y += sy


@cython.boundscheck(False)
@cython.wraparound(False)
def line_of_sight(blocked: cython.uchar[:, ::1], x0: cython.int, y0: cython.int,
                  x1: cython.int, y1: cython.int) -> cython.bint:
    """AWARE-01: can someone on (x0, y0) see (x1, y1)? Symmetric."""
    if _bresenham_clear(blocked, x0, y0, x1, y1):
        return True
    return _bresenham_clear(blocked, x1, y1, x0, y0)


@cython.boundscheck(False)
@cython.wraparound(False)
def line_of_fire(blocked: cython.uchar[:, ::1], x0: cython.int, y0: cython.int,
                 x1: cython.int, y1: cython.int) -> cython.bint:
    """REACH-02: is the shot from (x0, y0) to (x1, y1) clear? Symmetric, stricter than sight."""
    dx: cython.int = x1 - x0 if x1 > x0 else x0 - x1
    dy: cython.int = y1 - y0 if y1 > y0 else y0 - y1
    sx: cython.int = 1 if x1 > x0 else -1
    sy: cython.int = 1 if y1 > y0 else -1
    x: cython.int = x0
    y: cython.int = y0
    # error term: compares progress along x and y in units of (2 dx)(2 dy)
    err: cython.int = dx - dy
    ddx: cython.int = 2 * dx
    ddy: cython.int = 2 * dy
    while not (x == x1 and y == y1):
        if err > 0:
            x += sx
            err -= ddy
        elif err < 0:
            y += sy
            err += ddx
        else:
            # exactly through a corner: both side tiles must be open
            if not (x + sx == x1 and y == y1) and blocked[y, x + sx] != 0:
                return False
            if not (x == x1 and y + sy == y1) and blocked[y + sy, x] != 0:
                return False
            x += sx
            y += sy
            err += ddx - ddy
        if x == x1 and y == y1:
            return True
        if blocked[y, x] != 0:
            return False
    return True


def fire_tiles(x0, y0, x1, y1):
    """Tiles the shot passes over between shooter and target, nearest first (endpoints
    excluded); at an exact corner both side tiles are listed. Used to find bodies in the
    way (REACH-03)."""
    x0 = int(x0)
    y0 = int(y0)
    x1 = int(x1)
    y1 = int(y1)
    dx = abs(x1 - x0)
    dy = abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = 1 if y1 > y0 else -1
    x, y = x0, y0
    err = dx - dy
    out = []
    while not (x == x1 and y == y1):
        if err > 0:
            x += sx
            err -= 2 * dy
        elif err < 0:
            y += sy
            err += 2 * dx
        else:
            if not (x + sx == x1 and y == y1):
                out.append((x + sx, y))
            if not (x == x1 and y + sy == y1):
                out.append((x, y + sy))
            x += sx
            y += sy
            err += 2 * dx - 2 * dy
        if not (x == x1 and y == y1):
            out.append((x, y))
    return out


def cheb(ax: cython.int, ay: cython.int, bx: cython.int, by: cython.int) -> cython.int:
    """Chebyshev distance in tiles (1 = next to, diagonals included): melee reach."""
    dx: cython.int = ax - bx
    dy: cython.int = ay - by
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


def dist2(ax: cython.int, ay: cython.int, bx: cython.int, by: cython.int) -> cython.int:
    """Squared Euclidean distance between tile centres (ranges compare against r * r)."""
    dx: cython.int = ax - bx
    dy: cython.int = ay - by
    return dx * dx + dy * dy


def within(x0, y0, x1, y1, r) -> cython.bint:
    """Euclidean range test on tile centres: distance <= r."""
    dx = int(x1) - int(x0)
    dy = int(y1) - int(y0)
    return dx * dx + dy * dy <= int(r) * int(r)


def blocked_from_ascii(rows):
    """Test helper: '#' blocks, anything else is open. Returns uint8 [y, x]."""
    h = len(rows)
    w = max(len(r) for r in rows)
    a = np.zeros((h, w), dtype=np.uint8)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                a[y, x] = 1
    return a
