"""Moving a trap part takes its wire ends along (BUILD-02 with WIRE-01/02): the wires
that ended on the part are cut, each with a `wire_cut` event the player reads; a wire never
runs to where a part used to be. Decision: docs/rules/traps.md (Building in place)."""
import pytest

from pysim.core import entities as E
from pysim.traps import trap_parts as tp
from trapkit import drag, find, make, of_type, part_at, run, st

ROWS = ["############",
        "#p....B....#",
        "#..........#",
        "#..........#",
        "############"]


def _wire_ends(g):
    return sorted(t for w in st(g).wires.wires.values() for t in (w.tiles[0], w.tiles[-1]))


def _move(g, part, x, y):
    g.command({"type": "move_part", "part": part.id, "x": x, "y": y})
    return run(g, 1)


@pytest.mark.rule("BUILD-02")
@pytest.mark.rule("WIRE-01")
def test_moved_mechanism_cuts_its_wire_and_the_trap_is_dead_until_rewired():
    g = make(ROWS, wires=[((1, 1), (6, 1))])
    blades = part_at(g, 6, 1)
    ev = _move(g, blades, 6, 3)
    moved, cut = of_type(ev, "part_moved"), of_type(ev, "wire_cut")
    assert moved and (blades.x, blades.y) == (6, 3)
    assert cut == [{"type": "wire_cut", "tick": moved[0]["tick"], "wire": 1,
                    "part": blades.id, "kind": tp.SPINNING_BLADES}]
    assert ev.index(moved[0]) < ev.index(cut[0])       # "moved", then what it cost
    assert not st(g).wires.wires and (6, 1) not in _wire_ends(g)
    a = g.spawn(E.ADVENTURER, 1, 1)                    # nothing wired: the plate does nothing
    ev = run(g, 5)
    assert not of_type(ev, "trap_triggered") and not of_type(ev, "mechanism_fired")
    a.x, a.y = 10, 3
    ev = drag(g, (1, 1), (1, 3), (6, 3))               # wired again at its new place
    assert of_type(ev, "wired")
    a.x, a.y = 1, 1
    assert of_type(run(g, 5), "mechanism_fired")


@pytest.mark.rule("BUILD-02")
@pytest.mark.rule("WIRE-04")
def test_moved_timer_cuts_both_its_wires_and_a_passing_wire_stays():
    rows = ["############",
            "#p...t....B#",
            "#..........#",
            "#.......L..#",
            "#...b......#",
            "############"]
    g = make(rows, legend={"L": "floor trap:lever", "b": "floor trap:electric_coil"},
             wires=[((1, 1), (5, 1)), ((5, 1), (10, 1)), ((8, 3), (4, 3), (4, 4))])
    timer = find(g, tp.TIMER)[0]
    # the lever's wire runs past (5, 3) without ending there: moving the timer onto that
    # tile connects nothing and cuts nothing of it
    ev = _move(g, timer, 5, 3)
    assert (timer.x, timer.y) == (5, 3)
    assert sorted(e["wire"] for e in of_type(ev, "wire_cut")) == [1, 2]
    assert sorted(st(g).wires.wires) == [3]
    assert _wire_ends(g) == [(4, 4), (8, 3)]
    g.spawn(E.ADVENTURER, 1, 1)
    ev = run(g, 60)
    assert not of_type(ev, "timer_started") and not of_type(ev, "mechanism_fired")


@pytest.mark.rule("BUILD-02")
def test_moved_part_connects_to_a_wire_end_at_its_new_tile():
    # a loose wire end waits at (6, 3); the blades move onto it and the plate works them
    g = make(ROWS, wires=[((1, 1), (1, 3), (6, 3))])
    blades = part_at(g, 6, 1)
    ev = _move(g, blades, 6, 3)
    assert of_type(ev, "part_moved") and not of_type(ev, "wire_cut")
    g.spawn(E.ADVENTURER, 1, 1)
    assert of_type(run(g, 5), "mechanism_fired")
