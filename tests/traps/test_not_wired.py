"""A part not in a whole trap (TRAP-04): the snapshot's "not wired" flag (part_flags bit 6) on
built parts, what the part's panel says it still needs, and the Build Trap preview's warning
before a second mechanism goes beside a trigger that already works one (WIRE-02 ahead of
time). Coordinates are (column, row), 0-based."""
import pytest

from pysim.session import Session
from pysim.traps import trap_view
from trapkit import drag, make, part_at, refused

NOT_WIRED = 64


def flags_of(g, part):
    snap = {}
    trap_view._snapshot(g, snap)
    i = list(snap["part_id"]).index(part.id)
    return int(snap["part_flags"][i])


def session_on(g):
    s = Session.__new__(Session)
    s.game = g
    return s


@pytest.mark.rule("TRAP-04")
def test_a_lone_part_is_marked_not_wired_and_says_what_it_needs_until_wired():
    g = make(["##########",
              "#T..B..t.#",
              "#........#",
              "##########"])
    trip, blades, timer = part_at(g, 1, 1), part_at(g, 4, 1), part_at(g, 7, 1)
    s = session_on(g)
    for part, needs in ((trip, "needs a mechanism (or a door) wired to it"),
                        (blades, "needs a trigger wired to it"),
                        (timer, "needs a trigger and a mechanism wired to it")):
        d = s.describe_part(part.id)
        assert (d["wired"], d["needs"]) == (False, needs)
        assert flags_of(g, part) & NOT_WIRED
    assert not refused(drag(g, (1, 1), (4, 1)))
    for part in (trip, blades):
        d = s.describe_part(part.id)
        assert (d["wired"], d["needs"]) == (True, "")
        assert not flags_of(g, part) & NOT_WIRED
    # the timer wired after the blades: the trigger's network reaches it, so it is whole too
    assert not refused(drag(g, (4, 1), (4, 2), (7, 2), (7, 1)))
    assert s.describe_part(timer.id)["needs"] == ""
    assert not flags_of(g, timer) & NOT_WIRED


@pytest.mark.rule("TRAP-04")
def test_a_trigger_wired_to_a_door_is_whole_and_a_blueprint_is_never_marked():
    g = make(["#########",
              "#T..D...#",
              "#########"])
    trip = part_at(g, 1, 1)
    assert flags_of(g, trip) & NOT_WIRED
    assert not refused(drag(g, (1, 1), (4, 1)))
    assert not flags_of(g, trip) & NOT_WIRED
    g.command({"type": "place_part", "kind": "spinning_blades", "x": 6, "y": 1})
    g.step()
    bp = part_at(g, 6, 1)
    assert not bp.built
    assert not flags_of(g, bp) & NOT_WIRED                  # a blueprint: not built yet
    assert session_on(g).describe_part(bp.id)["needs"] == "needs a trigger wired to it"


# A tight corridor: a tripwire (2, 1) wired to blades (3, 1).
CORRIDOR = ["########",
            "#.TB...#",
            "########"]


@pytest.mark.rule("WIRE-02")
def test_the_build_preview_warns_before_a_second_mechanism_beside_a_trigger_that_has_one():
    g = make(CORRIDOR, wires=[[(2, 1), (3, 1)]])
    s = session_on(g)
    r = s.check({"type": "place_part", "kind": "dart_thrower", "x": 1, "y": 1})
    assert r == {"ok": True, "reason": "",
                 "note": "The trap of the tripwire beside it already has a mechanism (the "
                         "spinning blades): a second can't be wired to it."}
    # nothing beside, or a refused placement: no warning
    assert s.check({"type": "place_part", "kind": "dart_thrower", "x": 6,
                            "y": 1})["note"] == ""
    r = s.check({"type": "place_part", "kind": "dart_thrower", "x": 2, "y": 1})
    assert not r["ok"] and r["note"] == ""


@pytest.mark.rule("WIRE-02")
def test_the_build_preview_warns_before_a_second_trigger_beside_a_mechanism_that_has_one():
    g = make(["###########",
              "#T....B...#",
              "###########"], wires=[[(1, 1), (6, 1)]])
    r = session_on(g).check({"type": "place_part", "kind": "pressure_plate", "x": 7,
                                     "y": 1})
    assert r == {"ok": True, "reason": "",
                 "note": "The trap of the spinning blades beside it already has a trigger "
                         "(the tripwire): a second can't be wired to it."}


@pytest.mark.rule("WIRE-02")
def test_no_warning_while_a_trigger_beside_is_free():
    g = make(CORRIDOR)
    s = session_on(g)
    assert s.check({"type": "place_part", "kind": "dart_thrower", "x": 1,
                            "y": 1})["note"] == ""
    # the blades wired to the tripwire: the preview now warns beside it
    assert not refused(drag(g, (2, 1), (3, 1)))
    assert s.check({"type": "place_part", "kind": "dart_thrower", "x": 1,
                            "y": 1})["note"] != ""
