"""The invasion scheduler: INV-01 (first on day 2 at a random hour), INV-02 (hourly chance
rising), INV-03 (the limit), INV-05 (stopped by a Rite of Storms or no way in), and the
level header that turns invasions on (off by default)."""
import numpy as np
import pytest

from invkit import drive_schedule, run_hours, small_game
from pysim.core import clock
from pysim.invasions import scheduler as SCH

H = clock.TICKS_PER_HOUR

WALLED = """\
name: no way in
seed: 1
domain: all
invasions: on

[map]
##############
P#.........SS#
##.........Sb#
##############
"""


@pytest.mark.rule("INV-01")
def test_first_invasion_on_day_2_spread_over_the_day():
    hours = []
    for seed in range(240):
        g = small_game(seed=seed)
        got = drive_schedule(g, 48)
        arrivals = [t for kind, t, _ in got if kind == "invasion_arrived"]
        assert arrivals, seed
        day, hour, _ = clock.day_hour_minute(arrivals[0])
        assert day == 2
        hours.append(hour)
    counts = np.bincount(hours, minlength=24)
    # uniform over 24 hours: every hour is drawn, none wildly often (240 draws, 10 each)
    assert (counts > 0).all()
    assert counts.max() <= 25


@pytest.mark.rule("INV-01")
def test_nothing_on_day_1_in_play():
    g = small_game(seed=4)
    run_hours(g, 24)
    assert not [e for e in g.take_events() if e["type"] == "invasion_arrived"]
    assert SCH.hour_chance(g, SCH.state_of(g)) >= 1   # day 2 has begun: no longer quiet


@pytest.mark.rule("INV-02")
def test_hourly_chance_starts_low_and_rises_every_hour():
    for day in range(1, 12):
        limit = SCH.limit_hours(day)
        pct = [SCH.chance_pct(h, limit) for h in range(1, limit + 1)]
        assert pct[0] == 2
        assert all(b > a for a, b in zip(pct, pct[1:]))
    # docs/rules/invasions.md's table: hours 1, 2, 3, 6, 12, L/2, L-6, L-1, L
    table = {2: (48, [2, 3, 4, 7, 16, 37, 82, 96, 100]),
             3: (44, [2, 3, 4, 8, 17, 37, 80, 96, 100]),
             4: (41, [2, 3, 4, 8, 19, 36, 79, 96, 100]),
             5: (37, [2, 3, 4, 9, 21, 36, 76, 95, 100]),
             6: (34, [2, 3, 5, 10, 23, 37, 74, 95, 100]),
             7: (30, [2, 3, 5, 11, 27, 37, 71, 94, 100])}
    for day, (limit, row) in table.items():
        hours = (1, 2, 3, 6, 12, limit // 2, limit - 6, limit - 1, limit)
        assert [SCH.chance_pct(h, limit) for h in hours] == row, day


@pytest.mark.rule("INV-03")
def test_limit_by_day_the_invasion_ended():
    assert [SCH.limit_hours(d) for d in range(1, 10)] == [48, 48, 44, 41, 37, 34, 30, 30, 30]
    for day in range(1, 12):
        assert SCH.chance_pct(SCH.limit_hours(day), SCH.limit_hours(day)) == 100


@pytest.mark.rule("INV-02")
@pytest.mark.rule("INV-03")
def test_next_invasion_never_later_than_the_limit_over_many_seeds():
    gaps = []
    for seed in range(25):
        g = small_game(seed=seed)
        got = drive_schedule(g, 24 * 20, rng_end=np.random.default_rng(seed))
        end = limit = None
        for kind, tick, ev in got:
            if kind == "invasion_limit_started":
                end, limit = tick, ev["hours"]
                assert limit == SCH.limit_hours(clock.day_hour_minute(tick)[0])
            elif kind == "invasion_arrived" and end is not None:
                assert tick - end <= limit * H, (seed, tick, end, limit)
                gaps.append((tick - end) / H)
            assert kind != "invasion_held_off"
    # the chance is real: many come well before the limit, some in the first hours
    assert min(gaps) < 5
    assert np.median(gaps) < 30


@pytest.mark.rule("INV-05")
def test_no_way_in_holds_invasions_off_and_restarts_the_limit():
    from pysim.level import load_text
    g = load_text(WALLED)
    got = drive_schedule(g, 24 * 6)
    kinds = [k for k, _, _ in got]
    assert "invasion_arrived" not in kinds
    held = [(t, ev["hours"]) for k, t, ev in got if k == "invasion_held_off"]
    # day 2's hour passes without one; then each 48 h limit runs out and restarts
    assert len(held) >= 2
    assert held[1][0] - held[0][0] == 48 * H
    assert SCH.hour_chance(g, SCH.state_of(g)) == 0


@pytest.mark.rule("INV-05")
def test_rite_of_storms_stops_invasions_in_play():
    g = small_game(seed=2, treasure=5)
    run_hours(g, 23)
    g.command({"type": "rite_of_storms"})
    run_hours(g, 1)
    evs = g.take_events()
    assert [e for e in evs if e["type"] == "rite_of_storms"]
    st = SCH.state_of(g)
    assert st.storm_until == 23 * H + 12 * H
    assert SCH.hour_chance(g, st) == 0
    run_hours(g, 11)
    assert not [e for e in g.take_events() if e["type"] == "invasion_arrived"]
    from pysim.adventurers import treasure
    assert treasure.total_on_floor(g) == 5 - 2        # the rite's cost


@pytest.mark.rule("INV-05")
def test_storm_over_the_whole_limit_holds_it_off():
    g = small_game(seed=5)
    st = SCH.state_of(g)
    st.storm_until = 10 ** 9
    got = drive_schedule(g, 24 * 5)
    assert "invasion_arrived" not in [k for k, _, _ in got]
    assert [k for k, _, _ in got].count("invasion_held_off") >= 2


@pytest.mark.rule("INV-05")
def test_rite_refused_without_treasure_or_with_invasions_off():
    g = small_game(seed=2, treasure=1)
    g.command({"type": "rite_of_storms"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "refused"]
    g = small_game(seed=2, on="off")
    g.command({"type": "rite_of_storms"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "refused"]


def test_invasions_off_by_default_and_with_header_off():
    from pysim.level import load_text
    text = WALLED.replace("invasions: on\n", "").replace("P#", "P.")
    for g in (load_text(text), small_game(on="off")):
        assert SCH.state_of(g) is None
        assert "invasions" not in g.areas
        run_hours(g, 26)
        assert not [e for e in g.take_events() if e["type"].startswith("invasion")]
