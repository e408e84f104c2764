"""Who comes (PARTY-01..05, PARTY-07): the generator driven directly over simulated years of
invasions, and the sizes and levels by game day."""
import numpy as np
import pytest

from conftest import binomial_ok
from pysim.invasions import generation as G


def _rng(seed):
    return np.random.default_rng(seed)


def year_of_invasions(seed, per_day=1, days=365):
    """[(number, day, party)]: one invasion a day from day 2 (the rates do not depend on
    the spacing)."""
    rng = _rng(seed)
    out = []
    n = 0
    for day in range(2, days + 2):
        for _ in range(per_day):
            n += 1
            out.append((n, day, G.generate(rng, day, n)))
    return out


@pytest.mark.rule("PARTY-01")
def test_first_one_peasant_second_one_or_two_later_at_least_two():
    seconds = []
    for seed in range(400):
        rng = _rng(seed)
        first = G.generate(rng, 2, 1)
        assert first.members == [(G.PEASANT, 0)]
        second = G.generate(rng, 3, 2)
        assert len(second.members) in (1, 2)
        seconds.append(len(second.members))
        for n in range(3, 12):
            assert len(G.generate(rng, 2 + n // 2, n).members) >= 2
    assert binomial_ok(seconds.count(2), len(seconds), 0.5)


# The day's top level (the design: level 3 from day 10, level 4 from day 15, level 5 from
# day 30; docs/rules/invasions.md: level 2 from day 8, once parties are full).
def design_top(day):
    return 1 if day < 8 else 2 if day < 10 else 3 if day < 15 else 4 if day < 30 else 5


@pytest.mark.rule("PARTY-02")
def test_size_grows_to_five_then_levels_by_day():
    assert [G.base_size(d) for d in range(2, 10)] == [2, 2, 3, 3, 4, 4, 5, 5]
    assert [G.top_level(d)[0] for d in range(2, 61)] == [design_top(d) for d in range(2, 61)]
    # the top level's share: 25% on its first day, rising to 100% when the next one starts
    assert [G.top_level(d)[1] for d in (8, 9, 10, 12, 14, 15, 22, 29, 30, 40, 49, 50, 80)] == \
        [25, 62, 25, 55, 85, 25, 60, 95, 25, 62, 96, 100, 100]


@pytest.mark.rule("PARTY-02")
def test_levels_in_play_by_day_over_many_parties():
    rng = _rng(7)
    for day, top in ((5, 1), (12, 3), (20, 4), (40, 5)):
        levels = []
        for _ in range(300):
            p = G.generate(rng, day, 10, kind=G.NORMAL)
            levels += [lv for c, lv in p.members if c != G.PEASANT]
        assert max(levels) == top, day
    early = [c for _ in range(200) for c, _ in G.generate(rng, 3, 5, kind=G.NORMAL).members]
    assert early.count(G.PEASANT) > len(early) / 2          # early parties: mostly peasants
    # about day 50: five adventurers at level 5
    p50 = [G.generate(rng, 50, 30, kind=G.NORMAL) for _ in range(100)]
    assert all(p.members == [(c, 5) for c, _ in p.members] for p in p50)
    assert all(len(p.members) == 5 and G.PEASANT not in [c for c, _ in p.members]
               for p in p50)


@pytest.mark.rule("PARTY-03")
@pytest.mark.rule("PARTY-04")
def test_mob_weaker_stronger_rates_over_years():
    kinds = []
    for seed in range(4):
        kinds += [(n, p.kind) for n, _, p in year_of_invasions(seed)]
    assert all(k != G.MOB for n, k in kinds if n < 3)
    assert all(k not in (G.WEAKER, G.STRONGER) for n, k in kinds if n < 4)
    late = [k for n, k in kinds if n >= 4]
    assert binomial_ok(late.count(G.MOB), len(late), 1 / 8)
    assert binomial_ok(late.count(G.WEAKER), len(late), 1 / 5)
    assert binomial_ok(late.count(G.STRONGER), len(late), 1 / 5)


@pytest.mark.rule("PARTY-03")
def test_mob_sizes_by_day_as_the_table_says():
    """docs/rules/invasions.md's table: lo..lo+1, and 15% one more: day 2 2-3 (4), day 8
    3-4 (5), day 15 4-5, day 30 6-7, day 40 8-9, day 50 10-11; 11-12 from day 62 (at
    most 12)."""
    rng = _rng(21)
    for day, lo in ((2, 2), (7, 2), (8, 3), (15, 4), (30, 6), (40, 8), (50, 10), (62, 11),
                    (90, 11)):
        sizes = [G.mob_size(day, rng) for _ in range(600)]
        want = set(range(lo, min(lo + 2, 12) + 1))
        assert set(sizes) == want, day


@pytest.mark.rule("PARTY-02")
def test_peasants_70_percent_on_day_2_ten_points_less_a_day_none_from_day_9():
    rng = _rng(17)
    for day, pct in ((2, 70), (3, 60), (5, 40), (8, 10), (9, 0), (20, 0)):
        members = [c for _ in range(400)
                   for c, _ in G.generate(rng, day, 10, kind=G.NORMAL).members]
        peasants = members.count(G.PEASANT)
        if pct == 0:
            assert peasants == 0, day
        else:
            assert binomial_ok(peasants, len(members), pct / 100.0), day


@pytest.mark.rule("PARTY-03")
def test_mob_size_early_and_late():
    rng = _rng(3)
    early = [G.mob_size(3, rng) for _ in range(2000)]
    assert set(early) <= {2, 3, 4}
    assert binomial_ok(early.count(4), len(early), 0.5 * 0.15)
    late = [G.mob_size(80, rng) for _ in range(500)]
    assert min(late) >= 11 and max(late) <= 12
    p = G.generate(rng, 20, 9, kind=G.MOB)
    assert all(m == (G.PEASANT, 0) for m in p.members)


@pytest.mark.rule("PARTY-04")
def test_weaker_and_stronger_change_members_or_levels():
    rng = _rng(11)
    # still growing (day 5: 3 members): one fewer, one more
    assert len(G.generate(rng, 5, 6, kind=G.WEAKER).members) == 2
    assert len(G.generate(rng, 5, 6, kind=G.STRONGER).members) == 4
    for _ in range(50):
        # day 20 (top level 4, 25-60% of trained members): weaker a level lower, stronger
        # every trained member at 4, never 5 (PARTY-02's bounds)
        weak = G.generate(rng, 20, 9, kind=G.WEAKER)
        assert len(weak.members) == 5 and all(lv in (2, 3) for c, lv in weak.members)
        strong = G.generate(rng, 20, 9, kind=G.STRONGER)
        assert len(strong.members) == 5 and [lv for _, lv in strong.members] == [4] * 5
        # day 8 (level 2 comes): stronger at level 2, never 3
        strong8 = G.generate(rng, 8, 9, kind=G.STRONGER)
        assert len(strong8.members) == 5
        assert all(lv == 2 for c, lv in strong8.members if c != G.PEASANT)
        # day 60: five at level 5 already, so one member more (a sixth at 5)
        strong60 = G.generate(rng, 60, 40, kind=G.STRONGER)
        assert strong60.members == [(c, 5) for c, _ in strong60.members]
        assert len(strong60.members) == 6
    normal20 = [lv for _ in range(300)
                for c, lv in G.generate(rng, 20, 9, kind=G.NORMAL).members]
    assert set(normal20) == {3, 4}          # so a stronger one at 4 is stronger


@pytest.mark.rule("PARTY-02")
@pytest.mark.rule("PARTY-04")
def test_no_member_ever_above_the_days_top_level_over_many_seeds_and_days():
    """Every sort of invasion (ordinary sequences with their mobs, weaker and stronger
    ones, and each sort forced) and a camp's warriors, days 2-80 over many seeds: nobody
    above the day's top level; each level first comes on its day (level 2 on day 8)."""
    first_seen = {}
    stronger = 0
    for seed in range(40):
        rng = _rng(1000 + seed)
        n = 3
        for day in range(2, 81):
            parties = [G.generate(rng, day, n + k) for k in range(3)]
            parties += [G.generate(rng, day, 10, kind=k)
                        for k in (G.NORMAL, G.WEAKER, G.STRONGER, G.MOB)]
            parties.append(G.as_warriors(parties[3]))
            n += 3
            for p in parties:
                stronger += p.kind == G.STRONGER
                for c, lv in p.members:
                    assert lv <= design_top(day), (seed, day, p)
                    if c != G.PEASANT:
                        assert lv >= 1
                    first_seen.setdefault(lv, day)
    assert stronger > 40 * 79
    assert first_seen[2] == 8 and first_seen[3] == 10 and first_seen[4] == 15 and \
        first_seen[5] == 30


@pytest.mark.rule("PARTY-05")
def test_camp_sends_warriors_one_per_member_none_below_level_1():
    rng = _rng(2)
    for day in (2, 4, 12, 40):
        p = G.generate(rng, day, 5, kind=G.NORMAL)
        w = G.as_warriors(p)
        assert len(w.members) == len(p.members)
        assert all(c == "warrior" and lv >= 1 for c, lv in w.members)


@pytest.mark.rule("PARTY-07")
def test_party_depends_only_on_day_and_number():
    a = [G.generate(_rng(9), 12, 7).members for _ in range(3)]
    assert a[0] == a[1] == a[2]
