"""SPOT-01..03 in play: a party's one roll to spot a trigger it sees (docs/rules/adventurers.md,
"Spotting"). The plate p is wired to the dart thrower W in the wall above it."""
import pytest

from conftest import binomial_ok
from pysim.adventurers import knowledge as K, mind_hooks, spotting as SP
from pysim.core import dice
from trapkit import of_type, run

from mindkit import advs, at, blind, find, keen, known, make, still

# plate at (8,2); party 1 at (4,2) and (2,2) (4 and 6 tiles), party 1 at (15,2) (7 tiles),
# party 2 at (8,5) behind the wall row 4 (3 tiles)
ROWS = ["##################",
        "#.......W........#",
        "#.1.1...p......4.#",
        "#................#",
        "#######.##########",
        "#.......2........#",
        "##################"]


def _game(seed=1, shoddy=False):
    legend = {"p": "floor trap:pressure_plate/shoddy"} if shoddy else None
    g = make(ROWS, wires=[((8, 2), (8, 1))], seed=seed, legend=legend)
    still(*advs(g))
    return g


@pytest.mark.rule("SPOT-01")
def test_the_first_member_who_sees_a_trigger_within_six_tiles_rolls():
    g = _game()
    first, second, far, walled = at(g, 2, 2), at(g, 4, 2), at(g, 15, 2), at(g, 8, 5)
    keen(*advs(g))
    plate = find(g, "pressure_plate")[0]
    evs = run(g, SP.LOOK_PERIOD + 1)
    spots = of_type(evs, "trap_spotted")
    # both see it; the party's first member (lowest id, 6 tiles away) rolls for the party
    assert first.id < second.id
    assert [(s["entity"], s["party"]) for s in spots] == [(first.id, 1)]
    assert K.state_of(g).rolled == {1: [plate.id]}   # party 2 behind the wall: no roll
    # ... though the wall does not keep it from learning from the spotter 6 tiles away
    assert known(g, walled) == [plate.id]
    assert known(g, far) == []                       # 13 tiles from the spotter


@pytest.mark.rule("SPOT-01")
def test_nobody_rolls_from_seven_tiles_or_through_a_wall():
    g = _game()
    for e in advs(g):
        if (e.x, e.y) in ((2, 2), (4, 2)):
            e.x, e.y = 1, 3                        # out of the way: 7 tiles from the plate
    keen(*advs(g))
    run(g, 3 * SP.LOOK_PERIOD)
    assert K.state_of(g).rolled == {}
    assert of_type(g.take_events(), "trap_spotted") == []


@pytest.mark.rule("SPOT-02")
def test_spot_chance_is_the_opposed_roll_of_hunt_shoddy_and_light():
    # docs/rules/adventurers.md: Hunt (+ bonuses) against 4; Shoddy +2; dim -1, dark -2: a
    # Rogue (Hunt 2) spots an ordinary trigger 24% of the time, a Shoddy one 44%, in the
    # dark 10%
    base = SP.spot_chance(2, False, 255)
    assert [round(100 * SP.spot_chance(2, sh, light)) for sh, light in
            ((False, 255), (True, 255), (False, 0))] == [24, 44, 10]
    assert base == dice.outcome_chances(2, 4)[dice.SUCCESS]
    assert SP.spot_chance(3, False, 255) > base                       # Hunt helps
    assert SP.spot_chance(2, True, 255) == dice.outcome_chances(
        2 + 2, 4)[dice.SUCCESS] > base                                 # Shoddy: easier
    assert SP.spot_chance(2, False, 100) == dice.outcome_chances(
        1, 4)[dice.SUCCESS] < base                                     # dim: -1
    assert SP.spot_chance(2, False, 0) == dice.outcome_chances(
        0, 4)[dice.SUCCESS] < SP.spot_chance(2, False, 100)            # dark: -2
    assert SP.spot_chance(2, False, 255, bonus=2) == SP.spot_chance(4, False, 255)
    assert [SP.darkness_penalty(v) for v in (255, 128, 127, 32, 31, 0)] == [0, 0, 1, 1, 2, 2]


@pytest.mark.rule("SPOT-02")
@pytest.mark.parametrize("shoddy,light", [(False, 255), (True, 255), (False, 0)])
def test_spot_rates_over_seeds(shoddy, light):
    n = 240
    hits = 0
    for seed in range(n):
        g = _game(seed=seed, shoddy=shoddy)
        g.grid.light[:, :] = light
        for e in advs(g):
            blind(e)
        spotter = at(g, 2, 2)             # the party's first member rolls for it
        spotter.fighter.stats.hunt = 2
        hits += bool(of_type(run(g, SP.LOOK_PERIOD + 1), "trap_spotted"))
    assert binomial_ok(hits, n, SP.spot_chance(2, shoddy, light))


@pytest.mark.rule("SPOT-02")
def test_the_spot_roll_adds_the_mind_hooks_bonus_and_calls_the_spotted_hooks():
    seen = []

    def huge(game, adv, trigger_kind):
        return 1000 if trigger_kind == "pressure_plate" else 0

    def hook(game, party_id, spotter_id, part_id):
        seen.append((party_id, spotter_id, part_id))

    mind_hooks.add_spot_bonus(huge)
    mind_hooks.add_spotted_hook(hook)
    try:
        g = _game()
        blind(*advs(g))
        spotter = at(g, 2, 2)
        evs = run(g, SP.LOOK_PERIOD + 1)
    finally:
        mind_hooks.SPOT_BONUS_FNS.remove(huge)
        mind_hooks.SPOTTED_HOOKS.remove(hook)
    plate = find(g, "pressure_plate")[0]
    assert [s["entity"] for s in of_type(evs, "trap_spotted")] == [spotter.id]
    assert seen == [(1, spotter.id, plate.id)]


@pytest.mark.rule("SPOT-03")
def test_a_party_rolls_once_per_trigger_and_never_again_after_a_failure():
    g = _game()
    blind(*advs(g))
    plate = find(g, "pressure_plate")[0]
    run(g, SP.LOOK_PERIOD + 1)
    assert K.state_of(g).rolled == {1: [plate.id]}      # rolled, failed
    keen(*advs(g))                                      # now anyone would see it
    evs = run(g, 10 * SP.LOOK_PERIOD)
    assert of_type(evs, "trap_spotted") == []           # party 1 never rolls again
    # another party that comes into view still gets its own roll
    other = at(g, 8, 5)
    other.x, other.y = 8, 3
    evs = run(g, SP.LOOK_PERIOD + 1)
    assert [(s["entity"], s["party"]) for s in of_type(evs, "trap_spotted")] == [(other.id, 2)]
