"""Metal veins and mining (MINE-01..04).

MINE-01 Metal comes from veins: rock tiles holding N metal (level thing `vein:N`, on rock
        or wall, never on the map edge). Nothing else makes metal; levels may still lay
        ready stock piles (`metal:N`).
MINE-02 The player marks a vein for mining ({"type": "mine", "x", "y"}; {"type":
        "stop_mine", ...} takes the mark off). A minion on Drudgery duty with nothing to
        haul walks to the marked vein (nearest first; one miner per vein), stands on a
        walkable tile beside it (orthogonal, so never through a corner) and works
        MINE_TICKS for each metal.
MINE-03 Each mined metal is put on a stock pile on the miner's tile, beside the vein (the
        dungeon's stockpile grows at the rock face); haulers take it from there to the
        blueprints like any pile. After each metal the miner looks for work again, so
        hauling comes before mining (Drudgery's order: haul 30, mine 40).
MINE-04 A vein mined out becomes your floor (it opens the rock: the walking path can only
        grow). Digging a vein is refused (it would waste the metal: mark it instead).

Events: vein_marked, vein_unmarked, metal_mined (x, y of the vein, entity, left),
vein_exhausted. Job list: ["mine", key, phase, ticks_worked, vein_x, vein_y].
"""
from pysim.core import commands, duties, level, terrain
from pysim.economy import econ_state as S

MINE_TICKS = 200            # 20 game minutes of work per metal
MAX_VEIN = 1000
REASON_NO_VEIN = "There is no metal vein there."
REASON_DIG_VEIN = "That rock holds a metal vein: mark it for mining instead."


def vein_arg(arg):
    """The metal a `vein:N` holds (10 when left out)."""
    text = arg or "10"
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_VEIN:
        raise ValueError("vein:N needs a whole number from 1 to %d" % MAX_VEIN)
    return int(text)


def _vein_thing(game, x, y, arg):
    metal = vein_arg(arg)
    g = game.grid
    if int(g.terrain[y, x]) not in (terrain.ROCK, terrain.WALL):
        raise ValueError("a vein must be in rock or a wall")
    if g.on_edge(x, y):
        raise ValueError("a vein can't be on the map edge")
    S.state_of(game).veins[(x, y)] = metal


level.THINGS["vein"] = _vein_thing
level.catalog("vein", "A metal vein in rock or a wall, not on the map edge (10 metal when "
              "left out).", level.GROUND, ("10",), "N: metal, a whole number from 1 to %d"
              % MAX_VEIN, check=vein_arg)


def work_tile(game, x, y):
    """The walkable tile beside the vein a miner stands on: orthogonal neighbours only,
    nearest to nothing in particular, so by fixed order (N, W, E, S); None if none."""
    cost = game.grid.walk_cost()
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        tx, ty = x + dx, y + dy
        if game.grid.in_bounds(tx, ty) and cost[ty, tx] > 0:
            return (tx, ty)
    return None


# -- commands -------------------------------------------------------------------------------

def _marked(st, x, y):
    return [x, y] in st.marked


def _mine_reason(game, cmd):
    r = commands.need_tile(game, cmd)
    if r:
        return r
    x, y = int(cmd["x"]), int(cmd["y"])
    st = S.state_of(game)
    if st.veins.get((x, y), 0) <= 0:
        return REASON_NO_VEIN
    if _marked(st, x, y):
        return "That vein is already marked for mining."
    if work_tile(game, x, y) is None:
        return "Nobody can stand beside that vein: dig next to it first."
    return None


def _stop_reason(game, cmd):
    r = commands.need_tile(game, cmd)
    if r:
        return r
    if not _marked(S.state_of(game), int(cmd["x"]), int(cmd["y"])):
        return "That vein is not marked for mining."
    return None


def _mine(game, cmd):
    x, y = int(cmd["x"]), int(cmd["y"])
    st = S.state_of(game)
    st.marked.append([x, y])
    st.changed()
    game.emit("vein_marked", x=x, y=y, metal=st.veins[(x, y)])


def _stop(game, cmd):
    x, y = int(cmd["x"]), int(cmd["y"])
    st = S.state_of(game)
    st.marked.remove([x, y])
    st.changed()
    game.emit("vein_unmarked", x=x, y=y)


commands.command("mine", check=_mine_reason, apply=_mine)
commands.command("stop_mine", check=_stop_reason, apply=_stop)


# -- the job ----------------------------------------------------------------------------------

def provide_mine(game, e):
    st = S.state_of(game)
    if not st.marked:
        return False
    for x, y in S.free_nearest_first(game, e, st.marked, st.miners, "mine"):
        tile = work_tile(game, x, y)
        if tile is None or not duties.go(game, e, tile):
            continue
        st.miners[(x, y)] = e.id
        st.changed()
        e.job = ["mine", y * game.grid.width + x, 0, 0, x, y]
        return True
    return False


def _release(game, e):
    st = S.state_of(game)
    S.let_go(st, st.miners, e)


def _exhaust(game, st, x, y):
    del st.veins[(x, y)]
    if [x, y] in st.marked:
        st.marked.remove([x, y])
    g = game.grid
    g.terrain[y, x] = terrain.FLOOR
    g.domain[y, x] = 1
    g.changed()
    game.emit("vein_exhausted", x=x, y=y)


def run_mine(game, e):
    st = S.state_of(game)
    job = e.job
    x, y = job[4], job[5]
    if st.veins.get((x, y), 0) <= 0 or not _marked(st, x, y):
        duties.drop_job(game, e)
        return
    tile = work_tile(game, x, y)
    if not duties.at_work(game, e, tile):
        return
    job[3] += 1
    if job[3] < MINE_TICKS:
        return
    left = st.veins[(x, y)] - 1
    st.veins[(x, y)] = left
    pile = (e.x, e.y)
    piles = S.stock(game)
    piles[pile] = piles.get(pile, 0) + 1
    game.areas["traps"].changed()
    game.emit("metal_mined", x=x, y=y, entity=e.id, left=left, pile_x=pile[0], pile_y=pile[1])
    duties.drop_job(game, e)
    if left <= 0:
        _exhaust(game, st, x, y)
    st.changed()


duties.add_provider(duties.DRUDGERY, "mine", provide_mine, 40)
duties.add_job("mine", run_mine, _release)


# -- front end ----------------------------------------------------------------------------------

def mining_now(game):
    """{(x, y): (miner id, ticks worked on this metal)} of the veins a miner works at now
    (standing at the rock face: work in progress)."""
    st = S.state_of(game)
    out = {}
    for t, eid in st.miners.items():
        job = duties.job_at_work(game, eid, ("mine",), t[1] * game.grid.width + t[0])
        if job is not None and (job[4], job[5]) == t:
            out[t] = (eid, job[3])
    return out


def _shown(game):
    """The veins, the marks, the metal in stock and the mining going on: the snapshot
    part's version (its rows are made again only when one of them moved)."""
    st = S.state_of(game)
    return (tuple(st.veins.items()), tuple([tuple(m) for m in st.marked]),
            S.metal_total(game), tuple(sorted(mining_now(game).items())))


def vein_words(metal, marked):
    """A vein in the player's words (the map's hover tip): "Metal vein (7 metal left)"."""
    return "Metal vein (%d metal left)%s" % (metal, ", marked for mining" if marked else "")


def _snapshot(game, snap):
    """vein_pos float32 (V,2), vein_metal int32, vein_marked uint8 (1 marked for mining),
    vein_work float32 (0..1 of the metal being mined now), vein_worker int32 (the miner at
    work there, -1: nobody), vein_words [str] (vein_words: the hover tip's line); metal_total
    int (metal in all stock piles: the top bar's counter)."""
    import numpy as np
    st = S.state_of(game)
    veins = sorted(st.veins.items())
    now = mining_now(game)
    snap["vein_pos"] = np.array([list(t) for t, _ in veins], dtype=np.float32).reshape(-1, 2)
    snap["vein_metal"] = np.array([n for _, n in veins], dtype=np.int32)
    snap["vein_marked"] = np.array([1 if _marked(st, t[0], t[1]) else 0 for t, _ in veins],
                                   dtype=np.uint8)
    snap["vein_work"] = np.array([now[t][1] / float(MINE_TICKS) if t in now else 0.0
                                  for t, _ in veins], dtype=np.float32)
    snap["vein_worker"] = np.array([now[t][0] if t in now else -1 for t, _ in veins],
                                   dtype=np.int32)
    snap["vein_words"] = [vein_words(n, _marked(st, t[0], t[1])) for t, n in veins]
    snap["metal_total"] = S.metal_total(game)


def _register_front():
    from pysim.core import snapshot
    snapshot.keyed_part(_shown)(_snapshot)


_register_front()
