"""ARRIVE-01: some parties choose a portal across water, and swim (decided,
docs/rules/invasions.md "Arrival").

When an invasion arrives and the map has a map-edge portal whose only way to the sanctum
crosses water (a "wet" portal) besides the portals with a walking way, the party takes a
wet portal with chance WATER_PCT (the "arrival_water" stream, drawn only on such maps, so
every other map keeps its random sequences). Its members swim (`entity.swims`): water costs
them SWIM_COST to path over (they keep to land where land is as short) and a step into
water takes SWIM_SLOW times as long. Nobody else enters water.
"""
import numpy as np

from pysim.core import movement, terrain as T

WATER_PCT = 20
SWIM_COST = 3
SWIM_SLOW = 3


class _Cache(object):
    key = None
    cost = None


_cache = _Cache()


def swim_cost(game, base):
    """The walk cost with water open at SWIM_COST: one shared read-only array per grid
    version."""
    g = game.grid
    key = (game.serial, g.version, id(base))
    if _cache.key != key:
        c = np.array(base, copy=True)
        c[g.terrain == T.WATER] = SWIM_COST
        c.flags.writeable = False
        _cache.cost = c
        _cache.key = key
    return _cache.cost


def _base_view(game, ent, base):
    if getattr(ent, "swims", False):
        return swim_cost(game, base)
    return base


def _slow_in_water(game, e, nx, ny):
    if getattr(e, "swims", False) and game.grid.terrain[ny, nx] == T.WATER:
        e.step_len = e.step_len * SWIM_SLOW


movement.add(movement.BASE_VIEWS, "swimming", _base_view, 100)
movement.add(movement.STEP_HOOKS, "swimming.slow", _slow_in_water, 310)


def wet_portals(game):
    """Map-edge portals with no walking way to the sanctum but a way across water, in
    ascending (row, column) order."""
    from pysim.doors.digging import walk_mask
    from pysim.doors.walkpath import find_walk_path
    grid = game.grid
    walk = walk_mask(game)
    wet = (walk | (grid.terrain == T.WATER)).astype(np.uint8)
    dry_starts = np.flatnonzero((grid.terrain == T.SANCTUM) & (walk != 0))
    wet_starts = np.flatnonzero((grid.terrain == T.SANCTUM) & (wet != 0))
    out = []
    for (x, y) in sorted(grid.tiles_of(T.PORTAL), key=lambda p: (p[1], p[0])):
        if not grid.on_edge(x, y) or not wet[y, x]:
            continue
        goal = np.zeros(walk.shape, dtype=np.uint8)
        goal[y, x] = 1
        if walk[y, x] and find_walk_path(walk, goal, dry_starts) is not None:
            continue
        if find_walk_path(wet, goal, wet_starts) is not None:
            out.append((x, y))
    return out


def maybe_wet(game, portal):
    """(portal, swims): with a wet portal on the map, WATER_PCT of parties take one."""
    wet = wet_portals(game)
    if not wet:
        return portal, False
    rng = game.rng.stream("arrival_water")
    if int(rng.integers(0, 100)) >= WATER_PCT:
        return portal, False
    return wet[int(rng.integers(0, len(wet)))], True
