"""Placing, moving and removing trap parts, drawing and removing wires, timer delays and
levers: the player's trap commands (BUILD-02, WIRE-02, HOLD-03). Decisions:
docs/rules/traps.md."""

from pysim.core import commands, terrain
from pysim.traps import trap_parts as tp, wire_networks, wiring
from pysim.traps.decay import note_reset
from pysim.traps.trap_state import network, state_of, trap_parts_of
from pysim.traps.triggering import missing, set_off, set_on


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
    return wire_networks.check_endpoint_added(game, st.wires, x, y, tp.role_of(kind),
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

    def note(game, cmd):
        return placement_note(game, cmd["kind"], int(cmd["x"]), int(cmd["y"]), _orient(cmd))


def placement_note(game, kind, x, y, orient=tp.ORIENT_H):
    """The Build Trap preview's warning (WIRE-02 ahead of time): a mechanism placed beside
    triggers that each already work a mechanism (or a trigger beside mechanisms that each
    already have a trigger) can't be wired to any of them. "" when some part beside it is
    free, or none is there. In a tight corridor a second mechanism beside the trigger looks
    like part of its trap; this says so before the metal is spent."""
    if tp.is_mechanism(kind):
        want, lacks = tp.is_trigger, "mechanism"
    elif tp.is_trigger(kind):
        want, lacks = tp.is_mechanism, "trigger"
    else:
        return ""
    st = state_of(game)
    net = network(game)
    tiles = tp.Part(0, kind, x, y, orient).footprint()
    beside = []
    for q in sorted(st.parts.values(), key=lambda q: q.id):
        if want(q.kind) and any(max(abs(q.x - tx), abs(q.y - ty)) <= 1 for tx, ty in tiles):
            beside.append(q)
    if not beside or any(lacks in missing(game, q, net) for q in beside):
        return ""
    q = beside[0]
    has = [o for o in trap_parts_of(game, q, net)
           if (tp.is_mechanism(o.kind) if lacks == "mechanism" else tp.is_trigger(o.kind))]
    return ("The trap of the %s beside it already has a %s (the %s): a second can't be wired "
            "to it." %
            (tp.NAMES[q.kind].lower(), lacks, tp.NAMES[has[0].kind].lower()))


def _need_part(game, cmd, key="part"):
    r = commands.need_int(cmd, key)
    if r:
        return r
    if int(cmd[key]) not in state_of(game).parts:
        return "There is no such trap part."
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
    decay clock all move with it). The wires that ended on it are cut (removed, each with a
    `wire_cut` event): a wire never runs to where a part used to be. On its new
    tile it connects to whatever wires end there, as a placed part does."""

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
        cut = wires_ending_on(st.wires, p.footprint())
        ox, oy = p.x, p.y
        p.x = int(cmd["x"])
        p.y = int(cmd["y"])
        for wid in cut:
            wiring.remove_wire(st.wires, wid)
        st.moved()
        game.emit("part_moved", part=p.id, x=p.x, y=p.y, from_x=ox, from_y=oy,
                  state=p.state_name())
        for wid in cut:
            game.emit("wire_cut", wire=wid, part=p.id, kind=p.kind)


def wires_ending_on(ws, tiles):
    """Ids of the wires with an end on one of `tiles` (those connect to a part there)."""
    out = []
    for wid in sorted(ws.wires):
        w = ws.wires[wid]
        if w.tiles[0] in tiles or w.tiles[-1] in tiles:
            out.append(wid)
    return out


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
        reason, _ = wire_networks.check_drag(game, state_of(game).wires, path)
        return reason

    def apply(game, cmd):
        st = state_of(game)
        reason, plan = wire_networks.check_drag(game, st.wires, cmd["path"])
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
                return "There is no such wire."
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
