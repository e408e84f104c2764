"""Prisoners and prison cells, and the rescue goal (AFTER-01 capture, GOAL-01..03).

- A prison cell is furniture (pysim/economy/furniture.py, kind `cell`): built in place from
  CELL_COST metal with build_furniture, or a level thing `cell` (built); it holds one
  prisoner.
- A prisoner is a captured adventurer (`capture` in pysim/combat/afterwards.py). The order
  `imprison {"entity": minion, "body": id}` has a minion pick up a knocked-out or captured
  adventurer, carry it to the nearest free cell and lock it in (captured there).
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

from pysim.adventurers import goals
from pysim.combat import afterwards as AF, fighter as F, knockouts as KO
from pysim.core import clock, commands as C, entities as E, level, movement, systems, terrain
from pysim.core.snapshot import keyed_part
from pysim.economy import furniture

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


level.THINGS[CELL_KIND] = _place_cell
level.catalog(CELL_KIND, "A built prison cell.", level.FURNITURE)
furniture.add_kind(CELL_KIND, CELL_COST, "Prison cell",
                   "Holds one prisoner: Imprison has a minion lock a knocked-out adventurer in.",
                   add_cell, _cells_at)


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
def _check_imprison(game, cmd):
    r = AF._check_common(game, cmd)
    if r:
        return r
    b = game.entities[int(cmd["body"])]
    if b.kind != E.ADVENTURER:
        return "Only adventurers can be taken prisoner."
    if b.state == E.DEAD:
        return "The dead need no cell."
    if not (b.fighter.captured or b.state == E.KNOCKED_OUT):
        return "Only someone knocked out or captured can be locked up."
    if in_cell(game, b):
        return "That prisoner is already in a cell."
    if free_cell(game, b.x, b.y, b.id) is None:
        return "You have no free prison cell." if state_of(game) else "You have no prison cell."
    return None


def _apply_imprison(game, cmd):
    b = game.entities[int(cmd["body"])]
    cx, cy = free_cell(game, b.x, b.y, b.id)
    AF._give(game, cmd, "imprison", cx, cy)


C.command("imprison", check=_check_imprison, apply=_apply_imprison)


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
