"""Marks on the floor (CAUT-01): blood where a wounded body bleeds, scorch where a flame
sprayer or a blast trap fires. A mark turns "old" OLD_TICKS after it was last laid (fresh
blood on a tile makes it fresh again); marks never wash away. Old marks are what makes a
party Cautious (pysim/adventurers/caution.py). Decisions: docs/rules/adventurers.md.

State (game.areas["marks"], hashed): blood and scorch, each a dict tile index
(y * width + x) -> tick the mark was last laid.
Snapshot keys (built only when the marks change or one turns old): mark_pos float32 (N, 2)
tile x, y; mark_kind uint8 (0 blood, 1 scorch); mark_old uint8 (1 when old).
"""
import numpy as np

from pysim.combat import fighter as F
from pysim.core import entities, level, snapshot, systems
from pysim.core.game import register_area
from pysim.traps import trap_parts as tp, trap_state

BLOOD = 0
SCORCH = 1
KIND_NAMES = ("blood", "scorch")
OLD_TICKS = 600          # a game hour: by then the mark is dry or cold
BLEED_EVERY = 20         # a bleeding body marks its tile every 2 game minutes
SCORCHING = (tp.FLAME_SPRAYER, tp.BLAST_TRAP)


class Marks(object):
    def __init__(self, game=None):
        self.blood = {}
        self.scorch = {}
        self.version = 0      # bumps when a mark is laid (caches, snapshot); not state
        self._snap = None     # (version, first tick a mark turns old, arrays)
        self._by_area = None  # (version, area-map key, {area: [(tile, kind)]})

    def lay(self, kind, tile, tick):
        (self.blood if kind == BLOOD else self.scorch)[int(tile)] = int(tick)
        self.version += 1

    def hash_state(self):
        return (sorted(self.blood.items()), sorted(self.scorch.items()))


register_area("marks", Marks)


def state_of(game):
    return game.areas["marks"]


def is_old(game, laid):
    return game.tick - laid >= OLD_TICKS


def _bleed(game):
    m = state_of(game)
    w = game.grid.width
    for e in game.live():
        if e.state == entities.DEAD:
            continue
        f = F.fighter_of(e)
        if f is not None and f.bleeding():
            m.lay(BLOOD, e.y * w + e.x, game.tick)


@systems.system("marks", 510)
def tick(game):
    if game.tick % BLEED_EVERY == 0:
        _bleed(game)


def _scorch(game, mech):
    """A flame sprayer or blast trap fired: scorch the walkable tiles within its radius."""
    if mech.kind not in SCORCHING:
        return
    m = state_of(game)
    r = tp.MECH[mech.kind].radius
    cost = game.grid.walk_cost()
    w = game.grid.width
    for y in range(mech.y - r, mech.y + r + 1):
        for x in range(mech.x - r, mech.x + r + 1):
            if game.grid.in_bounds(x, y) and (cost[y, x] > 0 or (x == mech.x and y == mech.y)):
                m.lay(SCORCH, y * w + x, game.tick)


trap_state.add_fired_hook(_scorch)


def _mark_arg(arg):
    if arg not in KIND_NAMES:
        raise ValueError("mark needs blood or scorch, like mark:blood")


def _mark_thing(game, x, y, arg):
    """Level thing `mark:blood` / `mark:scorch`: an old mark, left by earlier visitors."""
    _mark_arg(arg)
    state_of(game).lay(KIND_NAMES.index(arg), y * game.grid.width + x, game.tick - OLD_TICKS)


level.THINGS["mark"] = _mark_thing
level.catalog("mark", "An old mark left by earlier visitors: a party arriving in its area "
              "becomes Cautious.", level.GROUND, KIND_NAMES,
              check=_mark_arg)


def old_marks_by_area(game):
    """{area id: [(laid tick, kind)]} of every mark, cached per marks and map version."""
    from pysim.adventurers import areas
    m = state_of(game)
    cor, ar = areas.maps(game)
    key = (m.version, getattr(game.grid, "areas_cache", (None,))[0])
    if m._by_area is None or m._by_area[0] != key:
        w = game.grid.width
        out = {}
        for kind, marks in ((BLOOD, m.blood), (SCORCH, m.scorch)):
            for tile in sorted(marks):
                a = int(ar[tile // w, tile % w])
                if a >= 0:
                    out.setdefault(a, []).append((marks[tile], kind))
        m._by_area = (key, out)
    return m._by_area[1]


def old_kinds_in(game, area_id):
    """Kinds (sorted) of the old marks in an area."""
    found = []
    for laid, kind in old_marks_by_area(game).get(area_id, ()):
        if is_old(game, laid) and kind not in found:
            found.append(kind)
    return sorted(found)


@snapshot.snapshot_part
def snapshot_part(game, snap):
    """mark_pos float32 (N, 2), mark_kind uint8, mark_old uint8 (see the module text)."""
    m = state_of(game)
    cached = m._snap
    if cached is None or cached[0] != m.version or game.tick >= cached[1]:
        w = game.grid.width
        items = [(t, BLOOD, v) for t, v in m.blood.items()] + \
                [(t, SCORCH, v) for t, v in m.scorch.items()]
        items.sort()
        n = len(items)
        pos = np.zeros((n, 2), dtype=np.float32)
        kind = np.zeros(n, dtype=np.uint8)
        old = np.zeros(n, dtype=np.uint8)
        turns = 1 << 62
        for i, (t, k, laid) in enumerate(items):
            pos[i] = (t % w, t // w)
            kind[i] = k
            if is_old(game, laid):
                old[i] = 1
            else:
                turns = min(turns, laid + OLD_TICKS)
        cached = (m.version, turns, pos, kind, old)
        m._snap = cached
    snap["mark_pos"] = cached[2]
    snap["mark_kind"] = cached[3]
    snap["mark_old"] = cached[4]
