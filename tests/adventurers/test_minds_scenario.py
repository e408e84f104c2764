"""A party meets triggers it has learned to see (KNOW-02..05, SPOT-01): a Rogue's Detect Traps
shows the first plate (the party walks around it), a keen eye spots the tripwire (stepped
over) and the last plate on the only way (disarmed), and nobody sets anything off. The same
dungeon walked by a party that learns nothing sets off the first plate."""
import pytest

from pysim.adventurers import knowledge as K
from trapkit import of_type, run

from mindkit import advs, blind, find, keen, known, make

# rows 1 and 3 meet at x=1 and x=16; from x=17 the corridor is the only way
MAP = ["############################",
       "#................###########",
       "#.####W####W####.##W###W####",
       "#.r14..p..........T...p..S.#",
       "############################"]
WIRES = [((7, 3), (6, 3), (6, 2)), ((18, 3), (19, 3), (19, 2)), ((22, 3), (23, 3), (23, 2))]


@pytest.mark.rule("KNOW-04")
@pytest.mark.rule("KNOW-05")
@pytest.mark.rule("SPOT-01")
def test_a_party_walks_around_steps_over_and_disarms_what_it_learned_to_see():
    g = make(MAP, wires=WIRES, seed=4)
    rogue = advs(g)[0]
    keen(rogue)
    blind(*advs(g)[1:])
    evs = run(g, 1500)
    plates = find(g, "pressure_plate")
    wire = find(g, "tripwire")[0]
    assert of_type(evs, "trap_triggered") == []
    assert [d["parts"] for d in of_type(evs, "detect_traps")][0] == [plates[0].id]
    assert sorted(s["part"] for s in of_type(evs, "trap_spotted")) == \
        sorted([wire.id, plates[1].id])
    assert [d["part"] for d in of_type(evs, "disarm_succeeded")] == [plates[1].id]
    for e in advs(g):
        assert known(g, e) == sorted([plates[0].id, plates[1].id, wire.id])
        assert e.x > 22                                        # all past the last plate
    assert (rogue.x, rogue.y) == (25, 3)


@pytest.mark.rule("KNOW-02")
def test_the_same_dungeon_walked_by_a_party_that_learns_nothing():
    rows = [r.replace("r", "1") for r in MAP]
    g = make(rows, wires=WIRES, seed=4)
    blind(*advs(g))
    evs = run(g, 1500)
    trig = of_type(evs, "trap_triggered")
    assert trig and trig[0]["part"] == find(g, "pressure_plate")[0].id
    assert K.state_of(g).known                               # ... and learned it so
