"""The one object that holds the whole simulation state.

Everything that influences a tick lives on Game: tick, speed, grid, entities, rng streams,
the rule areas' state (game.areas), the scripted and queued commands. state_hash() walks all
of it in a fixed order.

Extension points for rule areas (see docs/architecture.md, "Extending pysim"):
- register_area(name, factory): factory(game) -> state object, created for every game,
  stored in game.areas[name]; it must have hash_state() returning canonical data, and may
  say `unused` (True) while this game does not use it: the hash then leaves it out, so a
  new area leaves the hash of every game without it alone.
- commands.command, systems.register, snapshot.snapshot_part, grid.add_cost_hook,
  movement.COST_VIEWS / STEP_CHECKS / ENTER_HOOKS, level.THINGS / SECTIONS / HEADERS.
Every pysim module is imported before the first Game is built (load_rule_modules), so a
rule area registers itself just by existing in the package.
"""
import hashlib
import importlib
import itertools
import os
import pkgutil

import numpy as np

from pysim.core import clock, commands, entities, events, systems
from pysim.core.grid import Grid
from pysim.core.rng import Rng

AREAS = []
_loaded = []
# Every game hour the state hash is kept (game.checkpoints): a save carries them, so a save
# that does not replay is caught at the first hour that differs (pysim/core/save.py).
CHECKPOINT_TICKS = clock.TICKS_PER_HOUR


def register_area(name, factory):
    for i, (n, _) in enumerate(AREAS):
        if n == name:
            AREAS[i] = (name, factory)
            return
    AREAS.append((name, factory))


# The rule packages, in the order their modules are imported (and so register their
# commands, systems, hooks and level things). Fixed, so registration never depends on what
# the file system lists first; a new concept package is added here.
RULE_PACKAGES = ("core", "combat", "traps", "doors", "adventurers", "invasions", "economy")


def rule_module_names():
    """Every rule module, "pysim.<package>.<module>", packages in RULE_PACKAGES order and
    modules sorted by name within each."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # pysim's folder
    names = []
    for pkg in RULE_PACKAGES:
        path = [os.path.join(root, pkg)]
        mods = sorted(m.name for m in pkgutil.iter_modules(path) if not m.ispkg)
        names += ["pysim.%s.%s" % (pkg, m) for m in mods if not m.startswith("_")]
    return names


def load_rule_modules():
    """Import every rule module so each registers its parts (see rule_module_names)."""
    if _loaded:
        return
    _loaded.append(True)
    for name in rule_module_names():
        importlib.import_module(name)


# Each Game made in this process gets the next number: module caches key on it, not on
# id(game), which a freed game hands on to the next one (a new level then read the old
# level's cached sight). Not state: never hashed or saved.
_serials = itertools.count(1)


class Game:
    def __init__(self, width, height, seed=0, name=""):
        load_rule_modules()
        self.serial = next(_serials)
        self.name = name
        self.seed = int(seed)
        self.tick = 0
        self.speed = 1
        self.rng = Rng(self.seed)
        self.grid = Grid(width, height)
        self.grid.game = self
        self.entities = {}
        # The entities not dead, in id order (live()): derived from entities, never state.
        self._live = []
        self._live_n = 0
        self.next_id = 1
        self.queue = []
        self.events = []
        # (tick, cmd) of every player command taken (refused ones change nothing: not kept)
        self.log = []
        # (tick, bodies the commands taken at that tick put on the map): derived from the
        # commands, so a replay rebuilds it (pysim/core/spawning.py)
        self.command_bodies = (0, 0)
        # Where this game came from, for saves: set by level.load_text.
        self.level_source = ""
        self.level_text = ""
        # Scripted commands from the level: (tick, cmd) sorted by tick; script_i = next one.
        self.script = []
        self.script_i = 0
        # state_hash() at ticks CHECKPOINT_TICKS, 2 * CHECKPOINT_TICKS, ...: derived, not state.
        self.checkpoints = []
        self.areas = {}
        for area_name, factory in AREAS:
            self.areas[area_name] = factory(self)

    # -- input and output ------------------------------------------------------------
    def command(self, cmd):
        """Queue a command for the start of the next tick. Never raises."""
        try:
            cmd = commands.plain(cmd)
        except ValueError as exc:
            # Queued as a marker so the refusal comes at the same tick as any command's.
            kind = cmd.get("type") if isinstance(cmd, dict) else None
            cmd = {"type": kind if isinstance(kind, str) and len(kind) <= 40 else None,
                   "__bad__": str(exc)}
        self.queue.append(cmd)

    def emit(self, type_, **data):
        ev = events.make(self.tick, type_, data)
        self.events.append(ev)
        return ev

    def take_events(self):
        out = self.events
        self.events = []
        return out

    # -- time ------------------------------------------------------------------------
    def apply_pending(self):
        """Apply scripted commands due now and queued commands, without ticking.

        step() does this first; a paused front end calls it alone so a paused game still
        takes commands (set_speed among them) at the current tick."""
        script = self.script
        while self.script_i < len(script) and script[self.script_i][0] <= self.tick:
            self._apply(script[self.script_i][1])
            self.script_i += 1
        while self.queue:
            queued = self.queue
            self.queue = []
            for cmd in queued:
                # Only the player's commands are logged: with the level and the seed they
                # are the whole input, which is what a save holds (pysim/core/save.py). A
                # refused one changed nothing, so the log and a save hold only the taken.
                if self._apply(cmd):
                    self.log.append((self.tick, cmd))

    def _apply(self, cmd):
        """True when the command was taken (checked and applied), False when refused."""
        if isinstance(cmd, dict) and cmd.get("__bad__"):
            self.emit("refused", command=str(cmd.get("type")), reason=cmd["__bad__"])
            return False
        return commands.process(self, cmd)

    def step(self):
        """One whole tick: queued and scripted commands first, then each system in order.
        (A step that raised leaves the tick uncounted: the next step runs it from its start.)"""
        self._prune_live()
        self.apply_pending()
        todo = systems.SYSTEMS
        for i in range(len(todo)):
            todo[i][2](self)
        self.tick += 1
        if self.tick % CHECKPOINT_TICKS == 0:
            self.checkpoints.append(self.state_hash())

    def run(self, ticks):
        for _ in range(int(ticks)):
            self.step()

    def clock(self):
        return clock.day_hour_minute(self.tick)

    # -- entities ----------------------------------------------------------------------
    def add_entity(self, ent):
        ent.id = self.next_id
        self.next_id += 1
        self.entities[ent.id] = ent
        try:
            for hook in entities.SPAWN_HOOKS:
                hook(self, ent)
        except Exception:
            # All or nothing: a body that a hook could not finish (say, a stat block from a
            # subtype nobody foresaw) must not stay on the map half made.
            del self.entities[ent.id]
            self.next_id -= 1
            raise
        if ent.state != entities.DEAD:
            self._live.append(ent)
        self._live_n += 1
        self.emit("spawned", entity=ent.id, kind=entities.KIND_NAMES[ent.kind], x=ent.x, y=ent.y)
        return ent

    def spawn(self, kind, x, y, **fields):
        ent = entities.CLASSES[kind](int(x), int(y))
        for key, value in fields.items():
            setattr(ent, key, value)
        return self.add_entity(ent)

    def remove_entity(self, eid):
        """Take a body off the map (scrapped, burnt, escaped): out of entities and live()."""
        ent = self.entities.pop(int(eid), None)
        if ent is None:
            return
        self._live_n -= 1
        if ent in self._live:
            self._live.remove(ent)

    def live(self):
        """The entities that are not dead, in id order: the list the per-tick loops walk, so
        the dead (a body nothing moves, wakes, fights or triggers with) cost them nothing
        however many pile up over a long game. The dead stay in `entities` (drawn,
        named, hashed, saved, scrapped or burnt by id). A body that dies during a tick is
        dropped at the next tick's start (or the next call after entities lost one), so a
        loop still skips the dead by their state, as it did over every entity; no rule brings
        the dead back up (waking is from a knockout only: combat/knockouts.py). A cache of
        entities: the same bodies in the same order as a walk over entities skipping the
        dead, so no outcome and no state hash changes."""
        if self._live_n != len(self.entities):
            self._prune_live()
        return self._live

    def _prune_live(self):
        ents = self.entities
        self._live = entities.alive_in(ents, self._live)
        self._live_n = len(ents)

    # -- hashing -----------------------------------------------------------------------
    def state_hash(self):
        h = hashlib.blake2b(digest_size=16)
        canon((self.tick, self.speed, self.seed, self.next_id, self.script_i, self.queue),
              h)
        canon(self.grid.hash_state(), h)
        canon(self.rng.hash_state(), h)
        h.update(b"E")
        for eid, ent in self.entities.items():
            canon(eid, h)
            canon(ent.hash_state(), h)
        h.update(b"A")
        for name in sorted(self.areas):
            area = self.areas[name]
            if getattr(area, "unused", False):
                continue    # an area this game does not use (no goals): its hash is unmoved
            canon(name, h)
            canon(area, h)
        return h.hexdigest()


# Digests of the dict keys met while hashing: the same keys (stat names, stream names, ids)
# come back at every hourly checkpoint, and a blake2b per key was a tenth of a full-scale
# tick's work. A memo of a pure function, so the bytes hashed are the same;
# only str and int keys, by type, and no more than _KEY_DIGESTS_MAX of them.
_key_digests = {}
_KEY_DIGESTS_MAX = 100_000


def _key_digest(k):
    memo = type(k) is str or type(k) is int
    if memo:
        d = _key_digests.get((type(k), k))
        if d is not None:
            return d
    kh = hashlib.blake2b(digest_size=16)
    canon(k, kh)
    d = kh.digest()
    if memo and len(_key_digests) < _KEY_DIGESTS_MAX:
        _key_digests[(type(k), k)] = d
    return d


def canon(value, h):
    """Feed a canonical encoding of value into hash h.

    Accepts None, bool, int, float, str, bytes, list/tuple, dict (keys sorted by their
    encoding), numpy arrays and scalars, and objects with hash_state(). Sets are refused:
    their order is not part of their value, so they invite order-dependent rules."""
    # One update with the whole encoding: a hash takes the same bytes in one piece or in
    # many, and an update call per number was most of the checkpoint's time.
    out = bytearray()
    _encode(value, out)
    h.update(out)


def _encode(value, out):
    if value is None:
        out += b"N"
    elif isinstance(value, bool):
        out += b"T" if value else b"F"
    elif isinstance(value, int):
        out += b"i%d;" % value
    elif isinstance(value, float):
        out += b"f" + value.hex().encode() + b";"
    elif isinstance(value, str):
        b = value.encode("utf-8")
        out += b"s%d:" % len(b)
        out += b
    elif isinstance(value, bytes):
        out += b"b%d:" % len(value)
        out += value
    elif isinstance(value, (list, tuple)):
        out += b"l%d[" % len(value)
        for item in value:
            _encode(item, out)
        out += b"]"
    elif isinstance(value, dict):
        items = []
        for k, v in value.items():
            items.append((_key_digest(k), v))
        items.sort(key=lambda kv: kv[0])
        out += b"d%d{" % len(items)
        for kd, v in items:
            out += kd
            _encode(v, out)
        out += b"}"
    elif isinstance(value, np.ndarray):
        arr = np.ascontiguousarray(value)
        out += b"a" + arr.dtype.str.encode() + repr(arr.shape).encode()
        out += arr.tobytes()
    elif isinstance(value, np.generic):
        _encode(value.item(), out)
    elif hasattr(value, "hash_state"):
        out += b"o" + type(value).__name__.encode() + b":"
        _encode(value.hash_state(), out)
    else:
        raise TypeError("state of type %s cannot be hashed; give it hash_state()"
                        % type(value).__name__)
