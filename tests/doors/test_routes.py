"""DOOR-02/03 route choice (pure part; the in-game runs are in tests/doors/test_doors_game.py)."""

import numpy as np
import pytest

from conftest import binomial_ok

from pysim.combat import stats as S
from pysim.doors import routes as R


class M:
    def __init__(self, eid, traits=()):
        self.id = eid
        self.stats = S.StatBlock("x", 1, 1, 1, 1, traits=traits)




@pytest.mark.rule("DOOR-02")
def test_detour_chance_exact():
    assert R.detour_chance([M(1), M(2)]) == 0.5
    assert R.detour_chance([M(1), M(2, (S.SCOUT,))]) == 0.25
    assert R.detour_chance([M(1, (S.SCOUT,))], direct=True) == 0.0


@pytest.mark.rule("DOOR-02")
@pytest.mark.parametrize("scout,p", [(False, 0.5), (True, 0.25)])
def test_detour_rate(scout, p):
    party = [M(1), M(2, (S.SCOUT,) if scout else ())]
    n = 4000
    rng = np.random.default_rng(99)
    hits = sum(R.decide_detour(rng, party) for _ in range(n))
    assert binomial_ok(hits, n, p), hits


@pytest.mark.rule("DOOR-02")
def test_only_way_goes_through_without_a_draw():
    rng = np.random.default_rng(1)
    before = rng.bit_generator.state
    assert not any(R.decide_detour(rng, [M(1)], way_around=False) for _ in range(100))
    assert rng.bit_generator.state == before


@pytest.mark.rule("DOOR-03")
def test_direct_party_never_detours():
    rng = np.random.default_rng(3)
    assert not any(R.decide_detour(rng, [M(1)], direct=True) for _ in range(500))
