"""Doors, padlocks, holding open, wired doors, breaching and route choice at doors
(DOOR-01..03, LOCK-01..05, HOLD-01..07, WIRE-10/11, BREACH-01..06). Decisions:
docs/rules/doors.md. Pure logic lives beside: pysim/doors/locks.py (who unlocks), pysim/doors/breach.py
(pick or bash), pysim/doors/routes.py (the way around), pysim/doors/walkpath.py (PATH-01).

A door sits on a floor tile. Its physical state `open` follows, each tick:
  rest_open = held XOR trigger_on      (HOLD-01, HOLD-02, HOLD-04)
  open if rest_open or breached; otherwise it opens for whoever steps in and closes by
  itself CLOSE_DELAY ticks after they cleared the tile (DOOR-01, HOLD-06).
Locked = a built padlock that is armed; a locked door stops only those who may not unlock
it (pysim/doors/locks.py), and only while it is not resting open or breached.
A trigger turning on or off (trap_state.DOOR_HOOKS: at once, or after the timers between
them) sets trigger_on for every door its signal reaches and, with a padlock, arms it when
the door rests closed and disarms it when the door rests open (HOLD-05). Arm Lock / Disarm
Lock still work by hand in between.

Commands: build_door, hold_door_open, release_door, build_padlock, arm_lock, disarm_lock
({"door": id} or {"x", "y"}). Snapshot keys (one row per door, by door id):
  door_id int32, door_pos float32 (N, 2), door_open uint8, door_state uint8
  (0 closed, 1 open, 2 held, 3 locked, 4 breached), door_held uint8, door_padlock uint8
  (0 none, 1 being built, 2 built), door_armed uint8, door_locked uint8 (stops
  adventurers now), door_trigger int32 (wired trigger
  part id or -1), door_trigger_on uint8.
  Breaches: breach_door, breach_worker, breach_method (0 pick, 1 bash), breach_progress,
  breach_needed, breach_failures, breach_total_failures (int32 arrays).
"""
import cython
import numpy as np

from pysim.combat import fighter as F, stats as S
from pysim.core import commands, duties, entities, level, movement, systems
from pysim.core.entities import Entity
from pysim.core.game import register_area
from pysim.core.pathing import find_path
from pysim.core.snapshot import snapshot_part
from pysim.doors import breach as BR, digging, locks, routes
from pysim.traps import trap_state, wiring

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


class Door:
    def __init__(self, x, y, did=0):
        self.id = int(did)
        self.x = int(x)
        self.y = int(y)
        self.open = False
        self.close_at = -1
        self.held = False          # HOLD-01
        self.trigger_on = False    # the wired trigger's last on/off (HOLD-02/04)
        self.padlock = PADLOCK_NONE
        self.armed = False         # padlock locked
        self.breached = False      # BREACH-05: left open, padlock disarmed
        self.metal = 0             # padlock metal on site
        self.haulers = 0
        self.work = 0
        self.worker = -1           # minion building the padlock / re-arming

    def rest_open(self):
        return self.held != self.trigger_on

    def locked(self):
        """A built, armed padlock: only those who may unlock pass (unless propped open)."""
        return self.padlock == PADLOCK_BUILT and self.armed

    def stops(self):
        """Would this door stop someone who may not unlock it, now?"""
        return self.locked() and not self.rest_open() and not self.breached

    def state_code(self):
        if self.breached:
            return STATE_BREACHED
        if self.held and self.open and not self.trigger_on:
            return STATE_HELD
        if self.open:
            return STATE_OPEN
        if self.locked():
            return STATE_LOCKED
        return STATE_CLOSED

    def hash_state(self):
        return (self.id, self.x, self.y, self.open, self.close_at, self.held, self.trigger_on,
                self.padlock, self.armed, self.breached, self.metal, self.haulers, self.work,
                self.worker)


class Doors:
    def __init__(self, game):
        self.by_pos = {}
        self.by_id = {}
        self.next_id = 1
        self.breaches = []         # Breach records (breach.py), one per door at most
        self.requests = []         # [party, door_id, entity_id] stopped this tick
        self.parties = {}          # party id -> routes.PartyRoutes
        self.factions = {}         # faction -> tick a Mapmaker escaped (DOOR-03)
        self.checked_version = -1  # grid version of the last only-way check
        # Caches, not state (never hashed; answers never depend on them):
        self.ordered = []          # the doors by ascending id (doors are never removed)
        self.id_grid = None        # int32 (H, W): door id on its tile, 0 elsewhere
        self.index = None          # PartyIndex while the doors system runs, else None
        self.ahead = {}            # entity id -> (path, door count, doors along that path)

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


# -- wiring endpoints (WIRE-10/11) -------------------------------------------------------------

def _door_endpoints(game, x, y):
    d = area(game).at(x, y)
    if d is None:
        return []
    return [(wiring.ROLE_DOOR, d.id)]


wiring.register_endpoint_finder(_door_endpoints)


def trigger_of(game, door, net=None):
    """The trigger part wired to this door, or None (WIRE-10)."""
    if net is None:
        net = trap_state.network(game)
    keys = net.roles_in_network_of((wiring.ROLE_DOOR, door.id))
    st = trap_state.state_of(game)
    for k in keys:
        if k[0] == wiring.ROLE_TRIGGER and k[1] in st.parts:
            return st.parts[k[1]]
    return None


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


def apply_trigger(game, door, on):
    """HOLD-02/04/05: the wired trigger turned on or off."""
    door.trigger_on = bool(on)
    if door.breached:
        door.breached = False      # the trigger sets the door again
        _drop_rearm(game, door)
    if door.padlock == PADLOCK_BUILT:
        set_armed(game, door, not door.rest_open(), "trigger")
    game.emit("door_triggered", door=door.id, on=bool(on), rest_open=door.rest_open(),
              locked=door.locked())
    _settle(game, door)
    _costs_changed(game)


def _on_trigger(game, door_id, on, trigger_id):
    # the traps module times the turn: at once, or after the timers on the way (WIRE-04)
    d = area(game).get(door_id)
    if d is not None:
        apply_trigger(game, d, on)


trap_state.add_door_hook(_on_trigger)


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


# -- walking through doors ----------------------------------------------------------------------

def invasion(game):
    """An invasion is under way while an adventurer is on the map and up."""
    for e in game.entities.values():
        if e.kind == entities.ADVENTURER and e.state == entities.UP:
            return True
    return False


def purpose_of(e):
    f = getattr(e, "fighter", None)
    if f is None or f.target < 0:
        return locks.WALK
    if f.ordered_target >= 0 and f.ordered_target == f.target:
        return locks.ORDERED
    return locks.ENEMY


def may_pass(game, e, door):
    if not door.stops():
        return True
    return locks.may_unlock(e, purpose_of(e), invasion(game))


def party_of(e):
    p = getattr(e, "party", None)
    if p is None or int(p) < 0:
        return int(e.id)
    return int(p)


def _step_check(game, e, nx, ny):
    a = area(game)
    if not a.by_pos:
        return True
    door = a.by_pos.get((nx, ny))
    if door is None or may_pass(game, e, door):
        return True
    if e.kind == entities.ADVENTURER:
        a.requests.append([party_of(e), door.id, e.id])
    return False


def _on_step(game, ent, nx, ny):
    doors = area(game)
    if not doors.by_pos:
        return
    door = doors.by_pos.get((nx, ny))
    if door is None:
        return
    if door.stops():
        game.emit("door_unlocked", door=door.id, entity=ent.id)
    _open(game, door, ent.id)
    # Long enough for the walker to cross the tile and clear it.
    door.close_at = max(door.close_at, game.tick + 2 * ent.step_len + CLOSE_DELAY)


movement.add(movement.STEP_CHECKS, "doors", _step_check, order=60)
movement.add(movement.STEP_HOOKS, "doors", _on_step, order=100)


def _cost_view(game, e, cost):
    """Per walker: locked doors it may not unlock are walls (LOCK-03/04) - except for
    adventurers, who plan through them and breach; their party's avoided doors (DOOR-02)
    and given-up doors (BREACH-04) are walls to them."""
    a = area(game)
    if not a.by_pos:
        return cost
    block = []
    if e.kind == entities.ADVENTURER:
        r = a.parties.get(party_of(e))
        if r is not None:
            for did in r.blocked_doors():
                d = a.get(did)
                if d is not None:
                    block.append(d)
    else:
        inv = None
        for d in a.ordered:
            if d.stops():
                if inv is None:
                    inv = invasion(game)
                if not locks.may_unlock(e, purpose_of(e), inv):
                    block.append(d)
    if not block:
        return cost
    cost = np.array(cost, copy=True)
    for d in block:
        cost[d.y, d.x] = 0
    return cost


movement.add(movement.COST_VIEWS, "doors", _cost_view, order=50)


def _occupied_doors(game, a):
    """{door id: True} for every door a body (not dead) stands on or is stepping into: one
    pass over the entities, made only when some door is due to close (DOOR-01: a door never
    closes on a body)."""
    grid: cython.int[:, ::1] = a.door_grid(game)
    h: cython.int = game.grid.height
    w: cython.int = game.grid.width
    dead: cython.int = entities.DEAD
    out = {}
    e: Entity
    did: cython.int
    for e in game.entities.values():
        if e.state == dead:
            continue
        if 0 <= e.x < w and 0 <= e.y < h:
            did = grid[e.y, e.x]
            if did != 0:
                out[did] = True
        if e.step_len > 0 and 0 <= e.nx < w and 0 <= e.ny < h:
            did = grid[e.ny, e.nx]
            if did != 0:
                out[did] = True
    return out


# -- route choice (DOOR-02/03) -----------------------------------------------------------------

class PartyIndex(object):
    """Adventurers by party, from one pass over the entities in ascending id order. Built
    at the start of the doors system and dropped at its end (membership cannot change in
    between: nothing there spawns, removes or re-parties anyone)."""

    def __init__(self, game):
        ents = game.entities
        if not self._fill(ents.values()):   # ids ascend in creation order; else sort
            self._fill([ents[k] for k in sorted(ents)])

    def _fill(self, seq):
        self.advs = []       # [(adventurer, party id)] by ascending id
        self.members = {}    # party id -> [adventurers] by ascending id
        adv: cython.int = entities.ADVENTURER
        last: cython.int = -1
        e: Entity
        for e in seq:
            if e.id <= last:
                return False
            last = e.id
            if e.kind != adv:
                continue
            pid = party_of(e)
            self.advs.append((e, pid))
            lst = self.members.get(pid)
            if lst is None:
                self.members[pid] = [e]
            else:
                lst.append(e)
        return True

    def of(self, pid):
        """The party's adventurers (ascending id); callers must not change the list."""
        return self.members.get(pid, ())


def _index(game):
    idx = area(game).index
    return idx if idx is not None else PartyIndex(game)


def _members(game, pid):
    return list(_index(game).of(pid))


def _register_party(game, pid, members):
    a = area(game)
    r = a.parties.get(pid)
    if r is not None:
        return r
    faction = str(getattr(members[0], "faction", "") or "")
    r = a.party(pid, faction)
    if faction and faction in a.factions:
        r.direct = True                     # DOOR-03: this is the faction's next party
        del a.factions[faction]
        game.emit("party_direct", party=pid, faction=faction)
    return r


def _sees(game, e, door):
    from pysim.combat import awareness, sight
    rng_tiles = S.sight_range(F.stat(e, "hunt"))
    dx = door.x - e.x
    dy = door.y - e.y
    if dx * dx + dy * dy > rng_tiles * rng_tiles:
        return False
    blocked = awareness.sight_blocked(game)
    return bool(sight.line_of_sight(blocked, int(e.x), int(e.y), door.x, door.y))


def _door_ahead(game, e, a, limit):
    """The first door on e's path among its next `limit` tiles (from the tile it is on or
    stepping into), or None."""
    if e.path is None:
        return None
    did = _first_ahead(_doors_on(a, a.door_grid(game), e.path), e.path_i, limit)
    return a.by_id.get(did) if did else None


@cython.cfunc
def _first_ahead(hits: list, path_i: cython.Py_ssize_t,
                 limit: cython.Py_ssize_t) -> cython.int:
    """Door id of the first (index, door id) hit in [path_i - 1, path_i - 1 + limit)."""
    start: cython.Py_ssize_t = path_i - 1 if path_i > 0 else 0
    j: cython.Py_ssize_t
    for hit in hits:
        j = hit[0]
        if j >= start:
            return hit[1] if j < start + limit else 0
    return 0


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _doors_on(a, grid: cython.int[:, ::1], path) -> list:
    """[(index, door id)] of the door tiles along a path, in path order."""
    out = []
    p: cython.int[:, :]
    j: cython.Py_ssize_t
    x: cython.Py_ssize_t
    y: cython.Py_ssize_t
    did: cython.int
    h: cython.Py_ssize_t = grid.shape[0]
    w: cython.Py_ssize_t = grid.shape[1]
    if cython.compiled:
        typed: cython.bint = True
        try:
            p = path                        # an int32 (N, 2) path: C loop
        except (ValueError, TypeError):
            typed = False
        if typed:
            for j in range(p.shape[0]):
                x = p[j, 0]
                y = p[j, 1]
                if 0 <= x < w and 0 <= y < h:
                    did = grid[y, x]
                    if did != 0:
                        out.append((j, did))
            return out
    by_pos = a.by_pos
    j = 0
    for xy in path.tolist():
        d = by_pos.get((xy[0], xy[1]))
        if d is not None:
            out.append((j, d.id))
        j += 1
    return out


def way_around(game, e, r, door):
    """A path for e to its goal that avoids `door` and the party's blocked doors."""
    cost = np.array(movement.cost_for(game, e), copy=True)
    cost[door.y, door.x] = 0
    sx, sy = (e.nx, e.ny) if e.step_len > 0 else (e.x, e.y)
    if (sx, sy) == (door.x, door.y):
        return False
    return len(find_path(cost, (sx, sy), (e.goal_x, e.goal_y))) > 0


def _replan(game, members):
    for m in members:
        if m.state == entities.UP and m.goal_x >= 0 and (m.path is not None or m.step_len):
            movement.go_to(game, m, m.goal_x, m.goal_y)


def route_choices(game):
    a = area(game)
    if not a.by_pos:
        return
    idx = _index(game)
    e: Entity
    m: Entity
    did: cython.int
    up: cython.int = entities.UP
    grid: cython.int[:, ::1] = a.door_grid(game)
    ndoors = len(a.ordered)
    ahead = a.ahead
    seen_paths = {}
    a.ahead = seen_paths                    # keeps only the walkers looked at this time
    parties = a.parties
    seen_parties = {}
    for e, pid in idx.advs:                 # parties in the order of their first member up
        if e.state != up or pid in seen_parties:
            continue
        seen_parties[pid] = True
        members = idx.members[pid]
        r = parties.get(pid)
        if r is None:
            r = _register_party(game, pid, members)
        ups = [m for m in members if m.state == up]
        for m in ups:
            if m.path is None or m.goal_x < 0:
                continue
            # the doors along m's path, found once per planned path (a cache, not state)
            hit = ahead.get(m.id)
            if hit is None or hit[0] is not m.path or hit[1] != ndoors:
                hit = (m.path, ndoors, _doors_on(a, grid, m.path))
            seen_paths[m.id] = hit
            did = _first_ahead(hit[2], m.path_i, 3 + 2 * 8)
            if did == 0:
                continue                    # no door near on its way: nothing to decide
            d = a.by_id[did]
            if d is None or r.decided(d.id) or d.id in r.gave_up:
                continue
            if d.open or d.rest_open() or d.breached:
                continue                    # only a closed door is a choice
            if not _sees(game, m, d):
                continue
            around = way_around(game, m, r, d)
            take = routes.decide_detour(game.rng.stream("ai"), ups, r.direct, around)
            game.emit("door_route", party=pid, door=d.id, entity=m.id, way_around=around,
                      detour=take, chance=routes.detour_chance(ups, r.direct) if around else 0.0)
            if take:
                routes._insert(r.avoid, d.id)
                _replan(game, ups)
            else:
                routes._insert(r.through, d.id)
            break
    # the only way: if avoided doors leave a party no way to its goal, it forgets them
    if a.checked_version != game.grid.version:
        a.checked_version = game.grid.version
        for pid in sorted(a.parties):
            r = a.parties[pid]
            if not r.avoid:
                continue
            for m in idx.of(pid):
                if m.state != entities.UP or m.goal_x < 0:
                    continue
                if len(find_path(movement.cost_for(game, m), (m.x, m.y),
                                 (m.goal_x, m.goal_y))) == 0:
                    game.emit("door_route_only_way", party=pid, doors=list(r.avoid))
                    for did in r.avoid:
                        routes._insert(r.through, did)
                    r.avoid = []
                    _replan(game, idx.of(pid))
                break


def escaped(game, e):
    """An adventurer leaves the map alive (DOOR-03 bookkeeping); removes it."""
    faction = str(getattr(e, "faction", "") or "")
    mapmaker = F.has_trait(e, S.MAPMAKER)
    game.emit("adventurer_escaped", entity=e.id, faction=faction, mapmaker=bool(mapmaker))
    if mapmaker and faction:
        area(game).factions[faction] = game.tick
    if e.id in game.entities:
        del game.entities[e.id]


# -- breaching (BREACH-01..06) ------------------------------------------------------------------

def _conscious_members(game, pid):
    return [m for m in _index(game).of(pid) if F.conscious(m)]


def _adjacent(e, door):
    return (e.step_len == 0 and max(abs(e.x - door.x), abs(e.y - door.y)) == 1)


def _start_breach(game, pid, door, stopper):
    a = area(game)
    members = _conscious_members(game, pid)
    if not members:
        return
    rng = game.rng.stream("breach")
    method = BR.choose_method(members, rng)
    worker = BR.best_member(members, method)
    b = BR.Breach(pid, door.id, method, worker.id,
                  BR.attempt_ticks(method, BR.stat_for(worker, method)))
    b.approach = (stopper.x, stopper.y)
    a.breaches.append(b)
    game.emit("breach_started", door=door.id, party=pid, method=method, entity=worker.id,
              ticks=b.ticks_needed)


def _set_worker(game, b, method):
    members = _conscious_members(game, b.party)
    if not members:
        return None
    w = BR.best_member(members, method)
    if w.id != b.worker:
        b.worker = w.id
        b.progress = 0
    b.ticks_needed = BR.attempt_ticks(method, BR.stat_for(w, method))
    return w


def _give_up(game, b, door):
    a = area(game)
    r = a.party(b.party)
    routes._insert(r.gave_up, door.id)
    if door.id in r.through:
        r.through.remove(door.id)
    game.emit("breach_given_up", door=door.id, party=b.party, failures=b.total_failures)
    for m in _index(game).of(b.party):
        if m.state == entities.UP and m.goal_x >= 0:
            if not movement.go_to(game, m, m.goal_x, m.goal_y):
                m.leaving = True            # the goal is out of reach: head home
                movement.stop(m)


def breaches(game):
    a = area(game)
    # new requests: parties stopped at locked doors this tick
    for pid, did, eid in a.requests:
        door = a.get(did)
        if door is None or not door.stops() or a.breach_at(did) is not None:
            continue
        r = a.party(pid)
        if did in r.gave_up or any(b.party == pid for b in a.breaches):
            continue
        stopper = game.entities.get(eid)
        if stopper is None:
            continue
        _start_breach(game, pid, door, stopper)
    a.requests = []
    if not a.breaches:
        return
    keep = []
    rng = game.rng.stream("breach")
    from pysim.combat import awareness
    for b in a.breaches:
        door = a.get(b.door)
        if door is None or not door.stops():
            continue                        # opened some other way: nothing to breach
        worker = game.entities.get(b.worker)
        if worker is None or not F.conscious(worker):
            worker = _set_worker(game, b, b.method)
            if worker is None:
                continue                    # the whole party is down
        if not _adjacent(worker, door):
            ax, ay = b.approach
            if worker.step_len == 0 and (worker.x, worker.y) != (ax, ay) and (
                    worker.goal_x, worker.goal_y) != (ax, ay):
                movement.go_to(game, worker, ax, ay)
            keep.append(b)
            continue
        b.progress += 1
        if b.progress < b.ticks_needed:
            keep.append(b)
            continue
        b.progress = 0
        method = b.method
        out, res = BR.roll(rng, b, worker, BR.LOCK_STRENGTH, BR.DOOR_STRENGTH)
        game.emit("breach_roll", door=door.id, party=b.party, entity=worker.id, method=method,
                  outcome=out, failures=b.failures, total_failures=b.total_failures)
        if out == BR.ROLL_SUCCESS:
            breach_done(game, door, worker.id)
            continue
        if method == BR.BASH:
            # BREACH-06 / AWARE-04 (make_noise emits the "noise" event)
            awareness.make_noise(game, door.x, door.y, "bash")
        if out == BR.ROLL_GIVE_UP:
            _give_up(game, b, door)
            continue
        if out == BR.ROLL_SWITCH:
            w = _set_worker(game, b, b.method)
            game.emit("breach_switched", door=door.id, party=b.party, method=b.method,
                      entity=w.id if w is not None else -1)
        keep.append(b)
    a.breaches = keep


# -- leaving (a party that gave up and has no way on) --------------------------------------------

def _wrap_brain():
    from pysim.core import brains, terrain
    prev = brains.BRAINS.get(entities.ADVENTURER)
    if getattr(prev, "_doors_wrapped", False):
        return

    def adventurer_brain(game, e):
        if not getattr(e, "leaving", False):
            return prev(game, e) if prev is not None else None
        if game.grid.on_edge(e.x, e.y) and int(game.grid.terrain[e.y, e.x]) == terrain.PORTAL:
            escaped(game, e)
            return
        best = None
        for (x, y) in game.grid.tiles_of(terrain.PORTAL):
            if not game.grid.on_edge(x, y):
                continue
            key = (max(abs(x - e.x), abs(y - e.y)), y, x)
            if best is None or key < best:
                best = key
        if best is None or not movement.go_to(game, e, best[2], best[1]):
            e.idle = 60
    adventurer_brain._doors_wrapped = True
    brains.BRAINS[entities.ADVENTURER] = adventurer_brain


_wrap_brain()


# -- Drudgery: close breached doors and re-arm (BREACH-05); Traps: build padlocks (LOCK-01) ----

def _work_tile(game, door):
    cost = game.grid.walk_cost()
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        x, y = door.x + dx, door.y + dy
        if game.grid.in_bounds(x, y) and cost[y, x] > 0 and area(game).at(x, y) is None:
            return (x, y)
    return None


def _claimed(game, door, kinds):
    w = door.worker
    if w < 0:
        return False
    e = game.entities.get(w)
    job = getattr(e, "job", None) if e is not None else None
    return (e is not None and e.state == entities.UP and job is not None
            and job[0] in kinds and job[1] == door.id)


def _provide(game, e, kind, want):
    a = area(game)
    cands = [d for d in a.sorted_doors() if want(d) and not _claimed(game, d, (kind,))]
    cands.sort(key=lambda d: (duties.octile(e.x, e.y, d.x, d.y), d.id))
    for d in cands:
        tile = _work_tile(game, d)
        if tile is None:
            continue
        if (e.x, e.y) != tile and not movement.go_to(game, e, tile[0], tile[1]):
            continue
        d.worker = e.id
        d.work = 0
        e.job = [kind, d.id, 0, 0]
        return True
    return False


def provide_rearm(game, e):
    return _provide(game, e, "door_rearm", lambda d: d.breached)


def provide_padlock(game, e):
    return _provide(game, e, "padlock_build",
                    lambda d: d.padlock == PADLOCK_BLUEPRINT and d.metal >= PADLOCK_METAL)


def provide_padlock_haul(game, e):
    st = trap_state.state_of(game)
    pile = duties.nearest_pile(e, st.stock)
    if pile is None:
        return False
    a = area(game)
    want = [d for d in a.sorted_doors() if d.padlock == PADLOCK_BLUEPRINT
            and d.metal + d.haulers < PADLOCK_METAL and _work_tile(game, d) is not None]
    if not want:
        return False
    d = duties.nearest(e, want)
    if (e.x, e.y) != pile and not movement.go_to(game, e, pile[0], pile[1]):
        return False
    st.stock[pile] -= 1
    st.changed()
    d.haulers += 1
    e.job = ["padlock_haul", d.id, 0, pile[0], pile[1]]
    return True


def _job_door(game, e, keep):
    """The door e's job is for, or None (the job dropped) once it is gone or done."""
    return duties.job_target(game, e, area(game).get, keep)


def run_rearm(game, e):
    d = _job_door(game, e, lambda d: d.breached)
    if d is None or not duties.at_work(game, e, _work_tile(game, d)):
        return
    e.job[3] += 1
    if e.job[3] >= REARM_TICKS:
        rearm(game, d, e.id)
        e.job = None


def run_padlock(game, e):
    d = _job_door(game, e, lambda d: d.padlock == PADLOCK_BLUEPRINT)
    if d is None or not duties.at_work(game, e, _work_tile(game, d)):
        return
    d.work += 1
    if d.work >= PADLOCK_BUILD_TICKS:
        finish_padlock(game, d, e.id)
        e.job = None


def run_padlock_haul(game, e):
    d = _job_door(game, e, lambda d: d.padlock == PADLOCK_BLUEPRINT)
    if d is None or not duties.haul(game, e, lambda: _work_tile(game, d), duties.plan,
                                    near=(d.x, d.y)):
        return
    d.metal += 1
    d.haulers -= 1
    game.emit("metal_delivered", door=d.id, entity=e.id, metal=d.metal,
              needed=PADLOCK_METAL)
    e.job = None


def _release_door_work(game, e):
    d = area(game).get(e.job[1])
    if d is not None and d.worker == e.id:
        d.worker = -1


def _release_padlock_haul(game, e):
    st = trap_state.state_of(game)
    job = e.job
    pile = (job[3], job[4])
    st.stock[pile] = st.stock.get(pile, 0) + 1
    st.changed()
    d = area(game).get(job[1])
    if d is not None and d.haulers > 0:
        d.haulers -= 1


def _drop_rearm(game, door):
    w = game.entities.get(door.worker) if door.worker >= 0 else None
    if w is not None and getattr(w, "job", None) is not None and w.job[0] == "door_rearm":
        duties.drop_job(game, w)
    door.worker = -1


duties.add_provider(duties.DRUDGERY, "door_rearm", provide_rearm, 5)
duties.add_provider(duties.DRUDGERY, "padlock_haul", provide_padlock_haul, 35)
duties.add_provider(duties.TRAPS, "padlock_build", provide_padlock, 25)
duties.add_provider(duties.TRAPS, "padlock_haul", provide_padlock_haul, 35)
duties.add_job("door_rearm", run_rearm, _release_door_work)
duties.add_job("padlock_build", run_padlock, _release_door_work)
duties.add_job("padlock_haul", run_padlock_haul, _release_padlock_haul)


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


# -- the tick ------------------------------------------------------------------------------------

@systems.system("doors", 300)
def tick(game):
    a = area(game)
    if not a.by_pos:
        return
    a.index = PartyIndex(game)
    try:
        route_choices(game)
        breaches(game)
    finally:
        a.index = None
    occupied = None
    for door in a.ordered:
        if door.rest_open() or door.breached:
            if not door.open:
                _open(game, door)
            continue
        if door.open and 0 <= door.close_at <= game.tick:
            if occupied is None:            # bodies on doors: one pass, only when needed
                occupied = _occupied_doors(game, a)
            if door.id in occupied:
                door.close_at = game.tick + CLOSE_DELAY
                continue
            door.open = False
            door.close_at = -1
            game.emit("door_closed", door=door.id, x=door.x, y=door.y)


# -- snapshot -------------------------------------------------------------------------------------

@snapshot_part
def door_snapshot(game, snap):
    a = area(game)
    doors = a.sorted_doors()
    net = trap_state.network(game) if doors and trap_state.state_of(game).wires.wires else None
    trig = []
    for d in doors:
        t = trigger_of(game, d, net) if net is not None else None
        trig.append(-1 if t is None else t.id)
    snap["door_id"] = np.array([d.id for d in doors], dtype=np.int32)
    snap["door_pos"] = np.array([[d.x, d.y] for d in doors], dtype=np.float32).reshape(-1, 2)
    snap["door_open"] = np.array([1 if d.open else 0 for d in doors], dtype=np.uint8)
    snap["door_state"] = np.array([d.state_code() for d in doors], dtype=np.uint8)
    snap["door_held"] = np.array([1 if d.held else 0 for d in doors], dtype=np.uint8)
    # for world/DoorLayer.gd: a padlock that stops adventurers now
    snap["door_locked"] = np.array([1 if d.stops() else 0 for d in doors], dtype=np.uint8)
    snap["door_padlock"] = np.array([d.padlock for d in doors], dtype=np.uint8)
    snap["door_armed"] = np.array([1 if d.armed else 0 for d in doors], dtype=np.uint8)
    snap["door_trigger"] = np.array(trig, dtype=np.int32)
    snap["door_trigger_on"] = np.array([1 if d.trigger_on else 0 for d in doors],
                                       dtype=np.uint8)
    bs = a.breaches
    snap["breach_door"] = np.array([b.door for b in bs], dtype=np.int32)
    snap["breach_worker"] = np.array([b.worker for b in bs], dtype=np.int32)
    snap["breach_method"] = np.array([0 if b.method == BR.PICK else 1 for b in bs],
                                     dtype=np.int32)
    snap["breach_progress"] = np.array([b.progress for b in bs], dtype=np.int32)
    snap["breach_needed"] = np.array([b.ticks_needed for b in bs], dtype=np.int32)
    snap["breach_failures"] = np.array([b.failures for b in bs], dtype=np.int32)
    snap["breach_total_failures"] = np.array([b.total_failures for b in bs], dtype=np.int32)


def describe_door(game, door):
    """Details for the door panel (plain values)."""
    a = area(game)
    b = a.breach_at(door.id)
    t = trigger_of(game, door)
    return {"door": door.id, "x": door.x, "y": door.y, "state": STATE_NAMES[door.state_code()],
            "open": door.open, "held": door.held, "padlock": door.padlock,
            "armed": door.armed, "breached": door.breached,
            "trigger": -1 if t is None else t.id, "trigger_on": door.trigger_on,
            "breach": None if b is None else b.to_dict()}


# -- commands --------------------------------------------------------------------------------------

def need_door(game, cmd):
    """Reason or None; a door is named by "door" (id) or by "x"/"y"."""
    a = area(game)
    if "door" in cmd:
        r = commands.need_int(cmd, "door")
        if r:
            return r
        if a.get(int(cmd["door"])) is None:
            return "There is no such door (%s)." % cmd["door"]
        return None
    r = commands.need_tile(game, cmd)
    if r:
        return r
    if a.at(int(cmd["x"]), int(cmd["y"])) is None:
        return "There is no door on that tile."
    return None


def door_of(game, cmd):
    a = area(game)
    if "door" in cmd:
        return a.get(int(cmd["door"]))
    return a.at(int(cmd["x"]), int(cmd["y"]))


def check_door(game, cmd, need, *rules):
    """`need(game, cmd)`'s reason, else the reason of the first (refuse, reason) rule
    whose refuse(door) holds for the named door, else None."""
    r = need(game, cmd)
    if r:
        return r
    d = door_of(game, cmd)
    for refuse, reason in rules:
        if refuse(d):
            return reason
    return None


def door_site_reason(game, x, y):
    g = game.grid
    if not g.in_bounds(x, y):
        return "That tile is outside the map."
    if area(game).at(x, y) is not None:
        return "There is already a door there."
    r = digging.own_floor_reason(game, x, y, "A door must stand on a floor tile.",
                                 "Doors can be built only inside your domain.")
    if r:
        return r
    if trap_state.state_of(game).part_at(x, y) is not None:
        return "There is a trap part on that tile."
    return None


def _door_site_check(game, x, y):
    r = door_site_reason(game, x, y)
    if r:
        return r
    # WIRE-02: wires already ending here would connect the door
    return wiring.check_endpoint_added(game, trap_state.state_of(game).wires, x, y,
                                       wiring.ROLE_DOOR, -1)


@commands.command("build_door")
class BuildDoor:
    def check(game, cmd):
        return digging.tile_reason(game, cmd, _door_site_check)

    def apply(game, cmd):
        d = area(game).add(int(cmd["x"]), int(cmd["y"]))
        trap_state.state_of(game).wires.touch()
        game.emit("door_built", door=d.id, x=d.x, y=d.y)
        _costs_changed(game)


@commands.command("hold_door_open")
class HoldDoorOpen:
    def check(game, cmd):
        return check_door(game, cmd, need_door,
                          (lambda d: d.held, "That door is already held open."))

    def apply(game, cmd):
        set_held(game, door_of(game, cmd), True)


@commands.command("release_door")
class ReleaseDoor:
    def check(game, cmd):
        return check_door(game, cmd, need_door,
                          (lambda d: not d.held, "That door isn't held open."))

    def apply(game, cmd):
        set_held(game, door_of(game, cmd), False)


@commands.command("build_padlock")
class BuildPadlock:
    def check(game, cmd):
        return check_door(
            game, cmd, need_door,
            (lambda d: d.padlock == PADLOCK_BUILT, "That door already has a padlock."),
            (lambda d: d.padlock == PADLOCK_BLUEPRINT,
             "A padlock is already being built on that door."))

    def apply(game, cmd):
        d = door_of(game, cmd)
        d.padlock = PADLOCK_BLUEPRINT
        d.metal = 0
        d.work = 0
        game.emit("padlock_placed", door=d.id, x=d.x, y=d.y)


def _need_padlock(game, cmd):
    return check_door(game, cmd, need_door,
                      (lambda d: d.padlock == PADLOCK_NONE, "That door has no padlock."),
                      (lambda d: d.padlock == PADLOCK_BLUEPRINT, "The padlock isn't built yet."))


@commands.command("arm_lock")
class ArmLock:
    def check(game, cmd):
        return check_door(game, cmd, _need_padlock,
                          (lambda d: d.armed, "That padlock is already armed."))

    def apply(game, cmd):
        d = door_of(game, cmd)
        if d.breached:                      # arming by hand ends the breach too
            d.breached = False
            _drop_rearm(game, d)
            _settle(game, d)
        set_armed(game, d, True, "hand")


@commands.command("disarm_lock")
class DisarmLock:
    def check(game, cmd):
        return check_door(game, cmd, _need_padlock,
                          (lambda d: not d.armed, "That padlock is already disarmed."))

    def apply(game, cmd):
        set_armed(game, door_of(game, cmd), False, "hand")


# -- level things -------------------------------------------------------------------------------

def _place_door(game, x, y, arg):
    if game.grid.walk_cost()[y, x] <= 0:
        raise ValueError("a door needs a floor tile")
    d = area(game).add(x, y)
    if arg == "held":
        d.held = True
        d.open = True


def _place_padlock(game, x, y, arg):
    d = area(game).at(x, y)
    if d is None:
        raise ValueError("a padlock goes on a door (put 'door' before 'padlock')")
    if arg not in (None, "armed", "disarmed", "blueprint"):
        raise ValueError("padlock takes :armed, :disarmed or :blueprint")
    if arg == "blueprint":
        d.padlock = PADLOCK_BLUEPRINT
        return
    d.padlock = PADLOCK_BUILT
    d.armed = arg != "disarmed"


def _entity_at(game, x, y):
    for eid in sorted(game.entities, reverse=True):
        e = game.entities[eid]
        if e.x == x and e.y == y:
            return e
    raise ValueError("put an adventurer (or minion) before this thing")


def _place_party(game, x, y, arg):
    if arg is None or not arg.lstrip("-").isdigit():
        raise ValueError("party needs a number, like party:1")
    _entity_at(game, x, y).party = int(arg)


def _place_faction(game, x, y, arg):
    if not arg:
        raise ValueError("faction needs a name, like faction:north")
    _entity_at(game, x, y).faction = arg


def _place_trait(game, x, y, arg):
    if arg not in (S.SCOUT, S.MAPMAKER, S.LOCKSMITH, S.DOORBREAKER, S.DETECT_TRAPS, S.SMALL):
        raise ValueError("unknown trait %r" % arg)
    e = _entity_at(game, x, y)
    f = F.fighter_of(e)
    if f is None:
        F.attach(game, e)
        f = F.fighter_of(e)
    if arg not in f.stats.traits:
        f.stats.traits = tuple(f.stats.traits) + (arg,)


def _place_duty(game, x, y, arg):
    if arg not in duties.DUTIES:
        raise ValueError("duty is one of %s" % ", ".join(duties.DUTIES))
    _entity_at(game, x, y).duty = arg


level.THINGS["door"] = _place_door
level.THINGS["padlock"] = _place_padlock
level.THINGS["party"] = _place_party
level.THINGS["faction"] = _place_faction
level.THINGS["trait"] = _place_trait
level.THINGS.setdefault("duty", _place_duty)
