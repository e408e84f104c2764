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


@pytest.mark.rule("END-03")
def test_the_score_is_never_below_zero_when_more_treasure_was_lost_than_the_rest_is_worth():
    """A thief leaves with 2 treasure on day 1 (nothing else to count: -2), then the Boss
    dies: the end screen says 0, not -2."""
    from pysim.adventurers import goals
    from pysim.core import movement
    from pysim.level import load_text
    wide = "#" * 34
    g = load_text("name: t\nseed: 1\ndomain: all\n[legend]\nt = floor treasure:3\n[map]\n"
                  + "\n".join([wide, "P..t" + "." * 27 + "SS#", "#" + "." * 30 + "Sb#", wide])
                  + "\n")
    g.command({"type": "spawn_party", "members": 1, "subtypes": ["rogue:1"]})
    g.step()
    pid = [e for e in g.take_events() if e["type"] == "party_arrived"][0]["members"][0]
    goals.set_goal(g, pid, goals.STEAL_TREASURE)
    movement.stop(g.entities[pid])
    evs = run(g, 600)
    assert sum(e["amount"] for e in of(evs, "party_left_with_treasure")) == 2
    KO.kill(g, _boss(g), -1, "test")
    over = of(run(g, 1), "game_over")
    assert over and over[0]["treasure_lost"] == 2 and over[0]["days"] == 0
    assert over[0]["score"] == 0
    st = ending.state_of(g)
    st.tally.update({"invasions_beaten": 1, "treasure_lost": 500})
    assert ending.tally(g)["score"] == 0                   # 50 - 500, and never below 0


@pytest.mark.rule("END-01")
def test_a_level_without_a_boss_never_ends():
    g = make(["######", "#m.a.#", "P.S..#", "######"])
    KO.kill(g, _adv(g), -1, "test")
    run(g, 20)
    assert not ending.over(g)
