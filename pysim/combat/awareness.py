"""Awareness (AWARE-01..04): who knows where which enemy is.

AWARE-01 A fighter notices an enemy that is up when nothing blocks its view (sight.py) and
         the enemy is within 3 + 2 x Hunt tiles (Euclidean, tile centres). Rock, walls and
         closed doors block the view (and the line of fire); an open door does not.
         Darkness (the grid's light layer) is never read here. Each fighter looks every LOOK_PERIOD ticks
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

from pysim.combat import fighter as F, sight
from pysim.combat.sight import line_of_sight
from pysim.combat.stats import sight_range
from pysim.core import entities as E, terrain as T
from pysim.core.buckets import CellBuckets
from pysim.core.entities import Entity
from pysim.combat.fighter import Fighter, can_fight, counts_on, fighter_of, unable_to_fight

LOOK_PERIOD = 5
NOISE_RADIUS = 7
FORGET_TICKS = 600  # a game hour without news


_OPAQUE = np.zeros(256, dtype=np.uint8)
_OPAQUE[T.ROCK] = 1
_OPAQUE[T.WALL] = 1


class _Cache(object):
    key = None
    blocked = None
    base_key = None
    base = None


_cache = _Cache()


def closed_doors(game):
    """(x, y) of every closed door, by door id. Read from the doors area (pysim/doors:
    `game.areas["doors"].by_id`, each door's `open`). Opening and closing a door never
    moves the grid's version, so the sight cache keys on the doors' open_writes() too."""
    doors = game.areas.get("doors")
    if doors is None:
        return ()
    return tuple((d.x, d.y) for d in doors.by_id.values() if not d.open)


def sight_blocked(game):
    """uint8 [y, x], 1 where a tile blocks the view (rock, wall, closed door).
    Cached per grid change and per set of closed doors."""
    g = game.grid
    doors = game.areas.get("doors")
    # The doors' count of `open` writes stands for the set of closed doors (the same count:
    # no door opened, shut or was added since), so a cached answer costs no walk over the
    # doors; without the doors area there are none.
    shut_key = doors.open_writes() if doors is not None else -1
    key = (game.serial, g.version, g.tiles_version, shut_key)
    if _cache.key != key:
        # the terrain's part changes only with the grid; doors open and shut all the time
        base_key = key[:3]
        if _cache.base_key != base_key:
            _cache.base = np.ascontiguousarray(_OPAQUE[g.terrain])
            _cache.base_key = base_key
        b = _cache.base.copy()
        for (x, y) in closed_doors(game):
            b[y, x] = 1
        _cache.blocked = b
        _cache.key = key
    return _cache.blocked


def notice_range(entity) -> cython.int:
    """AWARE-01's range: sight_range of the Hunt stat (F.stat), by C calls to the Fighter's
    stat and to sight_range (the fog asks it of every eye every tick)."""
    f: Fighter
    fo = fighter_of(entity)
    if fo is None:
        return sight_range(0)
    f = fo
    return sight_range(f.stat("hunt"))


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


def learn_at(fighter, enemy_id, x, y, tick):
    """Knowledge of an enemy at a given tile (a fighter following its target's step)."""
    fighter.known[int(enemy_id)] = (int(x), int(y), int(tick))


def look(game, watcher, enemies, blocked):
    """Watcher notices every enemy (list of entities that are up) it can see."""
    f = watcher.fighter
    r = notice_range(watcher)
    seen = 0
    for en in enemies:
        if F.unable_to_fight(en):
            continue
        if can_notice(blocked, watcher, en, r):
            if en.id not in f.known:
                game.emit("noticed", entity=watcher.id, enemy=en.id, x=en.x, y=en.y)
            learn(f, en, game.tick)
            seen += 1
    return seen


SPOT_CELL = 8   # tiles per side of a Spotter bucket


@cython.cclass
class Spotter(CellBuckets):
    """AWARE-01 for a whole combat tick: the tick's fighters (conscious at its start, in id
    order) bucketed by map cell, so a watcher only tests the fighters of other sides in
    the cells its notice range overlaps. Positions do not change during the combat tick;
    states do (someone knocked out is no longer seen), so `state` is read at look time.
    Gives exactly what `look(game, watcher, [up enemies in id order], blocked)` gives."""

    def __init__(self, fighters, width, height, blocked):
        CellBuckets.__init__(self, fighters, width, height, SPOT_CELL)
        self.blocked = blocked

    @cython.boundscheck(False)
    @cython.wraparound(False)
    def look(self, game, i: cython.int):
        """Fighter number i looks (AWARE-01); returns how many enemies it sees."""
        watcher = self.ents[i]
        w: Entity = watcher
        en: Entity
        r: cython.int = notice_range(w)
        r2: cython.int = r * r
        wx: cython.int = w.x
        wy: cython.int = w.y
        side: cython.int = w.side
        up: cython.int = E.UP
        c0: cython.int = self._cell(wx - r, wy - r)
        c1: cython.int = self._cell(wx + r, wy + r)
        cx0: cython.int = c0 % self.cw
        cy0: cython.int = c0 // self.cw
        cx1: cython.int = c1 % self.cw
        cy1: cython.int = c1 // self.cw
        cx: cython.int
        cy: cython.int
        k: cython.int
        j: cython.int
        dx: cython.int
        dy: cython.int
        c: cython.int
        found = []
        for cy in range(cy0, cy1 + 1):
            for cx in range(cx0, cx1 + 1):
                c = cy * self.cw + cx
                for k in range(self.start[c], self.start[c + 1]):
                    j = self.items[k]
                    if self.sides[j] == side:
                        continue
                    dx = self.xs[j] - wx
                    dy = self.ys[j] - wy
                    if dx * dx + dy * dy > r2:
                        continue
                    en = self.ents[j]
                    if en.state != up or unable_to_fight(en):
                        continue
                    if line_of_sight(self.blocked, wx, wy, self.xs[j], self.ys[j]):
                        found.append(j)
        if not found:
            return 0
        found.sort()
        f = watcher.fighter
        known = f.known
        tick = game.tick
        for j in found:
            en = self.ents[j]
            if en.id not in known:
                game.emit("noticed", entity=w.id, enemy=en.id, x=en.x, y=en.y)
            learn(f, en, tick)
        return len(found)


    @cython.boundscheck(False)
    @cython.wraparound(False)
    def allies_near(self, i: cython.int, r: cython.int):
        """The allies near fighter number i that its stance counts on (fighter.counts_on:
        able to fight; for a hurt Balanced one, fit to help) within r tiles (Euclidean),
        from the buckets."""
        w: Entity = self.ents[i]
        en: Entity
        side: cython.int = w.side
        r2: cython.int = r * r
        c0: cython.int = self._cell(w.x - r, w.y - r)
        c1: cython.int = self._cell(w.x + r, w.y + r)
        cx: cython.int
        cy: cython.int
        k: cython.int
        j: cython.int
        c: cython.int
        dx: cython.int
        dy: cython.int
        n: cython.int = 0
        for cy in range(c0 // self.cw, c1 // self.cw + 1):
            for cx in range(c0 % self.cw, c1 % self.cw + 1):
                c = cy * self.cw + cx
                for k in range(self.start[c], self.start[c + 1]):
                    j = self.items[k]
                    if j == i or self.sides[j] != side:
                        continue
                    dx = self.xs[j] - w.x
                    dy = self.ys[j] - w.y
                    if dx * dx + dy * dy > r2:
                        continue
                    en = self.ents[j]
                    if counts_on(w, en):
                        n += 1
        return n


def forget_stale(game, fighter):
    """Drop knowledge of enemies that are down, gone or long unseen."""
    f: Fighter = fighter
    if not f.known:
        return
    drop = []
    now: cython.long = game.tick
    t: cython.long
    ents: dict = game.entities   # (typed: its get is a C call)
    for eid, (x, y, t) in f.known.items():
        en = ents.get(eid)
        if en is None or not can_fight(en) or now - t > FORGET_TICKS:
            drop.append(eid)
    for eid in drop:
        del f.known[eid]


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
    for e in game.live():
        d2 = (e.x - x) * (e.x - x) + (e.y - y) * (e.y - y)
        if d2 > r2 or F.fighter_of(e) is None or not F.can_fight(e):
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
