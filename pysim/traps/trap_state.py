"""The trap state and its parts list: game.areas["traps"] (TrapState) holds the parts, the
wires (pysim/traps/wiring.py), the signals on their way through timers, gas clouds, webs and
metal stock piles; plus the lookups every trap module shares (the wiring network, the parts
and doors of one trap, who counts as an enemy). Decisions: docs/rules/traps.md.

The trap modules: trap_state (this), triggering (who sets a trigger off, the signal along
the wires and through timers, the tick), mechanisms (what each mechanism does, gas and
webs), decay (the 2-day clock, DECAY), trap_commands (placing, moving, wiring), trap_view
(snapshot and describe), resets, jobs, trap_level.

Other areas hook in here (lists of functions, called in registration order):
- TRIGGERED_HOOKS: fn(game, trigger_part, mechanism_kind_or_None, who_id) when a trap is
  set off by someone (knowledge: KNOW-02, LEARN-01, CAUT-01).
- PASS_FNS: fn(game, trigger_part, entity) -> bool: True when the entity crosses the
  trigger's tiles without setting it off (KNOW-05: a known tripwire is stepped over).
- BLOCK_BONUS_FNS: fn(game, target, mechanism_kind) -> int added to the victim's side of
  every roll a mechanism makes against it: Block against an attack or gas, Battle against
  terror and against a web (LEARN-02 block bonus, CAUT-02 resist traps).
- FIRED_HOOKS: fn(game, mechanism_part) when a working mechanism fires (scorch marks).
- ALARM_HOOKS: fn(game, mechanism_part, enemy_ids) when an alarm trap goes off (ARRIVE-02).
- DOOR_HOOKS: fn(game, door_id, on, trigger_id) when a trigger's turn on or off reaches a
  door wired to it: at once on the trigger's own wires, after the timers' delays behind
  timers (pysim/traps/triggering.py door_routes; the doors module sets the door).
"""

from pysim.core import entities, hooks
from pysim.core.game import register_area
from pysim.traps import trap_parts as tp, wire_networks, wiring

TRIGGERED_HOOKS = []
BLOCK_BONUS_FNS = []
PASS_FNS = []
FIRED_HOOKS = []
ALARM_HOOKS = []
DOOR_HOOKS = []


_hook = hooks.add


def add_triggered_hook(fn):
    return _hook(TRIGGERED_HOOKS, fn)


def add_pass_fn(fn):
    return _hook(PASS_FNS, fn)


def passes(game, part, e):
    for fn in PASS_FNS:
        if fn(game, part, e):
            return True
    return False


def add_block_bonus(fn):
    return _hook(BLOCK_BONUS_FNS, fn)


def add_fired_hook(fn):
    return _hook(FIRED_HOOKS, fn)


def add_alarm_hook(fn):
    return _hook(ALARM_HOOKS, fn)


def add_door_hook(fn):
    return _hook(DOOR_HOOKS, fn)

class TrapState(object):
    def __init__(self, game=None):
        self.parts = {}            # id -> Part
        self.next_id = 1
        self.wires = wiring.WireState()
        self.pending = []          # [fire_tick, seq, timer_id, trigger_id, who_id]
        self.seq = 0
        self.door_turns = []       # [due_tick, seq, door_id, on (0/1), trigger_id]
        self.gas = []              # [x, y, radius, until_tick]
        self.webs = {}             # (x, y) -> until_tick
        self.stock = {}            # (x, y) -> metal count
        self.next_decay = 1 << 62  # earliest tick a part may expire
        self.version = 0           # bumps on any part change (caches, front end)
        self._sense = None         # derived: tile -> [trigger ids]; rebuilt on version
        self._sense_version = -1
        self._sense_mask = None    # derived: sense_mask(), as of _sense_mask_key
        self._sense_mask_key = None
        self._tile_part = None
        self._tile_version = -1
        self._work = None
        self._work_version = -1
        self.layout = 0            # bumps when parts appear, vanish or move (caches)
        self._net = None
        self._net_key = None

    # -- derived lookups (never part of the state: rebuilt from parts) -------------------
    def changed(self):
        self.version += 1

    def moved(self):
        """A part appeared, vanished or moved: layout caches (tiles, network) go stale."""
        self.layout += 1
        self.version += 1

    def part_at(self, x, y):
        if self._tile_version != self.layout:
            m = {}
            for pid in sorted(self.parts):
                p = self.parts[pid]
                for t in p.footprint():
                    m[t] = pid
            self._tile_part = m
            self._tile_version = self.layout
        pid = self._tile_part.get((int(x), int(y)))
        return None if pid is None else self.parts[pid]

    def work_lists(self):
        """Derived: ids of parts needing a reset, ready to build, wanting metal."""
        if self._work_version != self.version:
            rs, bd, hl = [], [], []
            for pid in sorted(self.parts):
                p = self.parts[pid]
                if p.built:
                    if p.needs_reset or p.expired:
                        rs.append(pid)
                elif p.metal >= tp.METAL[p.kind]:
                    bd.append(pid)
                elif p.metal + p.haulers < tp.METAL[p.kind]:
                    hl.append(pid)
            self._work = (rs, bd, hl)
            self._work_version = self.version
        return self._work

    def sense_map(self):
        if self._sense_version != self.layout:
            m = {}
            for pid in sorted(self.parts):
                p = self.parts[pid]
                if not tp.is_trigger(p.kind):
                    continue
                for t in p.sense_tiles():
                    m.setdefault(t, []).append(pid)
            self._sense = m
            self._sense_version = self.layout
        return self._sense

    def sense_mask(self, width, height):
        """uint8 (height, width): 1 on every tile of sense_map() inside the map, 0 elsewhere
        (detect asks it of every body every tick: a C read where a tuple and a dictionary
        lookup cost ~500 instructions). Rebuilt with the sense map."""
        m = self.sense_map()
        key = (self._sense_version, width, height)
        if self._sense_mask_key != key:
            import numpy as np
            mask = np.zeros((height, width), dtype=np.uint8)
            for (x, y) in m:
                if 0 <= x < width and 0 <= y < height:
                    mask[y, x] = 1
            self._sense_mask = mask
            self._sense_mask_key = key
        return self._sense_mask

    def hash_state(self):
        out = (tuple(self.parts[k].state() for k in sorted(self.parts)), self.next_id,
               self.wires.state(), tuple(tuple(p) for p in self.pending), self.seq,
               tuple(tuple(g) for g in self.gas), sorted(self.webs.items()),
               sorted(self.stock.items()), self.next_decay)
        if self.door_turns:
            # only while turns are on their way, so games without them keep their hashes
            out += (tuple(tuple(t) for t in self.door_turns),)
        return out


register_area("traps", TrapState)


def state_of(game):
    return game.areas["traps"]


# -- endpoints for the wiring module ---------------------------------------------------------

def _part_endpoints(game, x, y):
    p = state_of(game).part_at(x, y)
    if p is None:
        return []
    return [(p.role, p.id)]


wiring.register_endpoint_finder(_part_endpoints)


def network(game):
    """The wiring network of the game (cached until a wire, door or part placement
    changes; read-only for callers)."""
    st = state_of(game)
    key = (st.layout, st.wires.version)
    if st._net is None or st._net_key != key:
        st._net = wire_networks.Network(game, st.wires.wires, st.wires.joins)
        st._net_key = key
    return st._net


def trap_parts_of(game, part, net=None):
    """Every part in the (undirected) network of `part`, including itself, sorted by id."""
    if net is None:
        net = network(game)
    keys = _ports_of(net, part)
    st = state_of(game)
    ids = sorted(set(k[1] for k in keys if k[0] in ("trigger", "mechanism", "timer_in",
                                                      "timer_out")))
    out = [st.parts[i] for i in ids if i in st.parts]
    if not out:
        return [part]
    return out


def doors_of(game, part, net=None):
    """Door ids in the network of `part` (WIRE-11), sorted."""
    if net is None:
        net = network(game)
    keys = _ports_of(net, part)
    return sorted(set(k[1] for k in keys if k[0] == wiring.ROLE_DOOR))


def _ports_of(net, part):
    if part.kind == tp.TIMER:
        keys = net.roles_in_network_of(("timer_in", part.id))
        return keys or net.roles_in_network_of(("timer_out", part.id))
    return net.roles_in_network_of((part.role, part.id))


# -- who counts as an enemy (FRIEND-01..04; mechanisms aim at them too) ----------------------

def is_enemy_of_dungeon(e):
    """Adventurers, wild creatures and minions turned against you (side not DUNGEON or
    `rampage` set) are enemies; your minions, Boss and lair creatures are not."""
    return e.side != entities.DUNGEON or bool(getattr(e, "rampage", False))
