"""Who sets a trigger off (FRIEND-01..04, RESET-04), the signal along the wires and through
timers (TRAP-04, WIRE-01/04..06), and the traps' tick. Decisions: docs/rules/traps.md."""

import cython

from pysim.core import entities, systems
from pysim.core.entities import Entity
from pysim.traps import decay as dc, mechanisms, trap_parts as tp, wiring
from pysim.traps.trap_state import (DOOR_HOOKS, PASS_FNS, TRIGGERED_HOOKS,
                                    doors_of, is_enemy_of_dungeon, network, passes,
                                    state_of, trap_parts_of)


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


def has_receiver(game, part, net):
    """Does trigger `part` work anything: a mechanism or a door in its network (TRAP-04)?"""
    for q in trap_parts_of(game, part, net):
        if tp.is_mechanism(q.kind):
            return True
    return bool(doors_of(game, part, net))


def missing(game, part, net=None):
    """What `part` lacks to be in a whole trap (TRAP-04: a trigger and a mechanism or door it
    works): () when it is in one, else ("trigger",), ("mechanism",) or both. Such a part
    never goes off, by any road."""
    parts = trap_parts_of(game, part, net)
    out = ()
    if not any(tp.is_trigger(q.kind) for q in parts):
        out += ("trigger",)
    if not has_receiver(game, part, net):
        out += ("mechanism",)
    return out


def set_on(game, part, on, who=-1):
    if part.on == bool(on):
        return
    part.on = bool(on)
    state_of(game).changed()
    game.emit("trigger_on" if on else "trigger_off", part=part.id, who=int(who))
    _send_door_turns(game, part, bool(on))


def door_routes(game, part, net=None):
    """[(delay, door_id)]: the doors trigger `part`'s turns reach, each with the sum of the
    timer delays on the shortest way there, sorted. A turn follows the signal's direction
    (a timer's input to its output, WIRE-05/06), so trigger -> timer -> door waits for the
    timer (WIRE-04) and a door on the trigger's own wires turns at once. Whether a timer
    works doesn't matter here: the turn off after a reset must reach every door the turn
    on reached, or a door would stay shut for good."""
    if net is None:
        net = network(game)
    st = state_of(game)
    start = net.node((part.role, part.id))
    todo = [(0, start)] if start is not None else []
    seen = []
    found = {}
    while todo:
        todo.sort()
        delay, node = todo.pop(0)
        if node in seen:
            continue
        seen.append(node)
        for role, ident in net.members().get(node, []):
            if role == wiring.ROLE_DOOR and ident not in found:
                found[ident] = delay
            elif role == "timer_in" and ident in st.parts:
                out = net.node(("timer_out", ident))
                if out is not None:
                    todo.append((delay + st.parts[ident].delay, out))
    return sorted((d, i) for i, d in found.items())


def _send_door_turns(game, part, on):
    st = state_of(game)
    for delay, door_id in door_routes(game, part):
        if delay == 0:
            _turn_door(game, door_id, on, part.id)
        else:
            st.seq += 1
            st.door_turns.append([game.tick + delay, st.seq, door_id, int(on), part.id])
            st.changed()


def _turn_door(game, door_id, on, trigger_id):
    for fn in list(DOOR_HOOKS):
        fn(game, door_id, bool(on), int(trigger_id))


def _run_door_turns(game):
    """Deliver the door turns whose timers' delays ran out by now, in order."""
    st = state_of(game)
    while st.door_turns:
        st.door_turns.sort()
        first = st.door_turns[0]
        if first[0] > game.tick:
            return
        st.door_turns.pop(0)
        st.changed()
        _turn_door(game, first[2], first[3] == 1, first[4])


def set_off(game, part, who=-1, net=None):
    """Trigger `part` goes off because of entity `who` (-1: a lever or a botched reset).
    Returns True if the trap started (TRAP-04: an unwired trigger does nothing)."""
    if net is None:
        net = network(game)
    if net.node((part.role, part.id)) is None or not has_receiver(game, part, net):
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
            mechanisms.activate(game, p, who, trigger_id)
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


def detect(game):
    st = state_of(game)
    sense = st.sense_map()
    if not sense:
        return
    net = None
    e: Entity
    up: cython.int = entities.UP
    w: cython.int = game.grid.width
    h: cython.int = game.grid.height
    mask: cython.uchar[:, ::1] = st.sense_mask(w, h)
    # typed: every body is asked every tick
    for e in list(game.live()):     # a copy: a mechanism may spawn (a spider) as it fires
        if e.state != up:
            continue
        if 0 <= e.x < w and 0 <= e.y < h and mask[e.y, e.x] == 0:
            continue                # no trigger senses this tile (off the map: the map says)
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
            if PASS_FNS and passes(game, p, e):
                continue
            set_off(game, p, e.id, net)


@systems.system("traps", 350)
def tick(game):
    st = state_of(game)
    dc.decay(game)
    if st.parts:
        detect(game)
    if st.pending:
        _run_due(game)
    if st.door_turns:
        _run_door_turns(game)
    mechanisms.effects(game)
