"""KNOW-01..04 in play: who learns where a trigger is (docs/rules/adventurers.md,
"Knowledge"). The plate at p is wired to the dart thrower W in the wall above it."""
import pytest

from pysim.adventurers import knowledge as K
from pysim.core import entities as E, game as G
from trapkit import of_type, run

from mindkit import advs, at, blind, find, known, make, still

# a walker (party 1) at (2,2) walks onto the plate at (4,2) toward the sanctum; the others
# stand: (14,2) 10 tiles from the plate (party 2), (15,2) 11 tiles (party 1, the walker's
# own), (13,4) 9 tiles (party 3, knocked out in the test)
def _row(width, marks, edge="#"):
    row = ["."] * width
    row[0] = "#"
    row[-1] = edge
    for x, ch in marks.items():
        row[x] = ch
    return "".join(row)


ROOM = ["#" * 20,
        _row(20, {4: "W"}, "#"),
        _row(20, {2: "1", 4: "p", 14: "2", 15: "1"}, "S"),
        _row(20, {}),
        _row(20, {13: "3"}),
        "#" * 20]


def _room():
    g = make(ROOM, wires=[((4, 2), (4, 1))])
    walker = at(g, 2, 2)
    others = [e for e in advs(g) if e is not walker]
    blind(*advs(g))
    still(*others)
    return g, walker, others


@pytest.mark.rule("KNOW-01")
@pytest.mark.rule("KNOW-02")
def test_a_trap_set_off_teaches_the_conscious_within_ten_tiles_of_any_party():
    g, walker, _ = _room()
    near, far, out = at(g, 14, 2), at(g, 15, 2), at(g, 13, 4)
    out.state = E.KNOCKED_OUT
    plate = find(g, "pressure_plate")[0]
    evs = run(g, 60)
    trig = of_type(evs, "trap_triggered")
    assert trig and trig[0]["who"] == walker.id
    assert known(g, walker) == [plate.id]           # the one who set it off
    assert known(g, near) == [plate.id]             # 10 tiles away, another party
    assert known(g, far) == []                      # 11 tiles: the walker's party, no matter
    assert known(g, out) == []                      # knocked out: learns nothing
    learned = sorted(e["entity"] for e in of_type(evs, "trap_learned"))
    assert learned == sorted([walker.id, near.id])
    assert all(e["how"] == "triggered" and e["part"] == plate.id
               for e in of_type(evs, "trap_learned"))


@pytest.mark.rule("KNOW-01")
def test_knowledge_is_kept_per_adventurer_in_the_hashed_state():
    g, walker, _ = _room()
    before = g.state_hash()
    run(g, 60)
    ks = K.state_of(g)
    assert isinstance(ks.known[walker.id], dict)
    assert all(isinstance(k, int) for k in ks.known)
    g2, _, _ = _room()
    run(g2, 60)
    assert g.state_hash() == g2.state_hash() != before
    # what it knew goes with an adventurer who leaves the map
    del g.entities[walker.id]
    run(g, 1)
    assert walker.id not in K.state_of(g).known


@pytest.mark.rule("KNOW-03")
def test_a_spot_teaches_the_conscious_within_ten_tiles_of_the_spotter():
    rows = ["################",
            "#.....W........#",
            "#.1...p.....2.3#",
            "#..............#",
            "################"]
    g = make(rows, wires=[((6, 2), (6, 1))])
    spotter, near, far = at(g, 2, 2), at(g, 12, 2), at(g, 14, 2)
    still(*advs(g))
    blind(near, far)
    spotter.fighter.stats.hunt = 100
    plate = find(g, "pressure_plate")[0]
    evs = run(g, 10)
    spots = of_type(evs, "trap_spotted")
    assert [(s["entity"], s["part"]) for s in spots] == [(spotter.id, plate.id)]
    assert known(g, spotter) == [plate.id]
    assert known(g, near) == [plate.id]        # 10 tiles from the spotter, 6 from the plate
    assert known(g, far) == []                 # 12 tiles from the spotter
    assert {e["how"] for e in of_type(evs, "trap_learned")} == {"spotted"}


# the rogue (party 1) at (2,2); plate 7 tiles east (9,2), sensor 8 tiles away (10,6); a
# party-1 peasant far away at (20,2) and a party-2 peasant beside the rogue at (3,3)
DETECT = ["#" * 24,
          _row(24, {9: "W"}),
          _row(24, {2: "r", 9: "p", 20: "1"}),
          _row(24, {3: "2"}),
          _row(24, {}),
          _row(24, {}),
          _row(24, {10: "s"}),
          "#" * 24]


@pytest.mark.rule("KNOW-04")
def test_detect_traps_shows_the_triggers_within_seven_tiles_to_the_whole_party():
    g = make(DETECT, wires=[((9, 2), (9, 1))])
    rogue, mate, stranger = at(g, 2, 2), at(g, 20, 2), at(g, 3, 3)
    still(*advs(g))
    blind(*advs(g))
    plate = find(g, "pressure_plate")[0]
    evs = run(g, 2)
    det = of_type(evs, "detect_traps")
    assert [(d["entity"], d["parts"]) for d in det] == [(rogue.id, [plate.id])]
    assert known(g, rogue) == [plate.id]
    assert known(g, mate) == [plate.id]        # 18 tiles away: the whole party
    assert known(g, stranger) == []            # beside the rogue, another party
    assert {e["how"] for e in of_type(evs, "trap_learned")} == {"detected"}


@pytest.mark.rule("KNOW-04")
def test_detect_traps_is_used_again_after_its_cooldown_while_conscious():
    g = make(DETECT, wires=[((9, 2), (9, 1))])
    rogue = at(g, 2, 2)
    still(*advs(g))
    blind(*advs(g))
    sensor = find(g, "sensor")[0]
    evs = run(g, 300 - 1)
    assert len(of_type(evs, "detect_traps")) == 1
    rogue.x = 3                                    # now the sensor is 7 tiles away
    evs = run(g, 2)
    det = of_type(evs, "detect_traps")
    assert len(det) == 1 and det[0]["tick"] == 300 and sensor.id in det[0]["parts"]
    rogue.state = E.KNOCKED_OUT
    assert of_type(run(g, 300 + 1), "detect_traps") == []


@pytest.mark.rule("KNOW-04")
def test_a_peasant_has_no_detect_traps():
    g = make([r.replace("r", "1") for r in DETECT], wires=[((9, 2), (9, 1))])
    still(*advs(g))
    blind(*advs(g))
    assert of_type(run(g, 5), "detect_traps") == []
