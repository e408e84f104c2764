"""War parties (INV-06, PARTY-05): the small overworld (settlements with a travel time and a
grudge, evil camps with a Hostile flag)."""
import pytest

from invkit import SMALL, drive_schedule
from pysim.core import clock
from pysim.invasions import scheduler as SCH
from pysim.level import load_text

H = clock.TICKS_PER_HOUR


def overworld_game(lines, seed=1):
    text = SMALL % {"seed": seed, "on": "on", "treasure": 3} + "\n[overworld]\n" + lines
    return load_text(text)


@pytest.mark.rule("INV-06")
@pytest.mark.rule("PARTY-05")
def test_hostile_camp_sends_warriors_after_its_travel_instead_of_the_next():
    g = overworld_game("camp Redfang travel=30 hostile\n")
    st = SCH.state_of(g)
    assert st.pending and st.pending[0]["camp"]
    got = drive_schedule(g, 24 * 3)
    arrivals = [ev for k, _, ev in got if k == "invasion_arrived"]
    # day 2's drawn hour is taken by the warriors, who arrive at hour 30 (day 2, 06:00)
    assert arrivals[0]["tick"] == 30 * H
    assert arrivals[0]["faction"] == "Redfang"
    assert all(c.startswith("warrior:") for c in arrivals[0]["classes"])
    assert arrivals[0]["kind"] == "first"      # as big as invasion 1 would be: one member
    limits = [t for k, t, _ in got if k == "invasion_limit_started"]
    assert limits and limits[0] > arrivals[0]["tick"]


@pytest.mark.rule("INV-06")
def test_settlement_grudge_sends_a_war_party():
    g = overworld_game("settlement Greyford travel=5\n")
    st = SCH.state_of(g)
    assert st.overworld["settlements"]["Greyford"]["grudge"] == 0
    from pysim.invasions import overworld
    overworld.count_dead(g, st, "Greyford", 2)
    assert not st.pending
    overworld.count_dead(g, st, "Greyford", 1)
    assert st.pending and st.pending[0]["faction"] == "Greyford" and not st.pending[0]["camp"]
    assert st.pending[0]["arrive"] == g.tick + 5 * H
    evs = g.take_events()
    assert [e for e in evs if e["type"] == "party_departed"]


@pytest.mark.rule("INV-06")
def test_camp_turned_hostile_by_command_and_ordinary_parties_come_from_settlements():
    g = overworld_game("settlement Greyford travel=5\ncamp Redfang travel=2\n")
    g.command({"type": "set_camp_hostile", "camp": "Redfang"})
    g.step()
    st = SCH.state_of(g)
    assert st.pending[0]["faction"] == "Redfang"
    g2 = overworld_game("settlement Greyford travel=5\n")
    got = drive_schedule(g2, 48)
    assert {ev["faction"] for k, _, ev in got if k == "invasion_arrived"} == {"Greyford"}


@pytest.mark.rule("ARRIVE-01")
def test_an_ordinary_party_travels_from_its_settlement_before_it_arrives():
    g = overworld_game("settlement Greyford travel=5\n")
    got = []
    for _ in range(24 * 3):
        g.run(H)
        got += [e for e in g.take_events() if e["type"] in ("party_set_out", "invasion_arrived")]
        if any(e["type"] == "invasion_arrived" for e in got):
            break
    set_out = [e for e in got if e["type"] == "party_set_out"]
    arrived = [e for e in got if e["type"] == "invasion_arrived"]
    assert set_out and arrived
    assert set_out[0]["faction"] == "Greyford" and set_out[0]["number"] == 1
    assert arrived[0]["tick"] == set_out[0]["tick"] + 5 * H       # the travel time
    assert arrived[0]["number"] == 1 and len(arrived[0]["members"]) == set_out[0]["members"]
    assert clock.day_hour_minute(set_out[0]["tick"])[0] == 2      # sent on day 2 (INV-01)


@pytest.mark.rule("ARRIVE-01")
def test_a_party_with_no_home_comes_from_the_map_edge_at_once():
    g = load_text(SMALL % {"seed": 1, "on": "on", "treasure": 3})
    first = SCH.state_of(g).first_tick
    got = drive_schedule(g, 48)
    arrivals = [t for k, t, _ in got if k == "invasion_arrived"]
    assert arrivals and arrivals[0] == first     # the drawn hour itself: no travel
