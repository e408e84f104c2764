"""Fog of war: what the player's side sees (ARRIVE-01..03, the view part).

Only the view: no rule reads this module's arrays, nothing here is game state (it is not
hashed), and the headless runner's events stay complete. The explored tiles are the
player's, though: a save keeps them (its [fog] section, one row of 0/1 a map row), and a
loaded game shows them explored again. The snapshot
carries it for the front end:

- fog_on: True when the level shows fog (header `fog: on|off`; without it, fog is on
  exactly when the level has `invasions: on`, so every older level looks as before).
- fog: uint8 per tile (row-major, like terrain): 0 never seen (unexplored), 1 seen before
  (explored, shown dark), 2 seen now. Absent when fog_on is False.

Who sees (spotters): every Boss, minion and creature of the dungeon's side that is up, as
far as it notices enemies (AWARE-01: 3 + 2 x Hunt tiles; darkness never shortens it), plus
VIEW_SOURCES (lit guardposts, the ghostly eye: pysim/invasions/watch.py). Rock, walls and
closed doors block the view (combat/awareness.sight_blocked); the blocking tile itself is
seen (you see the wall you look at).

Explored on every tick: what was seen at the end of any tick counts as explored, even when
the front end runs several ticks a frame (4x) and asks for one snapshot. The "fog" system
(order 590, after everything that moves) marks explored only what changed: the view of a
spotter on a new tile (or a new source: a torch lit, the eye moved); when the map or a
door changed, every spotter's view. Nothing moved: nothing is cast. It reads the game and
writes only the FogView, so the state hash and the events are the same with fog on or off.

Cost: the layer "seen now" is computed when a snapshot asks for it, and again only when a
spotter moved, the map or a door changed, or a source changed (the cache key); each
spotter casts Bresenham rays from its tile to every tile of its range's square border
(8 r rays of at most r steps), compiled with Cython. Measured in build/bench/bench_fog.py.
"""
import cython
import numpy as np

from pysim.core import entities as E, level, save, systems
from pysim.core.snapshot import snapshot_part

SEEN_NOW = 2
SEEN_BEFORE = 1
UNSEEN = 0

# fn(game) -> list of (x, y, range_tiles): more eyes than the dungeon's fighters (lit
# guardposts, the ghostly eye). Called in registration order.
VIEW_SOURCES = []


def add_view_source(fn):
    if fn not in VIEW_SOURCES:
        VIEW_SOURCES.append(fn)


class FogView(object):
    """The front end's memory of the map: not game state (never hashed; saved in the
    save's [fog] section, see save_rows / load_rows)."""

    def __init__(self, width, height):
        self.explored = np.zeros((height, width), dtype=np.uint8)
        self.visible = np.zeros((height, width), dtype=np.uint8)
        self.key = None             # (sight key, eyes) the visible layer was cast for
        self.computes = 0
        self.explored_key = None    # (sight key, eyes) already marked explored
        self.explored_casts = 0     # spotters cast for the explored layer alone


def _header(ctx, value, lineno):
    if value not in ("on", "off"):
        raise ValueError("fog must be on or off, not %r" % value)
    ctx.game.fog_setting = value


level.HEADERS["fog"] = _header


def fog_on(game):
    setting = getattr(game, "fog_setting", "")
    if setting:
        return setting == "on"
    return "invasions" in game.areas


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _ray(blocked: cython.uchar[:, ::1], vis: cython.uchar[:, ::1], x0: cython.int,
         y0: cython.int, x1: cython.int, y1: cython.int, r2: cython.int,
         mark: cython.uchar) -> cython.int:
    """Marks (`mark`) the tiles of the Bresenham line from (x0, y0) towards (x1, y1), up to
    the first blocking tile (marked too), the map edge or the range."""
    h: cython.int = blocked.shape[0]
    w: cython.int = blocked.shape[1]
    dx: cython.int = x1 - x0 if x1 > x0 else x0 - x1
    dy: cython.int = y1 - y0 if y1 > y0 else y0 - y1
    sx: cython.int = 1 if x1 > x0 else -1
    sy: cython.int = 1 if y1 > y0 else -1
    err: cython.int = dx - dy
    e2: cython.int
    x: cython.int = x0
    y: cython.int = y0
    while not (x == x1 and y == y1):
        e2 = 2 * err
        if e2 > -dy:
            err -= dy
            x += sx
        if e2 < dx:
            err += dx
            y += sy
        if x < 0 or y < 0 or x >= w or y >= h:
            return 0
        if (x - x0) * (x - x0) + (y - y0) * (y - y0) > r2:
            return 0
        vis[y, x] = mark
        if blocked[y, x] != 0:
            return 0
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
def mark_seen(blocked: cython.uchar[:, ::1], vis: cython.uchar[:, ::1], x0: cython.int,
              y0: cython.int, r: cython.int, mark: cython.uchar = 2):
    """Marks (`mark`: SEEN_NOW in the visible layer, 1 in the explored one) every tile
    someone on (x0, y0) sees within r tiles (Euclidean)."""
    h: cython.int = blocked.shape[0]
    w: cython.int = blocked.shape[1]
    i: cython.int
    r2: cython.int = r * r
    if x0 < 0 or y0 < 0 or x0 >= w or y0 >= h or r < 0:
        return
    vis[y0, x0] = mark
    for i in range(-r, r + 1):
        _ray(blocked, vis, x0, y0, x0 + i, y0 - r, r2, mark)
        _ray(blocked, vis, x0, y0, x0 + i, y0 + r, r2, mark)
        _ray(blocked, vis, x0, y0, x0 - r, y0 + i, r2, mark)
        _ray(blocked, vis, x0, y0, x0 + r, y0 + i, r2, mark)


def spotters(game):
    """(x, y, range) of every eye on the player's side, in a fixed order."""
    from pysim.combat import fighter as F, stats as S
    out = []
    for e in game.entities.values():
        if e.side != E.DUNGEON or e.state != E.UP or e.kind == E.ADVENTURER:
            continue
        out.append((int(e.x), int(e.y), int(S.sight_range(F.stat(e, "hunt")))))
    for fn in VIEW_SOURCES:
        out.extend(fn(game))
    return out


def _view(game):
    """The game's FogView (made, or made anew when the map's size changed)."""
    g = game.grid
    view = getattr(game, "fog_view", None)
    if view is None or view.explored.shape != (g.height, g.width):
        view = FogView(g.width, g.height)
        game.fog_view = view
    return view


def _eyes_now(game):
    """(blocked, key): the sight-blocking array and the view's cache key for this moment."""
    from pysim.combat import awareness
    blocked = awareness.sight_blocked(game)
    return blocked, (awareness._cache.key, tuple(spotters(game)))


def mark_explored(game):
    """Marks explored what the spotters see now, casting only the views that changed since
    the last mark: a spotter on a new tile or a new source; all of them when the map or a
    door changed. The per-tick half of the fog (see the module's words)."""
    view = _view(game)
    blocked, key = _eyes_now(game)
    last = view.explored_key
    if key == last or key == view.key:
        view.explored_key = key         # the visible layer cast for it is already explored
        return
    if last is not None and last[0] == key[0]:
        before = set(last[1])           # membership only: the casts below keep list order
        fresh = [eye for eye in key[1] if eye not in before]
    else:
        fresh = key[1]
    for (x, y, r) in fresh:
        mark_seen(blocked, view.explored, x, y, r, 1)
    view.explored_casts += len(fresh)
    view.explored_key = key


@systems.system("fog", 590)
def fog_system(game):
    """After everything that moves in a tick: what is seen now counts as explored."""
    if fog_on(game):
        mark_explored(game)


def view_of(game):
    """The FogView of this game, brought up to date (recomputed only when its key moved)."""
    view = _view(game)
    blocked, key = _eyes_now(game)
    if key == view.key:
        return view
    vis = view.visible
    vis.fill(0)
    for (x, y, r) in key[1]:
        mark_seen(blocked, vis, x, y, r)
    np.maximum(view.explored, vis >> 1, out=view.explored)
    view.key = key
    view.explored_key = key
    view.computes += 1
    return view


def layer(game):
    """uint8 [y, x]: 2 seen now, 1 explored, 0 unexplored."""
    view = view_of(game)
    return np.maximum(view.visible, view.explored)


def seen_now(game, x, y):
    """Is the tile in view right now? (front-end helpers and tests; never a rule)."""
    view = view_of(game)
    return bool(view.visible[int(y), int(x)])


def save_rows(game):
    """The explored tiles as rows of 0/1 for the save, or None when the level has no fog."""
    if not fog_on(game):
        return None
    explored = view_of(game).explored
    return ["".join("1" if v else "0" for v in row) for row in explored.tolist()]


def load_rows(game, rows):
    """Mark the saved explored tiles explored again; (lineno, reason) if they do not fit."""
    g = game.grid
    rows = [(lineno, text.strip()) for lineno, text in rows if text.strip()]
    if not fog_on(game):
        return (rows[0][0] if rows else 0, "a [fog] section, yet the saved level has no fog")
    if len(rows) != g.height:
        return (rows[-1][0] if rows else 0,
                "the [fog] section has %d rows; the map has %d" % (len(rows), g.height))
    for lineno, text in rows:
        if len(text) != g.width or text.strip("01"):
            return (lineno, "a [fog] row is %d characters of 0 and 1" % g.width)
    saved = np.array([[c == "1" for c in text] for _, text in rows], dtype=np.uint8)
    view = view_of(game)
    np.maximum(view.explored, saved, out=view.explored)
    return None


save.add_section("fog", save_rows, load_rows)


@snapshot_part
def fog_snapshot(game, snap):
    on = fog_on(game)
    snap["fog_on"] = on
    if on:
        snap["fog"] = layer(game).reshape(-1)
