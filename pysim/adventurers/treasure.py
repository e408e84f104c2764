"""Treasure: piles on the floor (the level thing `treasure:N`), treasure carried by
adventurers, and treasure carried off the map (lost to the player: GOAL-01, GOAL-03).

The "treasure" area exists only once a level puts a pile down (or an adventurer picks one
up), so levels without treasure keep their state hash. A carrier knocked out or killed drops
what it carries on its tile; one that leaves the map takes it away.
"""
import numpy as np

from pysim.combat import fighter as F
from pysim.core import level, systems
from pysim.core.entities import UP
from pysim.core.snapshot import keyed_part

CARRY = 2            # what a trained adventurer can carry
CARRY_PEASANT = 1    # a peasant has no sack, just his hands
MAX_PILE = 1000


class TreasureState(object):
    def __init__(self):
        self.piles = {}      # (x, y) -> amount > 0
        self.carried = {}    # adventurer id -> amount > 0

    def hash_state(self):
        return (sorted(self.piles.items()), sorted(self.carried.items()))


def state_of(game, make=False):
    st = game.areas.get("treasure")
    if st is None and make:
        st = game.areas["treasure"] = TreasureState()
    return st


def total_on_floor(game):
    st = state_of(game)
    return sum(st.piles.values()) if st is not None else 0


def add_pile(game, x, y, amount):
    st = state_of(game, True)
    st.piles[(int(x), int(y))] = st.piles.get((int(x), int(y)), 0) + int(amount)


def treasure_arg(arg):
    """The treasure a `treasure:N` pile holds (1 when left out)."""
    text = arg or "1"
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_PILE:
        raise ValueError("treasure needs an amount from 1 to %d, like treasure:5" % MAX_PILE)
    return int(text)


def _place(game, x, y, arg):
    add_pile(game, x, y, treasure_arg(arg))


level.THINGS["treasure"] = _place
level.catalog("treasure", "A pile of loose treasure (1 when left out).", level.GROUND,
              ("1", "10"), "N: a whole number from 1 to %d" % MAX_PILE, check=treasure_arg)


def capacity(e):
    f = F.fighter_of(e)
    if f is not None and f.stats.name == "peasant":
        return CARRY_PEASANT
    return CARRY


def carried(game, e):
    st = state_of(game)
    return st.carried.get(e.id, 0) if st is not None else 0


def nearest_pile(game, x, y):
    """The nearest pile (octile distance, then row, then column), or None."""
    st = state_of(game)
    if st is None:
        return None
    best = None
    for (px, py) in st.piles:
        ax, ay = abs(px - x), abs(py - y)
        key = (2 * max(ax, ay) + min(ax, ay), py, px)
        if best is None or key < best:
            best = key
    return None if best is None else (best[2], best[1])


def take(game, e):
    """The adventurer picks up what it can carry from the pile it stands on; returns the
    amount taken."""
    st = state_of(game)
    if st is None:
        return 0
    pile = st.piles.get((e.x, e.y), 0)
    room = capacity(e) - st.carried.get(e.id, 0)
    n = min(pile, room)
    if n <= 0:
        return 0
    st.carried[e.id] = st.carried.get(e.id, 0) + n
    if pile == n:
        del st.piles[(e.x, e.y)]
    else:
        st.piles[(e.x, e.y)] = pile - n
    game.emit("treasure_taken", entity=e.id, amount=n, x=e.x, y=e.y)
    return n


@systems.system("treasure", 505)
def carriers(game):
    """Carriers that fell drop their treasure; carriers gone from the map took it away."""
    st = game.areas.get("treasure")
    if st is None or not st.carried:
        return
    ents: dict = game.entities   # (typed: its get is a C call)
    for eid in sorted(st.carried):
        e = ents.get(eid)
        if e is not None and e.state == UP:
            continue
        n = st.carried.pop(eid)
        if e is None:
            game.emit("party_left_with_treasure", entity=eid, amount=n)
        else:
            add_pile(game, e.x, e.y, n)
            game.emit("treasure_dropped", entity=eid, amount=n, x=e.x, y=e.y)


def _piles(game):
    """The piles as they lie (None: no treasure area): the snapshot part's version, so its
    rows are made again only when a pile came, went or changed its amount."""
    st = state_of(game)
    return tuple(st.piles.items()) if st is not None else None


@keyed_part(_piles)
def treasure_snapshot(game, snap):
    """treasure_pos (N, 2) float32 tile of each pile, treasure_amount (N) int32;
    treasure_total int: on the floor."""
    st = state_of(game)
    piles = sorted(st.piles.items(), key=lambda kv: (kv[0][1], kv[0][0])) if st else []
    snap["treasure_pos"] = np.array([p for p, _ in piles], dtype=np.float32).reshape(-1, 2)
    snap["treasure_amount"] = np.array([n for _, n in piles], dtype=np.int32)
    snap["treasure_total"] = int(sum(n for _, n in piles))
