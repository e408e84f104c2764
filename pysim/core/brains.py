"""Default behaviour of idle entities until richer rules (duties, invasions) take over.

BRAINS[kind] = fn(game, ent) is called for an entity that is up, not walking, and whose
`idle` countdown has run out. A brain either plans a walk (movement.go_to) or sets `idle`
to rest for a while. Rule areas replace an entry to take a kind over (or wrap it).
After a walk the goal is still set; brains use that to rest once before the next choice.
"""
import cython

from pysim.core import draws, entities, movement, systems, terrain
from pysim.core.entities import Entity

BRAINS = {}
WANDER_RADIUS = 8
CREATURE_RADIUS = 5


def brain(kind):
    def wrap(fn):
        BRAINS[kind] = fn
        return fn
    return wrap


@systems.system("brains", 100)
def tick(game):
    e: Entity
    for e in list(game.live()):
        if e.state != 0 or e.step_len > 0 or e.path is not None:
            continue
        if e.idle > 0:
            e.idle -= 1
            continue
        fn = BRAINS.get(e.kind)
        if fn is not None:
            fn(game, e)


def _rest(game, e: Entity, lo, hi):
    e.goal_x = -1
    e.goal_y = -1
    e.idle = draws.int_in(game.rng.stream("ai"), lo, hi + 1)


def body_lies_at(game, x, y):
    """Does a knocked-out body lie on (x, y)? (A wanderer never makes it its goal: one
    standing there would keep the body under it, WAKE-02, docs/rules/combat.md.)"""
    o: Entity
    ko: cython.int = entities.KNOCKED_OUT
    tx: cython.int = x
    ty: cython.int = y
    for o in game.live():
        if o.state == ko and o.x == tx and o.y == ty:
            return True
    return False


def wander(game, e: Entity, cx, cy, radius, in_domain):
    """Walk to a random passable tile within radius of (cx, cy), never one a knocked-out
    body lies on; rest if none is found."""
    if e.goal_x >= 0:
        _rest(game, e, 20, 80)
        return
    rng = game.rng.stream("ai")
    grid = game.grid
    cost = grid.walk_cost()
    for _ in range(6):
        d = draws.ints(rng, -radius, radius + 1, 2)   # numpy's draws, without its call cost
        x = cx + d[0]
        y = cy + d[1]
        if not grid.in_bounds(x, y) or (x == e.x and y == e.y) or cost[y, x] <= 0:
            continue
        if in_domain and not grid.domain[y, x]:
            continue
        if body_lies_at(game, x, y):
            continue
        if movement.go_to(game, e, x, y):
            return
    _rest(game, e, 10, 30)


@brain(entities.MINION)
def minion_brain(game, e):
    wander(game, e, e.x, e.y, WANDER_RADIUS, True)


@brain(entities.CREATURE)
def creature_brain(game, e):
    wander(game, e, e.home_x, e.home_y, CREATURE_RADIUS, False)


@brain(entities.BOSS)
def boss_brain(game, e):
    """The Boss keeps to its place in the sanctum (where it stood at the start): a fight
    that took it away ends with it walking back, else a party come to kill it would wait
    in the empty sanctum for ever (docs/rules/invasions.md, "Goals")."""
    if (e.x != e.home_x or e.y != e.home_y) and \
            movement.go_to(game, e, e.home_x, e.home_y):
        return
    _rest(game, e, 200, 400)


def nearest_tile(game, code, x, y):
    """Nearest tile of a terrain code (octile distance, then row-major order), or None."""
    best = None
    best_d = 0
    for tx, ty in game.grid.tiles_of(code):
        ax, ay = abs(tx - x), abs(ty - y)
        d = 2 * max(ax, ay) + min(ax, ay)
        if best is None or d < best_d:
            best, best_d = (tx, ty), d
    return best


@brain(entities.ADVENTURER)
def adventurer_brain(game, e):
    """Head for the sanctum (the Boss) until invasion rules give parties real goals."""
    target = nearest_tile(game, terrain.SANCTUM, e.x, e.y)
    if target is None or (e.x, e.y) == target:
        _rest(game, e, 100, 200)
        return
    if not movement.go_to(game, e, target[0], target[1]):
        _rest(game, e, 30, 60)
