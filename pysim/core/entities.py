"""Entities: the minions, adventurers, creatures and the Boss.

`Entity` is a Cython extension type (fields typed in entities.pxd) so the per-tick loops
over walkers run at C speed. The kind classes below are ordinary Python subclasses, so they
carry a __dict__: rule areas may add their own per-entity attributes (wounds, stats,
knowledge ...) and those are included in the state hash automatically (they must hold
hashable state: see game.canon).

Walking fields: (x, y) is the tile the entity stands on or is leaving; while a step is
under way (step_len > 0) it moves toward (nx, ny) and arrives after step_len ticks.
path[path_i] is the next tile to step into after the current step.

`fighter` (the combat component, pysim/combat/fighter.py) is a typed slot too, None until the
spawn hook gives one: combat reads it for every body many times a tick. Uncompiled it is an
ordinary attribute (the class default None until set), so the state hash sees it in the
same place in both builds (see hash_state).
"""
import cython

MINION = 0
ADVENTURER = 1
CREATURE = 2
BOSS = 3
KIND_NAMES = ("minion", "adventurer", "creature", "boss")

# ent_state in the snapshot
UP = 0
KNOCKED_OUT = 1
DEAD = 2
STATE_NAMES = ("up", "knocked out", "dead")

# side: who is on whose team
DUNGEON = 0
INVADERS = 1
WILD = 2
SIDE_NAMES = ("dungeon", "invaders", "wild")

# Default ticks per orthogonal tile (a diagonal step takes 3/2 of it).
PACE = {MINION: 5, ADVENTURER: 6, CREATURE: 4, BOSS: 8}

CORE_FIELDS = frozenset((
    "id", "kind", "side", "x", "y", "nx", "ny", "home_x", "home_y", "step_t", "step_len",
    "pace", "facing", "state", "path", "path_i", "path_version", "goal_x", "goal_y", "idle",
    "name", "subtype"))

# fn(game, entity) run after every spawn, in registration order (rule areas give stats ...).
SPAWN_HOOKS = []


class Entity:
    def __init__(self, kind, x, y, side=0, name=""):
        self.id = 0
        self.kind = kind
        self.side = side
        self.x = x
        self.y = y
        self.nx = x
        self.ny = y
        self.home_x = x
        self.home_y = y
        self.step_t = 0
        self.step_len = 0
        self.pace = PACE.get(kind, 5)
        self.facing = 4
        self.state = UP
        self.path = None
        self.path_i = 0
        self.path_version = -1
        self.goal_x = -1
        self.goal_y = -1
        self.idle = 0
        self.name = name
        self.subtype = ""

    @property
    def kind_name(self):
        return KIND_NAMES[self.kind]

    def walking(self):
        return self.step_len > 0 or (self.path is not None and self.path_i < len(self.path))

    def position(self):
        """Interpolated (x, y) in tile units while a step is under way."""
        if self.step_len <= 0:
            return (float(self.x), float(self.y))
        f = self.step_t / self.step_len
        return (self.x + (self.nx - self.x) * f, self.y + (self.ny - self.y) * f)

    def core_state(self):
        return (self.id, self.kind, self.side, self.x, self.y, self.nx, self.ny, self.home_x,
                self.home_y, self.step_t, self.step_len, self.pace, self.facing, self.state,
                self.path, self.path_i, self.path_version, self.goal_x, self.goal_y,
                self.idle, self.name, self.subtype)

    def hash_state(self):
        # Uncompiled, the typed fields live in __dict__ too; hash them once, in order.
        extra = getattr(self, "__dict__", None)
        if extra:
            extra = {k: v for k, v in extra.items() if k not in CORE_FIELDS}
        # Compiled, the fighter is a slot, not in __dict__: hashed with the other extras as
        # the uncompiled build (where it lives in __dict__ once set) hashes it.
        if cython.compiled and self.fighter is not None:
            extra = dict(extra) if extra else {}
            extra["fighter"] = self.fighter
        if extra:
            return (self.core_state(), extra)
        return self.core_state()

    def __repr__(self):
        return "<%s %d at %d,%d>" % (KIND_NAMES[self.kind], self.id, self.x, self.y)


def alive_in(ents, bodies):
    """The bodies (a list) that are not dead and still in ents (id -> entity), in order:
    game.live()'s pruning, typed (it runs every tick over every living body)."""
    e: Entity
    dead: cython.int = DEAD
    out = []
    for e in bodies:
        if e.state != dead and ents.get(e.id) is e:
            out.append(e)
    return out


if not cython.compiled:
    Entity.fighter = None   # compiled: the typed slot, None until set


class Minion(Entity):
    def __init__(self, x, y, name=""):
        Entity.__init__(self, MINION, x, y, DUNGEON, name)


class Adventurer(Entity):
    def __init__(self, x, y, name=""):
        Entity.__init__(self, ADVENTURER, x, y, INVADERS, name)


class Creature(Entity):
    def __init__(self, x, y, name="", side=WILD):
        Entity.__init__(self, CREATURE, x, y, side, name)


class Boss(Entity):
    def __init__(self, x, y, name=""):
        Entity.__init__(self, BOSS, x, y, DUNGEON, name)


CLASSES = {MINION: Minion, ADVENTURER: Adventurer, CREATURE: Creature, BOSS: Boss}
