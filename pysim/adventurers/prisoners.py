"""Prisoners and prison cells, and the rescue goal (AFTER-01 capture, GOAL-01..03).

- A prison cell is furniture (pysim/economy/furniture.py, kind `cell`): built in place from
  CELL_COST metal with build_furniture, or a level thing `cell` (built); it holds one
  prisoner.
- A prisoner is a captured adventurer (`capture` in pysim/combat/afterwards.py). The order
  `imprison {"entity": minion, "body": id}` has a minion pick up a knocked-out or captured
  adventurer, carry it to the nearest free cell and lock it in (captured there); `carry` to
  a free cell's tile does the same. `release {"entity": minion, "body": id}` has a minion
  let a captured adventurer or a prisoner go: it comes to and walks off the map, as one
  that escapes. Which state takes which order: pysim/combat/body_orders.py.
- A cell's name: its room's ("the north cell" in the north room; "the north cell 2" for the
  second built there), "the cell in the east corridor" elsewhere (cell_name). A prisoner in
  a cell is in the body state "prisoner": "Prisoner in the north cell".
- Decided: a prisoner in a cell stays there; one kept outside a cell gets loose
  ESCAPE_HOURS after it was captured (it comes to and walks off the map: `prisoner_escaped`).
- Rescue (GOAL-01..03): a rescue party heads for the nearest prisoner, frees it when next to
  it (`prisoner_freed`: it wakes, joins the party and leaves), and leaves once no prisoner is
  left, without treasure. If no prisoner is left before it freed any (dead, escaped), the
  party hunts the Boss (GOAL-02, `goal_changed`).
The "prisoners" area exists once a cell is built or a prisoner is taken, so older levels keep
their state hash.
"""
import numpy as np

from pysim.adventurers import goals, places
from pysim.combat import afterwards as AF, body_orders as BO, fighter as F, knockouts as KO
from pysim.core import clock, entities as E, level, movement, systems, terrain
from pysim.core.furniture_kinds import add_kind
from pysim.core.snapshot import keyed_part

CELL_KIND = "cell"
CELL_COST = 2               # decided: docs/rules/economy.md (FURN-03)
RESCUE = "rescue_prisoners"
ESCAPE_HOURS = 12


class PrisonState(object):
    def __init__(self):
        self.cells = []         # [(x, y)] in build order
        self.since = {}         # prisoner id -> tick first seen captured outside a cell
        self.freed = {}         # rescue party id -> prisoners it freed

    def hash_state(self):
        return (self.cells, sorted(self.since.items()), sorted(self.freed.items()))


def state_of(game, make=False):
    st = game.areas.get("prisoners")
    if st is None and make:
        st = game.areas["prisoners"] = PrisonState()
    return st


# --- cells ----------------------------------------------------------------------------------
def cell_refusal(game, x, y):
    """Why no cell can go on (x, y), or None."""
    if not game.grid.in_bounds(x, y):
        return "That tile is outside the map."
    if int(game.grid.terrain[y, x]) != terrain.FLOOR:
        return "A cell needs a floor tile."
    st = state_of(game)
    if st is not None and (x, y) in st.cells:
        return "There is already a cell there."
    alt = game.areas.get("altars")
    if alt is not None and any((a[0], a[1]) == (x, y) for a in alt.altars):
        return "An altar stands there."
    return None


def add_cell(game, x, y):
    state_of(game, True).cells.append((int(x), int(y)))


def _place_cell(game, x, y, arg):
    why = cell_refusal(game, int(x), int(y))
    if why:
        raise ValueError(why)
    add_cell(game, x, y)


def _cells_at(game):
    st = state_of(game)
    return [] if st is None else list(st.cells)


def _cell_facts(game, x, y, info):
    """The furniture panel's prisoner: the adventurer locked in the cell, -1 when empty."""
    held = [e.id for e in prisoners(game) if (e.x, e.y) == (x, y) and in_cell(game, e)]
    info["prisoner"] = held[0] if held else -1


level.THINGS[CELL_KIND] = _place_cell
level.catalog(CELL_KIND, "A built prison cell.", level.FURNITURE)
add_kind(CELL_KIND, CELL_COST, "Prison cell",
         "Holds one prisoner: Imprison has a minion lock a knocked-out adventurer in.",
         add_cell, _cells_at, describe=_cell_facts)


def is_prisoner(e):
    f = F.fighter_of(e)
    return e.kind == E.ADVENTURER and f is not None and f.captured and e.state != E.DEAD


def in_cell(game, e):
    st = state_of(game)
    return st is not None and e.fighter.carried_by < 0 and (e.x, e.y) in st.cells


def prisoners(game):
    """Every living prisoner, in id order."""
    return [e for e in game.live() if is_prisoner(e)]


def free_cell(game, x, y, body=-1):
    """The nearest cell with nobody locked in it and no minion on the way to it, or None."""
    st = state_of(game)
    if st is None:
        return None
    taken = set()
    for e in game.entities.values():
        f = F.fighter_of(e)
        if f is None or e.id == body:
            continue
        if is_prisoner(e) and f.carried_by < 0:
            taken.add((e.x, e.y))
        if f.task is not None and f.task[0] == "imprison":
            taken.add((f.task[2], f.task[3]))
    best = None
    for (cx, cy) in st.cells:
        if (cx, cy) in taken:
            continue
        key = (max(abs(cx - x), abs(cy - y)), cy, cx)
        if best is None or key < best:
            best = key
    return None if best is None else (best[2], best[1])


# --- the imprison order ---------------------------------------------------------------------
def _check_imprison(game, cmd, b):
    if free_cell(game, b.x, b.y, b.id) is None:
        if state_of(game) is None or not state_of(game).cells:
            return "You have no prison cell: build one first."
        return "Every prison cell holds a prisoner: build another one."
    return None


def _cell_for(game, cmd, b):
    return free_cell(game, b.x, b.y, b.id)


AF.order("imprison", _check_imprison, _cell_for)


def _locked_in(game, m, b, x, y):
    """The minion set the body down in the cell: it is a prisoner there."""
    f = b.fighter
    f.captured = True
    f.wake_tick = -1
    if b.state == E.UP:
        movement.stop(b)
    state_of(game, True).since.pop(b.id, None)
    game.emit("imprisoned", entity=b.id, by=m.id, x=x, y=y)


AF.DELIVER["imprison"] = _locked_in


def _into_cell(game, m, b, x, y):
    """A carried adventurer set down in a free cell is locked in."""
    if b.kind != E.ADVENTURER or b.state == E.DEAD or not _is_cell(game, x, y):
        return False
    _locked_in(game, m, b, x, y)
    return True


AF.SET_DOWN.append(_into_cell)


def _is_cell(game, x, y):
    st = state_of(game)
    return st is not None and (x, y) in st.cells


def _held_in(game, x, y, but=-1):
    """The prisoner locked in the cell at (x, y) other than `but`, or None."""
    for e in prisoners(game):
        if e.id != but and (e.x, e.y) == (x, y) and in_cell(game, e):
            return e
    return None


def _carry_to_cell(game, b, x, y):
    if _is_cell(game, x, y) and b.kind == E.ADVENTURER and _held_in(game, x, y, b.id):
        return "That cell already holds a prisoner: pick a free one."
    return None


AF.CARRY_CHECKS.append(_carry_to_cell)


# --- the release order ----------------------------------------------------------------------
def _released(game, m, b):
    _let_go(game, b)
    game.emit("released", entity=b.id, by=m.id, x=b.x, y=b.y)


AF.order("release")
AF.AT_BODY["release"] = _released


# --- cells' names and the prisoner's state ----------------------------------------------------
def cell_name(game, x, y):
    """"the north cell" (the one in the north room; "the north cell 2" for the second built
    there), "the sanctum's cell", "the cell in the east corridor"."""
    place = places.place_name(game, x, y)
    st = state_of(game)
    same = [c for c in (st.cells if st is not None else []) if places.place_name(game, *c) == place]
    nth = same.index((x, y)) + 1 if (x, y) in same else 1
    if place.endswith(" room"):
        name = place[:-len("room")] + "cell"
    elif place == "the sanctum":
        name = "the sanctum's cell"
    else:
        return "the cell in %s" % place if nth == 1 else "cell %d in %s" % (nth, place)
    return name if nth == 1 else "%s %d" % (name, nth)


def _prisoner_state(game, e, state):
    if state == BO.CAPTURED and in_cell(game, e):
        return BO.PRISONER
    return state


def _prisoner_words(game, e):
    where = cell_name(game, e.x, e.y)
    return "Prisoner in %s" % where, "is a prisoner in %s" % where


BO.add_refine_hook(_prisoner_state)
BO.WORDS[BO.PRISONER] = _prisoner_words


# --- escaping -------------------------------------------------------------------------------
def _let_go(game, e):
    """A prisoner is no longer one: it comes to, if need be, and heads off the map."""
    f = e.fighter
    if f.carried_by >= 0:
        carrier = game.entities.get(f.carried_by)
        if carrier is not None:
            KO.drop_carried(game, carrier)
    f.captured = False
    if e.state == E.KNOCKED_OUT:
        KO.wake(game, e)
    e.leaving = True
    e.idle = 1
    st = state_of(game)
    if st is not None:
        st.since.pop(e.id, None)


@systems.system("prisoners", 470)
def prison_watch(game):
    """Hourly: prisoners outside a cell get loose ESCAPE_HOURS after they were first seen so."""
    if game.tick % clock.TICKS_PER_HOUR != 0:
        return
    st = state_of(game)
    loose = [e for e in prisoners(game) if not in_cell(game, e)]
    if st is None:
        if not loose:
            return
        st = state_of(game, True)
    for e in loose:
        since = st.since.setdefault(e.id, game.tick)
        if game.tick - since >= ESCAPE_HOURS * clock.TICKS_PER_HOUR and e.fighter.carried_by < 0:
            _let_go(game, e)
            game.emit("prisoner_escaped", entity=e.id, x=e.x, y=e.y)
    for eid in sorted(st.since):
        e = game.entities.get(eid)
        if e is None or not is_prisoner(e) or in_cell(game, e):
            del st.since[eid]


# --- the rescue goal ------------------------------------------------------------------------
def _free(game, rescuer, p):
    _let_go(game, p)
    p.party = rescuer.party
    st = state_of(game, True)
    st.freed[rescuer.party] = st.freed.get(rescuer.party, 0) + 1
    game.emit("prisoner_freed", entity=p.id, by=rescuer.id, party=rescuer.party, x=p.x, y=p.y)


def rescue_brain(game, e, prev):
    """GOAL-01..03 for a rescue party member."""
    held = prisoners(game)
    if not held:
        st = state_of(game)
        if st is not None and st.freed.get(e.party, 0) > 0:
            goals.leave(game, e)                    # GOAL-03: freed them, off they go
            return
        goals.set_goal(game, e.party, goals.KILL_BOSS)   # GOAL-02: the goal is gone
        return prev(game, e)
    best = None
    for p in held:
        key = (max(abs(p.x - e.x), abs(p.y - e.y)), p.id)
        if best is None or key < best[0]:
            best = (key, p)
    p = best[1]
    if best[0][0] <= 1 and e.step_len == 0:
        movement.stop(e)
        _free(game, e, p)
        return
    if e.path is None or (e.goal_x, e.goal_y) != (p.x, p.y):
        if not movement.go_to(game, e, p.x, p.y):
            goals.set_goal(game, e.party, goals.KILL_BOSS)   # out of reach: gone for them
            return prev(game, e)


goals.GOAL_BRAINS[RESCUE] = rescue_brain
goals.GOAL_CHOICES.append((RESCUE, lambda game: bool(prisoners(game))))


def _cells_shown(game):
    """The cells' tiles (None: no prison area): the snapshot part's version, so cell_pos is
    made again only when a cell was built."""
    st = state_of(game)
    return tuple([tuple(c) for c in st.cells]) if st is not None else None


@keyed_part(_cells_shown)
def prisoners_snapshot(game, snap):
    """cell_pos (N, 2) float32 tile of each prison cell (prisoners are ent_captured)."""
    st = state_of(game)
    cells = st.cells if st is not None else []
    snap["cell_pos"] = np.array(cells, dtype=np.float32).reshape(-1, 2)
