"""BREACH-01..06: breaching a locked door (pure logic here; the in-game runs are in
tests/doors/test_doors_game.py)."""

import numpy as np
import pytest

from conftest import binomial_ok

from pysim.combat import stats as S
from pysim.core import dice
from pysim.doors import breach as B


class M:
    """A stand-in party member."""

    def __init__(self, eid, craft=1, battle=1, traits=()):
        self.id = eid
        self.stats = S.StatBlock("x", hunt=1, craft=craft, battle=battle, block=1,
                                 traits=traits)




@pytest.mark.rule("BREACH-01")
def test_pick_rolls_craft_vs_lock_and_bash_rolls_battle_vs_door():
    worker = M(1, craft=5, battle=0)
    # compare the roll with the dice judged directly on the same stream
    for method, stat, opp in ((B.PICK, 5, B.LOCK_STRENGTH), (B.BASH, 0, B.DOOR_STRENGTH)):
        for seed in range(200):
            b = B.Breach(1, 1, method, 1, 10)
            out, res = B.roll(np.random.default_rng(seed), b, worker, B.LOCK_STRENGTH,
                              B.DOOR_STRENGTH)
            expect, _ = dice.opposed_roll(np.random.default_rng(seed), stat, opp)
            assert res == expect
            assert (out == B.ROLL_SUCCESS) == (expect == dice.SUCCESS)


@pytest.mark.rule("BREACH-01")
def test_bashing_takes_twice_as_long():
    for stat in range(0, 12):
        assert B.attempt_ticks(B.BASH, stat) == 2 * B.attempt_ticks(B.PICK, stat)


@pytest.mark.rule("BREACH-02")
def test_higher_stat_works_faster():
    for method in B.METHODS:
        times = [B.attempt_ticks(method, s) for s in range(0, 9)]
        assert all(a > b for a, b in zip(times, times[1:])), times
    assert B.attempt_ticks(B.PICK, 0) == 60
    assert B.attempt_ticks(B.PICK, np.int64(4)) == 30   # numpy ints accepted


@pytest.mark.rule("BREACH-02")
def test_best_member_for_each_method():
    party = [M(3, craft=2, battle=5), M(1, craft=4, battle=1), M(2, craft=4, battle=5)]
    assert B.best_member(party, B.PICK).id == 1      # tie on craft 4: lowest id
    assert B.best_member(party, B.BASH).id == 2      # tie on battle 5: lowest id


@pytest.mark.rule("BREACH-02")
def test_party_picks_70_percent():
    party = [M(1), M(2)]
    assert B.pick_chance(party) == 0.7
    n = 4000
    rng = np.random.default_rng(12345)
    picks = sum(B.choose_method(party, rng) == B.PICK for _ in range(n))
    assert binomial_ok(picks, n, 0.7), picks


@pytest.mark.rule("BREACH-03")
def test_locksmith_always_picks_doorbreaker_always_bashes():
    ls = [M(1), M(2, traits=(S.LOCKSMITH,))]
    db = [M(1), M(2, traits=(S.DOORBREAKER,))]
    both = [M(1, traits=(S.DOORBREAKER,)), M(2, traits=(S.LOCKSMITH,))]
    assert B.pick_chance(ls) == 1.0 and B.pick_chance(db) == 0.0 and B.pick_chance(both) == 1.0
    rng = np.random.default_rng(7)
    assert all(B.choose_method(ls, rng) == B.PICK for _ in range(300))
    assert all(B.choose_method(db, rng) == B.BASH for _ in range(300))
    assert all(B.choose_method(both, rng) == B.PICK for _ in range(300))


@pytest.mark.rule("BREACH-04")
def test_five_failures_switch_then_five_more_give_up_exactly():
    b = B.Breach(1, 1, B.PICK, 1, 10)
    outs = [B.record_failure(b) for _ in range(10)]
    assert outs[:4] == [B.ROLL_FAILED] * 4
    assert outs[4] == B.ROLL_SWITCH
    assert outs[5:9] == [B.ROLL_FAILED] * 4
    assert outs[9] == B.ROLL_GIVE_UP
    assert b.method == B.BASH and b.total_failures == 10


@pytest.mark.rule("BREACH-04")
def test_a_botch_counts_as_a_failed_roll():
    class Rigged:
        def __init__(self):
            self.vals = [1, 1, 6, 6]

        def integers(self, lo, hi, size):
            out = np.array(self.vals[:size])
            self.vals = self.vals[size:]
            return out

    b = B.Breach(1, 1, B.PICK, 1, 10)
    out, res = B.roll(Rigged(), b, M(1, craft=20), 0, 0)
    assert res == dice.BOTCH and out == B.ROLL_FAILED and b.failures == 1
