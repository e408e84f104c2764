"""TREAS-01..03 in play: a treasury built from metal, loose treasure carried to it by
Drudgery minions, dropped when the carrier falls, thieves going for the pile kept there."""
import pytest

from pysim.adventurers import treasure
from pysim.combat import knockouts
from pysim.economy import furniture, treasury

from doorkit import cmd, of, refused, run
from trapkit import make

LEGEND = {"$": "floor treasure:12", "Y": "floor treasury", "k": "floor minion"}

ROWS = [
    "##########",
    "#u......$#",
    "#........#",
    "P...S....#",
    "##########",
]


def piles(g):
    st = treasure.state_of(g)
    return dict(st.piles) if st is not None else {}


@pytest.mark.rule("TREAS-01")
def test_a_treasury_is_built_from_metal_in_place():
    g = make(["##########", "#u.M....$#", "#........#", "P...S....#", "##########"],
             legend=LEGEND)
    assert "treasury" in furniture.KIND_ORDER
    assert furniture.KINDS["treasury"].cost == 2                  # an iron-bound chest
    evs = cmd(g, {"type": "build_furniture", "kind": "treasury", "x": 2, "y": 2})
    assert not refused(evs) and of(evs, "furniture_placed")
    evs = run(g, 600)
    built = of(evs, "furniture_built")
    assert built and built[0]["kind"] == "treasury"
    assert treasury.treasuries(g) == [(2, 2)]


@pytest.mark.rule("TREAS-02")
def test_loose_treasure_is_carried_to_the_treasury_five_at_a_time():
    g = make(ROWS, legend=dict(LEGEND, Y="floor treasury"),
             extra="")
    assert not treasury.treasuries(g)
    evs = run(g, 600)
    assert not of(evs, "treasure_stored")            # no treasury: the pile stays
    assert piles(g) == {(8, 1): 12}
    g = make([r.replace("#u.", "#uY") if i == 1 else r for i, r in enumerate(ROWS)],
             legend=LEGEND)
    evs = run(g, 1200)
    stored = of(evs, "treasure_stored")
    assert [ev["amount"] for ev in stored] == [5, 5, 2]
    assert all((ev["x"], ev["y"]) == (2, 1) for ev in stored)
    assert piles(g) == {(2, 1): 12}                  # all of it kept in the treasury
    assert not of(run(g, 300), "treasure_stored")    # treasure in the treasury stays


@pytest.mark.rule("TREAS-02")
def test_loose_treasure_goes_to_the_treasury_nearest_the_pile_not_the_first_built():
    """Two treasuries: the first built (north-west, where the minion stands) far from the
    pile, the second next to it: the pile is carried to the second, nearest it."""
    rows = ["##########",
            "#uY.....$#",
            "#........#",
            "P...S..Y.#",
            "##########"]
    g = make(rows, legend=LEGEND)
    assert treasury.treasuries(g) == [(2, 1), (7, 3)]         # in building order
    evs = run(g, 1200)
    stored = of(evs, "treasure_stored")
    assert [ev["amount"] for ev in stored] == [5, 5, 2]
    assert all((ev["x"], ev["y"]) == (7, 3) for ev in stored)
    assert piles(g) == {(7, 3): 12}


@pytest.mark.rule("TREAS-02")
def test_a_carrier_knocked_out_drops_the_treasure_and_it_is_fetched_again():
    rows = [r.replace("#u.", "#uY") if i == 1 else r for i, r in enumerate(ROWS)]
    g = make(rows, legend=LEGEND)
    m = [e for e in g.entities.values() if e.kind == 0][0]
    for _ in range(400):
        run(g, 1)
        if m.job is not None and m.job[0] == "treasure_haul" and m.job[2] == 1 \
                and m.x < 6:
            break       # on its way to the treasury with a load
    assert m.job[3] == 5
    knockouts.knock_out(g, m)
    evs = run(g, 2)
    drop = of(evs, "treasure_dropped")
    assert drop and drop[0]["amount"] == 5 and drop[0]["entity"] == m.id
    assert piles(g)[(m.x, m.y)] == 5 and piles(g)[(8, 1)] == 7
    assert sum(piles(g).values()) == 12              # nothing lost, nothing made
    knockouts.wake(g, m)                             # back on its feet: it fetches it
    run(g, 1500)
    assert piles(g) == {(2, 1): 12}


@pytest.mark.rule("TREAS-03")
def test_a_thief_goes_for_the_treasure_kept_in_the_treasury():
    rows = [r.replace("#u.", "#uY") if i == 1 else r for i, r in enumerate(ROWS)]
    g = make(rows, legend=LEGEND)
    run(g, 1200)
    assert piles(g) == {(2, 1): 12}
    assert treasure.nearest_pile(g, 9, 3) == (2, 1)  # the only pile: the treasury's
