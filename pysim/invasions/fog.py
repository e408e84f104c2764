"""Fog of war: what the player's side sees (ARRIVE-01..03, the view part).

Only the view: no rule reads this module's arrays, nothing here is game state (it is not
hashed), and the headless runner's events stay complete. The explored tiles are the
player's, though: a save keeps them (its [fog] section, one row of 0/1 a map row), and a
loaded game shows them explored again. The snapshot
carries it for the front end:

- fog_on: True when the level shows fog (header `fog: on|off`; without it, fog is on
  exactly when the level has `invasions: on`, so every older level looks as before).
- fog: uint8 per tile (row-major, like terrain): 0 never seen (unexplored), 1 seen before
  (explored, shown dark), 2 yours (your domain and the tiles touching it: its layout is
  always the player's to see, though no eye of theirs watches it now), 3 seen now. Absent
  when fog_on is False. Bodies: see pysim/invasions/unseen.py (which ones the fog hides;
  the snapshot's ent_unseen, describe, and the marks on events).

Your dungeon is yours to see (decided): the domain (grid.domain) and every tile touching it
(8 ways: its walls, the rock and veins around it, the portals its corridors reach) are
always shown, whether or not anyone of yours sees them now: the player built and owns
them. What the rules hide stays hidden: enemies on a tile none of yours sees now (2 is not
3), and whatever lies beyond the domain until it is seen (then explored). The yours layer
follows grid.tiles_version (a dug tile joins the domain, and so its neighbours).

Who sees (spotters): every Boss, minion and creature of the dungeon's side that is up, as
far as it notices enemies (AWARE-01: 3 + 2 x Hunt tiles; darkness never shortens it), plus
VIEW_SOURCES (lit guardposts, the ghostly eye: pysim/invasions/watch.py). Rock, walls and
closed doors block the view (combat/awareness.sight_blocked); the blocking tile itself is
seen (you see the wall you look at).

Kept, not recast: the FogView counts, per tile, how many of the spotters' views
see it (count; visible is 2 where the count is above 0) and keeps each spotter's view as the
list of tiles it sees (views). When spotters move, leave or come, the views of those gone are
taken out of the count and those of the new places cast and put in; when tiles start or stop
blocking (a door opened or shut, a wall dug), only the views that reach them go out and come
back cast anew; every view again only for another map (more than MOST_CHANGED_TILES changed).
It always equals a recast from nothing (full_layer; tested every tick of a full-scale game).

Explored on every tick: what was seen at the end of any tick counts as explored, even when
the front end runs several ticks a frame (4x) and asks for one snapshot. The "fog" system
(order 590, after everything that moves) brings the view up to date every tick, and every
view put in marks its tiles explored. Nothing moved: nothing is cast. It reads the game and
writes only the FogView, so the state hash and the events are the same with fog on or off.
The snapshot brings it up to date too (a command between ticks may have opened a door) and
hands out the same layer array until it changes.

Cost: each view cast is Bresenham rays (pysim/invasions/sightlines.py); a tick casts only
the views that changed. Measured in build/bench/bench_fog.py.
"""
import cython
import numpy as np

from pysim.combat.awareness import notice_range
from pysim.core import entities as E, level, save, systems
from pysim.core.entities import Entity
from pysim.core.snapshot import snapshot_part
from pysim.invasions import sightlines

SEEN_NOW = 3
YOURS = 2
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
        self.count = np.zeros((height, width), dtype=np.int32)  # views seeing each tile
        # the layer as it is (SEEN_NOW where visible, else the floor below), kept by _count
        # beside them: the layer handed out is a copy of it (no 128 x 128 maximum each frame)
        self.shown = np.zeros((height, width), dtype=np.uint8)
        # what a tile shows when no eye sees it: YOURS on the domain and around it, else
        # SEEN_BEFORE where explored, else UNSEEN
        self.floor = np.zeros((height, width), dtype=np.uint8)
        self.yours_for = None       # the grid.tiles_version floor's YOURS tiles follow
        # _count's flat views of count, visible, floor and shown (made once)
        self.flat_layers = (self.count.reshape(-1), self.visible.reshape(-1),
                            self.explored.reshape(-1), self.floor.reshape(-1),
                            self.shown.reshape(-1))
        self.scratch = np.zeros((height, width), dtype=np.uint8)  # all 0 between casts
        self.views = []             # the flat tiles each of eyes sees (int32 arrays)
        self.blocked = None         # the sight-blocking array the count was cast with
        self.eyes = ()              # the spotters it counts
        self.kept_for = None        # (game serial, tick) the fog system left it up to date at
        self.layer = None           # the last layer handed out (a new array on change)
        self.flat = None            # the same, one row (the snapshot's "fog")
        # unseen.py's: the events marked so far (the list and how many), ent_unseen kept
        self.marked_list = None
        self.marked_upto = 0
        self.unseen_key = None
        self.unseen_rows = None
        self.unseen_layer = None
        self.computes = 0           # every view recast (a new map, a door changed)
        self.updates = 0            # only the eyes that moved, left or came
        self.casts = 0              # views cast


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


def mark_seen(blocked, vis, x0, y0, r, mark=SEEN_NOW):
    """Marks (`mark`) in vis every tile someone on (x0, y0) sees within r tiles."""
    seen = np.zeros(vis.shape, dtype=np.uint8)
    vis.reshape(-1)[sightlines.cast(blocked, seen, x0, y0, r)] = mark


def spotters(game):
    """(x, y, range) of every eye on the player's side, in a fixed order (id order)."""
    e: Entity
    # typed: this runs at every tick over every body
    dungeon: cython.int = E.DUNGEON
    up: cython.int = E.UP
    adventurer: cython.int = E.ADVENTURER
    out = []
    for e in game.live():
        if e.side != dungeon or e.state != up or e.kind == adventurer:
            continue
        out.append((e.x, e.y, notice_range(e)))     # AWARE-01's range
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
    """(blocked, eyes): the sight-blocking array and the spotters, this moment."""
    from pysim.combat import awareness
    return awareness.sight_blocked(game), tuple(spotters(game))


@cython.boundscheck(False)
@cython.wraparound(False)
def _count(count: cython.int[::1], visible: cython.uchar[::1], explored: cython.uchar[::1],
           floor: cython.uchar[::1], shown: cython.uchar[::1], out: list, into: list):
    """Takes the views `out` (flat tile lists) out of the count and puts `into` in, marking
    its tiles explored; visible follows the count, and shown is SEEN_NOW where it is seen,
    else the floor (yours, explored or not). All out first, so each tile's last write is of
    its final count."""
    now: cython.uchar = SEEN_NOW
    before: cython.uchar = SEEN_BEFORE
    idx: cython.int[::1]
    i: cython.Py_ssize_t
    t: cython.int
    for tiles in out:
        idx = tiles
        for i in range(idx.shape[0]):
            t = idx[i]
            count[t] -= 1
            if count[t] == 0:
                visible[t] = 0
                shown[t] = floor[t]
    for tiles in into:
        idx = tiles
        for i in range(idx.shape[0]):
            t = idx[i]
            count[t] += 1
            visible[t] = now
            explored[t] = 1
            if floor[t] < before:
                floor[t] = before
            shown[t] = now


# More blocking tiles changed than this (a new map): every view is cast again.
MOST_CHANGED_TILES = 64


def _tiles_changed(before, now):
    """(x, y) of the tiles whose blocking changed (a door opened or shut, a wall dug), or
    None when the map is another or too much changed."""
    if before is None or before.shape != now.shape:
        return None
    # flat: a 2-D np.nonzero cost 25 us a door change, this 3 (the same row-major order)
    flat = np.flatnonzero(before.reshape(-1) != now.reshape(-1))
    if len(flat) > MOST_CHANGED_TILES:
        return None
    w = now.shape[1]
    return [(t % w, t // w) for t in flat.tolist()]


def _near(eye, tiles):
    """Can the view from `eye` reach one of `tiles`? (A tile past its range never stops
    or lets through a ray of it.)"""
    x, y, r = eye
    for (tx, ty) in tiles:
        if (tx - x) * (tx - x) + (ty - y) * (ty - y) <= r * r:
            return True
    return False


def _swaps(view, blocked, eyes):
    """(out, into, views): the kept views to take out of the count, those cast anew to put
    in (the eye moved or came, or its view reaches a tile that started or stopped
    blocking), and the view of each of `eyes`; None when every view is cast again."""
    # awareness.sight_blocked makes a new array whenever what blocks changes: the same
    # array is the same blocking
    changed = [] if blocked is view.blocked else _tiles_changed(view.blocked, blocked)
    if changed is None:
        return None
    before, kept = view.eyes, view.views
    out, views = [], []
    new = []                    # (place in views, eye) of the views to cast
    if len(before) == len(eyes):
        # the usual tick: nobody came or left, so the i-th eye is the same body's (were it
        # not, the i-th view out and the new one in still keep the count right)
        for i in range(len(eyes)):
            eye = eyes[i]
            if eye == before[i] and not (changed and _near(eye, changed)):
                views.append(kept[i])
            else:
                out.append(kept[i])
                new.append((len(views), eye))
                views.append(None)
        return out, _cast_into_place(view, blocked, new, views), views
    pool = {}                   # eye -> its kept views (two bodies on a tile: two views)
    for i in range(len(before)):
        if changed and _near(before[i], changed):
            out.append(kept[i])
        else:
            pool.setdefault(before[i], []).append(kept[i])
    for eye in eyes:
        left = pool.get(eye)
        if left:
            views.append(left.pop())
        else:
            new.append((len(views), eye))
            views.append(None)
    for eye in before:          # what nobody took (in list order)
        left = pool.get(eye)
        while left:
            out.append(left.pop())
    return out, _cast_into_place(view, blocked, new, views), views


def _cast_into_place(view, blocked, new, views):
    """Casts the views of `new` ((place, eye) pairs), puts each in its place in views and
    returns them in order (the views to put in the count)."""
    cast_views = _cast_views(view, blocked, [eye for _, eye in new])
    for j in range(len(new)):
        views[new[j][0]] = cast_views[j]
    return cast_views


def _cast_views(view, blocked, eyes):
    view.casts += len(eyes)
    return sightlines.cast_all(blocked, view.scratch, eyes)


def update(game):
    """Brings the visible layer (and the explored one) up to date: the count of views
    seeing each tile loses the views of the eyes that moved or left and gains those of
    the eyes that moved or came (and of those that reach a tile that started or stopped
    blocking: a door opened or shut); every view again only for another map. The per-tick
    half of the fog (see the module's words) and the snapshot's."""
    view = _view(game)
    _refresh_yours(game, view)
    blocked, eyes = _eyes_now(game)
    if blocked is view.blocked and eyes == view.eyes:
        return view
    swaps = _swaps(view, blocked, eyes)
    if swaps is None:
        view.count.fill(0)
        view.visible.fill(0)
        np.copyto(view.shown, view.floor)
        views = _cast_views(view, blocked, list(eyes))
        out, into = [], views
        view.computes += 1
    else:
        out, into, views = swaps
        view.updates += 1
    count, visible, explored, floor, shown = view.flat_layers
    _count(count, visible, explored, floor, shown, out, into)
    view.views = views
    view.blocked = blocked
    view.eyes = eyes
    view.layer = None
    return view


def yours(game):
    """bool [y, x]: the tiles always shown as yours: the domain and every tile touching it
    (8 ways)."""
    dom = game.grid.domain != 0
    near = dom.copy()
    near[1:, :] |= dom[:-1, :]
    near[:-1, :] |= dom[1:, :]
    rows = near.copy()
    near[:, 1:] |= rows[:, :-1]
    near[:, :-1] |= rows[:, 1:]
    return near


def _refresh_yours(game, view):
    """Makes the floor's YOURS tiles anew when the grid changed since (a dug tile joins the
    domain); shown follows. A few array passes, only on a change of the map."""
    version = game.grid.tiles_version
    if view.yours_for == version:
        return
    view.yours_for = version
    np.copyto(view.floor, view.explored)            # 0 or SEEN_BEFORE
    view.floor[yours(game)] = YOURS
    np.maximum(view.visible, view.floor, out=view.shown)
    view.layer = None


@systems.system("fog", 590)
def fog_system(game):
    """After everything that moves in a tick: what is seen now counts as explored."""
    if fog_on(game):
        update(game).kept_for = (game.serial, game.tick + 1)


def view_of(game):
    """The FogView of this game, brought up to date (see update). Right after a tick the
    fog system brought it up to date already, and between ticks the game changes only by
    ticks (commands wait for the next one; a load makes another game): no second look."""
    view = getattr(game, "fog_view", None)
    if view is not None and view.kept_for == (game.serial, game.tick) and \
            view.explored.shape == (game.grid.height, game.grid.width):
        return view
    return update(game)


def layer(game):
    """uint8 [y, x]: 3 seen now, 2 yours, 1 explored, 0 unexplored. The same array until
    the view changes (the snapshot's comparison then stops at its identity); never written into."""
    view = view_of(game)
    if view.layer is None:
        view.layer = view.shown.copy()      # a new array: the one handed out stays as it was
        view.flat = view.layer.reshape(-1)
    return view.layer


def full_layer(game):
    """The layer recast from nothing, every view (what update must always equal; tests)."""
    blocked, eyes = _eyes_now(game)
    vis = np.zeros_like(_view(game).visible)
    for (x, y, r) in eyes:
        mark_seen(blocked, vis, x, y, r)
    return vis


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
    np.maximum(view.floor, view.explored, out=view.floor)
    np.maximum(view.visible, view.floor, out=view.shown)
    view.layer = None
    return None


save.add_section("fog", save_rows, load_rows)


@snapshot_part
def fog_snapshot(game, snap):
    on = fog_on(game)
    snap["fog_on"] = on
    if on:
        layer(game)
        snap["fog"] = game.fog_view.flat
