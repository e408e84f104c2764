"""Tools that find a desync (docs/desync.md, "Finding a desync"): the state hash in parts, and
the cache check.

`hash_parts(game)`: the state hash's parts, each hashed alone (the tick and queue, the grid,
the random streams, each entity, each rule area), so two games whose hashes differ at a tick
say which part differs (`python -m pysim run FILE --hash-every N --hash-parts`).

The cache check: after a tick, every cache recomputed from the state and compared
(`python -m pysim run FILE --check-caches`).

A cache that a rule forgot to invalidate (a version not moved, a list not pruned) hands out
an old answer. The game goes on, differently from a game that computed the answer afresh
(the other build, a loaded save, a replay with another cache history), and the difference
shows hours later as a state hash that does not match. Here each cache is asked as the game
asks it, then recomputed the way a fresh game would, and the first that differs is named at
the tick it differs. The check changes nothing: what it drops to recompute it puts back, and
the state hash before and after it must be the same (a view that writes into the game is
caught too).

    checker = CacheCheck()
    for _ in range(ticks):
        game.step()
        for problem in checker.check(game):
            print(game.tick, problem)

A new cache beside the game gets a `@check("name")` function here: fn(game, checker) returns
None or a sentence saying what differs.
"""
import hashlib

import numpy as np

from pysim.adventurers import areas, places
from pysim.combat import awareness
from pysim.core import entities, reachability, view
from pysim.core.game import canon
from pysim.core.snapshot import Frames

CHECKS = []


def hash_parts(game):
    """[(part name, hex digest)] in the order Game.state_hash reads them: "game" (tick,
    speed, seed, next id, script position, queue), "grid", "rng", "entity N" by id, "area
    NAME" by name (an unused area is left out, as the state hash leaves it)."""
    parts = [("game", (game.tick, game.speed, game.seed, game.next_id, game.script_i,
                       game.queue)),
             ("grid", game.grid.hash_state()), ("rng", game.rng.hash_state())]
    parts += [("entity %d" % eid, ent.hash_state()) for eid, ent in game.entities.items()]
    parts += [("area " + name, game.areas[name]) for name in sorted(game.areas)
              if not getattr(game.areas[name], "unused", False)]
    out = []
    for name, value in parts:
        h = hashlib.blake2b(digest_size=8)
        canon(value, h)
        out.append((name, h.hexdigest()))
    return out


def check(name):
    """Decorator: fn(game, checker) -> None, or what differs from the recomputed value."""
    def register(fn):
        CHECKS.append((name, fn))
        return fn
    return register


class CacheCheck(object):
    """Runs every check after a tick; keeps a front end's snapshot Frames between ticks (so
    the keyed snapshot parts are compared as a front end that saw every tick gets them)."""

    def __init__(self):
        self.frames = None

    def check(self, game):
        """What differs, as 'name: sentence' lines (empty: every cache holds)."""
        before = game.state_hash()
        out = []
        for name, fn in CHECKS:
            why = fn(game, self)
            if why:
                out.append("%s: %s" % (name, why))
        if game.state_hash() != before:
            out.append("state: the check (or a view it asked) changed the game")
        return out


def _differs(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.shape != b.shape or a.dtype != b.dtype or not np.array_equal(a, b)


def _same(a, b):
    """Equal values, arrays by dtype, shape and content, lists and dicts item by item."""
    if isinstance(a, (np.ndarray, np.generic)) or isinstance(b, (np.ndarray, np.generic)):
        return not _differs(a, b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return sorted(a) == sorted(b) and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


@check("live")
def _live(game, _checker):
    # game.live() may still hold a body that died this tick (dropped at the next tick's
    # start); the bodies not dead must be exactly those of entities, in id order.
    dead = entities.DEAD
    have = [e.id for e in game.live() if e.state != dead]
    want = [eid for eid, e in sorted(game.entities.items()) if e.state != dead]
    if have != want:
        return "live() holds %s, entities not dead are %s" % (have[:20], want[:20])
    if any(game.entities.get(e.id) is not e for e in game.live()):
        return "live() holds a body no longer in entities"
    return None


@check("walk_cost")
def _walk_cost(game, _checker):
    g = game.grid
    kept = g.walk_cost()
    saved = (g._cost, g._cost_version)
    g._cost_version = -1
    try:
        fresh = g.walk_cost()
    finally:
        g._cost, g._cost_version = saved
    if _differs(kept, fresh):
        return "the cached walk cost differs from a recomputed one (grid.changed() not called?)"
    return None


@check("reachability")
def _reachability(game, _checker):
    g = game.grid
    vs = g._views
    if vs is None or vs.version != g.version:
        return None
    base = g.walk_cost()
    if _differs(vs.base, base):
        return "the views' base differs from the walk cost of the same grid version"
    for key, v in list(vs.by_key.items()):
        want = np.array(base, copy=True)
        for (x, y) in key:
            want[y, x] = 0
        if _differs(v.cost, want):
            return "the view blocking %s differs from the walk cost with those tiles blocked" \
                % (key[:6],)
        if v.labels is not None and _differs(v.labels, reachability.labels_of(v.cost)):
            return "the components kept for the view blocking %s are stale" % (key[:6],)
    return None


@check("areas")
def _areas(game, _checker):
    corridor, area = areas.maps(game)
    fresh = areas._build(game)
    if _differs(corridor, fresh[0]) or _differs(area, fresh[1]):
        return "the cached rooms and corridors differ from a rebuild (a map change the " \
            "cache key does not see)"
    return None


@check("places")
def _places(game, _checker):
    place, names = places.maps(game)
    fresh = places.build(game)
    if _differs(place, fresh[0]) or list(names) != list(fresh[1]):
        return "the cached place names differ from a rebuild"
    return None


@check("sight")
def _sight(game, _checker):
    kept = awareness.sight_blocked(game)
    c = awareness._cache
    saved = (c.key, c.blocked, c.base_key, c.base)
    c.key = c.base_key = None
    try:
        fresh = awareness.sight_blocked(game)
    finally:
        c.key, c.blocked, c.base_key, c.base = saved
    if _differs(kept, fresh):
        return "the cached sight blocking differs from a recomputed one (a door or tile " \
            "change the key does not see)"
    return None


@check("snapshot")
def _snapshot(game, checker):
    # the keyed parts (run again only when their version moves) against every part run
    if checker.frames is None or checker.frames.game is not game:
        checker.frames = Frames(game)
    kept = view.snapshot(game, checker.frames)
    fresh = view.snapshot(game, Frames(game))
    if sorted(kept) != sorted(fresh):
        return "keys %s differ" % sorted(set(kept) ^ set(fresh))
    for key in sorted(kept):
        if not _same(kept[key], fresh[key]):
            return "%s kept differs from %s made afresh (a keyed part's version did not " \
                "move)" % (key, key)
    return None
