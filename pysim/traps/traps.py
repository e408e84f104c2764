"""Traps at work: who sets a trigger off, the signal along the wires and through timers,
what each mechanism does, gas clouds and webs, 2-day decay (TRAP-01..05, WIRE-01/04..06,
FRIEND-01..04, DECAY-01/03). Decisions: docs/rules/traps.md.

State: game.areas["traps"] (TrapState): parts, wires (pysim/traps/wiring.py), the signals on
their way through timers, gas clouds, webs, metal stock piles.

Other areas hook in here (lists of functions, called in registration order):
- TRIGGER_HOOKS: fn(game, part, on, who_id) whenever a trigger turns on or off
  (HOLD-03; the doors module opens/closes wired doors). who_id is -1 for a lever/reset.
- TRIGGERED_HOOKS: fn(game, trigger_part, mechanism_kind_or_None, who_id) when a trap is
  set off by someone (knowledge: KNOW-02, LEARN-01, CAUT-01).
- BLOCK_BONUS_FNS: fn(game, target, mechanism_kind) -> int added to the victim's Block
  (LEARN-02 block bonus).
- ALARM_HOOKS: fn(game, mechanism_part, enemy_ids) when an alarm trap goes off (ARRIVE-02).
- HIT_HOOKS: fn(game, target, outcome) after a trap's wound (combat: knockout/death).
"""

from pysim.combat import fighter, wounds
from pysim.core import commands, dice, entities, movement, systems, terrain
from pysim.core.clock import TICKS_PER_HOUR
from pysim.core.game import register_area
from pysim.traps import trap_parts as tp, wiring

DECAY_TICKS = 2 * 24 * TICKS_PER_HOUR    # DECAY-01: exactly 2 game days

TRIGGER_HOOKS = []
TRIGGERED_HOOKS = []
BLOCK_BONUS_FNS = []
ALARM_HOOKS = []
HIT_HOOKS = []


def _hook(lst, fn):
    key = (fn.__module__, fn.__qualname__)
    for i, old in enumerate(lst):
        if (old.__module__, old.__qualname__) == key:
            lst[i] = fn
            return fn
    lst.append(fn)
    return fn


def add_trigger_hook(fn):
    return _hook(TRIGGER_HOOKS, fn)


def add_triggered_hook(fn):
    return _hook(TRIGGERED_HOOKS, fn)


def add_block_bonus(fn):
    return _hook(BLOCK_BONUS_FNS, fn)


def add_alarm_hook(fn):
    return _hook(ALARM_HOOKS, fn)


def add_hit_hook(fn):
    return _hook(HIT_HOOKS, fn)


class TrapState(object):
    def __init__(self, game=None):
        self.parts = {}            # id -> Part
        self.next_id = 1
        self.wires = wiring.WireState()
        self.pending = []          # [fire_tick, seq, timer_id, trigger_id, who_id]
        self.seq = 0
        self.gas = []              # [x, y, radius, until_tick]
        self.webs = {}             # (x, y) -> until_tick
        self.stock = {}            # (x, y) -> metal count
        self.next_decay = 1 << 62  # earliest tick a part may expire
        self.version = 0           # bumps on any part change (caches, front end)
        self._sense = None         # derived: tile -> [trigger ids]; rebuilt on version
        self._sense_version = -1
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

    def hash_state(self):
        return (tuple(self.parts[k].state() for k in sorted(self.parts)), self.next_id,
                self.wires.state(), tuple(tuple(p) for p in self.pending), self.seq,
                tuple(tuple(g) for g in self.gas), sorted(self.webs.items()),
                sorted(self.stock.items()), self.next_decay)


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
        st._net = wiring.Network(game, st.wires.wires, st.wires.joins)
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


# -- who sets a trigger off (FRIEND-01..04, RESET-04) ----------------------------------------

def is_enemy_of_dungeon(e):
    """Adventurers, wild creatures and minions turned against you (side not DUNGEON or
    `rampage` set) are enemies; your minions, Boss and lair creatures are not."""
    return e.side != entities.DUNGEON or bool(getattr(e, "rampage", False))


def reacts_to(game, part, e, net=None):
    """Would the working trigger `part` react to entity e? (FRIEND-01..04, RESET-04)"""
    if part.rigged:
        return e.id != part.rigged_by               # RESET-04: anyone but the botcher
    if not is_enemy_of_dungeon(e):
        return False                                # FRIEND-01, FRIEND-04
    if e.kind == entities.CREATURE and e.side == entities.WILD:
        # FRIEND-03: a trigger wired to an alarm trap ignores wild creatures
        for q in trap_parts_of(game, part, net):
            if q.kind == tp.ALARM_TRAP:
                return False
    return True


def _has_receiver(game, part, net):
    for q in trap_parts_of(game, part, net):
        if tp.is_mechanism(q.kind):
            return True
    return bool(doors_of(game, part, net))


def set_on(game, part, on, who=-1):
    if part.on == bool(on):
        return
    part.on = bool(on)
    state_of(game).changed()
    game.emit("trigger_on" if on else "trigger_off", part=part.id, who=int(who))
    for fn in list(TRIGGER_HOOKS):
        fn(game, part, bool(on), int(who))


def set_off(game, part, who=-1, net=None):
    """Trigger `part` goes off because of entity `who` (-1: a lever or a botched reset).
    Returns True if the trap started (TRAP-04: an unwired trigger does nothing)."""
    if net is None:
        net = network(game)
    if net.node((part.role, part.id)) is None or not _has_receiver(game, part, net):
        return False
    was_rigged = part.rigged
    if tp.decays(part.kind):
        part.needs_reset = True                     # RESET-01
    if part.rigged:
        part.rigged = False                         # RESET-05: normal after one triggering
        part.rigged_by = -1
    state_of(game).changed()
    mech = None
    for q in trap_parts_of(game, part, net):
        if tp.is_mechanism(q.kind):
            mech = q
    game.emit("trap_triggered", part=part.id, kind=part.kind, x=part.x, y=part.y,
              who=int(who), rigged=was_rigged,
              mechanism=mech.id if mech is not None else -1)
    if part.kind != tp.LEVER:
        set_on(game, part, True, who)
    for fn in list(TRIGGERED_HOOKS):
        fn(game, part, mech.kind if mech is not None else None, int(who))
    _signal(game, net, net.node((part.role, part.id)), part.id, who)
    return True


def _signal(game, net, node, trigger_id, who):
    """Signal reaches electrical `node` now: mechanisms act, timers start counting."""
    st = state_of(game)
    if node is None:
        return
    ports = net.members().get(node, [])
    for key in ports:
        role, ident = key
        p = st.parts.get(ident) if role != wiring.ROLE_DOOR else None
        if role == wiring.ROLE_MECHANISM and p is not None:
            activate(game, p, who, trigger_id)
        elif role == "timer_in" and p is not None:
            if not p.works():
                game.emit("timer_dud", part=p.id)
                continue
            p.needs_reset = True                    # RESET-01: a timer is a part too
            st.changed()
            st.seq += 1
            st.pending.append([game.tick + p.delay, st.seq, p.id, int(trigger_id), int(who)])
            game.emit("timer_started", part=p.id, fires_at=game.tick + p.delay)
    if st.pending:
        _run_due(game, net)


def _run_due(game, net=None):
    """Signals leaving timers whose delay ran out by now (WIRE-04/05/06: only the output
    side is reached, so signal never flows back toward the trigger)."""
    st = state_of(game)
    while st.pending:
        st.pending.sort()
        first = st.pending[0]
        if first[0] > game.tick:
            return
        st.pending.pop(0)
        if net is None:
            net = network(game)
        _, _, tid, trig, who = first
        if tid not in st.parts:
            continue
        game.emit("timer_fired", part=tid)
        _signal(game, net, net.node(("timer_out", tid)), trig, who)


# -- mechanisms (TRAP-05) --------------------------------------------------------------------

def activate(game, mech, who=-1, trigger_id=-1):
    """Mechanism `mech` starts. A part that doesn't work does nothing."""
    if not mech.works():
        game.emit("trap_dud", part=mech.id, kind=mech.kind)
        return False
    mech.needs_reset = True                         # RESET-01
    state_of(game).changed()
    game.emit("mechanism_fired", part=mech.id, kind=mech.kind, x=mech.x, y=mech.y,
              who=int(who), trigger=int(trigger_id))
    EFFECTS[mech.kind](game, mech, who)
    return True


def _bodies_near(game, x, y, r):
    out = []
    for eid in sorted(game.entities):
        e = game.entities[eid]
        if e.state != entities.UP:
            continue
        if max(abs(e.x - x), abs(e.y - y)) <= r:
            out.append(e)
    return out


def _blocked(game):
    return (game.grid.walk_cost() == 0).astype("uint8")


def _sees(game, blocked, x0, y0, x1, y1):
    from pysim.combat import sight
    return bool(sight.line_of_sight(blocked, int(x0), int(y0), int(x1), int(y1)))


def _fire_clear(game, blocked, x0, y0, x1, y1):
    from pysim.combat import sight
    return bool(sight.line_of_fire(blocked, int(x0), int(y0), int(x1), int(y1)))


def block_of(game, target, mech_kind):
    b = fighter.stat(target, "block")
    f = fighter.fighter_of(target)
    if f is not None:
        from pysim.combat import stats
        b += stats.ARMOUR_BLOCK_BONUS[f.stats.armour]
    for fn in BLOCK_BONUS_FNS:
        b += int(fn(game, target, mech_kind))
    return b


def attack(game, mech_kind, target, attack_total, damage, blunt, wound_kind, level=0):
    """One trap attack through the combat rules: the trap's total against the victim's
    Block (opposed 2d6, pysim.core.dice); a success lands a wound whose level comes from the
    margin plus damage (pysim.combat.wounds). `level` forces a wound level (gas: Minor)."""
    rng = game.rng.stream("traps")
    f = fighter.fighter_of(target)
    outcome, margin = dice.opposed_roll(rng, attack_total, block_of(game, target, mech_kind))
    if outcome != dice.SUCCESS or f is None:
        game.emit("trap_missed", entity=target.id, mechanism=mech_kind)
        return None
    lv = level if level else wounds.level_from_margin(margin, damage)
    loc = wounds.roll_location(rng)
    res = wounds.land_wound(rng, f, lv, loc, blunt, game.tick, f.starving)
    game.emit("trap_hit", entity=target.id, mechanism=mech_kind, wound=wound_kind,
              level=wounds.LEVEL_NAMES[lv], location=wounds.LOCATION_NAMES[loc],
              result=("fights on", "knocked out", "killed")[res])
    if res != wounds.FIGHTS_ON:
        _take_down(game, target, res)
    for fn in HIT_HOOKS:
        fn(game, target, res)
    return res


def _take_down(game, e, res):
    """Knocked out or killed by a trap, through the combat module's own handling."""
    from pysim.combat import knockouts
    if res == wounds.KNOCKED_OUT:
        knockouts.knock_out(game, e, -1)
    else:
        knockouts.kill(game, e, -1, "trap")


def _area_attack(game, mech, who, need_sight):
    m = tp.MECH[mech.kind]
    blocked = _blocked(game) if need_sight else None
    for e in _bodies_near(game, mech.x, mech.y, m.radius):
        if need_sight and not _sees(game, blocked, mech.x, mech.y, e.x, e.y):
            continue
        attack(game, mech.kind, e, m.attack, m.damage, m.blunt, m.wound)


def _fx_blades(game, mech, who):
    _area_attack(game, mech, who, False)


def _fx_flame(game, mech, who):
    _area_attack(game, mech, who, True)
    game.emit("scorch", x=mech.x, y=mech.y, radius=tp.MECH[mech.kind].radius)


def _fx_gas(game, mech, who):
    st = state_of(game)
    st.gas.append([mech.x, mech.y, tp.MECH[mech.kind].radius, game.tick + tp.GAS_TICKS])
    game.emit("gas_cloud", x=mech.x, y=mech.y, radius=tp.MECH[mech.kind].radius,
              until=game.tick + tp.GAS_TICKS)


def _fx_dart(game, mech, who):
    m = tp.MECH[mech.kind]
    blocked = _blocked(game)
    cands = []
    if who in game.entities:
        cands.append(game.entities[who])
    near = [e for e in _bodies_near(game, mech.x, mech.y, m.radius) if is_enemy_of_dungeon(e)]
    near.sort(key=lambda e: (max(abs(e.x - mech.x), abs(e.y - mech.y)), e.id))
    cands.extend(near)
    for e in cands:
        if e.state != entities.UP:
            continue
        if max(abs(e.x - mech.x), abs(e.y - mech.y)) > m.radius:
            continue
        if not _fire_clear(game, blocked, mech.x, mech.y, e.x, e.y):
            continue
        game.emit("dart", x=mech.x, y=mech.y, target=e.id)
        attack(game, mech.kind, e, m.attack, m.damage, m.blunt, m.wound)
        return


def _free_tiles_around(game, x, y, r):
    """Walkable tiles within r of (x, y), not (x, y) itself ("next to it"), with no body
    up on them; nearest first, then row by row."""
    cost = game.grid.walk_cost()
    out = []
    taken = set((e.x, e.y) for e in game.entities.values() if e.state == entities.UP)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx == 0 and dy == 0:
                continue
            tx, ty = x + dx, y + dy
            if not game.grid.in_bounds(tx, ty) or cost[ty, tx] <= 0:
                continue
            out.append((max(abs(dx), abs(dy)), ty, tx, (tx, ty) in taken))
    out.sort()
    return [(t[2], t[1]) for t in out if not t[3]]


def _fx_spider(game, mech, who):
    tiles = _free_tiles_around(game, mech.x, mech.y, 1)
    for (x, y) in tiles[:tp.SPIDERS]:
        ent = entities.Creature(x, y, side=entities.DUNGEON)
        ent.subtype = "spider"
        game.add_entity(ent)
        f = fighter.fighter_of(ent)
        if f is not None:
            from pysim.combat import stats
            f.stats = stats.creature("spider")
        game.emit("spider_released", entity=ent.id, part=mech.id)


def _fx_web(game, mech, who):
    st = state_of(game)
    cost = game.grid.walk_cost()
    r = tp.MECH[mech.kind].radius
    tiles = []
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            tx, ty = mech.x + dx, mech.y + dy
            if game.grid.in_bounds(tx, ty) and cost[ty, tx] > 0:
                st.webs[(tx, ty)] = game.tick + tp.WEB_TICKS
                tiles.append([tx, ty])
    game.emit("webs", tiles=tiles, until=game.tick + tp.WEB_TICKS)


def _fx_terror(game, mech, who):
    m = tp.MECH[mech.kind]
    blocked = _blocked(game)
    rng = game.rng.stream("traps")
    for e in _bodies_near(game, mech.x, mech.y, m.radius):
        if not is_enemy_of_dungeon(e) or not _sees(game, blocked, mech.x, mech.y, e.x, e.y):
            continue
        outcome, _ = dice.opposed_roll(rng, fighter.stat(e, "battle"), tp.TERROR_STRENGTH)
        if outcome == dice.SUCCESS:
            game.emit("terror_resisted", entity=e.id)
            continue
        e.terror_until = game.tick + tp.TERROR_TICKS
        _flee_from(game, e, mech.x, mech.y)
        game.emit("terrified", entity=e.id, until=e.terror_until)


def _flee_from(game, e, x, y):
    cost = game.grid.walk_cost()
    best = None
    for dy in range(-6, 7):
        for dx in range(-6, 7):
            tx, ty = e.x + dx, e.y + dy
            if not game.grid.in_bounds(tx, ty) or cost[ty, tx] <= 0:
                continue
            d = max(abs(tx - x), abs(ty - y))
            key = (-d, abs(dx) + abs(dy), ty, tx)
            if best is None or key < best:
                best = key
    if best is not None:
        movement.go_to(game, e, best[3], best[2])


def _fx_blast(game, mech, who):
    _area_attack(game, mech, who, True)
    game.emit("blast", x=mech.x, y=mech.y, radius=tp.MECH[mech.kind].radius)


def _fx_coil(game, mech, who):
    _area_attack(game, mech, who, False)


def _fx_alarm(game, mech, who):
    m = tp.MECH[mech.kind]
    enemies = [e for e in _bodies_near(game, mech.x, mech.y, m.radius) if is_enemy_of_dungeon(e)]
    ids = [e.id for e in enemies]
    game.emit("alarm", part=mech.id, x=mech.x, y=mech.y, enemies=ids)
    for eid in sorted(game.entities):
        d = game.entities[eid]
        if d.side != entities.DUNGEON or d.state != entities.UP:
            continue
        f = fighter.fighter_of(d)
        if f is None:
            continue
        for e in enemies:
            f.known[e.id] = (e.x, e.y, game.tick)
        d.idle = 0
    for fn in ALARM_HOOKS:
        fn(game, mech, ids)


EFFECTS = {
    tp.SPINNING_BLADES: _fx_blades, tp.FLAME_SPRAYER: _fx_flame, tp.GAS_SPRAYER: _fx_gas,
    tp.ELECTRIC_COIL: _fx_coil, tp.DART_THROWER: _fx_dart, tp.BLAST_TRAP: _fx_blast,
    tp.SPIDER_TRAP: _fx_spider, tp.WEB_TRAP: _fx_web, tp.TERROR_TRAP: _fx_terror,
    tp.ALARM_TRAP: _fx_alarm,
}


def in_gas(game, x, y):
    """Is tile (x, y) inside a gas cloud now? (LEARN-05 reads this.)"""
    for g in state_of(game).gas:
        if max(abs(x - g[0]), abs(y - g[1])) <= g[2]:
            return True
    return False


def web_holds(game, ent, nx, ny):
    """movement STEP_CHECK: a body standing in a web can't step out."""
    st = state_of(game)
    if not st.webs:
        return True
    return (ent.x, ent.y) not in st.webs


movement.add(movement.STEP_CHECKS, "traps.web", web_holds, 50)


# -- the tick --------------------------------------------------------------------------------

def decay(game):
    """DECAY-01..03: a part stops working exactly DECAY_TICKS after its last reset."""
    st = state_of(game)
    now = game.tick
    if now < st.next_decay:
        return
    nxt = 1 << 62
    for pid in sorted(st.parts):
        p = st.parts[pid]
        if not p.built or p.expired or not tp.decays(p.kind):
            continue
        due = p.last_reset + DECAY_TICKS
        if due <= now:
            p.expired = True
            st.changed()
            game.emit("part_expired", part=p.id, kind=p.kind, x=p.x, y=p.y)
        elif due < nxt:
            nxt = due
    st.next_decay = nxt


def note_reset(st, part, now):
    part.last_reset = int(now)
    due = part.last_reset + DECAY_TICKS
    if tp.decays(part.kind) and due < st.next_decay:
        st.next_decay = due


def detect(game):
    st = state_of(game)
    sense = st.sense_map()
    if not sense:
        return
    net = None
    for eid in sorted(game.entities):
        e = game.entities[eid]
        if e.state != entities.UP:
            continue
        ids = sense.get((e.x, e.y))
        if ids is None:
            continue
        for pid in ids:
            p = st.parts.get(pid)
            if p is None or not p.works():
                continue
            if net is None:
                net = network(game)
            if not reacts_to(game, p, e, net):
                continue
            set_off(game, p, e.id, net)


def effects(game):
    st = state_of(game)
    now = game.tick
    if st.gas:
        st.gas = [g for g in st.gas if g[3] > now]
        if st.gas and now % tp.GAS_INTERVAL == 0:
            for eid in sorted(game.entities):
                e = game.entities[eid]
                if e.state == entities.UP and in_gas(game, e.x, e.y):
                    attack(game, tp.GAS_SPRAYER, e, tp.GAS_ATTACK, 0, True, "poison",
                           level=wounds.MINOR)
    if st.webs:
        for t in sorted(st.webs):
            if st.webs[t] <= now:
                del st.webs[t]
        if st.webs and now % tp.WEB_INTERVAL == 0:
            rng = game.rng.stream("traps")
            for eid in sorted(game.entities):
                e = game.entities[eid]
                if e.state != entities.UP or (e.x, e.y) not in st.webs:
                    continue
                outcome, _ = dice.opposed_roll(rng, fighter.stat(e, "battle"),
                                               tp.WEB_STRENGTH)
                if outcome == dice.SUCCESS:
                    del st.webs[(e.x, e.y)]
                    game.emit("web_broken", entity=e.id, x=e.x, y=e.y)


@systems.system("traps", 350)
def tick(game):
    st = state_of(game)
    decay(game)
    if st.parts:
        detect(game)
    if st.pending:
        _run_due(game)
    effects(game)


# -- placing, moving, wiring (commands) ------------------------------------------------------

def placement_reason(game, kind, x, y, orient=tp.ORIENT_H, ignore_id=-1):
    st = state_of(game)
    if kind not in tp.ALL_KINDS:
        return "There is no trap part called '%s'." % kind
    probe = tp.Part(0, kind, x, y, orient)
    g = game.grid
    for (tx, ty) in probe.footprint():
        if not g.in_bounds(tx, ty):
            return "That tile is outside the map."
        if int(g.domain[ty, tx]) != 1:
            return "Trap parts can be built only inside your domain."
        other = st.part_at(tx, ty)
        if other is not None and other.id != ignore_id:
            return "There is already a %s there." % tp.NAMES[other.kind]
        ter = int(g.terrain[ty, tx])
        floor = int(terrain.BASE_COST[ter]) > 0
        if tp.is_trigger(kind) and not floor:
            return "A trigger must be on a floor tile."
        if not floor and ter != terrain.WALL:
            return "A %s must be on a floor tile or in a wall." % tp.NAMES[kind]
    if tp.is_trigger(kind):
        reason = tp.trigger_spacing_reason(st.parts, probe.footprint(), ignore_id)
        if reason:
            return reason
    # WIRE-02: wires already ending here would connect the part
    return wiring.check_endpoint_added(game, st.wires, x, y, tp.role_of(kind),
                                       -1 if ignore_id < 0 else ignore_id)


def new_part(game, kind, x, y, orient=tp.ORIENT_H, shoddy=False, built=False):
    st = state_of(game)
    p = tp.Part(st.next_id, kind, x, y, orient, shoddy, built, game.tick)
    st.next_id += 1
    st.parts[p.id] = p
    if built:
        note_reset(st, p, game.tick)
    st.moved()
    return p


def _kind_field(cmd):
    kind = cmd.get("kind")
    if not isinstance(kind, str) or kind not in tp.ALL_KINDS:
        return "Choose a trap part: %s." % ", ".join(tp.ALL_KINDS)
    return None


def _orient(cmd):
    o = cmd.get("orient", tp.ORIENT_H)
    return o if o in (tp.ORIENT_H, tp.ORIENT_V) else None


@commands.command("place_part")
class PlacePart:
    def check(game, cmd):
        r = _kind_field(cmd) or commands.need_tile(game, cmd)
        if r:
            return r
        if _orient(cmd) is None:
            return "A wide tripwire lies 'h' (across) or 'v' (along)."
        return placement_reason(game, cmd["kind"], int(cmd["x"]), int(cmd["y"]), _orient(cmd))

    def apply(game, cmd):
        p = new_part(game, cmd["kind"], int(cmd["x"]), int(cmd["y"]), _orient(cmd),
                     bool(cmd.get("shoddy", False)), False)
        game.emit("part_placed", part=p.id, kind=p.kind, x=p.x, y=p.y, state=p.state_name())


def _need_part(game, cmd, key="part"):
    r = commands.need_int(cmd, key)
    if r:
        return r
    if int(cmd[key]) not in state_of(game).parts:
        return "There is no such trap part (%s)." % cmd[key]
    return None


@commands.command("remove_part")
class RemovePart:
    def check(game, cmd):
        return _need_part(game, cmd)

    def apply(game, cmd):
        st = state_of(game)
        p = st.parts.pop(int(cmd["part"]))
        st.pending = [s for s in st.pending if s[2] != p.id]
        st.moved()
        game.emit("part_removed", part=p.id, kind=p.kind, x=p.x, y=p.y)


@commands.command("move_part")
class MovePart:
    """BUILD-02: a moved part keeps its reset needs (needs_reset, expired, rigged and the
    decay clock all move with it). Its old wires stay where they were drawn."""

    def check(game, cmd):
        r = _need_part(game, cmd) or commands.need_tile(game, cmd)
        if r:
            return r
        p = state_of(game).parts[int(cmd["part"])]
        if (p.x, p.y) == (int(cmd["x"]), int(cmd["y"])):
            return "The part is already there."
        return _move_reason(game, p, int(cmd["x"]), int(cmd["y"]))

    def apply(game, cmd):
        st = state_of(game)
        p = st.parts[int(cmd["part"])]
        ox, oy = p.x, p.y
        p.x = int(cmd["x"])
        p.y = int(cmd["y"])
        st.moved()
        game.emit("part_moved", part=p.id, x=p.x, y=p.y, from_x=ox, from_y=oy,
                  state=p.state_name())


def _move_reason(game, p, x, y):
    st = state_of(game)
    # check with the part taken off the map for the moment (restored before returning)
    del st.parts[p.id]
    st.moved()
    try:
        r = placement_reason(game, p.kind, x, y, p.orient)
    finally:
        st.parts[p.id] = p
        st.moved()
    return r


@commands.command("wire")
class WireCmd:
    def check(game, cmd):
        path = cmd.get("path")
        if not isinstance(path, list):
            return "'wire' needs 'path': the dragged tiles as [[x, y], ...]."
        reason, _ = wiring.check_drag(game, state_of(game).wires, path)
        return reason

    def apply(game, cmd):
        st = state_of(game)
        reason, plan = wiring.check_drag(game, st.wires, cmd["path"])
        wid = wiring.apply_plan(st.wires, plan)
        st.changed()
        game.emit("wired", wire=wid, tiles=[list(t) for t in plan.tiles],
                  joins=[[x, y, o] for (x, y, o) in plan.joins],
                  bumps=[[x, y, u] for (x, y, u) in plan.bumps])


@commands.command("remove_wire")
class RemoveWire:
    def check(game, cmd):
        st = state_of(game)
        if "wire" in cmd:
            r = commands.need_int(cmd, "wire")
            if r:
                return r
            if int(cmd["wire"]) not in st.wires.wires:
                return "There is no such wire (%s)." % cmd["wire"]
            return None
        r = commands.need_tile(game, cmd)
        if r:
            return r
        if not st.wires.at(int(cmd["x"]), int(cmd["y"])):
            return "There is no wire on that tile."
        return None

    def apply(game, cmd):
        st = state_of(game)
        if "wire" in cmd:
            wid = int(cmd["wire"])
        else:
            wid = max(w for (w, _) in st.wires.at(int(cmd["x"]), int(cmd["y"])))
        wiring.remove_wire(st.wires, wid)
        st.changed()
        game.emit("unwired", wire=wid)


commands.command("unwire", check=RemoveWire.check, apply=RemoveWire.apply)


@commands.command("set_timer_delay")
class SetTimerDelay:
    def check(game, cmd):
        r = _need_part(game, cmd) or commands.need_int(cmd, "delay", 0, tp.TIMER_MAX_DELAY)
        if r:
            return r
        if state_of(game).parts[int(cmd["part"])].kind != tp.TIMER:
            return "Only a timer has a delay."
        return None

    def apply(game, cmd):
        p = state_of(game).parts[int(cmd["part"])]
        p.delay = int(cmd["delay"])
        state_of(game).changed()
        game.emit("timer_delay", part=p.id, delay=p.delay)


@commands.command("switch_lever")
class SwitchLever:
    """HOLD-03 / WIRE-01: switching a lever on starts its trap; it stays on until switched
    off. `on` is optional (default: toggle)."""

    def check(game, cmd):
        r = _need_part(game, cmd)
        if r:
            return r
        p = state_of(game).parts[int(cmd["part"])]
        if p.kind != tp.LEVER:
            return "That is not a lever."
        if not p.built:
            return "The lever isn't built yet."
        if "on" in cmd and not isinstance(cmd["on"], bool):
            return "'on' must be true or false."
        return None

    def apply(game, cmd):
        p = state_of(game).parts[int(cmd["part"])]
        on = bool(cmd["on"]) if "on" in cmd else not p.lever_on
        if on == p.lever_on:
            return
        p.lever_on = on
        state_of(game).changed()
        game.emit("lever_switched", part=p.id, on=on)
        if on:
            set_off(game, p, -1)
            set_on(game, p, True, -1)
        else:
            set_on(game, p, False, -1)


# -- counts for the UI (DECAY-04) -------------------------------------------------------------

def reset_workload(game):
    """Parts waiting for a Traps-duty minion: needing a reset or expired."""
    n = 0
    for p in state_of(game).parts.values():
        if p.needs_work():
            n += 1
    return n


# -- snapshot (front end) ---------------------------------------------------------------------

def _pos_array(pairs):
    import numpy as np
    return np.array(pairs, dtype=np.float32).reshape(-1, 2)


def _snapshot(game, snap):
    """Keys (all numpy arrays unless noted; one row per part / wire tile / ...):
      part_id int32, part_kind int32 (trap_parts.KIND_CODES: ALL_KINDS order),
      part_pos float32 (N,2), part_state int32 (0 blueprint, 1 ready, 2 needs reset,
      3 expired), part_flags int32 (bit 0 rigged, 1 lever on, 2 shoddy, 3 trigger on,
      4 wide tripwire vertical), part_delay int32 (timer ticks), part_metal int32
      (metal on site; blueprints), part_metal_need int32;
      wire_id int32, wire_net int32 (joined network id), wire_len int32 (tiles per wire),
      wire_tiles float32 (sum(wire_len), 2) the wires' tiles in order, concatenated;
      wire_bumps float32 (B,2) jump tiles, wire_bump_vertical uint8 (the jumping wire
      runs vertically there); wire_joins float32 (J,2) join points;
      gas_pos float32 (G,2), gas_radius int32; web_pos float32 (W,2);
      stock_pos float32 (S,2), stock_metal int32;
      trap_workload int (parts waiting for a reset, DECAY-04), traps_duty int (minions
      on Traps duty), trap_version int (changes on any trap or wire edit)."""
    import numpy as np
    from pysim.core import duties
    st = state_of(game)
    parts = [st.parts[k] for k in sorted(st.parts)]
    snap["part_id"] = np.array([p.id for p in parts], dtype=np.int32)
    snap["part_kind"] = np.array([tp.KIND_CODES[p.kind] for p in parts], dtype=np.int32)
    snap["part_pos"] = _pos_array([[p.x, p.y] for p in parts])
    snap["part_state"] = np.array([tp.STATE_CODES[p.state_name()] for p in parts],
                                  dtype=np.int32)
    snap["part_flags"] = np.array([(1 if p.rigged else 0) | (2 if p.lever_on else 0)
                                   | (4 if p.shoddy else 0) | (8 if p.on else 0)
                                   | (16 if p.orient == tp.ORIENT_V else 0)
                                   for p in parts], dtype=np.int32)
    snap["part_delay"] = np.array([p.delay for p in parts], dtype=np.int32)
    snap["part_metal"] = np.array([p.metal for p in parts], dtype=np.int32)
    snap["part_metal_need"] = np.array([tp.METAL[p.kind] for p in parts], dtype=np.int32)
    ws = st.wires
    wids = sorted(ws.wires)
    nets = wiring.wire_network_ids(game, ws, network(game)) if wids else {}
    snap["wire_id"] = np.array(wids, dtype=np.int32)
    snap["wire_net"] = np.array([nets[w] for w in wids], dtype=np.int32)
    snap["wire_len"] = np.array([len(ws.wires[w].tiles) for w in wids], dtype=np.int32)
    tiles = []
    for w in wids:
        tiles.extend(ws.wires[w].tiles)
    snap["wire_tiles"] = _pos_array(tiles)
    snap["wire_bumps"] = _pos_array([[b[0], b[1]] for b in ws.bumps])
    vert = []
    for b in ws.bumps:
        w = ws.wires.get(b[2])
        v = 0
        if w is not None and (b[0], b[1]) in w.tiles:
            i = w.tiles.index((b[0], b[1]))
            v = 1 if wiring._shape_at(w.tiles, i) == "straight_v" else 0
        vert.append(v)
    snap["wire_bump_vertical"] = np.array(vert, dtype=np.uint8)
    snap["wire_joins"] = _pos_array([[j[0], j[1]] for j in ws.joins])
    snap["gas_pos"] = _pos_array([[g[0], g[1]] for g in st.gas])
    snap["gas_radius"] = np.array([g[2] for g in st.gas], dtype=np.int32)
    snap["web_pos"] = _pos_array([list(t) for t in sorted(st.webs)])
    piles = sorted(st.stock.items())
    snap["stock_pos"] = _pos_array([list(t) for t, _ in piles])
    snap["stock_metal"] = np.array([n for _, n in piles], dtype=np.int32)
    snap["trap_workload"] = reset_workload(game)
    snap["traps_duty"] = len(duties.minions_on(game, duties.TRAPS))
    snap["trap_version"] = st.version + 1000003 * st.wires.version


def _describe(game, e, info):
    info["duty"] = getattr(e, "duty", "none") if e.kind == entities.MINION else ""
    job = getattr(e, "job", None)
    info["job"] = job[0] if job else ""


def describe_part(game, part_id):
    """Details of one trap part for a selection panel (the bridge calls it through
    Session.describe_part when the core exposes it)."""
    st = state_of(game)
    p = st.parts.get(int(part_id))
    if p is None:
        return {}
    d = p.to_dict()
    d["name"] = tp.NAMES[p.kind]
    d["state"] = p.state_name()
    d["role"] = p.role
    if tp.is_mechanism(p.kind):
        d["does"] = tp.MECH[p.kind].note
    if p.built and tp.decays(p.kind) and not p.expired:
        d["expires_in"] = p.last_reset + DECAY_TICKS - game.tick
    d["metal_needed"] = tp.METAL[p.kind]
    return d


def _register_front():
    from pysim.core import snapshot
    snapshot.snapshot_part(_snapshot)
    snapshot.describe_part(_describe)


_register_front()
