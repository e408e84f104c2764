"""Furniture built from metal (FURN-01..03): one table of kinds.

FURN-01 {"type": "build_furniture", "kind": K, "x", "y"} builds a piece of kind K on your
        floor, at once, paying KINDS[K].cost metal from the stock piles (nearest piles to
        the tile first). Refused, with the reason, on a tile that is not your floor, that
        holds a door, a trap part, treasure or another piece, or when the piles hold too
        little metal. (decision: built at once rather than hauled and worked like a trap:
        furniture has no parts to rig and no fault to roll; the metal is the whole cost.)
FURN-02 What each does is the existing rule's: a bed (WAKE-02: minions own beds in id
        order and a knocked-out minion carried to its own bed wakes within the hour),
        a scrapper's table (AFTER-01: scrap orders carry dead adventurers there), a pyre
        (burn orders). Built furniture is the same as a level's `bed`, `scrapper_table`,
        `pyre` things: pysim/combat/afterwards.py holds them.
FURN-03 No piece blocks walking (beds and tables are stepped around in the mind, not on
        the map), so building one never touches the walking path (PATH-01).

Adding a kind (other rule areas: prison cells, altars, guardposts ...): call
    add_kind(name, cost, label, description, place, exists)
with place(game, x, y) putting it in your area's state and exists(game) -> [(x, y), ...]
listing where they stand (for drawing and the free-tile check); the snapshot's
furn_kind codes follow KIND_ORDER, and the catalog (Session.catalog) lists it with its
cost and description for the build tool.
"""
from pysim.core import commands, terrain
from pysim.economy import econ_state as S

KINDS = {}
KIND_ORDER = []


class Kind(object):
    __slots__ = ("name", "cost", "label", "description", "place", "exists", "size")

    def __init__(self, name, cost, label, description, place, exists, size=(1, 1)):
        self.name = name
        self.cost = int(cost)
        self.label = label
        self.description = description
        self.place = place
        self.exists = exists
        self.size = size


def add_kind(name, cost, label, description, place, exists, size=(1, 1)):
    if name not in KINDS:
        KIND_ORDER.append(name)
    KINDS[name] = Kind(name, cost, label, description, place, exists, size)


def _after(game):
    return game.areas["afterwards"]


def _bed_place(game, x, y):
    _after(game).beds.append([x, y, -1])


def _table_place(game, x, y):
    _after(game).tables.append((x, y))


def _pyre_place(game, x, y):
    _after(game).pyres.append((x, y))


add_kind("bed", 1, "Bed", "A minion's own bed: carried here knocked out, it wakes within the hour.",
         _bed_place, lambda game: [(b[0], b[1]) for b in _after(game).beds])
add_kind("scrapper_table", 2, "Scrapper's table",
         "Dead adventurers are carried here and scrapped.",
         _table_place, lambda game: list(_after(game).tables))
add_kind("pyre", 1, "Pyre", "Dead minions and creatures are burnt here (never adventurers).",
         _pyre_place, lambda game: list(_after(game).pyres))


def piece_at(game, x, y):
    """The kind of the piece standing on (x, y), or None."""
    for name in KIND_ORDER:
        if (x, y) in KINDS[name].exists(game):
            return name
    return None


def _reason(game, cmd):
    r = commands.need_str(cmd, "kind", tuple(KIND_ORDER)) or commands.need_tile(game, cmd)
    if r:
        return r
    k = KINDS[cmd["kind"]]
    x, y = int(cmd["x"]), int(cmd["y"])
    g = game.grid
    if int(g.terrain[y, x]) != terrain.FLOOR:
        return "%s must stand on a floor tile." % k.label
    if int(g.domain[y, x]) != 1:
        return "You can build only inside your domain."
    doors = game.areas.get("doors")
    if doors is not None and doors.at(x, y) is not None:
        return "There is a door on that tile."
    if game.areas["traps"].part_at(x, y) is not None:
        return "There is a trap part on that tile."
    other = piece_at(game, x, y)
    if other is not None:
        return "There is already a %s there." % KINDS[other].label.lower()
    have = S.metal_total(game)
    if have < k.cost:
        return "Not enough metal: a %s costs %d and your piles hold %d. Mark veins for mining." % (
            k.label.lower(), k.cost, have)
    return None


def _build(game, cmd):
    k = KINDS[cmd["kind"]]
    x, y = int(cmd["x"]), int(cmd["y"])
    S.take_metal(game, k.cost, (x, y))
    k.place(game, x, y)
    game.emit("furniture_built", kind=k.name, name=k.label, x=x, y=y, cost=k.cost)


commands.command("build_furniture", check=_reason, apply=_build)


def catalog():
    """Every buildable piece: [{kind, label, cost, description}], KIND_ORDER order."""
    return [{"kind": n, "label": KINDS[n].label, "cost": KINDS[n].cost,
             "description": KINDS[n].description} for n in KIND_ORDER]


def _snapshot(game, snap):
    """furn_pos float32 (F,2), furn_kind int32 (index in KIND_ORDER)."""
    import numpy as np
    pos = []
    kinds = []
    for i, name in enumerate(KIND_ORDER):
        for t in KINDS[name].exists(game):
            pos.append([t[0], t[1]])
            kinds.append(i)
    snap["furn_pos"] = np.array(pos, dtype=np.float32).reshape(-1, 2)
    snap["furn_kind"] = np.array(kinds, dtype=np.int32)


def _register_front():
    from pysim.core import snapshot
    snapshot.snapshot_part(_snapshot)


_register_front()
