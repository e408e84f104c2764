"""Sweep metrics on small hand-checked event streams, over a real little game (a Boss, a
minion, a tripwire and a dart thrower), and the interval arithmetic of the summary."""
import math

import pytest

from pysim.core import clock, entities
from pysim.level import load_text
from pysim.sweep import metrics, stats, store
from pysim.sweep.metrics import compute, metric

LEVEL = """name: metric check
seed: 1

[legend]
T = floor trap:tripwire
d = wall trap:dart_thrower

[map]
########
P..T...#
###d##.#
#m...bS#
########
"""


@pytest.fixture
def game():
    return load_text(LEVEL, "metric check", 1)


def ids_of(game, kind):
    return [eid for eid in sorted(game.entities) if game.entities[eid].kind == kind]


def dart_of(game):
    [(pid, kind)] = metrics.trap_mechanisms(game).items()
    assert kind == "dart_thrower"
    return pid


def ev(type_, tick=0, **data):
    return dict(data, type=type_, tick=tick)


def a_run(game):
    """Two adventurers (100, 101) come; 100 is knocked out twice and captured, 101 dies and
    so does the minion; a door is breached at 1.5 h; the dart thrower hits twice."""
    minion = ids_of(game, entities.MINION)[0]
    dart = dart_of(game)
    return [
        ev("spawned", 10, entity=100, kind="adventurer"),
        ev("spawned", 10, entity=101, kind="adventurer"),
        ev("trap_triggered", 20, part=1, kind="tripwire", who=100),
        ev("mechanism_fired", 20, part=dart, kind="dart_thrower"),
        ev("trap_hit", 20, entity=100, mechanism="dart_thrower"),
        ev("trap_triggered", 30, part=1, kind="lever", who=-1),
        ev("trap_hit", 40, entity=101, mechanism="dart_thrower"),
        ev("knockout", 50, entity=100),
        ev("woke", 60, entity=100),
        ev("knockout", 70, entity=100),
        ev("death", 80, entity=minion),
        ev("death", 90, entity=101),
        ev("captured", 95, entity=100),
        ev("door_breached", int(1.5 * clock.TICKS_PER_HOUR), door=5),
        ev("door_breached", 2 * clock.TICKS_PER_HOUR, door=6),
    ]


def test_counts_of_a_hand_checked_run(game):
    got = compute(a_run(game), game)
    assert got["adv_knocked_out"] == 1          # one adventurer, knocked out twice
    assert got["adv_killed"] == 1
    assert got["adv_captured"] == 1
    assert got["minions_lost"] == 1
    assert got["traps_triggered"] == 1          # the player's lever is not counted
    assert got["first_breach_h"] == 1.5
    assert got["trap_hits"] == {"%d_dart_thrower" % dart_of(game): 2}
    assert got["outcome"] == "beaten" and got["party_beaten"] == 1
    assert got["boss_alive"] == 1


def test_no_breach_no_party(game):
    got = compute([], game)
    assert got["first_breach_h"] is None
    assert got["outcome"] == "no_party"
    assert got["trap_hits"] == {"%d_dart_thrower" % dart_of(game): 0}


def test_outcomes(game):
    adv = game.spawn(entities.ADVENTURER, 1, 1)
    came = [ev("spawned", 5, entity=adv.id, kind="adventurer")]
    assert compute(came, game)["outcome"] == "inside"
    assert compute(came + [ev("breach_given_up", 9, door=1)], game)["outcome"] == "gave_up"
    assert compute(came + [ev("adventurer_escaped", 9, entity=55)], game)["outcome"] == "escaped"
    adv.state = entities.KNOCKED_OUT
    assert compute(came, game)["outcome"] == "beaten"
    boss = game.entities[ids_of(game, entities.BOSS)[0]]
    boss.state = entities.DEAD
    got = compute(came, game)
    assert got["outcome"] == "boss_killed" and got["boss_alive"] == 0


def test_spots_disarms_and_treasure_carried_off_are_counted(game):
    later = [ev("trap_spotted", 1), ev("trap_spotted", 2), ev("disarm_succeeded", 3),
             ev("disarm_failed", 3), ev("treasure_taken", 4, amount=3),
             ev("party_left_with_treasure", 5, amount=3), ev("party_left_with_treasure", 6)]
    got = compute(later, game)
    assert (got["traps_spotted"], got["traps_disarmed"], got["treasure_lost"]) == (2, 1, 4)


def test_a_designer_adds_a_metric(game):
    @metric("doors_breached", kind="count")
    def doors_breached(events, game):
        return sum(1 for e in events if e["type"] == "door_breached")
    try:
        got = compute(a_run(game), game, ["doors_breached", "adv_killed"])
        assert got == {"doors_breached": 2, "adv_killed": 1}
    finally:
        del metrics.METRICS["doors_breached"]
    with pytest.raises(KeyError):
        compute([], game, ["doors_breached"])


def test_table_columns_per_trap_and_blanks():
    rows = {2: {"seed": 2, "hash": "b", "metrics": {"first_breach_h": None,
                                                    "trap_hits": {"10_dart_thrower": 1}}},
            1: {"seed": 1, "hash": "a", "metrics": {"first_breach_h": 0.25,
                                                    "trap_hits": {"9_spinning_blades": 2}}}}
    table = store.Table(rows, ["first_breach_h", "trap_hits"])
    assert table.csv_text() == (
        "seed,hash,first_breach_h,trap_hits.9_spinning_blades,trap_hits.10_dart_thrower\n"
        "1,a,0.25,2,0\n2,b,,0,1\n")


def test_wilson_interval():
    lo, hi = stats.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = stats.wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert all(math.isnan(x) for x in stats.wilson(0, 0))


def test_count_summary_median_and_90_range():
    s = stats.count_summary(list(range(101)) + [None])
    assert (s["n"], s["median"], s["p5"], s["p95"]) == (101, 50, 5, 95)


def test_the_sweep_is_not_a_rule_package():
    from pysim.core.game import RULE_PACKAGES, rule_module_names
    assert "sweep" not in RULE_PACKAGES
    assert not [n for n in rule_module_names() if n.startswith("pysim.sweep")]
