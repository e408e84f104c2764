"""The treasury: where the dungeon keeps its treasure piles (TREAS-01..03; decisions in
docs/rules/economy.md).

TREAS-01 A treasury is furniture (kind `treasury`, TREASURY_COST metal: an iron-bound
         chest), built in place like any piece (FURN-01/02); the level thing `treasury`
         places a built one. It holds any amount: the treasure on its tile is one pile.
TREAS-02 Treasure lying anywhere else is loose: a minion on Drudgery with no furniture to
         build or haul for (order 36: before digging and mining) walks to the nearest loose
         pile nobody else is fetching, picks up CARRY_TREASURE at most and carries it to
         the treasury nearest the pile (event treasure_stored). Loose treasure is what
         levels lay down and what a fallen thief drops (treasure.py): it goes back.
         A carrier knocked out, killed or called away drops what it carries on its tile
         (treasure_dropped), loose again.
TREAS-03 Thieves are not told where the treasury is: every treasure-seeking adventurer
         still goes for the nearest pile (GOAL-01/03, pysim/adventurers/goals.py). Once
         the treasure is kept in the treasury that is where they go, so where the player
         builds it (behind which traps and doors) decides the thieves' road.

Job list: ["treasure_haul", key, phase (0 to the pile, 1 to the treasury), amount carried,
pile_x, pile_y, treasury_x, treasury_y].
"""
from pysim.adventurers import treasure
from pysim.core import duties, level
from pysim.economy import econ_state as S, furniture

TREASURY_COST = 2
CARRY_TREASURE = 5


def treasuries(game):
    """(x, y) of the built treasuries, in building order."""
    return [(t[0], t[1]) for t in S.state_of(game).treasuries]


def _place(game, x, y):
    S.state_of(game).treasuries.append([int(x), int(y)])
    S.state_of(game).changed()


furniture.add_kind("treasury", TREASURY_COST, "Treasury",
                   "Where treasure is kept: Drudgery minions carry loose treasure here, and "
                   "thieves come for it here.", _place, treasuries)


def _level_thing(game, x, y, arg):
    _place(game, x, y)


level.THINGS["treasury"] = _level_thing
level.catalog("treasury", "A built treasury: loose treasure is carried here.", level.FURNITURE)


def loose_piles(game):
    """[(x, y)] of the piles not on a treasury tile, sorted by row then column."""
    st = treasure.state_of(game)
    if st is None or not st.piles:
        return []
    keep = treasuries(game)
    return sorted((t for t in st.piles if t not in keep), key=lambda t: (t[1], t[0]))


def provide_haul(game, e):
    keep = treasuries(game)
    if not keep:
        return False
    st = S.state_of(game)
    for pile in S.free_nearest_first(game, e, loose_piles(game), st.treasure_haulers,
                                     "treasure_haul"):
        if not duties.go(game, e, pile):
            continue
        to = min(keep, key=lambda t: (duties.octile(pile[0], pile[1], t[0], t[1]), t[1], t[0]))
        st.treasure_haulers[pile] = e.id
        st.changed()
        e.job = ["treasure_haul", pile[1] * game.grid.width + pile[0], 0, 0, pile[0], pile[1],
                 to[0], to[1]]
        return True
    return False


def _pick_up(game, e, job):
    st = treasure.state_of(game)
    pile = (job[4], job[5])
    n = min(st.piles.get(pile, 0) if st is not None else 0, CARRY_TREASURE)
    if n <= 0:
        return False
    left = st.piles[pile] - n
    if left > 0:
        st.piles[pile] = left
    else:
        del st.piles[pile]
    job[3] = n
    job[2] = 1
    return True


def run_haul(game, e):
    job = e.job
    if job[2] == 0:
        if duties.arrived(e, (job[4], job[5])):
            if not _pick_up(game, e, job) or not duties.plan(game, e, (job[6], job[7])):
                duties.drop_job(game, e)
        elif e.step_len == 0 and e.path is None and not duties.plan(game, e, (job[4], job[5])):
            duties.drop_job(game, e)
        return
    to = (job[6], job[7])
    if to not in treasuries(game):
        duties.drop_job(game, e)
        return
    if duties.arrived(e, to):
        n = job[3]
        job[3] = 0
        treasure.add_pile(game, to[0], to[1], n)
        game.emit("treasure_stored", entity=e.id, amount=n, x=to[0], y=to[1])
        duties.drop_job(game, e)
    elif e.step_len == 0 and e.path is None and not duties.plan(game, e, to):
        duties.drop_job(game, e)


def _release(game, e):
    job = e.job
    st = S.state_of(game)
    S.let_go(st, st.treasure_haulers, e)
    if job[3] > 0:
        n = job[3]
        job[3] = 0
        treasure.add_pile(game, e.x, e.y, n)
        game.emit("treasure_dropped", entity=e.id, amount=n, x=e.x, y=e.y)


duties.add_provider(duties.DRUDGERY, "treasure_haul", provide_haul, 36)
duties.add_job("treasure_haul", run_haul, _release)
