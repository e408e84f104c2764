"""KO-01..04, HEAD-01..02: the knockout/death decision, exhaustively and by rates."""
import itertools
import math
import zlib

import numpy as np
import pytest

from conftest import binomial_ok

from pysim.combat import stats as S, wounds as W

LEVELS = (W.MINOR, W.MAJOR, W.EXTREME)
ARMOURS = (S.ARMOUR_NONE, S.ARMOUR_LEATHER, S.ARMOUR_CLOTH, S.ARMOUR_CHAIN, S.ARMOUR_PLATE)
RULES = (S.KO_NORMAL, S.KO_KILLED, S.KO_TROLL, S.KO_BOSS)


def expected(level, location, blunt, armour, helmet, rule, before, starving):
    """The tables written out independently of pysim.combat.wounds."""
    pts = {W.MINOR: 1, W.MAJOR: 2, W.EXTREME: 4}[level]
    base = ({W.MINOR: 100, W.MAJOR: 75, W.EXTREME: 50} if blunt
            else {W.MINOR: 75, W.MAJOR: 50, W.EXTREME: 25})[level]
    armour_add = {S.ARMOUR_NONE: 0, S.ARMOUR_LEATHER: 10, S.ARMOUR_CLOTH: 10,
                  S.ARMOUR_CHAIN: 20, S.ARMOUR_PLATE: 30}[armour]
    if before + pts >= 10:
        disable, ko = 100, min(100, base + armour_add)
    elif location == W.HEAD and level != W.MINOR and rule != S.KO_BOSS:
        disable = max(0, (50 if blunt else 25) - helmet)
        ko = {W.MAJOR: 100, W.EXTREME: 50}[level] if disable else 0
    else:
        disable, ko = 0, 0
    if disable:
        if rule in (S.KO_KILLED, S.KO_BOSS):
            ko = 0
        elif rule == S.KO_TROLL:
            ko = 0 if starving else 100
    return disable, ko


@pytest.mark.rule("KO-01")
def test_wound_points_and_unable_at_ten():
    assert [W.wound_points(l) for l in LEVELS] == [1, 2, 4]
    ws = [W.Wound(W.MAJOR, W.TORSO, 0, False)] * 4 + [W.Wound(W.MINOR, W.ARMS, 0, False)]
    assert W.total_points(ws) == 9
    # 9 points + Minor on the torso -> 10: always unable to fight
    assert W.ko_decision(W.MINOR, W.TORSO, False, 0, 0, S.KO_NORMAL, 9)[0] == 100
    # 8 points + Minor -> 9: fights on, whatever the location
    for loc in range(4):
        assert W.ko_decision(W.MINOR, loc, False, 0, 0, S.KO_NORMAL, 8)[0] == 0
    assert W.ko_decision(W.EXTREME, W.ARMS, False, 0, 0, S.KO_NORMAL, 5)[0] == 0
    assert W.ko_decision(W.EXTREME, W.ARMS, False, 0, 0, S.KO_NORMAL, 6)[0] == 100


@pytest.mark.rule("KO-02")
@pytest.mark.rule("KO-03")
@pytest.mark.rule("KO-04")
@pytest.mark.rule("HEAD-01")
@pytest.mark.rule("HEAD-02")
def test_ko_decision_exhaustive():
    n = 0
    for level, loc, blunt, armour, helmet, rule, before, starving in itertools.product(
            LEVELS, range(4), (False, True), ARMOURS, (0, 5, 10, 20, 25, 30, 60), RULES,
            range(0, 14), (False, True)):
        got = W.ko_decision(level, loc, blunt, armour, helmet, rule, before, starving)
        assert got == expected(level, loc, blunt, armour, helmet, rule, before, starving), \
            (level, loc, blunt, armour, helmet, rule, before, starving)
        n += 1
    assert n > 10000


@pytest.mark.rule("KO-02")
def test_ko_table_cells():
    assert [W.table_ko_pct(l, False, S.ARMOUR_NONE) for l in LEVELS] == [75, 50, 25]
    assert [W.table_ko_pct(l, True, S.ARMOUR_NONE) for l in LEVELS] == [100, 75, 50]
    assert S.WEAPONS["fists"].blunt and S.WEAPONS["hammer"].blunt
    assert not S.WEAPONS["sword"].blunt


@pytest.mark.rule("KO-03")
def test_armour_adds():
    assert W.table_ko_pct(W.EXTREME, True, S.ARMOUR_CHAIN) == 70  # the design's example
    assert W.table_ko_pct(W.EXTREME, False, S.ARMOUR_LEATHER) == 35
    assert W.table_ko_pct(W.EXTREME, False, S.ARMOUR_CLOTH) == 35
    assert W.table_ko_pct(W.MAJOR, False, S.ARMOUR_PLATE) == 80
    assert W.table_ko_pct(W.MINOR, True, S.ARMOUR_PLATE) == 100  # capped


@pytest.mark.rule("KO-04")
def test_creatures_boss_troll():
    for rule in (S.KO_KILLED, S.KO_BOSS):
        assert W.ko_decision(W.MINOR, W.TORSO, True, S.ARMOUR_PLATE, 0, rule, 9) == (100, 0)
    assert W.ko_decision(W.EXTREME, W.TORSO, False, 0, 0, S.KO_TROLL, 9) == (100, 100)
    assert W.ko_decision(W.EXTREME, W.TORSO, False, 0, 0, S.KO_TROLL, 9, True) == (100, 0)
    assert S.creature("troll").ko_rule == S.KO_TROLL
    for k in ("kobold", "wolf", "spider", "bear"):
        assert S.creature(k).ko_rule == S.KO_KILLED
    assert S.boss().ko_rule == S.KO_BOSS


@pytest.mark.rule("HEAD-01")
def test_head_wound_chance():
    assert W.ko_decision(W.MAJOR, W.HEAD, False, 0, 0, S.KO_NORMAL, 0)[0] == 25
    assert W.ko_decision(W.EXTREME, W.HEAD, True, 0, 0, S.KO_NORMAL, 0)[0] == 50
    assert W.ko_decision(W.MAJOR, W.HEAD, True, 0, 10, S.KO_NORMAL, 0)[0] == 40
    assert W.ko_decision(W.MAJOR, W.HEAD, False, 0, 30, S.KO_NORMAL, 0)[0] == 0
    assert W.ko_decision(W.MINOR, W.HEAD, True, 0, 0, S.KO_NORMAL, 0)[0] == 0
    assert W.ko_decision(W.MAJOR, W.TORSO, True, 0, 0, S.KO_NORMAL, 0)[0] == 0
    # the Boss never gets it
    assert W.ko_decision(W.EXTREME, W.HEAD, True, 0, 0, S.KO_BOSS, 0)[0] == 0
    # creatures do (and die of it)
    assert W.ko_decision(W.EXTREME, W.HEAD, True, 0, 0, S.KO_KILLED, 0) == (50, 0)


@pytest.mark.rule("HEAD-02")
def test_head_wound_knockout():
    # below 10 points: 100% Major / 50% Extreme whatever the weapon and armour
    for blunt in (False, True):
        for armour in ARMOURS:
            assert W.ko_decision(W.MAJOR, W.HEAD, blunt, armour, 0, S.KO_NORMAL, 3)[1] == 100
            assert W.ko_decision(W.EXTREME, W.HEAD, blunt, armour, 0, S.KO_NORMAL, 3)[1] == 50
    # bringing points to 10: KO-02/KO-03 apply
    assert W.ko_decision(W.MAJOR, W.HEAD, False, S.ARMOUR_CHAIN, 0, S.KO_NORMAL, 8) == (100, 70)
    assert W.ko_decision(W.EXTREME, W.HEAD, True, 0, 0, S.KO_NORMAL, 6) == (100, 50)


def _rate(case, n, seed):
    level, loc, blunt, armour, helmet, rule, before = case
    rng = np.random.default_rng(seed)
    st = S.StatBlock("t", 1, 1, 1, 1, armour=armour, helmet=helmet, ko_rule=rule,
                     weapon="club" if blunt else "sword")
    counts = {W.FIGHTS_ON: 0, W.KNOCKED_OUT: 0, W.KILLED: 0}

    class F:
        pass
    for i in range(n):
        f = F()
        f.stats = st
        f.bleeding_since = -1
        f.wounds = [W.Wound(W.MINOR, W.ARMS, 0, False)] * before
        counts[W.land_wound(rng, f, level, loc, blunt, 0)] += 1
    return counts


CELLS = [
    # every KO-02 x KO-03 cell at 10 points (disable certain)
    (lv, W.TORSO, bl, ar, 0, S.KO_NORMAL, 9)
    for lv in LEVELS for bl in (False, True)
    for ar in (S.ARMOUR_NONE, S.ARMOUR_LEATHER, S.ARMOUR_CHAIN, S.ARMOUR_PLATE)
] + [
    # head wounds (HEAD-01/02) with and without a helmet
    (lv, W.HEAD, bl, S.ARMOUR_NONE, hm, S.KO_NORMAL, 0)
    for lv in (W.MAJOR, W.EXTREME) for bl in (False, True) for hm in (0, 10)
]


@pytest.mark.rule("KO-02")
@pytest.mark.rule("KO-03")
@pytest.mark.rule("HEAD-01")
@pytest.mark.rule("HEAD-02")
@pytest.mark.parametrize("case", CELLS)
def test_ko_rates_within_binomial_tolerance(case):
    n = 4000
    # A stable seed per cell: hash() of a tuple holding strings changes with every run.
    counts = _rate(case, n, seed=zlib.crc32(repr(case).encode()) & 0xFFFF)
    exact = W.outcome_chances(*case)
    for outcome in (W.FIGHTS_ON, W.KNOCKED_OUT, W.KILLED):
        p = exact[outcome]
        assert binomial_ok(counts[outcome], n, p), (case, outcome, counts)


@pytest.mark.rule("KO-02")
def test_locations_cover_the_body():
    rng = np.random.default_rng(3)
    seen = [0, 0, 0, 0]
    for _ in range(1200):
        seen[W.roll_location(rng)] += 1
    assert all(seen)
    assert abs(seen[W.HEAD] - 200) < 4 * math.sqrt(1200 * (2 / 12) * (10 / 12))


def test_bleeding_decision():
    assert W.starts_bleeding(W.MAJOR, False) and W.starts_bleeding(W.EXTREME, False)
    assert not W.starts_bleeding(W.MINOR, False)
    assert not W.starts_bleeding(W.EXTREME, True)
