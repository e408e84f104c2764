"""Route choice at a closed door, in play (DOOR-02, DOOR-03): a party that sees a closed door
on its way, with another way around, may take that way. The chances, the roll and the
party's memory of its choices: pysim/doors/routes.py; decisions: docs/rules/doors.md.
"""
import cython
import numpy as np

from pysim.core import entities, movement
from pysim.core.entities import Entity
from pysim.core.parties import faction_of
from pysim.core.pathing import find_path
from pysim.doors import routes
from pysim.doors.doors import area, party_index


def remember_mapmaker(game, faction):
    """DOOR-03: a Mapmaker of this faction escaped alive now (the faction -> tick memory is
    kept in the doors area, hashed with the parties' door decisions)."""
    area(game).factions[faction] = game.tick


def use_mapmaker_memory(game, faction):
    """True, and the memory used up, when a Mapmaker of this faction escaped since its last
    party arrived."""
    a = area(game)
    if faction and faction in a.factions:
        del a.factions[faction]
        return True
    return False


def register_party(game, pid, members):
    """The party's door record, made when the doors system first sees the party."""
    a = area(game)
    r = a.parties.get(pid)
    if r is not None:
        return r
    faction = faction_of(members[0])
    r = a.party(pid, faction)
    if use_mapmaker_memory(game, faction):
        r.direct = True                     # DOOR-03: this is the faction's next party
        game.emit("party_direct", party=pid, faction=faction)
    return r


def _sees(game, e, door):
    from pysim.combat import awareness, sight
    rng_tiles = awareness.notice_range(e)
    dx = door.x - e.x
    dy = door.y - e.y
    if dx * dx + dy * dy > rng_tiles * rng_tiles:
        return False
    blocked = awareness.sight_blocked(game)
    return bool(sight.line_of_sight(blocked, int(e.x), int(e.y), door.x, door.y))


@cython.cfunc
def _first_ahead(hits: list, path_i: cython.Py_ssize_t,
                 limit: cython.Py_ssize_t) -> cython.int:
    """Door id of the first (index, door id) hit in [path_i - 1, path_i - 1 + limit)."""
    start: cython.Py_ssize_t = path_i - 1 if path_i > 0 else 0
    j: cython.Py_ssize_t
    for hit in hits:
        j = hit[0]
        if j >= start:
            return hit[1] if j < start + limit else 0
    return 0


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _doors_on(a, grid: cython.int[:, ::1], path) -> list:
    """[(index, door id)] of the door tiles along a path, in path order."""
    out = []
    p: cython.int[:, :]
    j: cython.Py_ssize_t
    x: cython.Py_ssize_t
    y: cython.Py_ssize_t
    did: cython.int
    h: cython.Py_ssize_t = grid.shape[0]
    w: cython.Py_ssize_t = grid.shape[1]
    if cython.compiled:
        typed: cython.bint = True
        try:
            p = path                        # an int32 (N, 2) path: C loop
        except (ValueError, TypeError):
            typed = False
        if typed:
            for j in range(p.shape[0]):
                x = p[j, 0]
                y = p[j, 1]
                if 0 <= x < w and 0 <= y < h:
                    did = grid[y, x]
                    if did != 0:
                        out.append((j, did))
            return out
    by_pos = a.by_pos
    j = 0
    for xy in path.tolist():
        d = by_pos.get((xy[0], xy[1]))
        if d is not None:
            out.append((j, d.id))
        j += 1
    return out


def way_around(game, e, r, door):
    """A path for e to its goal that avoids `door` and the party's blocked doors."""
    cost = np.array(movement.cost_for(game, e), copy=True)
    cost[door.y, door.x] = 0
    sx, sy = (e.nx, e.ny) if e.step_len > 0 else (e.x, e.y)
    if (sx, sy) == (door.x, door.y):
        return False
    return len(find_path(cost, (sx, sy), (e.goal_x, e.goal_y))) > 0


def _replan(game, members):
    for m in members:
        if m.state == entities.UP and m.goal_x >= 0 and (m.path is not None or m.step_len):
            movement.go_to(game, m, m.goal_x, m.goal_y)


def route_choices(game):
    a = area(game)
    if not a.by_pos:
        return
    idx = party_index(game)
    e: Entity
    m: Entity
    did: cython.int
    up: cython.int = entities.UP
    grid: cython.int[:, ::1] = a.door_grid(game)
    ndoors = len(a.ordered)
    ahead = a.ahead
    seen_paths = {}
    a.ahead = seen_paths                    # keeps only the walkers looked at this time
    parties = a.parties
    seen_parties = {}
    for e, pid in idx.advs:                 # parties in the order of their first member up
        if e.state != up or pid in seen_parties:
            continue
        seen_parties[pid] = True
        members = idx.members[pid]
        r = parties.get(pid)
        if r is None:
            r = register_party(game, pid, members)
        ups = [m for m in members if m.state == up]
        for m in ups:
            if m.path is None or m.goal_x < 0:
                continue
            # the doors along m's path, found once per planned path (a cache, not state)
            hit = ahead.get(m.id)
            if hit is None or hit[0] is not m.path or hit[1] != ndoors:
                hit = (m.path, ndoors, _doors_on(a, grid, m.path))
            seen_paths[m.id] = hit
            did = _first_ahead(hit[2], m.path_i, 3 + 2 * 8)
            if did == 0:
                continue                    # no door near on its way: nothing to decide
            d = a.by_id[did]
            if d is None or r.decided(d.id) or d.id in r.gave_up:
                continue
            if d.open or d.rest_open() or d.breached:
                continue                    # only a closed door is a choice
            if not _sees(game, m, d):
                continue
            around = way_around(game, m, r, d)
            take = routes.decide_detour(game.rng.stream("ai"), ups, r.direct, around)
            game.emit("door_route", party=pid, door=d.id, entity=m.id, way_around=around,
                      detour=take, chance=routes.detour_chance(ups, r.direct) if around else 0.0)
            if take:
                routes._insert(r.avoid, d.id)
                _replan(game, ups)
            else:
                routes._insert(r.through, d.id)
            break
    # the only way: if avoided doors leave a party no way to its goal, it forgets them
    if a.checked_version != game.grid.version:
        a.checked_version = game.grid.version
        for pid in sorted(a.parties):
            r = a.parties[pid]
            if not r.avoid:
                continue
            for m in idx.of(pid):
                if m.state != entities.UP or m.goal_x < 0:
                    continue
                if len(find_path(movement.cost_for(game, m), (m.x, m.y),
                                 (m.goal_x, m.goal_y))) == 0:
                    game.emit("door_route_only_way", party=pid, doors=list(r.avoid))
                    for did in r.avoid:
                        routes._insert(r.through, did)
                    r.avoid = []
                    _replan(game, idx.of(pid))
                break
