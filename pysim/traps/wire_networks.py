"""Wire networks (WIRE-02, WIRE-09): the electrical graph of all wires and the checks on it.

Wires joined together (WIRE-08 joins) and the ports at their ends (triggers, mechanisms,
doors, a timer's input and output) are one network, a union-find over ("wire", id) and port
keys; timers link their input's network to their output's (WIRE-04..06). A network holds
at most one trigger and one mechanism: check_drag (a new wire) and check_endpoint_added (a
part or a door placed where wires end) refuse what would break it, with the reason. The
drag's own rules (its tiles, jumps and joins) are pysim/traps/wiring.py's plan_drag.
"""
from pysim.traps.wiring import (ROLE_MECHANISM, ROLE_TIMER, ROLE_TRIGGER, Wire, endpoints_at,
                                plan_drag)


def _find(parent, a):
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


def _union(parent, a, b):
    ra = _find(parent, a)
    rb = _find(parent, b)
    if ra == rb:
        return
    # deterministic: the smaller key becomes the root
    if rb < ra:
        ra, rb = rb, ra
    parent[rb] = ra


def _port_key(role, ident, at_start):
    if role == ROLE_TIMER:
        return ("timer_out" if at_start else "timer_in", ident)
    return (role, ident)


class Network(object):
    """The electrical graph of all wires.

    Nodes are ("wire", id) and ports: (role, id) for triggers, mechanisms and doors,
    ("timer_in", id) / ("timer_out", id) for timers. `node_of[key]` gives the key's
    electrical node (a union-find root); timers link node(timer_in) -> node(timer_out)."""

    def __init__(self, game, wires, joins):
        parent = {}
        self.ends = []       # (wire_id, at_start, role, ident)
        for wid in sorted(wires):
            k = ("wire", wid)
            parent[k] = k
        for j in joins:
            a = ("wire", int(j[2]))
            b = ("wire", int(j[3]))
            if a in parent and b in parent:
                _union(parent, a, b)
        for wid in sorted(wires):
            tiles = wires[wid].tiles
            for at_start in (True, False):
                t = tiles[0] if at_start else tiles[-1]
                for (role, ident) in endpoints_at(game, t[0], t[1]):
                    pk = _port_key(role, ident, at_start)
                    if pk not in parent:
                        parent[pk] = pk
                    _union(parent, ("wire", wid), pk)
                    self.ends.append((wid, at_start, role, ident))
        self.parent = parent
        self.timers = sorted(set(ident for (_, _, role, ident) in self.ends
                                 if role == ROLE_TIMER))
        self._groups = None
        self._group_of = None
        self._members = None

    def node(self, key):
        if key not in self.parent:
            return None
        return _find(self.parent, key)

    def members(self):
        """node -> sorted list of port keys on it (computed once)."""
        if self._members is not None:
            return self._members
        out = {}
        for k in sorted(self.parent):
            if k[0] == "wire":
                continue
            out.setdefault(_find(self.parent, k), []).append(k)
        self._members = out
        return out

    def network_groups(self):
        """Undirected networks including the timer links: root -> sorted port keys."""
        if self._groups is not None:
            return self._groups
        parent = dict(self.parent)
        for t in self.timers:
            a = ("timer_in", t)
            b = ("timer_out", t)
            if a in parent and b in parent:
                _union(parent, a, b)
        groups = {}
        for k in sorted(parent):
            r = _find(parent, k)
            groups.setdefault(r, []).append(k)
        self._groups = groups
        gof = {}
        for r in groups:
            ports = [k for k in groups[r] if k[0] != "wire"]
            for k in groups[r]:
                gof[k] = ports
        self._group_of = gof
        return groups

    def roles_in_network_of(self, key):
        """All port keys (not wires) of the (undirected) network holding `key`, sorted."""
        self.network_groups()
        return list(self._group_of.get(key, ()))


def count_violation(groups):
    """WIRE-02 over networks: reason or None."""
    for root in sorted(groups):
        keys = groups[root]
        trig = sorted(set(k[1] for k in keys if k[0] == ROLE_TRIGGER))
        mech = sorted(set(k[1] for k in keys if k[0] == ROLE_MECHANISM))
        if len(trig) > 1:
            return "A trap can have only one trigger: this wire would connect two triggers."
        if len(mech) > 1:
            return ("A trap can have only one mechanism: this wire would connect "
                    "two mechanisms.")
    return None


def check_drag(game, ws, path):
    """(reason, plan) for a wire command, including WIRE-02 on the joined network."""
    reason, plan = plan_drag(game, ws, path)
    if reason is not None:
        return reason, None
    wires = dict(ws.wires)
    new_id = ws.next_id
    wires[new_id] = Wire(new_id, plan.tiles)
    joins = list(ws.joins) + [[x, y, other, new_id] for (x, y, other) in plan.joins]
    net = Network(game, wires, joins)
    reason = count_violation(net.network_groups())
    if reason is not None:
        return reason, None
    return None, plan


def check_endpoint_added(game, ws, x, y, role, ident):
    """WIRE-02 when a part/door appears at (x, y) where wires may end (placing or moving a
    part): reason or None. `endpoints_at` must not yet report it."""
    net = Network(game, ws.wires, ws.joins)
    parent = net.parent
    ends_here = []
    for wid in sorted(ws.wires):
        tiles = ws.wires[wid].tiles
        if tiles[0] == (x, y):
            ends_here.append((wid, True))
        if tiles[-1] == (x, y):
            ends_here.append((wid, False))
    if not ends_here:
        return None
    for (wid, at_start) in ends_here:
        pk = _port_key(role, ident, at_start)
        if pk not in parent:
            parent[pk] = pk
        _union(parent, ("wire", wid), pk)
    if role == ROLE_TIMER and ("timer_in", ident) in parent and ("timer_out", ident) in parent:
        net.timers = sorted(set(net.timers) | {ident})
    return count_violation(net.network_groups())


def wire_network_ids(game, ws, net=None):
    """wire id -> network id (the smallest wire id of its joined network, timers not
    crossed): for drawing joined wires alike."""
    if net is None:
        net = Network(game, ws.wires, ws.joins)
    out = {}
    roots = {}
    for wid in sorted(ws.wires):
        r = net.node(("wire", wid))
        if r not in roots:
            roots[r] = wid
        out[wid] = roots[r]
    return out
