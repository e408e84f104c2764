"""Wires between trap parts (WIRE-01..09; doors hook in for WIRE-10/11).

A wire is the tile path of one drag with the Wiring tool, stored tile by tile. Rules
(decisions in docs/rules/traps.md):

- A drag path is a list of tiles, each step to an orthogonal neighbour (the UI fills in a
  diagonal mouse move). It must start or end (at least one of the two) on an *endpoint*
  (a trap part, or anything a registered finder reports, e.g. a door) or on an existing
  wire; the other end may be left loose on a tile, to be continued later. It may not
  visit a tile twice.
- WIRE-03: tiles whose terrain is WALL or ROCK are allowed only inside your domain.
- WIRE-07 jump: where the drag goes straight across a tile on which another wire runs
  straight and perpendicular, the new wire jumps it; a bump is recorded (for drawing) and
  the two wires stay separate.
- WIRE-08 join: where the drag meets another wire at a tile where that wire bends or ends,
  or where the drag itself bends, or where the drag starts or ends on a wire, they join
  (a join point is recorded for drawing). Joined wires are one network (WIRE-09).
- Running along another wire (two consecutive drag tiles that are consecutive tiles of an
  existing wire) is refused: wires can cross or join, not share a run. (So a straight
  drag through another wire's bend would run along one of its arms: to join at a bend,
  turn there too, or end there.) A tile where two wires jump each other can't be joined
  or passed; a junction (wires joined there) joins the new wire to that network.
- On a tile holding an endpoint (a part or a door) wires never join each other: a wire
  that ends there connects to the endpoint; a wire that only passes through neither
  connects to it nor joins wires there (WIRE-10 for doors). Crossing straight there is
  still a jump.
- WIRE-02/09: a network (wires joined together, plus everything linked through timers)
  holds at most one trigger and one mechanism, any number of timers and doors. A drag that
  would break this is refused with the reason; nothing changes (check, then apply). The
  networks and the command checks on them: pysim/traps/wire_networks.py.
- WIRE-04..06 timers: a wire whose drag ENDS on a timer feeds the timer's input; a wire
  whose drag STARTS on a timer leaves from its output. Signal passes a timer only from
  input to output, after the timer's delay (see pysim/traps/triggering.py).

Endpoint lookup is a list of finder functions `fn(game, x, y) -> list of (role, ident)`,
role one of ROLE_*; trap parts register theirs in pysim/traps/trap_state.py and doors add theirs
in pysim/doors/wired_doors.py (`register_endpoint_finder`).
"""

ROLE_TRIGGER = "trigger"
ROLE_MECHANISM = "mechanism"
ROLE_TIMER = "timer"
ROLE_DOOR = "door"

TERRAIN_ROCK = 0
TERRAIN_WALL = 2

# finder functions fn(game, x, y) -> list of (role, ident); registration order is fixed
ENDPOINT_FINDERS = []


def register_endpoint_finder(fn):
    """Add an endpoint finder (idempotent). Doors: fn(game, x, y) -> [("door", door_id)]."""
    if fn not in ENDPOINT_FINDERS:
        ENDPOINT_FINDERS.append(fn)
    return fn


def endpoints_at(game, x, y):
    out = []
    for fn in ENDPOINT_FINDERS:
        found = fn(game, x, y)
        if found:
            out.extend(found)
    return out


class Wire(object):
    __slots__ = ("id", "tiles")

    def __init__(self, wid, tiles):
        self.id = int(wid)
        self.tiles = [(int(x), int(y)) for (x, y) in tiles]

    def state(self):
        return (self.id, tuple(self.tiles))


class WireState(object):
    """All wires of a game, their join points and jump bumps. `version` changes on every
    edit (used by caches and the front end)."""

    def __init__(self):
        self.wires = {}          # id -> Wire (ids ascending = creation order)
        self.next_id = 1
        self.joins = []          # [x, y, wire_a, wire_b]   (wire_b joined wire_a)
        self.bumps = []          # [x, y, over_wire, under_wire]
        self.version = 0
        self._index = None       # (x, y) -> list of (wire_id, i) ; derived

    def index(self):
        if self._index is None:
            idx = {}
            for wid in sorted(self.wires):
                w = self.wires[wid]
                for i, t in enumerate(w.tiles):
                    idx.setdefault(t, []).append((wid, i))
            self._index = idx
        return self._index

    def touch(self):
        self._index = None
        self.version += 1

    def at(self, x, y):
        return self.index().get((int(x), int(y)), [])

    def state(self):
        return (self.next_id, tuple(self.wires[k].state() for k in sorted(self.wires)),
                tuple(tuple(j) for j in self.joins), tuple(tuple(b) for b in self.bumps))

    def to_dict(self):
        return {"next_id": self.next_id,
                "wires": [[w.id, [list(t) for t in w.tiles]]
                          for w in (self.wires[k] for k in sorted(self.wires))],
                "joins": [list(j) for j in self.joins],
                "bumps": [list(b) for b in self.bumps]}

    @staticmethod
    def from_dict(d):
        ws = WireState()
        ws.next_id = int(d["next_id"])
        for wid, tiles in d["wires"]:
            ws.wires[int(wid)] = Wire(wid, [tuple(t) for t in tiles])
        ws.joins = [list(map(int, j)) for j in d["joins"]]
        ws.bumps = [list(map(int, b)) for b in d["bumps"]]
        return ws


# --- shape helpers --------------------------------------------------------------------------

def _shape_at(tiles, i):
    """'end', 'straight_h', 'straight_v' or 'bend' for tile i of a tile path."""
    n = len(tiles)
    if i == 0 or i == n - 1:
        return "end"
    px, py = tiles[i - 1]
    nx, ny = tiles[i + 1]
    if py == ny and px != nx:
        return "straight_h"
    if px == nx and py != ny:
        return "straight_v"
    return "bend"


def normalize_path(path):
    """Drag path -> (reason, tiles). Drops repeated consecutive tiles; steps must be
    orthogonal; no tile twice."""
    tiles = []
    try:
        for p in path:
            t = (int(p[0]), int(p[1]))
            if not tiles or tiles[-1] != t:
                tiles.append(t)
    except (TypeError, ValueError, IndexError, KeyError):
        return "A wire is a list of tiles [x, y].", None
    if len(tiles) < 2:
        return "Drag the wire from one tile to another.", None
    for i in range(1, len(tiles)):
        dx = abs(tiles[i][0] - tiles[i - 1][0])
        dy = abs(tiles[i][1] - tiles[i - 1][1])
        if dx + dy != 1:
            return "A wire runs from tile to neighbouring tile, not diagonally.", None
    seen = set()
    for t in tiles:
        if t in seen:
            return "A wire can't cross itself.", None
        seen.add(t)
    return None, tiles


def tile_reason(game, x, y):
    """WIRE-03: None if a wire may lie on tile (x, y), else the reason."""
    g = game.grid
    h, w = g.terrain.shape
    if x < 0 or y < 0 or x >= w or y >= h:
        return "A wire can't leave the map."
    ter = int(g.terrain[y, x])
    if ter == TERRAIN_WALL or ter == TERRAIN_ROCK:
        if int(g.domain[y, x]) != 1:
            return "Wires can run through walls only inside your domain."
    return None


# --- planning a drag --------------------------------------------------------------------------

class Plan(object):
    """What a drag would do: the joins and bumps it makes and the endpoints it connects."""
    __slots__ = ("tiles", "joins", "bumps")

    def __init__(self, tiles):
        self.tiles = tiles
        self.joins = []   # (x, y, other_wire)
        self.bumps = []   # (x, y, under_wire)


def plan_drag(game, ws, path):
    """(reason, plan): check a drag without changing anything."""
    reason, tiles = normalize_path(path)
    if reason is not None:
        return reason, None
    for (x, y) in tiles:
        r = tile_reason(game, x, y)
        if r is not None:
            return r, None
    plan = Plan(tiles)
    n = len(tiles)
    # running along another wire
    for i in range(n - 1):
        a = tiles[i]
        b = tiles[i + 1]
        for (wid, j) in ws.at(a[0], a[1]):
            wt = ws.wires[wid].tiles
            if (j + 1 < len(wt) and wt[j + 1] == b) or (j > 0 and wt[j - 1] == b):
                return "Wires can cross or join, but not run along each other.", None
    has_end = [False, False]
    for i in range(n):
        x, y = tiles[i]
        here = ws.at(x, y)
        eps = endpoints_at(game, x, y)
        is_end = i == 0 or i == n - 1
        if is_end and eps:
            has_end[0 if i == 0 else 1] = True
        if not here:
            continue
        mine = _shape_at(tiles, i)
        if eps:
            # on a part/door tile wires never join; a straight crossing is still a jump
            if not is_end:
                for (wid, j) in here:
                    theirs = _shape_at(ws.wires[wid].tiles, j)
                    if mine.startswith("straight") and theirs.startswith("straight"):
                        plan.bumps.append((x, y, wid))
            continue
        crossing = False
        if len(here) > 1:
            ids = set(w for (w, _) in here)
            for b in ws.bumps:
                if b[0] == x and b[1] == y and b[2] in ids and b[3] in ids:
                    crossing = True
        if crossing:
            return "Can't join or pass where two wires cross.", None
        # one wire here, or several joined at a junction (one network): join the oldest
        wid, j = here[0]
        if is_end:
            plan.joins.append((x, y, wid))
            has_end[0 if i == 0 else 1] = True
            continue
        theirs = _shape_at(ws.wires[wid].tiles, j) if len(here) == 1 else "bend"
        if mine.startswith("straight") and theirs.startswith("straight"):
            plan.bumps.append((x, y, wid))      # WIRE-07: perpendicular (parallel refused above)
        else:
            plan.joins.append((x, y, wid))      # WIRE-08
    if not has_end[0] and not has_end[1]:
        return "Start or end the wire on a part, a door or another wire.", None
    return None, plan


def apply_plan(ws, plan):
    wid = ws.next_id
    ws.next_id += 1
    ws.wires[wid] = Wire(wid, plan.tiles)
    for (x, y, other) in plan.joins:
        ws.joins.append([x, y, other, wid])
    for (x, y, under) in plan.bumps:
        ws.bumps.append([x, y, wid, under])
    ws.touch()
    return wid


def remove_wire(ws, wid):
    wid = int(wid)
    if wid not in ws.wires:
        return False
    del ws.wires[wid]
    ws.joins = [j for j in ws.joins if j[2] != wid and j[3] != wid]
    ws.bumps = [b for b in ws.bumps if b[2] != wid and b[3] != wid]
    ws.touch()
    return True
