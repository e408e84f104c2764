"""PARTY-02, PARTY-04..06 in play: the parties that arrive through the scheduler (ordinary
invasions with their mobs, weaker and stronger ones, parties from a settlement, war
parties, a camp's warriors, a drifter's chasers) never bring a member above the day's top
level: level 2 from day 8, 3 from day 10, 4 from day 15, 5 from day 30."""
import pytest

from invkit import SMALL, drive_schedule
from pysim.core import clock
from pysim.invasions import overworld, scheduler as SCH
from pysim.level import load_text

H = clock.TICKS_PER_HOUR
DAY = clock.TICKS_PER_DAY


def design_top(day):
    return 1 if day < 8 else 2 if day < 10 else 3 if day < 15 else 4 if day < 30 else 5


def _level(sub):
    cls, _, lv = sub.partition(":")
    return int(lv) if lv else 0          # a peasant: level 0


def _check(arrivals):
    """Every member of every arrival at or below the top level of the day it arrived."""
    for ev in arrivals:
        day = ev["tick"] // DAY + 1
        for sub in ev["classes"]:
            assert _level(sub) <= design_top(day), (day, ev["kind"], ev["classes"])


@pytest.mark.rule("PARTY-02")
@pytest.mark.rule("PARTY-04")
def test_ordinary_invasions_from_day_2_to_day_40_never_bring_a_member_above_the_day():
    """Parties are taken off the map as they arrive, so invasions come one after another
    (several a day): every sort, stronger ones included, on every day to day 40."""
    kinds = {}
    by_day = {}
    for seed in range(8):
        g = load_text(SMALL % {"seed": seed, "on": "on", "treasure": 3})
        got = drive_schedule(g, 40 * 24)
        arrivals = [ev for k, _, ev in got if k == "invasion_arrived"]
        _check(arrivals)
        for ev in arrivals:
            kinds[ev["kind"]] = kinds.get(ev["kind"], 0) + 1
            day = ev["tick"] // DAY + 1
            by_day[day] = max([by_day.get(day, 0)] + [_level(s) for s in ev["classes"]])
    assert kinds.get("stronger", 0) > 100 and kinds.get("weaker", 0) > 100
    # each level comes on its first day (the share of the top level is 25% there)
    assert by_day[7] == 1 and by_day[8] == 2 and by_day[9] == 2
    assert by_day[10] == 3 and by_day[14] == 3 and by_day[15] == 4 and by_day[29] == 4
    assert by_day[30] == 5


def _war_game(day, seed):
    text = SMALL % {"seed": seed, "on": "on", "treasure": 3} + \
        "\n[overworld]\nsettlement Greyford travel=2\ncamp Redfang travel=3\n"
    g = load_text(text)
    st = SCH.state_of(g)
    g.tick = (day - 1) * DAY + 1
    st.phase, st.count, st.limit, st.hours = SCH.WAITING, 10, 30, 0
    return g, st


@pytest.mark.rule("PARTY-02")
@pytest.mark.rule("PARTY-05")
@pytest.mark.rule("PARTY-06")
def test_war_parties_warriors_and_chasers_never_bring_a_member_above_the_day():
    """On the days around each new level, a settlement's war party (its grudge), a Hostile
    camp's warriors and a drifter's chasers set out together and arrive the same day, one
    after another: as strong as that invasion would be, never above the day's top."""
    seen = {"war": 0, "camp": 0, "chasing": 0}
    tops = {}
    for day in (7, 8, 9, 10, 14, 15, 29, 30, 31):
        for seed in range(12):
            g, st = _war_game(day, seed)
            overworld.count_dead(g, st, "Greyford", 3)
            g.command({"type": "set_camp_hostile", "camp": "Redfang"})
            g.command({"type": "send_drifter"})
            g.step()
            g.command({"type": "answer_drifter", "accept": True})
            g.step()
            assert len(st.pending) == 3
            got = drive_schedule(g, 12)
            arrivals = [ev for k, _, ev in got if k == "invasion_arrived"]
            _check(arrivals)
            arrivals = arrivals[:3]                  # the three set out (then ordinary ones)
            assert [ev["number"] for ev in arrivals] == [11, 12, 13]
            assert all(ev["tick"] // DAY + 1 == day for ev in arrivals)
            for ev in arrivals:
                who = "chasing" if ev["chasing"] else \
                    "camp" if ev["faction"] == "Redfang" else "war"
                seen[who] += 1
                if who == "camp":
                    assert all(c.startswith("warrior:") for c in ev["classes"])
                tops[day] = max([tops.get(day, 0)] + [_level(s) for s in ev["classes"]])
    assert min(seen.values()) == 9 * 12
    assert tops == {7: 1, 8: 2, 9: 2, 10: 3, 14: 3, 15: 4, 29: 4, 30: 5, 31: 5}
