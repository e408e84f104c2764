"""Learned bonuses (LEARN-01..06), in play on small levels.
Decisions: docs/rules/adventurers.md, "Learned bonuses"."""
import pytest

from cautionkit import advs, level, of_type, run, run_until
from conftest import binomial_ok
from pysim.adventurers import caution, learning
from pysim.combat import fighter as F
from pysim.core import dice, entities as E
from pysim.traps import mechanisms, trap_parts as tp

# a (party 1) walks over the tripwire T wired to spinning blades B beside it; b (party 2)
# stands 10 tiles from T, z (party 2) 11 tiles (both held still by the tests).
NEAR = ["########################",
        "#......................#",
        "#a...T..............S..#",
        "#....B.........bz......#",
        "########################"]
NEAR_WIRES = [((5, 2), (5, 3))]


def _hold(g, *chars_xy):
    out = []
    for e in advs(g):
        if (e.x, e.y) in chars_xy:
            e.idle = 10 ** 6
            out.append(e)
    return out


@pytest.mark.rule("LEARN-01")
def test_the_one_who_set_it_off_and_everyone_within_10_tiles_learn():
    g = level(NEAR, NEAR_WIRES)
    near, far = _hold(g, (15, 3))[0], _hold(g, (16, 3))[0]
    ev = run_until(g, lambda ev: of_type(ev, "trap_triggered"))
    walker = advs(g)[0]
    learned = of_type(ev, "bonus_learned")
    assert sorted(set(x["entity"] for x in learned)) == [walker.id, near.id]
    assert learning.spot_learned(walker, tp.TRIPWIRE) == 1
    assert learning.block_learned(near, tp.SPINNING_BLADES) == 1
    assert learning.learned_of(far) is None
    assert {(x["bonus"], x["kind"], x["name"], x["value"]) for x in learned} == {
        ("spot", "tripwire", "Tripwire", 1), ("block", "spinning_blades", "Spinning Blades", 1)}


@pytest.mark.rule("LEARN-01")
def test_the_knocked_out_do_not_learn():
    g = level(NEAR, NEAR_WIRES)
    near = _hold(g, (15, 3))[0]
    near.state = E.KNOCKED_OUT
    run_until(g, lambda ev: of_type(ev, "trap_triggered"))
    assert learning.learned_of(near) is None


@pytest.mark.rule("LEARN-02")
def test_a_wide_tripwire_teaches_the_tripwire_spot_bonus():
    g = level([r.replace("T", "=") for r in NEAR], NEAR_WIRES)
    run_until(g, lambda ev: of_type(ev, "trap_triggered"))
    a = advs(g)[0]
    assert a.learned["spot"] == {tp.TRIPWIRE: 1}
    assert learning.spot_learned(a, tp.WIDE_TRIPWIRE) == 1


@pytest.mark.rule("LEARN-03")
def test_the_same_kind_three_times_gives_plus_2_at_most_each_growing_separately():
    # three tripwires on the way (TRAP-03 spacing), the first two to blades, the third to
    # an alarm: spot grows 1, 2, 2; blades' Block 1, 2; the alarm's 1.
    rows = ["###################",
            "#.................#",
            "#a..T...T...T....S#",
            "#...B...B...A.....#",
            "###################"]
    g = level(rows, [((4, 2), (4, 3)), ((8, 2), (8, 3)), ((12, 2), (12, 3))])
    a = advs(g)[0]
    F.fighter_of(a).stats.block = 99            # it must live through the blades
    ev = run_until(g, lambda ev: len(of_type(ev, "trap_triggered")) == 3)
    mine = [(x["bonus"], x["kind"], x["value"]) for x in of_type(ev, "bonus_learned")
            if x["entity"] == a.id]
    assert mine == [("spot", "tripwire", 1), ("block", "spinning_blades", 1),
                    ("spot", "tripwire", 2), ("block", "spinning_blades", 2),
                    ("block", "alarm_trap", 1)]
    assert a.learned == {"spot": {"tripwire": 2},
                         "block": {"spinning_blades": 2, "alarm_trap": 1}}


@pytest.mark.rule("LEARN-04")
def test_a_lever_pulled_teaches_nothing():
    rows = ["###########",
            "#L........#",
            "#.a.B.....#",
            "###########"]
    g = level(rows, [((1, 1), (4, 1), (4, 2))], legend={"a": "floor adventurer party:1"})
    _hold(g, (2, 2))
    lever = [p for p in mechanisms.state_of(g).parts.values() if p.kind == tp.LEVER][0]
    g.command({"type": "switch_lever", "part": lever.id, "on": True})
    ev = run(g, 3)
    assert of_type(ev, "trap_triggered") and of_type(ev, "bonus_learned") == []


@pytest.mark.rule("LEARN-02")
def test_the_trap_that_teaches_is_not_resisted_better_the_next_one_is(monkeypatch):
    g = level(NEAR, NEAR_WIRES)
    a = advs(g)[0]
    base = mechanisms.block_of(g, a, tp.SPINNING_BLADES)
    calls = []
    real = dice.opposed_roll
    traps_rng = g.rng.stream("traps")            # the trap's rolls, not spot rolls
    monkeypatch.setattr(dice, "opposed_roll",
                        lambda rng, x, y: (rng is traps_rng and calls.append((x, y)))
                        or real(rng, x, y))
    run_until(g, lambda ev: of_type(ev, "trap_triggered"))
    assert calls[0][1] == base
    # caution +1 and learned +1 stack (LEARN-05) on the next roll
    assert mechanisms.block_of(g, a, tp.SPINNING_BLADES) == base + 2
    assert caution.caution_bonus(g, a) == 1


@pytest.mark.rule("LEARN-02")
def test_learned_block_lowers_the_blades_hit_rate_to_the_exact_dice_chance():
    # The Block bonus in play: a walker with +2 learned against blades (and calm) is hit at
    # the dice chance of 5 against its Block + 2.
    hits = n = 0
    block = None
    for seed in range(120):
        g = level(NEAR, NEAR_WIRES, seed=seed)
        a = advs(g)[0]
        a.learned = {"spot": {}, "block": {tp.SPINNING_BLADES: 2}}
        caution.state_of(g).parties.clear()
        block = mechanisms.block_of(g, a, tp.SPINNING_BLADES)
        ev = run_until(g, lambda ev: of_type(ev, "trap_triggered"))
        rolls = [x for x in ev if x["type"] in ("trap_hit", "trap_missed") and x["entity"] == a.id]
        assert len(rolls) == 1
        n += 1
        hits += rolls[0]["type"] == "trap_hit"
    p = dice.outcome_chances(5, block)[dice.SUCCESS]
    assert binomial_ok(hits, n, p), (hits, n, p)
    assert p < dice.outcome_chances(5, block - 2)[dice.SUCCESS]


@pytest.mark.rule("LEARN-06")
def test_prisoners_keep_their_bonuses_and_a_new_party_starts_with_none():
    g = level(NEAR, NEAR_WIRES)
    run_until(g, lambda ev: of_type(ev, "trap_triggered"))
    a = advs(g)[0]
    F.fighter_of(a).captured = True
    run(g, 5)
    assert a.learned["spot"] == {tp.TRIPWIRE: 1}
    new = [g.spawn(E.ADVENTURER, 2, 1, party=7)]        # a new party arrives nearby
    run(g, 2)
    assert all(learning.learned_of(e) is None for e in new)
    info = {}
    learning.describe_part(g, new[0], info)
    assert info["learned"] == {"spot": {}, "block": {}}


@pytest.mark.rule("LEARN-06")
def test_describe_shows_learned_bonuses_with_names():
    from pysim.session import Session
    text = "name: t\nseed: 1\n[legend]\nT = floor trap:tripwire\nB = floor trap:spinning_blades\n" \
           "a = floor adventurer party:1\nb = floor adventurer party:2\nz = floor adventurer party:2\n" \
           "[map]\n" + "\n".join(NEAR) + "\n[wires]\n5,2 5,3\n"
    s = Session(text, "t", 1)
    g = s.game
    run_until(g, lambda ev: of_type(ev, "trap_triggered"))
    info = s.describe(advs(g)[0].id)
    assert info["learned"]["spot"] == {"tripwire": 1}
    assert info["learned_named"]["block"] == [{"kind": "spinning_blades", "name": "Spinning Blades",
                                               "value": 1}]
    assert info["cautious"] is True and info["caution_bonus"] == 1
    assert info["party_cautious_reason"] == "trap"
