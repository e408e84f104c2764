"""DICE-03 in a fight where fighters are knocked out, wake and are handled: the same seed and
the same commands give the same state hash every tick."""
import pytest

from pysim.core import entities as E

from combat_helpers import level

ARENA = ["##############",
         "#............#",
         "#.mmm....AA..#",
         "#.mmm....AA..#",
         "#.mm.........#",
         "#............#",
         "##############"]


def _play(seed, ticks=600):
    g = level(ARENA, legend="A = floor adventurer:priest:2", seed=seed)
    minions = [e.id for e in g.entities.values() if e.kind == E.MINION]
    hashes = []
    evs = []
    for _ in range(ticks):
        if g.tick == 30:
            g.command({"type": "set_stance", "entity": minions[0], "stance": "aggressive"})
        if g.tick == 90:
            g.command({"type": "set_stance", "entity": minions[1], "stance": "defensive"})
        g.step()
        hashes.append(g.state_hash())
        evs += g.take_events()
    return hashes, evs


@pytest.mark.rule("DICE-03")
def test_same_seed_same_commands_same_fight_with_knockouts():
    h1, e1 = _play(7)
    h2, e2 = _play(7)
    assert [ev for ev in e1 if ev["type"] == "knockout"], "the fight knocks someone out"
    for i, (a, b) in enumerate(zip(h1, h2)):
        assert a == b, "the replay parted at tick %d" % (i + 1)
    assert e1 == e2
