"""A party meets the same kind of trigger three times and gets better at
spotting it (SPOT-02 with LEARN-01..03 and CAUT-02, in play).

One peasant walks a hall past three tripwires, each wired to a dart thrower in the wall, far
enough apart that the next one comes into view only after the last went off. The spot rolls
are made to fail (so the party walks into each one and learns from it); what is checked is
what the rolls were made with: each meeting adds the learned tripwire bonus and the Cautious
bonus, so the chance to spot the third tripwire is higher than the first."""
import pytest

from pysim.adventurers import caution, learning, mind_hooks, spotting
from pysim.core import dice
from pysim.traps import trap_parts as tp

from mindkit import advs, make

HALL = ["#xWxxxxxxxWxxxxxxxWxxxxxx#",
        "1.T.......T.......T......S",
        "##########################"]
WIRES = [((2, 1), (2, 0)), ((10, 1), (10, 0)), ((18, 1), (18, 0))]


@pytest.mark.rule("SPOT-02")
@pytest.mark.rule("LEARN-02")
@pytest.mark.rule("LEARN-03")
def test_a_party_gets_better_at_spotting_a_kind_it_keeps_meeting(monkeypatch):
    g = make(HALL, wires=WIRES, legend={"x": "wall"})
    peasant = advs(g)[0]
    spot_rng = g.rng.stream("spotting")
    real = dice.opposed_roll
    totals = []

    def roll(rng, actor, opponent):
        if rng is spot_rng:                      # a spot roll: note it, and let it fail
            totals.append(actor)
            return dice.FAILURE, -1
        return real(rng, actor, opponent)
    monkeypatch.setattr(dice, "opposed_roll", roll)
    triggered = 0
    for _ in range(3000):
        g.step()
        triggered += sum(1 for e in g.take_events() if e["type"] == "trap_triggered")
        if triggered == 3:
            break
    assert triggered == 3 and len(totals) == 3, (triggered, totals)
    # each meeting made the next roll better: learned +1 each time (to +2) and Cautious
    assert totals[0] < totals[1] < totals[2]
    # after the third: the learned tripwire bonus is at its cap, and it is in the spot bonus
    assert learning.spot_learned(peasant, tp.TRIPWIRE) == 2
    assert mind_hooks.spot_bonus(g, peasant, tp.TRIPWIRE) == 2 + caution.caution_bonus(g, peasant)
    hunt = totals[0]
    chances = [spotting.spot_chance(hunt, False, 255, t - hunt) for t in totals]
    assert chances[0] < chances[1] < chances[2]
