"""Furniture built in place from metal (FURN-01..04): one table of kinds.

FURN-01 {"type": "build_furniture", "kind": K, "x", "y"} places a blueprint of kind K on
        your floor (like a trap part, BUILD-01). Refused, with the reason, on a tile that is
        not your floor, or that holds a door, a trap part or another piece (built or
        planned). {"type": "cancel_furniture", "x", "y"} takes a blueprint back (metal
        already on site goes back onto a pile there).
FURN-02 Built the same way as traps: minions on Drudgery or Traps duty haul the kind's cost
        in metal, one at a time, from the nearest stock pile (after the trap blueprints'
        hauling: order 35); then a Drudgery minion works BUILD_TICKS on it and it stands
        (event furniture_built). While no pile holds metal, the blueprint says so once
        (furniture_waiting_for_metal, pysim/economy/waiting.py).
FURN-03 What each does is the existing rule's: a bed (WAKE-02: minions own beds in id
        order and a knocked-out minion carried to its own bed wakes within the hour),
        a scrapper's table (AFTER-01: scrap orders carry dead adventurers there), a pyre
        (burn orders). Built furniture is the same as a level's `bed`, `scrapper_table`,
        `pyre` things: pysim/combat/afterwards.py holds them.
FURN-04 No piece blocks walking, so building one never touches the walking path (PATH-01).

Other rule areas add their kinds to the table in pysim/core/furniture_kinds.py (prison
cells and altars: pysim/adventurers; guardposts and the scrying pool:
pysim/invasions/watch.py); the catalog (Session.catalog) lists each with its cost and
description for the build tool.

Job lists: ["furn_haul", blueprint id, phase, pile_x, pile_y], ["furn_build", id, phase, 0].
"""
from pysim.core import commands, duties, entities, terrain
from pysim.core.furniture_kinds import KIND_ORDER, KINDS, add_kind, built_kind
from pysim.economy import econ_state as S

BUILD_TICKS = 60           # 6 game minutes of work once the metal is there


def _after(game):
    return game.areas["afterwards"]


def _bed_place(game, x, y):
    _after(game).beds.append([x, y, -1])


def _table_place(game, x, y):
    _after(game).tables.append((x, y))


def _pyre_place(game, x, y):
    _after(game).pyres.append((x, y))


def _bed_facts(game, x, y, info):
    owner = -1
    for b in _after(game).beds:
        if (b[0], b[1]) == (x, y):
            owner = int(b[2])
    alive = owner in game.entities and game.entities[owner].state != entities.DEAD
    info["owner"] = owner if alive else -1


add_kind("bed", 1, "Bed",
         "A minion's own bed: it sleeps 6 hours here instead of 8 on the floor; carried here"
         " knocked out, it wakes within the hour.",
         _bed_place, lambda game: [(b[0], b[1]) for b in _after(game).beds],
         describe=_bed_facts, first=0)
add_kind("scrapper_table", 2, "Scrapper's table",
         "Dead adventurers are carried here and scrapped.",
         _table_place, lambda game: list(_after(game).tables), first=1)
add_kind("pyre", 1, "Pyre", "Dead minions and creatures are burnt here (never adventurers).",
         _pyre_place, lambda game: list(_after(game).pyres), first=2)


def piece_at(game, x, y):
    """The kind of the piece standing or planned on (x, y), or None."""
    built = built_kind(game, x, y)
    if built is not None:
        return built
    bp = blueprint_at(game, x, y)
    return None if bp is None else S.state_of(game).blueprints[bp][0]


def blueprint_at(game, x, y):
    """The id of the furniture blueprint on (x, y), or None."""
    for bid in sorted(S.state_of(game).blueprints):
        b = S.state_of(game).blueprints[bid]
        if b[1] == x and b[2] == y:
            return bid
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
        planned = " planned" if blueprint_at(game, x, y) is not None else ""
        what = KINDS[other].label.lower()
        return "There is already %s %s%s there." % ("an" if what[0] in "aeiou" else "a", what,
                                                    planned)
    return None


def _place(game, cmd):
    k = KINDS[cmd["kind"]]
    x, y = int(cmd["x"]), int(cmd["y"])
    st = S.state_of(game)
    bid = st.next_blueprint
    st.next_blueprint += 1
    st.blueprints[bid] = [k.name, x, y, 0, 0, 0, -1]
    st.changed()
    game.emit("furniture_placed", blueprint=bid, kind=k.name, name=k.label, x=x, y=y,
              cost=k.cost)


def _cancel_reason(game, cmd):
    r = commands.need_tile(game, cmd)
    if r:
        return r
    if blueprint_at(game, int(cmd["x"]), int(cmd["y"])) is None:
        return "There is no furniture blueprint there."
    return None


def _cancel(game, cmd):
    x, y = int(cmd["x"]), int(cmd["y"])
    st = S.state_of(game)
    bid = blueprint_at(game, x, y)
    b = st.blueprints.pop(bid)
    if b[3] > 0:
        piles = S.stock(game)
        piles[(x, y)] = piles.get((x, y), 0) + b[3]
        game.areas["traps"].changed()
    st.changed()
    game.emit("furniture_cancelled", kind=b[0], name=KINDS[b[0]].label, x=x, y=y)


commands.command("build_furniture", check=_reason, apply=_place)
commands.command("cancel_furniture", check=_cancel_reason, apply=_cancel)


# -- hauling and building (FURN-02) ------------------------------------------------------------

def wanting_metal(game):
    """Ids of blueprints with less metal on site and on its way than they cost (sorted)."""
    st = S.state_of(game)
    return [bid for bid in sorted(st.blueprints)
            if st.blueprints[bid][3] + st.blueprints[bid][4] < KINDS[st.blueprints[bid][0]].cost]


def _ready_to_build(game):
    st = S.state_of(game)
    return [bid for bid in sorted(st.blueprints)
            if st.blueprints[bid][3] >= KINDS[st.blueprints[bid][0]].cost
            and not _claimed(game, st.blueprints[bid])]


def _claimed(game, b):
    e = game.entities.get(b[6])
    if e is None or e.state != entities.UP:
        return False
    job = getattr(e, "job", None)
    return job is not None and job[0] == "furn_build" and game.areas["economy"].blueprints.get(
        job[1]) is b


def _nearest_bp(game, e, ids):
    st = S.state_of(game)
    best = None
    for bid in ids:
        b = st.blueprints[bid]
        key = (duties.octile(e.x, e.y, b[1], b[2]), bid)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]


def provide_haul(game, e):
    ids = wanting_metal(game)
    if not ids:
        return False
    piles = S.stock(game)
    pile = duties.nearest_pile(e, piles)
    if pile is None:
        return False
    bid = _nearest_bp(game, e, ids)
    if not duties.go(game, e, pile):
        return False
    st = S.state_of(game)
    piles[pile] -= 1               # reserved now, carried from the pile
    game.areas["traps"].changed()
    st.blueprints[bid][4] += 1
    st.changed()
    e.job = ["furn_haul", bid, 0, pile[0], pile[1]]
    return True


def provide_build(game, e):
    st = S.state_of(game)
    ids = _ready_to_build(game)
    while ids:
        bid = _nearest_bp(game, e, ids)
        ids.remove(bid)
        b = st.blueprints[bid]
        if not duties.go(game, e, (b[1], b[2])):
            continue
        b[6] = e.id
        st.changed()
        e.job = ["furn_build", bid, 0, 0]
        return True
    return False


def run_haul(game, e):
    st = S.state_of(game)
    b = st.blueprints.get(e.job[1])
    if b is None:
        duties.drop_job(game, e)
        return
    if not duties.haul(game, e, lambda: (b[1], b[2]), duties.go):
        return
    b[3] += 1
    b[4] -= 1
    st.changed()
    game.emit("metal_delivered", furniture=e.job[1], entity=e.id, metal=b[3],
              needed=KINDS[b[0]].cost, kind=b[0], name=KINDS[b[0]].label, x=b[1], y=b[2])
    e.job = None


def _release_haul(game, e):
    job = e.job
    piles = S.stock(game)
    pile = (job[3], job[4])
    piles[pile] = piles.get(pile, 0) + 1
    game.areas["traps"].changed()
    st = S.state_of(game)
    b = st.blueprints.get(job[1])
    if b is not None and b[4] > 0:
        b[4] -= 1
    st.changed()


def run_build(game, e):
    st = S.state_of(game)
    bid = e.job[1]
    b = st.blueprints.get(bid)
    if b is None:
        duties.drop_job(game, e)
        return
    if not duties.at_work(game, e, (b[1], b[2])):
        return
    b[5] += 1
    if b[5] < BUILD_TICKS:
        return
    k = KINDS[b[0]]
    del st.blueprints[bid]
    st.changed()
    k.place(game, b[1], b[2])
    game.emit("furniture_built", kind=k.name, name=k.label, x=b[1], y=b[2], cost=k.cost,
              entity=e.id)
    e.job = None


def _release_build(game, e):
    st = S.state_of(game)
    b = st.blueprints.get(e.job[1])
    if b is not None and b[6] == e.id:
        b[6] = -1
        st.changed()


duties.add_provider(duties.DRUDGERY, "furniture_build", provide_build, 34)
duties.add_provider(duties.DRUDGERY, "furniture_haul", provide_haul, 35)
duties.add_provider(duties.TRAPS, "furniture_haul", provide_haul, 35)
duties.add_job("furn_haul", run_haul, _release_haul)
duties.add_job("furn_build", run_build, _release_build)


def catalog():
    """Every buildable piece: [{kind, label, cost, description}], KIND_ORDER order."""
    return [{"kind": n, "label": KINDS[n].label, "cost": KINDS[n].cost,
             "description": KINDS[n].description} for n in KIND_ORDER]


def builder_at_work(game, bid, b):
    """The minion building blueprint bid at its site now (-1: nobody)."""
    return -1 if duties.job_at_work(game, b[6], ("furn_build",), bid) is None else b[6]


def _pieces(game):
    """((x, y) of the built pieces of each kind, in KIND_ORDER; (kind, x, y, metal, work,
    builder at work) of the blueprints by id): the snapshot part's version (its rows are
    made again only when this moved). Kept as exists() gives them (tuples of (x, y)): no
    tuple made a piece."""
    bps = S.state_of(game).blueprints
    return (tuple([tuple(KINDS[name].exists(game)) for name in KIND_ORDER]),
            tuple([tuple(bps[bid][:4]) + (bps[bid][5], builder_at_work(game, bid, bps[bid]))
                   for bid in sorted(bps)]))


def _snapshot(game, snap):
    """furn_pos float32 (F,2), furn_kind int32 (index in KIND_ORDER) of the built pieces;
    furn_bp_pos float32 (B,2), furn_bp_kind int32, furn_bp_metal int32 (on site),
    furn_bp_cost int32, furn_bp_work float32 (0..1 of the building done), furn_bp_worker
    int32 (the minion building it now, -1: nobody) of the blueprints."""
    import numpy as np
    built, bps = _pieces(game)
    pos = [[t[0], t[1]] for tiles in built for t in tiles]
    kinds = [i for i in range(len(built)) for _ in built[i]]
    snap["furn_pos"] = np.array(pos, dtype=np.float32).reshape(-1, 2)
    snap["furn_kind"] = np.array(kinds, dtype=np.int32)
    snap["furn_bp_pos"] = np.array([[b[1], b[2]] for b in bps],
                                   dtype=np.float32).reshape(-1, 2)
    snap["furn_bp_kind"] = np.array([KIND_ORDER.index(b[0]) for b in bps], dtype=np.int32)
    snap["furn_bp_metal"] = np.array([b[3] for b in bps], dtype=np.int32)
    snap["furn_bp_cost"] = np.array([KINDS[b[0]].cost for b in bps], dtype=np.int32)
    snap["furn_bp_work"] = np.array([b[4] / float(BUILD_TICKS) for b in bps], dtype=np.float32)
    snap["furn_bp_worker"] = np.array([b[5] for b in bps], dtype=np.int32)


def _register_front():
    from pysim.core import snapshot
    snapshot.keyed_part(_pieces)(_snapshot)


_register_front()
