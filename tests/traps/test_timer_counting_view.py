"""A started timer counts down before it needs its reset in the player's eyes (it was
"Needs a reset" was shown while the timer was counting). The rule is unchanged (RESET-01: a
started timer needs a reset); the panel and the map say "counting down" until it fires."""
import pytest

from pysim.core import entities as E
from pysim.traps import trap_view
from trapkit import make, of_type, part_at, run

TRAP = ["############",
        "#p...t....B#",
        "#..........#",
        "############"]
WIRES = [((1, 1), (5, 1)), ((5, 1), (10, 1))]


@pytest.mark.rule("RESET-01")
def test_a_counting_timer_shows_counting_then_needs_a_reset():
    g = make(TRAP, wires=WIRES)
    timer = part_at(g, 5, 1)
    timer.delay = 300
    g.spawn(E.ADVENTURER, 1, 1)
    ev = run(g, 20)
    assert of_type(ev, "timer_started")
    d = trap_view.describe_part(g, timer.id)
    assert d["state"] == "counting" and 0 < d["fires_in"] <= 300
    assert timer.needs_reset                     # the rule: a started timer needs a reset
    snap = {}
    trap_view._snapshot(g, snap)
    row = list(snap["part_id"]).index(timer.id)
    assert snap["part_flags"][row] & 32
    run(g, 300)
    d = trap_view.describe_part(g, timer.id)
    assert d["state"] == "needs_reset" and "fires_in" not in d
    snap = {}
    trap_view._snapshot(g, snap)
    assert not snap["part_flags"][row] & 32
