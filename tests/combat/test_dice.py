"""DICE-01: the opposed roll, exactly and by rates."""
import math

import numpy as np
import pytest

from conftest import binomial_ok

from pysim.core import dice


@pytest.mark.rule("DICE-01")
def test_exact_chances_by_enumeration():
    c = dice.outcome_chances(0, 0)
    assert math.isclose(sum(c.values()), 1.0)
    assert math.isclose(c[dice.BOTCH], 1 / 36)
    # equal totals: the actor wins only strictly higher: P(a > b) with a's (1,1) botched
    wins = 0
    for a1 in range(1, 7):
        for a2 in range(1, 7):
            for b1 in range(1, 7):
                for b2 in range(1, 7):
                    if (a1, a2) != (1, 1) and a1 + a2 > b1 + b2:
                        wins += 1
    assert math.isclose(c[dice.SUCCESS], wins / 1296)
    assert c[dice.SUCCESS] < 0.5  # ties go against the actor
    # higher totals help, never hurt; a botch is always 1/36 and rarer than a failure
    prev = -1
    for d in range(-6, 7):
        p = dice.success_chance(d, 0)
        assert p >= prev
        prev = p
        cc = dice.outcome_chances(d, 0)
        assert math.isclose(cc[dice.BOTCH], 1 / 36)
    assert dice.outcome_chances(20, 0)[dice.SUCCESS] == pytest.approx(35 / 36)


@pytest.mark.rule("DICE-01")
def test_judge_rules():
    assert dice.judge((1, 1), (1, 1), 50, 0)[0] == dice.BOTCH
    assert dice.judge((3, 3), (3, 3), 0, 0) == (dice.FAILURE, 0)
    assert dice.judge((3, 4), (3, 3), 0, 0) == (dice.SUCCESS, 1)


@pytest.mark.rule("DICE-01")
@pytest.mark.parametrize("diff", [-4, -2, 0, 2, 4])
def test_rates_match_exact(diff):
    rng = np.random.default_rng(100 + diff)
    n = 6000
    counts = {dice.SUCCESS: 0, dice.FAILURE: 0, dice.BOTCH: 0}
    for _ in range(n):
        counts[dice.opposed_roll(rng, 3 + diff, 3)[0]] += 1
    exact = dice.outcome_chances(3 + diff, 3)
    for k, p in exact.items():
        assert binomial_ok(counts[k], n, p)
