"""Digging as a Drudgery job (DIG-01..04).

DIG-01 {"type": "dig", "x", "y"} marks rock (or a wall) for digging; {"type": "cancel_dig",
       "x", "y"} takes the mark back. Refused, with the reason: the map edge, anything but
       rock or a wall, a metal vein (mark it for mining), a door on it, a tile already
       marked (pysim/doors/digging.py dig_reason, which also asks PATH-01: digging only
       adds floor, so it never cuts the walking path).
DIG-02 A minion on Drudgery with nothing to haul or build walks to the nearest marked tile
       nobody else digs, stands on a walkable tile orthogonally beside it and works on it;
       after DIG_TICKS of work the tile is your floor (event `dug`). Work done stays on the
       mark when the digger is called away: the next one goes on from there. Drudgery's
       order: furniture builds 34, hauling 30/35, treasure 36, digging 39, mining 40.
DIG-03 A mark nobody can reach waits, and says so once (`dig_waiting`: where, how many
       marks, why): no minion is on Drudgery, or none can walk to a tile beside it. Marks
       touching (orthogonally) a mark that can be reached are not cut off: they open as
       the digging goes on (a room dug out of solid rock). Said again only after the mark
       was reachable in between.
DIG-04 Taking a mark back stops its digger; the work done is lost.
When the last marked tile is dug out: `digging_done` (x, y, entity: the last tile and its
digger), the job done that stops a skip ahead (pysim/core/skipping.py).

Job list: ["dig", key, phase, ticks this digger worked, x, y, work_x, work_y].
"""
import numpy as np

from pysim.core import commands, duties, reachability, systems, terrain
from pysim.doors import digging
from pysim.economy import econ_state as S

DIG_TICKS = 100            # 10 game minutes of digging a tile (half a metal's mining)
WAIT_CHECK_TICKS = 10      # a game minute between the checks for unreachable marks
ORTHO = ((0, -1), (-1, 0), (1, 0), (0, 1))     # N, W, E, S: the fixed order work tiles go in
REASON_MARKED = "That rock is already marked for digging."
REASON_NOT_MARKED = "That tile is not marked for digging."


def mark_at(st, x, y):
    """The mark [x, y, work] on (x, y), or None."""
    for m in st.digs:
        if m[0] == x and m[1] == y:
            return m
    return None


def work_tiles(game, x, y):
    """The walkable tiles orthogonally beside (x, y), N, W, E, S."""
    cost = game.grid.walk_cost()
    out = []
    for dx, dy in ORTHO:
        tx, ty = x + dx, y + dy
        if game.grid.in_bounds(tx, ty) and cost[ty, tx] > 0:
            out.append((tx, ty))
    return out


# -- commands -------------------------------------------------------------------------------

def _dig_check(game, cmd):
    r = commands.need_tile(game, cmd)
    if r:
        return r
    x, y = int(cmd["x"]), int(cmd["y"])
    if mark_at(S.state_of(game), x, y) is not None:
        return REASON_MARKED
    return digging.dig_reason(game, x, y)


def _dig(game, cmd):
    x, y = int(cmd["x"]), int(cmd["y"])
    st = S.state_of(game)
    st.digs.append([x, y, 0])
    st.changed()
    game.emit("dig_marked", x=x, y=y)


def _cancel_check(game, cmd):
    r = commands.need_tile(game, cmd)
    if r:
        return r
    if mark_at(S.state_of(game), int(cmd["x"]), int(cmd["y"])) is None:
        return REASON_NOT_MARKED
    return None


def _cancel(game, cmd):
    x, y = int(cmd["x"]), int(cmd["y"])
    st = S.state_of(game)
    st.digs.remove(mark_at(st, x, y))
    _forget_wait(st, x, y)
    st.changed()
    game.emit("dig_unmarked", x=x, y=y)


commands.command("dig", check=_dig_check, apply=_dig)
commands.command("cancel_dig", check=_cancel_check, apply=_cancel)


def _forget_wait(st, x, y):
    if [x, y] in st.waited_digs:
        st.waited_digs.remove([x, y])


# -- the job (DIG-02) ---------------------------------------------------------------------------

def provide_dig(game, e):
    st = S.state_of(game)
    if not st.digs:
        return False
    marks = [(m[0], m[1]) for m in st.digs]
    for x, y in S.free_nearest_first(game, e, marks, st.diggers, "dig"):
        for tile in work_tiles(game, x, y):
            if duties.go(game, e, tile):
                st.diggers[(x, y)] = e.id
                st.changed()
                e.job = ["dig", y * game.grid.width + x, 0, 0, x, y, tile[0], tile[1]]
                return True
    return False


def _release(game, e):
    st = S.state_of(game)
    S.let_go(st, st.diggers, e)


def run_dig(game, e):
    st = S.state_of(game)
    job = e.job
    x, y = job[4], job[5]
    m = mark_at(st, x, y)
    if m is None or int(game.grid.terrain[y, x]) not in (terrain.ROCK, terrain.WALL):
        if m is not None:
            st.digs.remove(m)      # opened some other way (a vein mined out beside it ...)
            st.changed()
        duties.drop_job(game, e)
        return
    if not duties.at_work(game, e, (job[6], job[7])):
        return
    job[3] += 1
    m[2] += 1
    st.changed()
    if m[2] < DIG_TICKS:
        return
    st.digs.remove(m)
    _forget_wait(st, x, y)
    duties.drop_job(game, e)
    digging.dig_out(game, x, y, e.id)
    if not st.digs:
        game.emit("digging_done", x=x, y=y, entity=e.id)   # the last mark: all dug out


duties.add_provider(duties.DRUDGERY, "dig", provide_dig, 39)
duties.add_job("dig", run_dig, _release)


# -- marks nobody can reach (DIG-03) ----------------------------------------------------------

def _walk_labels(game):
    """int32 [y, x] 4-connected components of the walkable tiles (0 = not walkable:
    pysim/core/reachability.py, where 4-connected is 8-way walking without corner
    cutting): the grid's shared labels, made once per grid version (derived, not state)."""
    g = game.grid
    return np.asarray(reachability.views(g).base_labels(),
                      dtype=np.int32).reshape(g.height, g.width)


def reachable_marks(game):
    """[x, y] of the marks some Drudgery minion can dig now or once the marks beside them
    are dug (DIG-03), in marking order."""
    st = S.state_of(game)
    diggers = duties.minions_on(game, duties.DRUDGERY)
    if not st.digs or not diggers:
        return []
    labels = _walk_labels(game)
    mine = {int(labels[e.y, e.x]): True for e in diggers if labels[e.y, e.x] > 0}
    marked = [(m[0], m[1]) for m in st.digs]
    todo = [t for t in marked
            if any(int(labels[ty, tx]) in mine for tx, ty in work_tiles(game, t[0], t[1]))]
    seen = {t: True for t in todo}
    index = {t: True for t in marked}
    while todo:
        x, y = todo.pop()
        for dx, dy in ORTHO:
            t = (x + dx, y + dy)
            if t in index and t not in seen:
                seen[t] = True
                todo.append(t)
    return [[t[0], t[1]] for t in marked if t in seen]


@systems.system("economy_dig_waiting", 471)
def check_waiting(game):
    if game.tick % WAIT_CHECK_TICKS:
        return
    st = S.state_of(game)
    if not st.digs:
        if st.waited_digs:
            st.waited_digs = []
        return
    reach = reachable_marks(game)
    kept = [w for w in st.waited_digs if w not in reach and mark_at(st, w[0], w[1])]
    if kept != st.waited_digs:
        st.waited_digs = kept
    new = [[m[0], m[1]] for m in st.digs
           if [m[0], m[1]] not in reach and [m[0], m[1]] not in st.waited_digs]
    if not new:
        return
    st.waited_digs.extend(new)
    st.changed()
    nobody = not duties.minions_on(game, duties.DRUDGERY)
    game.emit("dig_waiting", x=new[0][0], y=new[0][1], count=len(new),
              reason="no_drudgery" if nobody else "unreachable")


# -- front end ----------------------------------------------------------------------------------

def digging_now(game):
    """{(x, y): digger id} of the marks a digger works at now (beside the rock)."""
    st = S.state_of(game)
    w = game.grid.width
    out = {}
    for t, eid in st.diggers.items():
        if duties.job_at_work(game, eid, ("dig",), t[1] * w + t[0]) is not None:
            out[t] = eid
    return out


def _shown(game):
    """The dig marks with their work done, the marks said to wait and who digs now: the
    snapshot part's version (its rows are made again only when one of them moved)."""
    st = S.state_of(game)
    return (tuple([tuple(m) for m in st.digs]), tuple([tuple(w) for w in st.waited_digs]),
            tuple(sorted(digging_now(game).items())))


def _snapshot(game, snap):
    """dig_pos float32 (D,2) marked tiles, dig_work float32 (0..1 of the digging done),
    dig_waiting uint8 (1: said to wait, nobody can reach it), dig_worker int32 (the minion
    digging there now, -1: nobody)."""
    st = S.state_of(game)
    now = digging_now(game)
    snap["dig_pos"] = np.array([[m[0], m[1]] for m in st.digs],
                               dtype=np.float32).reshape(-1, 2)
    snap["dig_work"] = np.array([m[2] / float(DIG_TICKS) for m in st.digs], dtype=np.float32)
    snap["dig_waiting"] = np.array([1 if [m[0], m[1]] in st.waited_digs else 0
                                    for m in st.digs], dtype=np.uint8)
    snap["dig_worker"] = np.array([now.get((m[0], m[1]), -1) for m in st.digs],
                                  dtype=np.int32)


def _register_front():
    from pysim.core import snapshot
    snapshot.keyed_part(_shown)(_snapshot)


_register_front()
