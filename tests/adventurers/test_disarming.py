"""KNOW-05 in play: walking around known triggers, over known tripwires, and disarming a
known plate or sensor that blocks the only way (docs/rules/adventurers.md, "Knowledge" and
"Disarming")."""
import pytest

from conftest import binomial_ok
from pysim.adventurers import avoiding as AV, disarming as DA, knowledge as K, mind_hooks
from pysim.core import dice
from trapkit import of_type, run

from mindkit import advs, at, blind, find, known, make

# two ways to the sanctum S: straight over the plate p, or around through rows 1 and 5
AROUND = ["###########",
          "#.........#",
          "#.###W###.#",
          "#1...p...S#",
          "#.#######.#",
          "#.........#",
          "###########"]

# one way only, over the plate (or tripwire, sensor) at (4,2)
CORRIDOR = ["###########",
            "####W######",
            "#1..p....S#",
            "###########"]


def _walk(rows, learn, ticks=200, seed=1, legend=None):
    g = make(rows, wires=[((4, 2), (4, 1))] if rows is CORRIDOR or legend else
             [((5, 3), (5, 2))], seed=seed, legend=legend)
    a = advs(g)[0]
    blind(a)
    if learn:
        K.learn(g, a, [p for p in find(g, p_kind(g))][0], "test")
    evs = run(g, ticks)
    return g, a, evs


def p_kind(g):
    kinds = [p.kind for p in K.trap_state.state_of(g).parts.values()
             if K.tp.is_trigger(p.kind)]
    return kinds[0]


@pytest.mark.rule("KNOW-05")
def test_a_known_plate_is_walked_around_when_another_way_exists():
    g, a, evs = _walk(AROUND, learn=False)
    assert of_type(evs, "trap_triggered")                      # unknown: stepped on
    g, a, evs = _walk(AROUND, learn=True)
    assert of_type(evs, "trap_triggered") == []
    assert of_type(evs, "disarm_started") == []
    assert (a.x, a.y) == (9, 3)                                # it got there, the long way


@pytest.mark.rule("KNOW-05")
@pytest.mark.parametrize("kind", ["tripwire", "wide_tripwire"])
def test_a_known_tripwire_is_stepped_over(kind):
    legend = {"p": "floor trap:%s" % kind}   # a wide one lies along the corridor
    rows = [r for r in CORRIDOR]
    g, a, evs = _walk(rows, learn=False, legend=legend)
    assert of_type(evs, "trap_triggered")
    g, a, evs = _walk(rows, learn=True, legend=legend)
    assert of_type(evs, "trap_triggered") == []
    assert of_type(evs, "disarm_started") == []                # no stop: it steps over
    assert (a.x, a.y) == (9, 2)


@pytest.mark.rule("KNOW-05")
@pytest.mark.parametrize("kind", ["pressure_plate", "sensor"])
def test_a_known_plate_or_sensor_on_the_only_way_is_disarmed_and_nobody_freezes(kind):
    legend = {"p": "floor trap:%s" % kind}
    g, a, evs = _walk(CORRIDOR, learn=True, legend=legend, ticks=2000, seed=3)
    started = of_type(evs, "disarm_started")
    assert started and started[0]["entity"] == a.id and started[0]["party"] == 1
    ends = [e for e in evs if e["type"] in ("disarm_succeeded", "disarm_botched")]
    assert len(ends) == 1
    if ends[0]["type"] == "disarm_succeeded":
        part = find(g, kind)[0]
        assert part.needs_reset and of_type(evs, "trap_triggered") == []
    assert (a.x, a.y) == (9, 2)                                # through, in the end


@pytest.mark.rule("KNOW-05")
def test_disarm_chances_are_craft_against_the_reset_difficulty_plus_one():
    d = DA.disarm_difficulty("pressure_plate", False)
    assert d == K.tp.RESET_DIFFICULTY["pressure_plate"] + 1 == 3
    assert DA.disarm_difficulty("sensor", True) == 1            # a Shoddy sensor: 3 - 2
    # a level-1 Rogue (Craft 3) disarms a plate at the first try 44% of the time and
    # botches 1 in 36 (docs/rules/adventurers.md, "Disarming")
    ch = DA.disarm_chances(3, "pressure_plate", False)
    assert round(100 * ch[dice.SUCCESS]) == 44 and ch[dice.BOTCH] == pytest.approx(1 / 36)
    assert DA.disarm_chances(3, "pressure_plate", False) == dice.outcome_chances(3, 3)
    assert DA.disarm_chances(3, "pressure_plate", True) == dice.outcome_chances(3, 1)
    assert DA.disarm_chances(3, "pressure_plate", False, bonus=2) == \
        dice.outcome_chances(5, 3)


# a rogue (Craft 3) right beside the plate on the only way; its Detect Traps shows it
NEXT_TO = ["#########",
           "###W#####",
           "#.rp...S#",
           "#########"]


@pytest.mark.rule("KNOW-05")
def test_disarm_outcome_rates_over_seeds_and_a_botch_sets_the_trap_off_on_the_disarmer():
    n = 300
    counts = {"disarm_succeeded": 0, "disarm_failed": 0, "disarm_botched": 0}
    botches = 0
    for seed in range(n):
        g = make(NEXT_TO, wires=[((3, 2), (3, 1))], seed=seed)
        rogue = advs(g)[0]
        blind(rogue)
        evs = run(g, 30 + 20)
        first = [e for e in evs if e["type"] in counts][0]
        counts[first["type"]] += 1
        if first["type"] == "disarm_botched":
            trig = of_type(evs, "trap_triggered")
            assert trig and trig[0]["who"] == rogue.id and trig[0]["tick"] == first["tick"]
            botches += 1
        elif first["type"] == "disarm_failed":
            again = [e for e in run(g, 30 + 1)
                     if e["type"] in counts]
            assert again and again[0]["tick"] == first["tick"] + 30  # time lost
    ch = DA.disarm_chances(3, "pressure_plate", False)
    assert binomial_ok(counts["disarm_succeeded"], n, ch[dice.SUCCESS])
    assert binomial_ok(counts["disarm_failed"], n, ch[dice.FAILURE])
    assert binomial_ok(counts["disarm_botched"], n, ch[dice.BOTCH])
    assert botches > 0


@pytest.mark.rule("KNOW-05")
def test_the_disarm_roll_adds_the_mind_hooks_bonus_and_calls_the_disarmed_hooks():
    seen = []

    def sure(game, adv, trigger_kind):
        return 1000

    def hook(game, party_id, worker_id, part_id, outcome):
        seen.append((party_id, worker_id, part_id, outcome))

    mind_hooks.add_disarm_bonus(sure)
    mind_hooks.add_disarmed_hook(hook)
    try:
        # seed 2's first disarm dice are not a botch (a botch ignores any bonus)
        g = make(NEXT_TO, wires=[((3, 2), (3, 1))], seed=2)
        rogue = advs(g)[0]
        blind(rogue)
        evs = run(g, 30 + 20)
    finally:
        mind_hooks.DISARM_BONUS_FNS.remove(sure)
        mind_hooks.DISARMED_HOOKS.remove(hook)
    plate = find(g, "pressure_plate")[0]
    assert [e["type"] for e in evs if e["type"].startswith("disarm_")] == \
        ["disarm_started", "disarm_succeeded"]
    assert seen == [(1, rogue.id, plate.id, DA.DISARMED)]


@pytest.mark.rule("KNOW-05")
def test_the_avoiding_view_is_shared_by_walkers_who_know_the_same_triggers():
    g = make(AROUND, wires=[((5, 3), (5, 2))], legend={"2": "floor adventurer:peasant party:1"})
    a = advs(g)[0]
    b = g.spawn(K.entities.ADVENTURER, 1, 5, subtype="peasant")
    plate = find(g, "pressure_plate")[0]
    for e in (a, b):
        K.learn(g, e, plate, "test")
    base = g.grid.walk_cost()
    va = AV._cost_view(g, a, base)
    vb = AV._cost_view(g, b, base)
    assert va is vb and not va.flags.writeable
    assert va[3, 5] == base[3, 5] + 30
    assert known(g, b) == [plate.id]


@pytest.mark.rule("KNOW-05")
def test_a_disarmer_moved_away_ends_the_attempt():
    g = make(NEXT_TO, wires=[((3, 2), (3, 1))], seed=2)
    rogue = advs(g)[0]
    blind(rogue)
    evs = run(g, 5)
    assert of_type(evs, "disarm_started") and K.state_of(g).disarms
    rogue.x = 3 + 2 + 1                 # carried off by a fight, say
    evs = run(g, 30 + 1)
    assert [e for e in evs if e["type"] in
            ("disarm_succeeded", "disarm_failed", "disarm_botched")] == []
