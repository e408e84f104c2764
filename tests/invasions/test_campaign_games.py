"""Whole headless games of 20 days with invasions on and everything of the campaign in play
(treasure, an altar, prison cells, minions, a settlement, drifters), a stand-in player
letting every drifter in and locking every knocked-out adventurer in a cell: it all joins up.
"""
import pytest

from pysim.adventurers import goals, prisoners
from pysim.combat import fighter as F
from pysim.core import clock, entities as E
from pysim.level import load_text

DAYS = 20
LEVEL = """\
name: invasion campaign test
seed: %d
domain: all
invasions: on

[legend]
t = floor treasure:4
A = floor altar
c = floor cell

[map]
#######################
P.....t.......A.....SS#
#..........m.c...m..Sb#
#......t...c...m......#
#######################

[overworld]
settlement Greyford travel=6
"""
GOALS = {goals.KILL_BOSS, goals.STEAL_TREASURE, prisoners.RESCUE, "smash_altar"}


def _player(g, new):
    """Yes to every drifter; a free minion locks up the first knocked-out adventurer."""
    if any(e["type"] == "drifter_asks" for e in new):
        g.command({"type": "answer_drifter", "accept": True})
    for e in list(g.entities.values()):
        if e.kind == E.ADVENTURER and e.state == E.KNOCKED_OUT and not e.fighter.captured \
                and prisoners.free_cell(g, e.x, e.y, e.id) is not None:
            free = [m for m in g.entities.values() if m.kind == E.MINION and F.conscious(m)
                    and m.fighter.task is None]
            if free:
                g.command({"type": "imprison", "entity": free[0].id, "body": e.id})
            return


def play(seed, days):
    g = load_text(LEVEL % seed)
    evs = []
    for _ in range(days * 24):
        g.run(clock.TICKS_PER_HOUR)
        new = [e for e in g.take_events() if e["type"] not in ("attack", "noticed", "wound")]
        evs += new
        _player(g, new)
    return g, evs


@pytest.mark.rule("INV-03")
@pytest.mark.rule("INV-06")
@pytest.mark.rule("PARTY-06")
@pytest.mark.rule("GOAL-01")
def test_twenty_day_games_join_up():
    seen = set()
    for seed in (1, 2):
        g, evs = play(seed, DAYS)
        types = {e["type"] for e in evs}
        seen |= types
        arrivals = [e for e in evs if e["type"] == "invasion_arrived"]
        ends = [e for e in evs if e["type"] == "invasion_ended"]
        assert clock.day_hour_minute(arrivals[0]["tick"])[0] == 2
        assert [a["number"] for a in arrivals] == list(range(1, len(arrivals) + 1))
        assert len(arrivals) >= 10                     # no stall: invasions keep coming
        assert len(ends) in (len(arrivals), len(arrivals) - 1)
        assert {a["goal"] for a in arrivals} <= GOALS
        last_limit = None
        for e in evs:
            if e["type"] == "invasion_limit_started":
                last_limit = e
            elif e["type"] == "invasion_arrived" and e["number"] > 1:
                assert e["tick"] - last_limit["tick"] <= last_limit["hours"] * clock.TICKS_PER_HOUR
        for a in arrivals:
            if a["chasing"]:
                assert a["kind"] == "normal"           # PARTY-06
                seen.add("chasers_arrived")
    # over the two games every part of the campaign came into play
    for t in ("imprisoned", "prisoner_freed", "altar_smashed", "drifter_let_in", "grudge_grew",
              "treasure_taken", "party_departed", "chasers_arrived"):
        assert t in seen, t


def test_a_campaign_game_replays_the_same():
    g1, _ = play(1, 6)
    g2, _ = play(1, 6)
    assert g1.state_hash() == g2.state_hash()
