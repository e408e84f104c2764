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
    flat = mask.reshape(-1)
    for start in np.flatnonzero(flat):
        start = int(start)
        if out[start] >= 0:
            continue
        out[start] = start
        todo = [start]
        while todo:
            i = todo.pop()
            y, x = divmod(i, w)
            for j, ok in ((i - 1, x > 0), (i + 1, x < w - 1), (i - w, y > 0), (i + w, y < h - 1)):
                if ok and flat[j] and out[j] < 0:
                    out[j] = start
                    todo.append(j)
    return out.reshape(h, w)


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
    sizes = {}
    for v in runs[runs >= 0].tolist():
        sizes[v] = sizes.get(v, 0) + 1
    corridor = np.zeros((h, w), dtype=bool)
    for v in sorted(sizes):
        if sizes[v] >= 2:
            corridor |= runs == v
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


def is_corridor(game, x, y):
    return bool(maps(game)[0][y, x])


def area_at(game, x, y):
    """The area id of tile (x, y), -1 for a door, a doorway or a blocked tile."""
    return int(maps(game)[1][y, x])
