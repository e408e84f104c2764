"""Drifters (PARTY-06) and what makes a settlement send a war party (INV-06: the grudge)."""
import pytest

from conftest import binomial_ok
from invkit import SMALL, drive_schedule, run_hours
from pysim.combat import fighter as F, stats as S
from pysim.core import clock, entities as E, terrain as T
from pysim.invasions import drifters, overworld, scheduler as SCH
from pysim.level import load_text

H = clock.TICKS_PER_HOUR


def game_on_day(day, seed=1, lines=""):
    text = SMALL % {"seed": seed, "on": "on", "treasure": 3}
    if lines:
        text += "\n[overworld]\n" + lines
    g = load_text(text)
    st = SCH.state_of(g)
    g.tick = (day - 1) * clock.TICKS_PER_DAY + 1       # just past an hourly check
    st.phase, st.count, st.limit, st.hours = SCH.WAITING, 10, 30, 0
    return g, st


def letter(g):
    snap = {}
    drifters.drifter_snapshot(g, snap)
    return snap["drifter_letter"]


def let_in(g):
    g.command({"type": "send_drifter"})
    g.step()
    g.command({"type": "answer_drifter", "accept": True})
    g.step()
    return g.take_events()


@pytest.mark.rule("PARTY-06")
def test_chasers_are_the_next_invasion_never_mob_weaker_or_stronger():
    n = 150
    kinds = []
    for seed in range(n):
        g, st = game_on_day(20, seed)
        evs = let_in(g)
        assert [e for e in evs if e["type"] == "drifter_let_in"]
        assert [e for e in evs if e["type"] == "party_departed"][0]["hours"] == \
            4                                     # the chasers are 4 h behind
        got = drive_schedule(g, 5)
        arrived = [ev for k, _, ev in got if k == "invasion_arrived"]
        assert len(arrived) == 1 and arrived[0]["chasing"] != ""
        assert arrived[0]["number"] == 11                  # counts as one of the invasions
        assert arrived[0]["tick"] <= g.tick
        kinds.append(arrived[0]["kind"])
    # an ordinary 11th invasion is a mob, weaker or stronger about half the time
    assert set(kinds) == {"normal"}


@pytest.mark.rule("PARTY-06")
@pytest.mark.rule("INV-01")
def test_chasers_of_a_drifter_let_in_on_day_1_wait_for_day_2():
    """A drifter let in at 10:00 on day 1 (a script's send_drifter): their chasers would be
    at the edge at 14:00, but no invasion comes on day 1: they arrive at day 2's first
    hour, instead of day 2's drawn one."""
    for seed in range(4):
        g = load_text(SMALL % {"seed": seed, "on": "on", "treasure": 3})
        g.run(10 * H)
        let_in(g)
        got = drive_schedule(g, 30)
        arrived = [ev for k, _, ev in got if k == "invasion_arrived"]
        assert arrived[0]["chasing"] != "" and arrived[0]["number"] == 1
        assert arrived[0]["tick"] == 24 * H


@pytest.mark.rule("PARTY-06")
def test_a_drifter_let_in_joins_the_dungeon_as_a_minion_at_a_portal():
    g, st = game_on_day(20, 3)
    minions = [e.id for e in g.entities.values() if e.kind == E.MINION]
    g.command({"type": "send_drifter"})
    g.step()
    name = letter(g)
    g.command({"type": "answer_drifter", "accept": True})
    g.step()
    joined = [e for e in g.take_events() if e["type"] == "drifter_let_in"][0]
    ent = g.entities[joined["entity"]]
    assert ent.id not in minions and ent.kind == E.MINION and ent.name == name
    assert ent.state == 0 and ent.duty == "drudgery"            # up, at work
    assert (ent.x, ent.y) in [tuple(p) for p in g.grid.tiles_of(T.PORTAL)]
    # turned away: nobody joins
    g2, _ = game_on_day(20, 3)
    n = len(g2.entities)
    g2.command({"type": "send_drifter"})
    g2.step()
    g2.command({"type": "answer_drifter", "accept": False})
    g2.step()
    assert len(g2.entities) == n


@pytest.mark.rule("PARTY-06")
def test_chasers_come_instead_of_the_hourly_roll_and_a_limit_follows():
    g, st = game_on_day(20)
    let_in(g)
    assert SCH.hour_chance(g, st) == 0            # on their way: no roll meanwhile
    got = drive_schedule(g, 30)
    kinds = [k for k, _, _ in got]
    assert kinds[0] == "invasion_arrived" and "invasion_limit_started" in kinds


@pytest.mark.rule("PARTY-06")
def test_no_or_no_answer_sends_nobody():
    g, st = game_on_day(20)
    g.command({"type": "answer_drifter", "accept": True})      # nobody asked
    g.command({"type": "send_drifter"})
    g.step()
    g.command({"type": "answer_drifter", "accept": "maybe"})
    g.command({"type": "answer_drifter", "accept": False})
    g.step()
    evs = g.take_events()
    reasons = [e["reason"] for e in evs if e["type"] == "refused"]
    assert reasons == ["No drifter is waiting for an answer.",
                       "Answer yes or no (accept: true or false)."]
    assert [e for e in evs if e["type"] == "drifter_turned_away"] and not st.pending
    g.command({"type": "send_drifter"})
    g.step()
    assert letter(g) in drifters.NAMES
    run_hours(g, 6)                  # 6 h to answer: the letter still waits at the 6th hour
    assert letter(g) != "" and not [e for e in g.take_events() if e["type"] == "drifter_gone"]
    run_hours(g, 1)
    assert [e for e in g.take_events() if e["type"] == "drifter_gone"] and not st.pending
    assert letter(g) == ""


@pytest.mark.rule("PARTY-06")
def test_a_drifter_asks_on_about_15_percent_of_days_from_day_3():
    g, st = game_on_day(1)
    g.tick = 0
    days = 600
    asked = []
    for _ in range(days * 24):
        g.tick += H
        drifters.drifters_system(g)
        for ev in g.take_events():
            if ev["type"] == "drifter_asks":
                asked.append(g.clock()[0])
                assert g.clock()[1:] == (12, 0)          # at noon
                drifters.answer(g, False)
    assert min(asked) == 3                 # from day 3, on 15% of days
    assert binomial_ok(len(asked), days - 2, 0.15)


@pytest.mark.rule("INV-06")
def test_an_escaped_mapmaker_and_a_raid_grow_the_grudge_to_a_war_party():
    g, st = game_on_day(5, lines="settlement Greyford travel=5\n")
    e = g.spawn(E.ADVENTURER, 0, 1, subtype="scout:3")      # on the portal
    assert F.has_trait(e, S.MAPMAKER)
    e.faction = "Greyford"
    e.leaving = True
    g.run(30)
    evs = g.take_events()
    assert [(v["cause"], v["grudge"]) for v in evs if v["type"] == "grudge_grew"] == \
        [("mapmaker", 1)]
    assert not st.pending
    g.command({"type": "raid_settlement", "settlement": "Greyford"})
    g.command({"type": "raid_settlement", "settlement": "Nowhere"})
    g.step()
    evs = g.take_events()
    assert len([v for v in evs if v["type"] == "refused"]) == 1
    # a raid adds 2: with the Mapmaker's 1 the grudge is 3, a war party, and back to 0
    assert [(v["cause"], v["amount"], v["grudge"]) for v in evs if v["type"] == "grudge_grew"] \
        == [("raid", 2, 3)]
    assert st.pending and st.pending[0]["faction"] == "Greyford"
    assert st.overworld["settlements"]["Greyford"]["grudge"] == 0
