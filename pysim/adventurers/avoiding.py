"""Walking with knowledge (KNOW-05): around known plates and sensors, over known tripwires.
Decisions: docs/rules/adventurers.md, "Knowledge".

- A known pressure plate or sensor that still works, where it was learned, costs AVOID_COST
  more to step on (each tile where it would notice a body: a sensor's whole 3x3 square).
  A high cost, not a wall: a detour up to about AVOID_COST tiles long is taken, and when
  there is no other way the path still goes through, where the party stops and disarms it
  (pysim/adventurers/disarming.py). A spent trigger (needs a reset, expired) is no longer
  avoided: it was seen going off or disarmed.
- A known tripwire (wide or not) is stepped over: walking across it never sets it off
  (trap_state.PASS_FNS).

Cost: the view is one read-only array per (grid version, the array it is given, the sorted
tiles to avoid), shared by every walker who knows the same live plates and sensors (a
party that learned together shares one), rebuilt when the grid version moves. Not state:
a cache of what the rule computes.
"""
import numpy as np

from pysim.adventurers import knowledge as K
from pysim.core import entities, movement
from pysim.traps import trap_parts as tp, trap_state

AVOID_COST = 30
AVOIDED = (tp.PRESSURE_PLATE, tp.SENSOR)
STEPPED_OVER = (tp.TRIPWIRE, tp.WIDE_TRIPWIRE)
MAX_CACHED = 128


def known_live(game, adv_id, kinds):
    """The triggers of `kinds` the adventurer knows that still work where it learned them,
    by id."""
    out = []
    mine = K.known_of(game, adv_id)
    for pid in sorted(mine):
        xy = mine[pid]
        if xy[2] not in kinds:
            continue
        p = K.live_trigger_at(game, pid, xy)
        if p is not None and p.works():
            out.append(p)
    return out


def avoid_tiles(game, adv_id):
    """Sorted tiles the adventurer's plan pays AVOID_COST more to step on."""
    tiles = []
    for p in known_live(game, adv_id, AVOIDED):
        tiles.extend(p.sense_tiles())
    return tuple(sorted(set(tiles)))


class _Cache(object):
    def __init__(self):
        self.version = None
        self.views = {}


_cache = _Cache()


def _cost_view(game, ent, cost):
    if ent.kind != entities.ADVENTURER or not K.known_of(game, ent.id):
        return cost
    tiles = avoid_tiles(game, ent.id)
    if not tiles:
        return cost
    key_version = (game.serial, game.grid.version)
    if _cache.version != key_version:
        _cache.version = key_version
        _cache.views = {}
    key = (id(cost), tiles)
    hit = _cache.views.get(key)
    if hit is not None and hit[0] is cost:
        return hit[1]
    out = np.array(cost, copy=True)
    h, w = out.shape
    for (x, y) in tiles:
        if 0 <= x < w and 0 <= y < h and out[y, x] > 0:
            out[y, x] += AVOID_COST
    out.flags.writeable = False
    if len(_cache.views) >= MAX_CACHED:
        _cache.views = {}
    _cache.views[key] = (cost, out)   # holds `cost`, so its id is not reused while cached
    return out


movement.add(movement.COST_VIEWS, "known_triggers", _cost_view, order=450)


def _steps_over(game, part, e):
    if part.kind not in STEPPED_OVER or e.kind != entities.ADVENTURER:
        return False
    xy = K.known_of(game, e.id).get(part.id)
    return xy is not None and xy[0] == part.x and xy[1] == part.y


trap_state.add_pass_fn(_steps_over)


def _replan_if_crossing(game, e, part):
    """A walker whose remaining path crosses a trigger it just learned to avoid plans again
    (paths are otherwise planned once)."""
    if part.kind not in AVOIDED or e.path is None or e.state != entities.UP:
        return
    rest = e.path[e.path_i:]
    tiles = part.sense_tiles()
    for i in range(len(rest)):
        if (int(rest[i, 0]), int(rest[i, 1])) in tiles:
            movement.go_to(game, e, e.goal_x, e.goal_y)
            return


K.add_learn_hook(_replan_if_crossing)
