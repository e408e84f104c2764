"""Runners (KO-01: up but unable to fight) and invasions: a runner next to a map-edge portal
slips out, and a party whose members are all down or running is over (decided in
docs/rules/invasions.md: a runner cornered at the entry held every later invasion back)."""
import pytest

from invkit import small_game
from pysim.combat import fighter as F, wounds as W
from pysim.core import entities as E
from pysim.invasions import scheduler as SCH


def runner(g, x, y):
    e = g.spawn(E.ADVENTURER, x, y, subtype="warrior:1")
    e.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False) for _ in range(3)]
    assert F.unable_to_fight(e)
    return e


@pytest.mark.rule("KO-01")
def test_a_runner_next_to_the_portal_slips_out():
    g = small_game()
    e = runner(g, 1, 1)
    far = runner(g, 5, 2)
    g.run(20)
    evs = g.take_events()
    assert [v["entity"] for v in evs if v["type"] == "adventurer_escaped"] == [e.id]
    assert e.id not in g.entities and far.id in g.entities


@pytest.mark.rule("INV-02")
def test_an_invasion_of_runners_is_over():
    g = small_game()
    g.command({"type": "send_invasion"})
    g.step()
    st = SCH.state_of(g)
    assert st.phase == SCH.UNDERWAY
    members = list(st.members)
    for eid in members:
        m = g.entities[eid]
        m.x, m.y = 6, 2
        m.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False) for _ in range(3)]
    g.run(2)
    ended = [v for v in g.take_events() if v["type"] == "invasion_ended"]
    assert ended and ended[0]["knocked_out"] == len(members) and ended[0]["gone"] == 0
    assert st.phase == SCH.WAITING
