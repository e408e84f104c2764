"""Walking: entities follow the paths their brains (or other rules) give them.

A step from (x, y) to the next path tile takes `pace` ticks orthogonally, 3/2 of that
diagonally. Paths are planned once (go_to) and checked again only when grid.version moved
since planning: if every remaining tile is still passable the walker keeps its path,
otherwise it re-plans. So a door or a build costs one cheap check per walker, not a storm
of searches. A goal that cannot be reached is searched for once per grid version: after a
failed search the walker's view is labelled into connected components
(pysim/core/reachability.py) and a goal outside the walker's component fails at once.

Extension registries (ordered lists of (order, name, fn); use add()):
- COST_VIEWS: fn(game, ent, cost) -> cost. The walker's own view of the cost grid (a
  side's locked doors, an adventurer's known traps). Return a new array to change it;
  never edit the one given (block tiles with reachability.blocking: one shared read-only
  array per set of blocked tiles and grid version, not a copy per plan). A view only
  blocks tiles or raises costs, never opens a blocked one, and changes nothing: a walker
  whose goal an earlier view already proves unreachable skips the later views.
- STEP_CHECKS: fn(game, ent, nx, ny) -> bool. False holds the walker this tick (it tries
  again next tick; the check may also replace or clear its path).
- STEP_HOOKS: fn(game, ent, nx, ny) when a step into (nx, ny) begins (a door opens).
- ENTER_HOOKS: fn(game, ent, x, y) when a walker arrives on a tile (a plate is stepped on).
- BASE_VIEWS: fn(game, ent, base) -> base. The one place a walker's cost may OPEN tiles
  (a swimming party's water, pysim/invasions/swimming.py): applied to the walk cost before
  COST_VIEWS. Return `base` itself for everyone it does not concern (the shared views and
  their reachability labels then hold); any other array is searched as it is.

Hooks and checks may stop, slow or re-plan walkers, but never move or place one themselves
(set x, y, nx, ny): while the tick runs, `holders_at` answers from where walkers stood when
it was first asked (see _Holders).
"""
import cython
import numpy as np

from pysim.core import reachability, snapshot, systems
from pysim.core.buckets import CellBuckets
from pysim.core.entities import Entity
from pysim.core.pathing import EMPTY, find_path

COST_VIEWS = []
BASE_VIEWS = []
STEP_CHECKS = []
STEP_HOOKS = []
ENTER_HOOKS = []

# facing index (N, NE, E, SE, S, SW, W, NW = 0..7) by (dy + 1) * 3 + (dx + 1)
_FACING = (7, 0, 1, 6, 4, 2, 5, 4, 3)


def add(registry, name, fn, order=100):
    for i, (_, n, _) in enumerate(registry):
        if n == name:
            del registry[i]
            break
    registry.append((order, name, fn))
    registry.sort(key=lambda item: (item[0], item[1]))


def facing_of(dx, dy):
    return _FACING[(int(dy) + 1) * 3 + (int(dx) + 1)]


def base_for(game, ent, base):
    for _, _, fn in BASE_VIEWS:
        base = fn(game, ent, base)
    return base


def cost_for(game, ent):
    cost = base_for(game, ent, game.grid.walk_cost())
    for _, _, fn in COST_VIEWS:
        cost = fn(game, ent, cost)
    return cost


def plan(game, ent, sx, sy, gx, gy):
    """find_path over ent's cost view from (sx, sy) to (gx, gy), without the search when a
    failed search on the same view already proves the goal out of reach (the same empty
    path the search would give)."""
    vs = reachability.views(game.grid)
    cost = base_for(game, ent, vs.base)
    kept = cost             # the last shared view of the chain: its labels hold for the end
    if vs.unreachable(cost, sx, sy, gx, gy):
        return EMPTY.copy()
    for _, _, fn in COST_VIEWS:
        cost = fn(game, ent, cost)
        if vs.view_of(cost) is not None:
            kept = cost
            if vs.unreachable(cost, sx, sy, gx, gy):
                return EMPTY.copy()
    path = find_path(cost, (sx, sy), (gx, gy))
    if len(path) == 0:
        vs.failed(kept, gx, gy)
    return path


def go_to(game, ent, x, y):
    """Plan a path for ent to (x, y); True if one exists. A walker mid-step plans from the
    tile it is stepping into and keeps going."""
    e: Entity = ent
    if e.step_len > 0:
        sx, sy = e.nx, e.ny
    else:
        sx, sy = e.x, e.y
    path = plan(game, e, sx, sy, int(x), int(y))
    e.goal_x = int(x)
    e.goal_y = int(y)
    if len(path) == 0:
        e.path = None
        return False
    e.path = path
    e.path_i = 1
    e.path_version = game.grid.version
    return True


def stop(ent):
    """Drop the path; a step under way still finishes."""
    e: Entity = ent
    e.path = None
    e.path_i = 0


HOLD_CELL = 8   # tiles per side of a holders bucket


@cython.cclass
class _Holders(object):
    """Who may hold a tile during one movement tick, for CROWD-01's step check (asked at
    every step of every fighter): the tick's entities bucketed by map cell when first
    asked, so a question reads a few cells, not every body. A walker moves at most one
    tile a tick (it arrives, then may start its next step) and steps only to a neighbour,
    so whoever stands on or steps into (x, y) now stood within 2 tiles of it when the
    buckets were made: `at` gives those, in game.entities order, and the caller tests
    their fields. Entities spawned or removed since make it bucket again."""

    def __init__(self):
        self.game = None
        self.b = None
        self.built = False

    def clear(self, game):
        self.game = game
        self.built = False
        self.b = None

    def _build(self):
        g = self.game
        self.b = CellBuckets(g.entities.values(), g.grid.width, g.grid.height, HOLD_CELL)
        self.size = len(g.entities)
        self.next_id = g.next_id
        self.built = True

    @cython.boundscheck(False)
    @cython.wraparound(False)
    def at(self, x: cython.int, y: cython.int):
        g = self.game
        if not self.built or self.size != len(g.entities) or self.next_id != g.next_id:
            self._build()
        b: CellBuckets = self.b
        c0: cython.int = b._cell(x - 2, y - 2)
        c1: cython.int = b._cell(x + 2, y + 2)
        cx: cython.int
        cy: cython.int
        k: cython.int
        j: cython.int
        c: cython.int
        found = []
        for cy in range(c0 // b.cw, c1 // b.cw + 1):
            for cx in range(c0 % b.cw, c1 % b.cw + 1):
                c = cy * b.cw + cx
                for k in range(b.start[c], b.start[c + 1]):
                    j = b.items[k]
                    if abs(b.xs[j] - x) <= 2 and abs(b.ys[j] - y) <= 2:
                        found.append(j)
        if len(found) > 1:
            found.sort()
        return [b.ents[j] for j in found]


_holders = _Holders()


HOLDERS_MIN = 256   # fewer entities than this: asking every one is cheaper than bucketing


def holders_at(game, x, y):
    """During the movement tick: the entities that may hold (x, y) (standing on it or
    stepping into it; a superset, in game.entities order). Outside it, or in a game of
    fewer than HOLDERS_MIN entities, None (ask every entity)."""
    if _holders.game is not game or len(game.entities) < HOLDERS_MIN:
        return None
    return _holders.at(x, y)


@systems.system("movement", 200)
def tick(game):
    version: cython.int = game.grid.version
    e: Entity
    _holders.clear(game)
    try:
        for e in list(game.live()):
            if e.state != 0:
                continue
            if e.step_len > 0:
                e.step_t += 1
                if e.step_t < e.step_len:
                    continue
                _arrive(game, e)
            if e.path is not None:
                _next_step(game, e, version)
    finally:
        _holders.clear(None)


def _arrive(game, e: Entity):
    e.x = e.nx
    e.y = e.ny
    e.step_t = 0
    e.step_len = 0
    if e.path is not None and e.path_i >= len(e.path):
        e.path = None
    for _, _, fn in ENTER_HOOKS:
        fn(game, e, e.x, e.y)


def _next_step(game, e: Entity, version: cython.int):
    i: cython.int = e.path_i
    path = e.path
    if i >= len(path):
        e.path = None
        return
    if e.path_version != version:
        cost = cost_for(game, e)
        rest = path[i:]
        if not bool((cost[rest[:, 1], rest[:, 0]] > 0).all()):
            if not go_to(game, e, e.goal_x, e.goal_y):
                game.emit("path_lost", entity=e.id, x=e.goal_x, y=e.goal_y)
                return
            path = e.path
            i = e.path_i
            if i >= len(path):
                e.path = None
                return
        e.path_version = version
    # (item: a Python int straight from the array; path[i, 0] made a numpy scalar first)
    nx: cython.int = path.item(i, 0)
    ny: cython.int = path.item(i, 1)
    for _, _, fn in STEP_CHECKS:
        if not fn(game, e, nx, ny):
            return
    dx: cython.int = nx - e.x
    dy: cython.int = ny - e.y
    e.facing = _FACING[(dy + 1) * 3 + (dx + 1)]
    e.nx = nx
    e.ny = ny
    e.step_t = 0
    if dx != 0 and dy != 0:
        e.step_len = (e.pace * 3 + 1) // 2
    else:
        e.step_len = e.pace
    if e.step_len < 1:
        e.step_len = 1
    e.path_i = i + 1
    for _, _, fn in STEP_HOOKS:
        fn(game, e, nx, ny)


@cython.boundscheck(False)
@cython.wraparound(False)
def _fill_rows(ents: list, table: cython.int[:, ::1], v_pos: cython.float[:, ::1]):
    """Column i of table: entity i's id, kind, state, facing, side; v_pos its interpolated
    position."""
    n: cython.Py_ssize_t = len(ents)
    i: cython.Py_ssize_t
    e: Entity
    f: cython.float
    for i in range(n):
        e = ents[i]
        table[0, i] = e.id
        if e.step_len > 0:
            f = cython.cast(cython.float, e.step_t) / e.step_len
            v_pos[i, 0] = e.x + (e.nx - e.x) * f
            v_pos[i, 1] = e.y + (e.ny - e.y) * f
        else:
            v_pos[i, 0] = e.x
            v_pos[i, 1] = e.y
        table[1, i] = e.kind
        table[2, i] = e.state
        table[3, i] = e.facing
        table[4, i] = e.side


def fill_arrays(game):
    """Snapshot arrays of every entity in id order: ids, interpolated positions, kind,
    state, facing, side (int32; pos float32 (n, 2), new every frame). ids, kind, state,
    facing and side are last frame's very arrays when no value in them moved
    (snapshot.KeptRows, kept as game.entity_rows: a cache, never state)."""
    ents = list(game.entities.values())
    n = len(ents)
    rows = getattr(game, "entity_rows", None)
    if rows is None:
        rows = snapshot.KeptRows([np.int32] * 5)
        game.entity_rows = rows
    table = rows.table(n)
    pos = np.empty((n, 2), dtype=np.float32)
    _fill_rows(ents, table, pos)
    arrays = rows.hand_out(table)
    return arrays[0], pos, arrays[1], arrays[2], arrays[3], arrays[4]
