"""END-01..03 in play: the Boss's death ends the game, once, with the tally and score."""
import pytest

from pysim.combat import knockouts as KO
from pysim.core import clock, entities as E
from pysim.economy import ending

from doorkit import cmd, of, refused, run
from trapkit import make

ROWS = ["########",
        "#m.....#",
        "#...a..#",
        "P...b..#",
        "########"]


def _boss(g):
    return [e for e in g.entities.values() if e.kind == E.BOSS][0]


def _adv(g):
    return [e for e in g.entities.values() if e.kind == E.ADVENTURER][0]


@pytest.mark.rule("END-01")
def test_the_boss_dying_ends_the_game_and_stops_the_clock():
    g = make(ROWS, legend={"b": "sanctum boss"})
    run(g, 10)
    assert not ending.over(g)
    KO.kill(g, _adv(g), -1, "test")
    run(g, 1)
    KO.kill(g, _boss(g), -1, "test")
    evs = run(g, 1)
    over = of(evs, "game_over")
    assert len(over) == 1 and over[0]["killed"] == 1 and over[0]["days"] == 0
    assert ending.over(g) and g.speed == 0
    r = refused(cmd(g, {"type": "set_speed", "speed": 1}))
    assert r and r[0]["reason"] == ending.REASON_OVER
    assert not of(run(g, 5), "game_over")                 # said once


@pytest.mark.rule("END-03")
def test_the_score_counts_days_invasions_prisoners_kills_and_lost_treasure():
    g = make(ROWS, legend={"b": "sanctum boss"})
    st = ending.state_of(g)
    g.tick = 3 * clock.TICKS_PER_DAY + 5
    st.tally.update({"invasions_beaten": 2, "captured": 1, "killed": 3, "treasure_lost": 40})
    t = ending.tally(g)
    assert t["days"] == 3
    assert t["score"] == 300 + 100 + 30 + 60 - 40


@pytest.mark.rule("END-01")
def test_a_level_without_a_boss_never_ends():
    g = make(["######", "#m.a.#", "P.S..#", "######"])
    KO.kill(g, _adv(g), -1, "test")
    run(g, 20)
    assert not ending.over(g)
