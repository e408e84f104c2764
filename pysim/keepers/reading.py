"""What the keeper's policies work out from what they read: the ways in, where traps and
furniture go, the tunnels to the veins, the metal to spare. Pure functions of the game (and
of the keeper's caches), in a fixed order: N, W, E, S for neighbours, (y, x) for tiles.

The ways in: a 4-connected breadth-first search over the PATH-01 walking tiles
(pysim/doors/digging.walk_mask: doors count as walkable) from the sanctum gives each tile's
distance; a portal's route follows the distance down to the sanctum. Walkers step 8 ways,
but through a corridor (a tile with exactly two walkable neighbours, opposite each other)
every walker steps on the corridor's tiles, which is where the policies put triggers first.
Across a room a party takes the walking path the game's own search finds over the map's
walking costs (pysim/core/pathing.find_path, what a party that knows no trap plans: the
walked paths), so the next triggers go on those tiles, out of the sanctum's room where the
Boss and the creatures fight (a mechanism hits whoever stands by it, friends too).
"""
from collections import deque

import numpy as np

from pysim.core import pathing, terrain
from pysim.doors import digging
from pysim.economy import econ_state, furniture
from pysim.traps import trap_parts as tp

FOUR = ((0, -1), (-1, 0), (1, 0), (0, 1))     # N, W, E, S
# A trigger this many route steps from its portal or more: not on the portal's own tile or
# the first step in, so a trap never sits at the map's edge.
FIRST_TRAP_STEP = 2
# No trap part this near (Chebyshev) a sanctum tile: the Boss and the creatures fight there,
# and a mechanism hits friends too.
CLEAR_OF_SANCTUM = 7


def _memo(keeper, name, key, make):
    got = keeper.memo.get(name)
    if got is not None and got[0] == key:
        return got[1]
    value = make()
    keeper.memo[name] = (key, value)
    return value


def _map_key(game):
    """What the ways in depend on: the walkable tiles (grid.version moves with the terrain
    and with doors built) and the domain."""
    return (game.serial, game.grid.version, game.grid.tiles_version)


def walkable(game):
    return digging.walk_mask(game)


def edge_portals(game):
    """Map-edge portal tiles, (y, x) order."""
    g = game.grid
    ys, xs = np.nonzero(g.terrain == terrain.PORTAL)
    return [(int(x), int(y)) for y, x in zip(ys, xs) if g.on_edge(int(x), int(y))]


def distances(walk, starts):
    """int32 [y, x]: 4-connected steps from the nearest start over walkable tiles (-1: not
    reached)."""
    h, w = walk.shape
    dist = np.full((h, w), -1, dtype=np.int32)
    queue = deque()
    for (x, y) in starts:
        if dist[y, x] < 0:
            dist[y, x] = 0
            queue.append((x, y))
    while queue:
        x, y = queue.popleft()
        d = dist[y, x] + 1
        for dx, dy in FOUR:
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and walk[ny, nx] and dist[ny, nx] < 0:
                dist[ny, nx] = d
                queue.append((nx, ny))
    return dist


def to_sanctum(keeper):
    """int32 [y, x]: walking steps to the nearest sanctum tile (-1: no way)."""
    game = keeper.game

    def make():
        ys, xs = np.nonzero(game.grid.terrain == terrain.SANCTUM)
        return distances(walkable(game), [(int(x), int(y)) for y, x in zip(ys, xs)])
    return _memo(keeper, "to_sanctum", _map_key(game), make)


def routes(keeper):
    """[(portal, [tiles from the portal to the sanctum])] for every map-edge portal with a
    walking way to the sanctum, portals in (y, x) order."""
    game = keeper.game
    return _memo(keeper, "routes", _map_key(game), lambda: _routes(game, to_sanctum(keeper)))


def _routes(game, dist):
    walk = walkable(game)
    out = []
    for (px, py) in edge_portals(game):
        if dist[py, px] < 0:
            continue
        tiles = [(px, py)]
        x, y = px, py
        while dist[y, x] > 0:
            for dx, dy in FOUR:
                nx, ny = x + dx, y + dy
                if 0 <= nx < walk.shape[1] and 0 <= ny < walk.shape[0] and \
                        dist[ny, nx] == dist[y, x] - 1:
                    x, y = nx, ny
                    break
            tiles.append((x, y))
        out.append(((px, py), tiles))
    return out


def route_tiles(keeper):
    """Every tile on some route (a set)."""
    return _memo(keeper, "route_tiles", _map_key(keeper.game),
                 lambda: set(t for _, tiles in routes(keeper) for t in tiles))


def corridor(walk, x, y):
    """A walkable tile with exactly two walkable neighbours, opposite each other."""
    h, w = walk.shape
    if not walk[y, x]:
        return False
    open_ = [0 <= x + dx < w and 0 <= y + dy < h and bool(walk[y + dy, x + dx])
             for dx, dy in FOUR]
    return open_ in ([True, False, False, True], [False, True, True, False])


def plain_floor(game, x, y):
    """Floor of the player's domain, off the map edge, with no door on it."""
    g = game.grid
    doors = game.areas.get("doors")
    return (int(g.terrain[y, x]) == terrain.FLOOR and int(g.domain[y, x]) == 1
            and not g.on_edge(x, y) and (doors is None or doors.at(x, y) is None))


def walked_paths(keeper):
    """[(portal, [tiles])]: for each route's portal, the walking path the game's search
    (8 ways, no corner cutting) finds over the map's walking costs to the sanctum tile the
    route ends on: where a party that knows no trap walks."""
    game = keeper.game

    def make():
        cost = game.grid.walk_cost()
        out = []
        for portal, tiles in routes(keeper):
            path = pathing.find_path(cost, portal, tiles[-1])
            out.append((portal, [(int(x), int(y)) for x, y in path] or list(tiles)))
        return out
    return _memo(keeper, "walked_paths", _map_key(game), make)


def trap_sites(keeper):
    """[(trigger tile, mechanism tile)], each trigger with the next tile toward the sanctum
    for its mechanism (a side neighbour, so one wire step joins them: _beside): first the
    corridor tiles on the routes, then the room tiles on the walked paths clear of the
    sanctum's room. Within each, taken in turns from each way in, from the portal side (so
    the first traps stand one on each way in, as far out as they can, before a second on
    any), every trigger TRAP-03's distance from the others."""
    game = keeper.game
    return _memo(keeper, "trap_sites", _map_key(game),
                 lambda: _trap_sites(game, routes(keeper), walked_paths(keeper)))


def _trap_sites(game, rts, walked):
    walk = walkable(game)
    sanctum = game.grid.tiles_of(terrain.SANCTUM)

    def usable(tile):
        return plain_floor(game, *tile) and all(
            max(abs(tile[0] - sx), abs(tile[1] - sy)) >= CLEAR_OF_SANCTUM for sx, sy in sanctum)

    def sites(paths, keep):
        out = []
        for _, tiles in paths:
            mine = []
            for i in range(FIRST_TRAP_STEP, len(tiles) - 1):
                trig = tiles[i]
                mech = _beside(trig, tiles[i + 1], usable)
                if keep(trig) and usable(trig) and mech is not None:
                    mine.append((trig, mech))
            out.append(mine)
        return out

    chosen = []
    used = set()
    for cands in (sites(rts, lambda t: corridor(walk, *t)),
                  sites(walked, lambda t: not corridor(walk, *t))):
        progress = True
        while progress:
            progress = False
            for mine in cands:
                while mine:
                    trig, mech = mine.pop(0)
                    if trig in used or mech in used or not _spaced(trig, chosen):
                        continue
                    chosen.append((trig, mech))
                    used.update((trig, mech))
                    progress = True
                    break
    return chosen


def mixed_kinds(keeper, kinds):
    """One of `kinds` for each trap site (in trap_sites' order): by turns, except that a
    kind the trap before or after it on some way in (a route or a walked path) already has
    is passed over while another will do, so a party meets a new kind at each trap."""
    game = keeper.game
    return _memo(keeper, "mixed_kinds", (_map_key(game), tuple(kinds)),
                 lambda: _mixed_kinds(trap_sites(keeper), routes(keeper) + walked_paths(keeper),
                                      kinds))


def _mixed_kinds(sites, ways, kinds):
    index = {trig: i for i, (trig, _) in enumerate(sites)}
    beside = [set() for _ in sites]
    for _, tiles in ways:
        met = [index[t] for t in tiles if t in index]
        for a, b in zip(met, met[1:]):
            beside[a].add(b)
            beside[b].add(a)
    chosen = []
    for i in range(len(sites)):
        turns = [kinds[(i + k) % len(kinds)] for k in range(len(kinds))]
        taken = {chosen[j] for j in beside[i] if j < i}
        chosen.append(next((k for k in turns if k not in taken), turns[0]))
    return chosen


def _beside(trig, ahead, usable):
    """The mechanism's tile for a trigger: the next tile of the way when it is a side
    neighbour; after a diagonal step (across a room) the corner tile between the two that is
    usable, so the wire's drag (orthogonal steps) is one step and the mechanism's radius 1
    still reaches both tiles. None when no tile will do."""
    if abs(ahead[0] - trig[0]) + abs(ahead[1] - trig[1]) == 1:
        return ahead if usable(ahead) else None
    for corner in ((ahead[0], trig[1]), (trig[0], ahead[1])):
        if usable(corner):
            return corner
    return None


def _spaced(tile, chosen):
    return all(max(abs(tile[0] - t[0]), abs(tile[1] - t[1])) >= tp.TRIGGER_MIN_CHEBYSHEV
               for t, _ in chosen)


# -- metal ---------------------------------------------------------------------------------

def metal_to_spare(game):
    """Metal in the piles beyond what the blueprints (trap parts, furniture) still want:
    what a new blueprint can count on."""
    wanted = 0
    for pid in sorted(game.areas["traps"].parts):
        p = game.areas["traps"].parts[pid]
        if not p.built:
            wanted += max(0, tp.METAL[p.kind] - p.metal - p.haulers)
    econ = econ_state.state_of(game)
    for bid in sorted(econ.blueprints):
        b = econ.blueprints[bid]
        wanted += max(0, furniture.KINDS[b[0]].cost - b[3] - b[4])
    return econ_state.metal_total(game) - wanted


# -- places for furniture ------------------------------------------------------------------

def room_tiles_from(keeper, starts):
    """Floor tiles of the domain by walking distance from `starts` (nearest first), leaving
    out the routes and the corridors: where furniture keeps out of the way."""
    game = keeper.game
    walk = walkable(game)
    on_route = route_tiles(keeper)
    dist = distances(walk, starts)
    ys, xs = np.nonzero(dist >= 0)
    tiles = sorted((int(dist[y, x]), int(y), int(x)) for y, x in zip(ys, xs))
    return [(x, y) for _, y, x in tiles
            if (x, y) not in on_route and plain_floor(game, x, y) and not corridor(walk, x, y)]


def deepest_tiles(keeper):
    """Room tiles (as room_tiles_from) farthest from the portals first: deep behind the traps."""
    game = keeper.game
    walk = walkable(game)
    dist = distances(walk, edge_portals(game))
    on_route = route_tiles(keeper)
    ys, xs = np.nonzero(dist >= 0)
    tiles = sorted((-int(dist[y, x]), int(y), int(x)) for y, x in zip(ys, xs))
    return [(x, y) for _, y, x in tiles
            if (x, y) not in on_route and plain_floor(game, x, y) and not corridor(walk, x, y)]


def meeting_tile(keeper):
    """Where the ways in meet: the first tile of the first route (from its portal) that every
    route passes, outside a corridor; None with no route."""
    rts = routes(keeper)
    if not rts:
        return None
    walk = walkable(keeper.game)
    others = [set(tiles) for _, tiles in rts[1:]]
    for (x, y) in rts[0][1][FIRST_TRAP_STEP:]:
        if all((x, y) in o for o in others) and not corridor(walk, x, y):
            return (x, y)
    return None


# -- tunnels to the veins --------------------------------------------------------------------

def home_side(keeper):
    """bool [y, x]: walkable tiles nearer the sanctum than any portal (walking steps): the
    keeper's side of the dungeon, where minions work out of the invaders' way."""
    game = keeper.game

    def make():
        near = to_sanctum(keeper)
        far = distances(walkable(game), edge_portals(game))
        return (near >= 0) & ((far < 0) | (near < far))
    return _memo(keeper, "home_side", _map_key(game), make)


def tunnel_to_a_vein(keeper):
    """The rock tiles to dig, in digging order, for the shortest tunnel from a room tile on
    the keeper's side (home_side, off the routes) to a tile beside a vein nobody can stand
    beside yet; [] when there is none. A tunnel never touches another walkable tile on the
    way (it would open a new way in)."""
    game = keeper.game
    on_route = route_tiles(keeper)
    home = home_side(keeper)
    econ = econ_state.state_of(game)
    g = game.grid
    walk = walkable(game)
    h, w = walk.shape
    beside = set()
    for (vx, vy) in sorted(econ.veins):
        if econ.veins[(vx, vy)] <= 0 or _standable_beside(walk, vx, vy):
            continue
        for dx, dy in FOUR:
            beside.add((vx + dx, vy + dy))
    if not beside:
        return []
    diggable = ((g.terrain == terrain.ROCK) | (g.terrain == terrain.WALL))
    parent = {}
    queue = deque()
    ys, xs = np.nonzero(walk)
    for y, x in zip(ys, xs):
        start = (int(x), int(y))
        parent[start] = None
        if home[y, x] and start not in on_route and plain_floor(game, *start):
            queue.append(start)
    while queue:
        x, y = queue.popleft()
        for dx, dy in FOUR:
            nx, ny = x + dx, y + dy
            if (nx, ny) in parent or not (0 < nx < w - 1 and 0 < ny < h - 1):
                continue
            if not diggable[ny, nx] or (nx, ny) in econ.veins:
                continue
            if any(walk[ny + ey, nx + ex] and (nx + ex, ny + ey) != (x, y)
                   for ex, ey in FOUR):
                continue
            parent[(nx, ny)] = (x, y)
            if (nx, ny) in beside:
                return _trace(parent, (nx, ny))
            queue.append((nx, ny))
    return []


def _standable_beside(walk, x, y):
    h, w = walk.shape
    return any(0 <= x + dx < w and 0 <= y + dy < h and walk[y + dy, x + dx] for dx, dy in FOUR)


def _trace(parent, tile):
    out = []
    while parent[tile] is not None:
        out.append(tile)
        tile = parent[tile]
    out.reverse()
    return out
