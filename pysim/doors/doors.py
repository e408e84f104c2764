"""Doors and padlocks: the door record, the doors area and every change of a door's state
(DOOR-01, LOCK-01/02, HOLD-01, BREACH-05). Decisions: docs/rules/doors.md.

A door sits on a floor tile. Its physical state `open` follows, each tick:
  rest_open = held XOR trigger_on      (HOLD-01, HOLD-02, HOLD-04)
  open if rest_open or breached; otherwise it opens for whoever steps in and closes by
  itself CLOSE_DELAY ticks after they cleared the tile (DOOR-01, HOLD-06).
Locked = a built padlock that is armed; a locked door stops only those who may not unlock
it (pysim/doors/locks.py), and only while it is not resting open or breached.

The rest of the doors package:
  passing.py       walking through a door (DOOR-01, LOCK-03/04) and the doors system
  wired_doors.py   a wired trigger opens, closes, arms and disarms (WIRE-10/11, HOLD-02..07)
  route_choice.py  a party's way around a closed door (DOOR-02/03; the rolls: routes.py)
  breaching.py     a party picks or bashes a locked door (BREACH-01..06; the rolls: breach.py)
  door_jobs.py     Drudgery re-arms breached doors, Traps builds padlocks (BREACH-05, LOCK-01)
  door_commands.py, door_level.py, door_snapshot.py: commands, level things, snapshot
  locks.py (who unlocks), walkpath.py and digging.py (PATH-01)
Party membership: pysim/core/parties.py; the Mapmaker memory: route_choice.py; leaving
the map: pysim/adventurers/leaving.py.
"""
import cython
import numpy as np

from pysim.core.game import register_area
from pysim.core.parties import PartyIndex
from pysim.doors import routes


# Ticks a door stays open after the last walker started through it, beyond their step.
CLOSE_DELAY = 10

PADLOCK_NONE = 0
PADLOCK_BLUEPRINT = 1
PADLOCK_BUILT = 2

STATE_CLOSED = 0
STATE_OPEN = 1
STATE_HELD = 2
STATE_LOCKED = 3
STATE_BREACHED = 4
STATE_NAMES = ("closed", "open", "held", "locked", "breached")

PADLOCK_METAL = 1          # LOCK-01: metal brought to the door before the work
PADLOCK_BUILD_TICKS = 120  # Traps-duty work on site (like a trap part)
REARM_TICKS = 30           # BREACH-05: Drudgery work to close and re-arm


# Fields the snapshot shows (door_snapshot.py): a write to one of them (Door's properties;
# a door's id and place never change once it is made), on any door of any game, bumps
# SHOWN_WRITES[0], so the snapshot makes its door rows again only after such a write,
# as trap parts do (trap_parts.SHOWN_WRITES). Never part of the state.
SHOWN_FIELDS = frozenset(("id", "x", "y", "open", "held", "trigger_on", "padlock", "armed",
                          "breached"))
SHOWN_WRITES = [0]
# Every write to a door's `open`, on any door of any game (a new door's too): the sight
# cache (combat/awareness.sight_blocked, asked several times a tick) keys on it instead of
# listing every closed door at each call. Never part of the state.
OPEN_WRITES = [0]


def _shown_write():
    SHOWN_WRITES[0] += 1


@cython.cclass
class Door:
    """A door on a floor tile (the module's text). Compiled, a typed class (doors.pxd): the
    fields the snapshot shows are properties, so each write to one counts in SHOWN_WRITES
    (and a write to `open` in OPEN_WRITES too)."""

    def __init__(self, x, y, did=0):
        self.id = int(did)
        self.x = int(x)
        self.y = int(y)
        self._open = False
        self.close_at = -1
        self._held = False         # HOLD-01
        self._trigger_on = False   # the wired trigger's last on/off (HOLD-02/04)
        self._padlock = PADLOCK_NONE
        self._armed = False        # padlock locked
        self._breached = False     # BREACH-05: left open, padlock disarmed
        self.metal = 0             # padlock metal on site
        self.haulers = 0
        self.work = 0
        self.worker = -1           # minion building the padlock / re-arming
        _shown_write()             # a new door is a new row
        OPEN_WRITES[0] += 1

    @property
    def open(self):
        return self._open

    @open.setter
    def open(self, value):
        self._open = value
        _shown_write()
        OPEN_WRITES[0] += 1

    @property
    def held(self):
        return self._held

    @held.setter
    def held(self, value):
        self._held = value
        _shown_write()

    @property
    def trigger_on(self):
        return self._trigger_on

    @trigger_on.setter
    def trigger_on(self, value):
        self._trigger_on = value
        _shown_write()

    @property
    def padlock(self):
        return self._padlock

    @padlock.setter
    def padlock(self, value):
        self._padlock = value
        _shown_write()

    @property
    def armed(self):
        return self._armed

    @armed.setter
    def armed(self, value):
        self._armed = value
        _shown_write()

    @property
    def breached(self):
        return self._breached

    @breached.setter
    def breached(self, value):
        self._breached = value
        _shown_write()

    def rest_open(self):
        return self._held != self._trigger_on

    def locked(self):
        """A built, armed padlock: only those who may unlock pass (unless propped open)."""
        return self._padlock == PADLOCK_BUILT and bool(self._armed)

    def stops(self):
        """Would this door stop someone who may not unlock it, now?"""
        return self.locked() and not self.rest_open() and not self._breached

    def state_code(self):
        if self._breached:
            return STATE_BREACHED
        if self._held and self._open and not self._trigger_on:
            return STATE_HELD
        if self._open:
            return STATE_OPEN
        if self.locked():
            return STATE_LOCKED
        return STATE_CLOSED

    def hash_state(self):
        return (self.id, self.x, self.y, self._open, self.close_at, self._held,
                self._trigger_on, self._padlock, self._armed, self._breached, self.metal,
                self.haulers, self.work, self.worker)


def _has_work(door):
    return door.breached or door.padlock == PADLOCK_BLUEPRINT


def _stops(door):
    # (a function, not Door.stops: compiled, the class attribute of a C method became a C
    # function pointer of another signature, a warning from the C compiler)
    return door.stops()


class Doors:
    def __init__(self, game):
        self.by_pos = {}
        self.by_id = {}
        self.next_id = 1
        self.breaches = []         # Breach records (breach.py), one per door at most
        self.requests = []         # [party, door_id, entity_id] stopped this tick
        self.parties = {}          # party id -> routes.PartyRoutes (route_choice.py)
        self.factions = {}         # faction -> tick a Mapmaker escaped (route_choice.py)
        self.checked_version = -1  # grid version of the last only-way check
        # Caches, not state (never hashed; answers never depend on them):
        self.ordered = []          # the doors by ascending id (doors are never removed)
        self.id_grid = None        # int32 (H, W): door id on its tile, 0 elsewhere
        self.index = None          # core/parties.PartyIndex while the doors system runs, else None
        self.ahead = {}            # entity id -> (path, door count, doors along that path)
        self._shown_lists = {}     # name -> (SHOWN_WRITES[0], doors): _while_shown

    def open_writes(self):
        """OPEN_WRITES: the same number means no door opened or shut since (nor was added)."""
        return OPEN_WRITES[0]

    def _while_shown(self, name, keep):
        """The doors that pass keep(door), by id, made again only when SHOWN_WRITES moves
        (a new door moves it too): keep must read SHOWN_FIELDS only. The caller must not
        change the list."""
        kept = self._shown_lists.get(name)
        if kept is None or kept[0] != SHOWN_WRITES[0]:
            kept = (SHOWN_WRITES[0], [d for d in self.ordered if keep(d)])
            self._shown_lists[name] = kept
        return kept[1]

    def stopping(self):
        """The doors that stop those who may not unlock them now (Door.stops()), by id:
        walkers' cost views ask at every plan."""
        return self._while_shown("stopping", _stops)

    def with_work(self):
        """The doors where a minion may find work (breached: BREACH-05, or a padlock
        blueprint: LOCK-01), by id: every idle minion's look for work asks, and most find
        none."""
        return self._while_shown("work", _has_work)

    def add(self, x, y):
        door = Door(int(x), int(y), self.next_id)
        self.next_id += 1
        self.by_pos[(door.x, door.y)] = door
        self.by_id[door.id] = door
        self.ordered.append(door)  # ids only grow, so this stays sorted
        self.id_grid = None
        return door

    def door_grid(self, game):
        """int32 (H, W) of door ids (0 = no door), rebuilt when a door is added."""
        g = self.id_grid
        if g is None or g.shape[0] != game.grid.height or g.shape[1] != game.grid.width:
            g = np.zeros((game.grid.height, game.grid.width), dtype=np.int32)
            for d in self.ordered:
                g[d.y, d.x] = d.id
            self.id_grid = g
        return g

    def at(self, x, y):
        return self.by_pos.get((int(x), int(y)))

    def get(self, did):
        return self.by_id.get(int(did))

    def sorted_doors(self):
        return list(self.ordered)

    def breach_at(self, did):
        for b in self.breaches:
            if b.door == did:
                return b
        return None

    def party(self, pid, faction=""):
        r = self.parties.get(pid)
        if r is None:
            r = routes.PartyRoutes(pid, faction)
            self.parties[pid] = r
        return r

    def hash_state(self):
        return (self.sorted_doors(), self.next_id, [b.state() for b in self.breaches],
                [list(r) for r in self.requests],
                [self.parties[k].state() for k in sorted(self.parties)],
                sorted(self.factions.items()), self.checked_version)


register_area("doors", Doors)


def area(game):
    return game.areas["doors"]


def party_index(game):
    """The doors system's index while it runs, else a new one."""
    idx = area(game).index
    return idx if idx is not None else PartyIndex(game)


# -- state changes -----------------------------------------------------------------------------


def _costs_changed(game):
    # who may pass changed: walkers re-check their paths against their cost views
    game.grid.changed()


def _open(game, door, who=-1):
    if not door.open:
        door.open = True
        game.emit("door_opened", door=door.id, x=door.x, y=door.y, entity=int(who))


def _settle(game, door):
    """Put the door in its resting state now (opening) or soon (closing when clear)."""
    if door.rest_open() or door.breached:
        _open(game, door)
        door.close_at = -1
    elif door.open:
        door.close_at = game.tick


def set_armed(game, door, armed, cause):
    armed = bool(armed)
    if door.padlock != PADLOCK_BUILT or door.armed == armed:
        return
    door.armed = armed
    game.emit("lock_armed" if armed else "lock_disarmed", door=door.id, x=door.x, y=door.y,
              cause=cause)
    _costs_changed(game)


def set_held(game, door, held):
    held = bool(held)
    if door.held == held:
        return
    door.held = held
    game.emit("door_held" if held else "door_released", door=door.id, x=door.x, y=door.y)
    _settle(game, door)
    _costs_changed(game)


def breach_done(game, door, who):
    """BREACH-05: the door is left open and its padlock disarmed."""
    door.breached = True
    if door.padlock == PADLOCK_BUILT:
        door.armed = False
    _open(game, door, who)
    door.close_at = -1
    game.emit("door_breached", door=door.id, x=door.x, y=door.y, entity=int(who))
    _costs_changed(game)


def rearm(game, door, who):
    """BREACH-05: a Drudgery minion closes the breached door and arms its padlock."""
    door.breached = False
    door.worker = -1
    door.work = 0
    if door.padlock == PADLOCK_BUILT:
        door.armed = True
    _settle(game, door)
    if door.open:
        door.close_at = game.tick
    game.emit("door_rearmed", door=door.id, x=door.x, y=door.y, entity=int(who))
    _costs_changed(game)


def finish_padlock(game, door, who=-1):
    """LOCK-01: the padlock is built and starts armed."""
    door.padlock = PADLOCK_BUILT
    door.armed = True
    door.worker = -1
    door.work = 0
    game.emit("padlock_built", door=door.id, x=door.x, y=door.y, entity=int(who))
    if door.open and not door.rest_open():
        door.close_at = min(door.close_at, game.tick) if door.close_at >= 0 else game.tick
    _costs_changed(game)
