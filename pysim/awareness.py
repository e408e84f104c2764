"""Awareness (AWARE-01..04): who knows where which enemy is.

AWARE-01 A fighter notices an enemy that is up when nothing blocks its view (sight.py) and
         the enemy is within 3 + 2 x Hunt tiles (Euclidean, tile centres). Darkness (the
         grid's light layer) is never read here. Each fighter looks every LOOK_PERIOD ticks
         (staggered by id), so noticing takes at most half a second of game time.
AWARE-02 Whoever is hit learns where the attacker is, even out of sight (`reveal`).
AWARE-03 A death makes a noise: the player's minions and creatures within 7 tiles learn
         where every enemy within those 7 tiles is (`make_noise`).
AWARE-04 The doors engineer calls `make_noise(game, x, y)` for a failed bash.

Knowledge is `fighter.known[enemy_id] = (x, y, tick)`: the last known tile. It is dropped
when the enemy is down, gone, or not seen for FORGET_TICKS.
"""
import cython
import numpy as np

from pysim import entities as E
from pysim import fighter as F
from pysim import sight
from pysim import stats as S
from pysim import terrain as T

LOOK_PERIOD = 5
NOISE_RADIUS = 7
FORGET_TICKS = 600  # a game hour without news

# fn(game, blocked) may mark more tiles as blocking sight (e.g. closed doors): in place.
SIGHT_HOOKS = []

_OPAQUE = np.zeros(256, dtype=np.uint8)
_OPAQUE[T.ROCK] = 1
_OPAQUE[T.WALL] = 1


def add_sight_hook(fn):
    if fn not in SIGHT_HOOKS:
        SIGHT_HOOKS.append(fn)


class _Cache(object):
    key = None
    blocked = None


_cache = _Cache()


def sight_blocked(game):
    """uint8 [y, x], 1 where a tile blocks the view. Cached per grid change."""
    g = game.grid
    key = (id(game), g.version, g.tiles_version)
    if _cache.key != key:
        b = np.ascontiguousarray(_OPAQUE[g.terrain])
        for fn in SIGHT_HOOKS:
            fn(game, b)
        _cache.blocked = b
        _cache.key = key
    return _cache.blocked


def notice_range(entity) -> cython.int:
    return S.sight_range(F.stat(entity, "hunt"))


def can_notice(blocked, watcher, target, rng_tiles) -> cython.bint:
    """AWARE-01 for one pair."""
    wx: cython.int = watcher.x
    wy: cython.int = watcher.y
    tx: cython.int = target.x
    ty: cython.int = target.y
    r: cython.int = rng_tiles
    dx: cython.int = tx - wx
    dy: cython.int = ty - wy
    if dx * dx + dy * dy > r * r:
        return False
    return sight.line_of_sight(blocked, wx, wy, tx, ty)


def learn(fighter, enemy, tick):
    fighter.known[enemy.id] = (int(enemy.x), int(enemy.y), int(tick))


def look(game, watcher, enemies, blocked):
    """Watcher notices every enemy (list of entities that are up) it can see."""
    f = watcher.fighter
    r = notice_range(watcher)
    seen = 0
    for en in enemies:
        if can_notice(blocked, watcher, en, r):
            if en.id not in f.known:
                game.emit("noticed", entity=watcher.id, enemy=en.id, x=en.x, y=en.y)
            learn(f, en, game.tick)
            seen += 1
    return seen


def forget_stale(game, fighter):
    """Drop knowledge of enemies that are down, gone or long unseen."""
    if not fighter.known:
        return
    drop = []
    for eid, (x, y, t) in fighter.known.items():
        en = game.entities.get(eid)
        if en is None or not F.conscious(en) or game.tick - t > FORGET_TICKS:
            drop.append(eid)
    for eid in drop:
        del fighter.known[eid]


def reveal(game, defender, attacker):
    """AWARE-02: the one hit learns where the attacker is."""
    f = F.fighter_of(defender)
    if f is not None and hostile_pair(defender, attacker):
        learn(f, attacker, game.tick)


def hostile_pair(a, b):
    return a.side != b.side


def make_noise(game, x, y, cause="noise"):
    """AWARE-03/04: the player's minions and creatures within 7 tiles of (x, y) learn where
    every enemy within those 7 tiles is. Returns the number of listeners told."""
    x = int(x)
    y = int(y)
    r2 = NOISE_RADIUS * NOISE_RADIUS
    listeners = []
    enemies = []
    for eid in sorted(game.entities):
        e = game.entities[eid]
        d2 = (e.x - x) * (e.x - x) + (e.y - y) * (e.y - y)
        if d2 > r2 or not F.conscious(e) or F.fighter_of(e) is None:
            continue
        if e.side == E.DUNGEON:
            if e.kind == E.MINION or e.kind == E.CREATURE:
                listeners.append(e)
        else:
            enemies.append(e)
    for li in listeners:
        for en in enemies:
            learn(li.fighter, en, game.tick)
    game.emit("noise", x=x, y=y, cause=cause, listeners=[e.id for e in listeners],
              enemies=[e.id for e in enemies])
    return len(listeners)
