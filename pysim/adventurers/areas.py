"""Areas and corridors (CAUT-01), derived from the walk cost grid and the doors, cached per
grid version and door count (never state: the answers depend only on the map).

A corridor tile is a walkable tile, not a door, whose two sides across one axis are both
blocked (walls left and right, or above and below) and that has a narrow neighbour of its
own along a 4-connected run of at least 2 such tiles: a 1-tile-wide passage. A single narrow
tile alone (a gap in a wall: a doorway) is not a corridor.

Areas split the walkable map at doors, doorways and corridor mouths: the rooms are the
4-connected regions of walkable tiles that are not narrow and not doors; each corridor run
is an area of its own; door and doorway tiles belong to no area. An area's id is the smallest row-major tile index
(y * width + x) in it, so an id stays put while the area keeps its first tile.
Decisions: docs/rules/adventurers.md, "Marks and areas".
"""
import cython
import numpy as np



def _door_tiles(game):
    """The doors, by ascending id (the doors area's own list: read, never changed)."""
    from pysim.doors.doors import area as doors_area
    return doors_area(game).ordered


def _label(mask):
    """4-connected components of `mask`: int32 (H, W), -1 outside, else the smallest
    row-major index of the component (a breadth-first fill, in row-major seed order)."""
    h, w = mask.shape
    out = np.full(h * w, -1, dtype=np.int32)
    flat = np.ascontiguousarray(mask, dtype=np.uint8).reshape(-1)
    stack = np.empty(h * w, dtype=np.int32)
    if cython.compiled:
        _fill(flat, out, stack, w, h)
    else:
        _fill(flat.tolist(), out, stack, w, h)
    return out.reshape(h, w)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
@cython.cfunc
def _fill(flat: cython.const[cython.uchar][::1], out: cython.int[::1],
          stack: cython.int[::1], w: cython.int, h: cython.int) -> cython.void:
    # typed: a dig or a build changes the grid and every area is labelled again, up to
    # three fills of the whole map in one tick
    n: cython.int = w * h
    start: cython.int
    top: cython.int
    i: cython.int
    x: cython.int
    y: cython.int
    for start in range(n):
        if not flat[start] or out[start] >= 0:
            continue
        out[start] = start
        stack[0] = start
        top = 1
        while top > 0:
            top -= 1
            i = stack[top]
            y = i // w
            x = i - y * w
            if x > 0 and flat[i - 1] and out[i - 1] < 0:
                out[i - 1] = start
                stack[top] = i - 1
                top += 1
            if x < w - 1 and flat[i + 1] and out[i + 1] < 0:
                out[i + 1] = start
                stack[top] = i + 1
                top += 1
            if y > 0 and flat[i - w] and out[i - w] < 0:
                out[i - w] = start
                stack[top] = i - w
                top += 1
            if y < h - 1 and flat[i + w] and out[i + w] < 0:
                out[i + w] = start
                stack[top] = i + w
                top += 1


def _build(game):
    walk = game.grid.walk_cost() > 0
    h, w = walk.shape
    door = np.zeros((h, w), dtype=bool)
    for d in _door_tiles(game):
        door[d.y, d.x] = True
    pad = np.zeros((h + 2, w + 2), dtype=bool)
    pad[1:-1, 1:-1] = walk
    left, right = ~pad[1:-1, :-2], ~pad[1:-1, 2:]
    up, down = ~pad[:-2, 1:-1], ~pad[2:, 1:-1]
    narrow = walk & ~door & ((left & right) | (up & down))
    runs = _label(narrow)
    # a run's size at each of its tiles: a corridor is a run of 2 tiles or more
    sizes = np.bincount(runs[runs >= 0], minlength=h * w)
    corridor = (runs >= 0) & (sizes[np.maximum(runs, 0)] >= 2)
    rooms = _label(walk & ~door & ~narrow)
    area = np.where(corridor, _label(corridor), rooms).astype(np.int32)
    return corridor.astype(np.uint8), area


def maps(game):
    """(corridor uint8 (H, W), area int32 (H, W)), rebuilt when the grid or the doors change."""
    g = game.grid
    key = (g.version, g.width, g.height, len(_door_tiles(game)))
    hit = getattr(g, "areas_cache", None)   # a cache on the grid, never hashed
    if hit is None or hit[0] != key:
        hit = (key,) + _build(game)
        g.areas_cache = hit
    return hit[1], hit[2]

