"""After a fight (WAKE-01, AFTER-01): the knocked out can be carried, healed, captured or
killed; dead adventurers can be scrapped at a scrapper's table or left; a pyre never burns
an adventurer.

Orders (commands) given to one of your minions; the minion walks there and does it. Which
body takes which order is the table of pysim/combat/body_orders.py (every check asks it, and
a refusal names the orders that would work); the checks here add what else an order needs.
While a minion has such a task it does not pick fights (combat leaves it alone) until the
task is done or fails (the body is gone, its state no longer takes the order, or it cannot
be reached):

  {"type": "carry",   "entity": minion, "body": id, "x": X, "y": Y}  a knocked-out or
        captured body to a tile; a minion carried onto its own bed wakes within 1 game hour
        (WAKE-02); an adventurer set down in a free prison cell is locked in
        (pysim/adventurers/prisoners.py, SET_DOWN).
  {"type": "heal",    "entity": minion, "body": id}  stops bleeding and clears Minor
        wounds; a knocked-out body that no longer bleeds then wakes within 4 hours.
  {"type": "capture", "entity": minion, "body": id}  a knocked-out adventurer becomes a
        prisoner (kept where they lie, never fights again; `fighter.captured`).
  {"type": "kill",    "entity": minion, "body": id}  kills a knocked-out, captured or
        imprisoned body (a prisoner's is an execution).
  {"type": "scrap",   "entity": minion, "body": id}  carries a dead adventurer to the
        nearest scrapper's table, where it is scrapped (removed).
  {"type": "burn",    "entity": minion, "body": id}  carries a dead minion or creature to
        the nearest pyre (removed). Refused for adventurers: a pyre never burns them.
Orders registered elsewhere with `order` (imprison, release: prisoners.py) use the same
walking: AT_BODY[kind] is done on reaching the body, DELIVER[kind] on setting it down.

Level things: `bed` (beds go to minions in id order), `scrapper_table`, `pyre`.
"""
import cython

from pysim.combat import body_orders as BO, fighter as F, knockouts as KO, orders, reaching
from pysim.combat import waking, wounds as W
from pysim.core import commands as C, entities as E, level as L, movement, names, systems
from pysim.core.game import register_area
from pysim.core.entities import Entity
from pysim.combat.fighter import Fighter

# order kind -> fn(game, minion, body, x, y): what happens when a body carried by an order
# registered elsewhere (prisoners.py: imprison) is set down on its tile
DELIVER = {}
# order kind -> fn(game, minion, body): an order registered elsewhere (prisoners.py: release)
# done once the minion reaches the body
AT_BODY = {}
# fn(game, minion, body, x, y) -> True when it took the body in (prisoners.py: a free cell
# locks an adventurer in), asked in order when a carried body is set down
SET_DOWN = []
# fn(game, body, x, y) -> why the body may not be carried to (x, y), or None
CARRY_CHECKS = []


class AfterState(object):
    def __init__(self, game):
        self.beds = []      # [x, y, owner id or -1]
        self.tables = []    # (x, y) scrapper's tables
        self.pyres = []     # (x, y)

    def hash_state(self):
        return (self.beds, self.tables, self.pyres)


register_area("afterwards", AfterState)


def area(game):
    return game.areas["afterwards"]


def _place(kind):
    def place(game, x, y, arg):
        a = area(game)
        if kind == "bed":
            a.beds.append([int(x), int(y), -1])
        elif kind == "table":
            a.tables.append((int(x), int(y)))
        else:
            a.pyres.append((int(x), int(y)))
    return place


L.THINGS["bed"] = _place("bed")
L.THINGS["scrapper_table"] = _place("table")
L.THINGS["pyre"] = _place("pyre")
L.catalog("bed", "A built bed: a minion sleeps in it.", L.FURNITURE)
L.catalog("scrapper_table", "A built scrapper's table: dead adventurers are scrapped on it.",
          L.FURNITURE)
L.catalog("pyre", "A built pyre: dead minions and creatures are burnt on it.", L.FURNITURE)


def bed_of(game, minion):
    """The minion's own bed (x, y) or None; free beds go to living minions in id order."""
    f = minion.fighter
    if f.bed is not None:
        return f.bed
    if minion.kind != E.MINION:
        return None
    beds = area(game).beds
    _free_the_beds_of_the_dead(game, beds)
    free = [b for b in beds if b[2] < 0]
    if not free:
        return None
    # minions without a bed, lowest ids first, take free beds in placement order
    waiting = [e.id for e in game.live()
               if e.kind == E.MINION and e.state != E.DEAD
               and F.fighter_of(e) is not None and e.fighter.bed is None]
    for eid, b in zip(waiting, free):
        b[2] = eid
        game.entities[eid].fighter.bed = (b[0], b[1])
    return f.bed


def _free_the_beds_of_the_dead(game, beds):
    """A dead minion's bed (or one whose owner was scrapped or burnt) goes back to the free
    beds: otherwise a corpse would keep it and a newcomer sleep on the floor for ever."""
    for b in beds:
        if b[2] < 0:
            continue
        owner = game.entities.get(b[2])
        if owner is None or owner.state == E.DEAD:
            if owner is not None and F.fighter_of(owner) is not None:
                owner.fighter.bed = None
            b[2] = -1


def _nearest(points, x, y):
    best = None
    bd = 0
    for (px, py) in points:
        d = (px - x) * (px - x) + (py - y) * (py - y)
        if best is None or d < bd:
            best, bd = (px, py), d
    return best


# --- commands -----------------------------------------------------------------------------
def _check_common(game, cmd):
    r = orders.need_own_minion(game, cmd)
    if r:
        return r
    r = C.need_entity(game, cmd, "body")
    if r:
        return r
    m = game.entities[int(cmd["entity"])]
    if not F.conscious(m):
        return "That minion is in no state to do it."
    b = game.entities[int(cmd["body"])]
    if F.fighter_of(b) is None:
        return "That cannot be handled so."
    return None


def _give(game, cmd, kind, x=-1, y=-1):
    m = game.entities[int(cmd["entity"])]
    f = m.fighter
    if f.carrying >= 0 and f.carrying != int(cmd["body"]):
        KO.drop_carried(game, m)
    f.task = (kind, int(cmd["body"]), int(x), int(y), 0)
    f.ordered_target = -1
    movement.stop(m)
    game.emit("task_given", entity=m.id, task=kind, body=int(cmd["body"]))


def order(kind, check_body=None, dest=None):
    """Register the order `kind`: _check_common, the body's state (body_orders.refusal), then
    check_body(game, cmd, body) -> reason or None; applying it gives the minion the task,
    with the tile dest(game, cmd, body) -> (x, y) the body is to be carried to, if any."""
    def check(game, cmd):
        r = _check_common(game, cmd)
        if r:
            return r
        b = game.entities[int(cmd["body"])]
        r = BO.refusal(game, kind, b, game.entities[int(cmd["entity"])])
        if r or check_body is None:
            return r
        return check_body(game, cmd, b)

    def apply(game, cmd):
        if dest is not None:
            x, y = dest(game, cmd, game.entities[int(cmd["body"])])
            _give(game, cmd, kind, x, y)
        else:
            _give(game, cmd, kind)
    C.command(kind, check=check, apply=apply)


def _picked_tile(game, cmd, b):
    return int(cmd["x"]), int(cmd["y"])


def _check_carry(game, cmd, b):
    r = C.need_tile(game, cmd)
    if r:
        return r
    x, y = int(cmd["x"]), int(cmd["y"])
    if game.grid.walk_cost()[y, x] <= 0:
        return "Nobody can stand there: pick a floor tile."
    for fn in CARRY_CHECKS:
        r = fn(game, b, x, y)
        if r:
            return r
    return None


def _check_heal(game, cmd, b):
    if not b.fighter.wounds:
        return "%s has no wounds to heal." % BO.cap(names.title(b))
    return None


def _check_scrap(game, cmd, b):
    if not area(game).tables:
        return "You have no scrapper's table: build one, or leave the body where it lies."
    return None


def _check_burn(game, cmd, b):
    if not area(game).pyres:
        return "You have no pyre: build one, or leave the body where it lies."
    return None


order("carry", _check_carry, _picked_tile)
order("heal", _check_heal)
order("capture")
order("kill")
order("scrap", _check_scrap)
order("burn", _check_burn)


# --- doing the tasks ------------------------------------------------------------------------
def _fail(game, m, why):
    f = m.fighter
    kind = f.task[0] if f.task else ""
    KO.drop_carried(game, m)
    f.task = None
    game.emit("task_failed", entity=m.id, task=kind, reason=why)


def _done(game, m, kind, body):
    m.fighter.task = None
    game.emit("task_done", entity=m.id, task=kind, body=body)


def _reach(game, m, x, y, next_to=False):
    """Walk next to / onto (x, y); True once there (not mid-step). `next_to`: stop as soon
    as next to it (a body standing there holds its tile, CROWD-01)."""
    if m.step_len > 0:
        return False
    if max(abs(m.x - x), abs(m.y - y)) <= 1 and (m.path is None or next_to):
        movement.stop(m)
        return True
    if m.x == x and m.y == y:
        movement.stop(m)
        return True
    if m.path is None or (m.goal_x, m.goal_y) != (x, y):
        if not movement.go_to(game, m, x, y):
            return None
    return False


def _follow(carrier, body):
    body.x, body.y = carrier.x, carrier.y
    body.nx, body.ny = carrier.nx, carrier.ny
    body.step_t, body.step_len = carrier.step_t, carrier.step_len


@systems.system("afterwards", 460)
def tick(game):
    ents: dict = game.entities   # (typed: its get is a C call)
    # typed: this walks every body every tick
    e: Entity
    f: Fighter
    dead: cython.int = E.DEAD
    up: cython.int = E.UP
    # live(), not every entity: the dead have nothing to do here (a death drops what the
    # body carried and its task, and a task is given only to the conscious). A copy: a
    # body scrapped or burnt on the way leaves entities (then it is skipped).
    for e in list(game.live()):
        if ents.get(e.id) is not e:
            continue
        f = e.fighter
        if f is None:
            continue
        if f.captured and e.state != dead:
            if e.path is not None:
                movement.stop(e)
            e.idle = 2
            continue
        if f.carrying >= 0:
            b = ents.get(f.carrying)
            if b is not None:
                _follow(e, b)
        if f.task is None:
            continue
        if e.state != up:
            f.task = None
            continue
        reaching.hold(e)
        _do_task(game, e, f)


def _capture(game, m, b):
    bf = b.fighter
    bf.captured = True
    bf.wake_tick = waking.NO_WAKE
    movement.stop(b)
    game.emit("captured", entity=b.id, by=m.id, x=b.x, y=b.y)


def _do_task(game, m, f):
    kind, bid, tx, ty, stage = f.task
    b = game.entities.get(bid)
    if b is None:
        _fail(game, m, "The body is gone.")
        return
    bf = b.fighter
    # the body's state must still take the order (it woke, died, was captured or taken by
    # another minion on the way): the reason names what would work now
    why = BO.refusal(game, kind, b, m)
    if why:
        _fail(game, m, why)
        return
    if stage == 0:
        r = _reach(game, m, b.x, b.y, b.state == E.UP)
        if r is None:
            _fail(game, m, "The body cannot be reached.")
            return
        if not r:
            return
        if kind == "heal":
            bf.bleeding_since = -1
            bf.wounds = [w for w in bf.wounds if w.level != W.MINOR]
            game.emit("healed", entity=b.id, by=m.id, wound_points=bf.wound_points())
            _done(game, m, kind, b.id)
        elif kind == "capture":
            _capture(game, m, b)
            _done(game, m, kind, b.id)
        elif kind == "kill":
            KO.kill(game, b, m.id, "executed")
            _done(game, m, kind, b.id)
        elif kind in AT_BODY:
            AT_BODY[kind](game, m, b)
            _done(game, m, kind, b.id)
        else:
            # pick the body up and head for the destination
            if kind == "scrap":
                dest = _nearest(area(game).tables, m.x, m.y)
            elif kind == "burn":
                dest = _nearest(area(game).pyres, m.x, m.y)
            else:
                dest = (tx, ty)
            if b.state == E.UP and not bf.captured:
                _capture(game, m, b)     # (imprison: someone unable to fight is taken first)
            bf.carried_by = m.id
            f.carrying = b.id
            f.task = (kind, bid, dest[0], dest[1], 1)
            movement.stop(m)
            game.emit("picked_up", entity=b.id, by=m.id)
        return
    # stage 1: carrying to (tx, ty)
    if m.step_len > 0 or not (m.x == tx and m.y == ty):
        if m.step_len == 0 and (m.path is None or (m.goal_x, m.goal_y) != (tx, ty)):
            if not movement.go_to(game, m, tx, ty):
                _fail(game, m, "The way there is blocked.")
        return
    KO.drop_carried(game, m)
    if kind in DELIVER:
        DELIVER[kind](game, m, b, tx, ty)
        _done(game, m, kind, b.id)
    elif kind == "carry":
        game.emit("dropped", entity=b.id, by=m.id, x=tx, y=ty)
        for fn in SET_DOWN:
            if fn(game, m, b, tx, ty):
                break
        if b.kind == E.MINION and bed_of(game, b) == (tx, ty):
            waking.put_in_bed(game.rng.stream("combat"), bf, game.tick)
            game.emit("put_to_bed", entity=b.id, wake_tick=bf.wake_tick)
        _done(game, m, kind, b.id)
    else:
        del game.entities[b.id]
        game.emit("scrapped" if kind == "scrap" else "burnt", entity=b.id, by=m.id,
                  x=tx, y=ty)
        _done(game, m, kind, b.id)
