"""Altars and the smash-altar goal (GOAL-01..03).

- An altar is furniture (pysim/economy/furniture.py, kind `altar`): built in place from
  ALTAR_COST metal with build_furniture, or a level thing `altar` (built); it does not
  block the way. Decided: it takes ALTAR_HITS hits;
  an adventurer next to it strikes once every STRIKE_TICKS (5 game minutes), so one
  adventurer smashes it in an hour, a party of five in 12 minutes (`altar_smashed`).
- A party that came to smash an altar walks to the nearest one and strikes it; once one is
  smashed the goal is done and, like most parties, they grab what treasure they can carry and
  leave (GOAL-01). If no altar is left before they smash one, they hunt the Boss (GOAL-02).
The "altars" area exists once an altar is placed, so older levels keep their state hash.
"""
import numpy as np

from pysim.adventurers import goals
from pysim.core import level, movement, terrain
from pysim.core.furniture_kinds import add_kind
from pysim.core.snapshot import keyed_part

ALTAR_KIND = "altar"
ALTAR_COST = 2              # decided: docs/rules/economy.md (FURN-03)
SMASH = "smash_altar"
ALTAR_HITS = 12
STRIKE_TICKS = 50


class AltarState(object):
    def __init__(self):
        self.altars = []        # [[x, y, hits left]] in build order
        self.smashed_by = []    # parties that smashed one (their goal is done)

    def hash_state(self):
        return (self.altars, self.smashed_by)


def state_of(game, make=False):
    st = game.areas.get("altars")
    if st is None and make:
        st = game.areas["altars"] = AltarState()
    return st


def altar_refusal(game, x, y):
    if not game.grid.in_bounds(x, y):
        return "That tile is outside the map."
    if int(game.grid.terrain[y, x]) != terrain.FLOOR:
        return "An altar needs a floor tile."
    st = state_of(game)
    if st is not None and any((a[0], a[1]) == (x, y) for a in st.altars):
        return "There is already an altar there."
    cells = game.areas.get("prisoners")
    if cells is not None and (x, y) in cells.cells:
        return "A prison cell is there."
    return None


def add_altar(game, x, y):
    state_of(game, True).altars.append([int(x), int(y), ALTAR_HITS])


def _place(game, x, y, arg):
    why = altar_refusal(game, int(x), int(y))
    if why:
        raise ValueError(why)
    add_altar(game, x, y)


def _altars_at(game):
    st = state_of(game)
    return [] if st is None else [(a[0], a[1]) for a in st.altars]


def _altar_facts(game, x, y, info):
    """The furniture panel's hits_left and hits (its full strength)."""
    a = [a for a in state_of(game).altars if (a[0], a[1]) == (x, y)][0]
    info.update(hits_left=int(a[2]), hits=ALTAR_HITS)


level.THINGS[ALTAR_KIND] = _place
level.catalog(ALTAR_KIND, "A built altar: a party that came to smash an altar strikes it.",
              level.FURNITURE)
add_kind(ALTAR_KIND, ALTAR_COST, "Altar",
         "A party that came to smash an altar strikes the nearest; once one is smashed they "
         "grab treasure and leave.", add_altar, _altars_at, describe=_altar_facts)


def altars_left(game):
    st = state_of(game)
    return len(st.altars) if st is not None else 0


def _nearest(st, x, y):
    best = None
    for a in st.altars:
        key = (max(abs(a[0] - x), abs(a[1] - y)), a[1], a[0])
        if best is None or key < best[0]:
            best = (key, a)
    return best


def strike(game, e, altar):
    """One blow; the altar is gone at 0 (the striker's party has done its goal)."""
    st = state_of(game)
    altar[2] -= 1
    e.idle = STRIKE_TICKS - 1    # (counted down to 0, then the next tick is the next blow)
    if altar[2] <= 0:
        st.altars.remove(altar)
        if e.party not in st.smashed_by:
            st.smashed_by.append(e.party)
        game.emit("altar_smashed", x=altar[0], y=altar[1], by=e.id, party=e.party)


def smash_brain(game, e, prev):
    st = state_of(game)
    if st is not None and e.party in st.smashed_by:
        return goals.grab_and_leave(game, e)        # GOAL-01: done; treasure, then away
    best = _nearest(st, e.x, e.y) if st is not None else None
    if best is None:
        goals.set_goal(game, e.party, goals.KILL_BOSS)   # GOAL-02: the goal is gone
        return prev(game, e)
    dist, altar = best[0][0], best[1]
    if dist <= 1:
        strike(game, e, altar)
        return
    if not movement.go_to(game, e, altar[0], altar[1]):
        goals.set_goal(game, e.party, goals.KILL_BOSS)   # out of reach: gone for them
        return prev(game, e)


goals.GOAL_BRAINS[SMASH] = smash_brain
goals.GOAL_CHOICES.append((SMASH, lambda game: altars_left(game) > 0))


def _shown(game):
    """(x, y, hits left) of each altar (None: no altar area): the snapshot part's version,
    so its rows are made again only when an altar was built or struck."""
    st = state_of(game)
    return tuple([tuple(a) for a in st.altars]) if st is not None else None


@keyed_part(_shown)
def altars_snapshot(game, snap):
    """altar_pos (N, 2) float32 tile of each altar, altar_hits (N) int32 hits it can still take."""
    st = state_of(game)
    alts = st.altars if st is not None else []
    snap["altar_pos"] = np.array([(a[0], a[1]) for a in alts], dtype=np.float32).reshape(-1, 2)
    snap["altar_hits"] = np.array([a[2] for a in alts], dtype=np.int32)
