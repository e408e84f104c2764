"""Building walls, digging, cave-ins, and the walking path they may never cut (PATH-01).

Commands:
  {"type": "build_wall", "x", "y"}  your floor (no door, trap part or body on it) -> wall
  {"type": "cave_in", "tiles": [[x, y], ...]}   (scenarios, tests, debug) floor -> rock
Every command that makes tiles unwalkable asks `path_reason(game, tiles)` in its check;
refused with walkpath.REASON_CUT and nothing changes. Digging is a Drudgery job
(pysim/economy/dig_jobs.py: the `dig` command marks rock, a minion digs it out over time);
its tile check is `dig_reason` here and the tile opens with `dig_out`. Digging never
removes a walking tile, but dig_reason runs the same check (any future variant that does
is covered).
A cave-in (`cave_in(game, tiles)`, also used by any rule that collapses rock) takes the
tiles one by one in the order given and leaves standing any tile whose collapse would cut
the path: event "cave_in" lists what fell and what held.

Other rule areas whose structures block walking call `path_reason` in their checks.
"""
import numpy as np

from pysim.core import commands, entities, terrain
from pysim.doors import walkpath


def _guard(game):
    g = game.grid
    pg = getattr(g, "_path_guard", None)
    if pg is None:
        pg = walkpath.PathGuard()
        g._path_guard = pg
        g._path_walk_version = -1
    return pg


def walk_mask(game):
    """uint8 [y, x]: walkable for PATH-01 (walk cost > 0, and every door, locked or not).
    Cached per grid version (not state: derived from it)."""
    g = game.grid
    _guard(game)
    if g._path_walk_version != g.version:
        m = (g.walk_cost() > 0).astype(np.uint8)
        doors = game.areas.get("doors")
        if doors is not None:
            for (x, y) in doors.by_pos:
                m[y, x] = 1
        g._path_walk = m
        g._path_walk_version = g.version
    return g._path_walk


def path_reason(game, tiles):
    """PATH-01: None if making `tiles` ((x, y) pairs) unwalkable leaves a walking path
    from a map-edge portal to the sanctum (or there was none to begin with), else the
    player-readable reason. Changes nothing."""
    walk = walk_mask(game)
    if walkpath_cut(game, walk, tiles):
        return walkpath.REASON_CUT
    return None


def walkpath_cut(game, walk, tiles):
    return _guard(game).would_cut(walk, game.grid.terrain, terrain.PORTAL, terrain.SANCTUM,
                                  tiles)


def path_exists(game):
    return _guard(game).has_path(walk_mask(game), game.grid.terrain, terrain.PORTAL,
                                 terrain.SANCTUM)


def _body_on(game, x, y):
    for e in game.live():
        if e.state == entities.DEAD:
            continue
        if (e.x == x and e.y == y) or (e.step_len > 0 and e.nx == x and e.ny == y):
            return True
    return False


def _structure_on(game, x, y):
    doors = game.areas.get("doors")
    if doors is not None and doors.at(x, y) is not None:
        return "There is a door on that tile."
    traps = game.areas.get("traps")
    if traps is not None and traps.part_at(x, y) is not None:
        return "There is a trap part on that tile."
    return None


def tile_of(cmd):
    return int(cmd["x"]), int(cmd["y"])


def tile_reason(game, cmd, reason_at):
    """For a command on one tile ("x", "y"): commands.need_tile's reason, else
    `reason_at(game, x, y)`."""
    r = commands.need_tile(game, cmd)
    if r:
        return r
    x, y = tile_of(cmd)
    return reason_at(game, x, y)


def own_floor_reason(game, x, y, not_floor, not_domain):
    """`not_floor` unless (x, y) is floor, else `not_domain` unless it is yours, else None."""
    g = game.grid
    if int(g.terrain[y, x]) != terrain.FLOOR:
        return not_floor
    if int(g.domain[y, x]) != 1:
        return not_domain
    return None


def _wall_reason(game, x, y):
    r = own_floor_reason(game, x, y, "A wall must be built on a floor tile.",
                         "You can build only inside your domain.")
    if r:
        return r
    r = _structure_on(game, x, y)
    if r:
        return r
    if _body_on(game, x, y):
        return "Someone is standing there."
    return path_reason(game, [(x, y)])


def dig_reason(game, x, y):
    """Why (x, y) can't be dug (marked for digging), or None: rock or a wall, not the map
    edge, no metal vein in it, nothing that stands on it; never cutting PATH-01."""
    g = game.grid
    if g.on_edge(x, y):
        return "The map edge can't be dug."
    if int(g.terrain[y, x]) not in (terrain.ROCK, terrain.WALL):
        return "Only rock and walls can be dug."
    ea = game.areas.get("economy")
    if ea is not None and ea.veins.get((x, y), 0) > 0:
        return "That rock holds a metal vein: mark it for mining instead."
    r = _structure_on(game, x, y)
    if r:
        return r
    return path_reason(game, [])     # digging opens tiles; nothing walkable is lost


@commands.command("build_wall")
class BuildWall:
    def check(game, cmd):
        return tile_reason(game, cmd, _wall_reason)

    def apply(game, cmd):
        x, y = tile_of(cmd)
        game.grid.set_terrain(x, y, terrain.WALL)
        game.emit("wall_built", x=x, y=y)


def dig_out(game, x, y, by=-1):
    """Rock or wall at (x, y) becomes floor of your domain (the end of a dig job); event
    `dug` with the digger's id (`by`, -1 for none)."""
    g = game.grid
    g.terrain[y, x] = terrain.FLOOR
    g.domain[y, x] = 1
    g.changed()
    game.emit("dug", x=x, y=y, entity=int(by))


def cave_in(game, tiles):
    """Collapse floor tiles to rock, except those whose fall would cut PATH-01 (or that
    hold a door or a body). Returns (fallen, held)."""
    fallen = []
    held = []
    g = game.grid
    for t in tiles:
        x, y = int(t[0]), int(t[1])
        if not g.in_bounds(x, y) or int(g.terrain[y, x]) != terrain.FLOOR:
            continue
        if _structure_on(game, x, y) or _body_on(game, x, y) or path_reason(game, [(x, y)]):
            held.append([x, y])
            continue
        g.set_terrain(x, y, terrain.ROCK)
        fallen.append([x, y])
    game.emit("cave_in", fallen=fallen, held=held)
    return fallen, held


@commands.command("cave_in")
class CaveIn:
    def check(game, cmd):
        tiles = cmd.get("tiles")
        if not isinstance(tiles, list) or not tiles:
            return "'cave_in' needs 'tiles': a list of [x, y]."
        for t in tiles:
            if (not isinstance(t, list) or len(t) != 2
                    or not all(commands._is_int(v) for v in t)):
                return "'cave_in' needs 'tiles': a list of [x, y]."
        return None

    def apply(game, cmd):
        cave_in(game, cmd["tiles"])
