"""The challenge curve's metrics (first_invasion_trapped, idle_till_invasion_h,
longest_invasion_h, boss_first_wound_h, invasions_wounding_boss; days_survived and invasions_beaten are checked in play in
tests/keepers/) and its table (pysim/sweep/curve.py), written into a README block."""
import csv
import json
import os

import pytest

from pysim.core import clock, entities as E
from pysim.core.level import load_text
from pysim.sweep import curve, metrics

LEVEL = """
name: tiny
seed: 1

[map]
##P##
#...#
##S##
"""


@pytest.fixture
def game():
    return load_text(LEVEL, "tiny")


def got(evs, game, name):
    return metrics.compute(evs, game, [name])[name]


def test_first_invasion_trapped(game):
    arrived = {"type": "invasion_arrived", "tick": 100, "party": 8, "members": [8, 9]}
    trig = {"type": "trap_triggered", "tick": 120, "who": 9}
    other = {"type": "trap_triggered", "tick": 130, "who": 12}
    hit = {"type": "trap_hit", "tick": 140, "entity": 8}
    assert got([], game, "first_invasion_trapped") is None
    assert got([arrived], game, "first_invasion_trapped") == 0
    assert got([arrived, other], game, "first_invasion_trapped") == 0
    assert got([arrived, trig], game, "first_invasion_trapped") == 1
    assert got([arrived, other, hit], game, "first_invasion_trapped") == 1


def test_idle_till_the_first_invasion(game):
    evs = [{"type": "metal_mined", "tick": 600}, {"type": "dug", "tick": 1200},
           {"type": "invasion_arrived", "tick": 6000, "party": 8, "members": [8]},
           {"type": "metal_mined", "tick": 7000}]
    assert got(evs, game, "idle_till_invasion_h") == 8.0
    assert got(evs, game, "first_invasion_h") == 10.0
    assert got(evs[2:3], game, "idle_till_invasion_h") == 10.0    # no work at all
    assert got([], game, "idle_till_invasion_h") is None


def test_longest_invasion_counts_one_still_underway_to_the_end(game):
    h = clock.TICKS_PER_HOUR
    evs = [{"type": "invasion_arrived", "tick": 0, "party": 3},
           {"type": "invasion_ended", "tick": 2 * h, "party": 3},
           {"type": "invasion_arrived", "tick": 3 * h, "party": 5}]
    game.tick = 8 * h
    assert got(evs, game, "longest_invasion_h") == 5.0
    ended = evs + [{"type": "invasion_ended", "tick": 4 * h, "party": 5}]
    assert got(ended, game, "longest_invasion_h") == 2.0
    assert got([], game, "longest_invasion_h") is None


BOSS_ROOM = """
name: boss room
seed: 1

[legend]
b = sanctum boss

[map]
##P##
#...#
##b##
"""


def test_the_bosss_first_wound_and_the_invasions_that_wounded_it():
    game = load_text(BOSS_ROOM, "boss room")
    boss = [e for e in game.live() if e.kind == E.BOSS][0]
    h = clock.TICKS_PER_HOUR
    evs = [{"type": "invasion_arrived", "tick": 0, "party": 8, "members": [8, 9]},
           {"type": "wound", "tick": 3 * h, "entity": 99, "by": 8},         # not the Boss
           {"type": "wound", "tick": 5 * h, "entity": boss.id, "by": 9},
           {"type": "wound", "tick": 6 * h, "entity": boss.id, "by": 8},    # the same party
           {"type": "wound", "tick": 7 * h, "entity": boss.id, "by": -1},   # a trap of ours
           {"type": "invasion_arrived", "tick": 9 * h, "party": 12, "members": [12]},
           {"type": "wound", "tick": 10 * h, "entity": boss.id, "by": 12}]
    assert got(evs, game, "boss_first_wound_h") == 5.0
    assert got(evs, game, "invasions_wounding_boss") == 2
    assert got(evs[:5], game, "invasions_wounding_boss") == 1
    assert got(evs[:2], game, "boss_first_wound_h") is None
    assert got(evs[:2], game, "invasions_wounding_boss") == 0
    tiny = load_text(LEVEL, "tiny")                                  # no Boss: blank
    assert got(evs, tiny, "boss_first_wound_h") is None
    assert got(evs, tiny, "invasions_wounding_boss") is None


def write_sweep(folder, policy, days, beaten, trapped, idle, longest, hours=480.0,
                first_wound=None):
    os.makedirs(folder)
    cols = ["seed", "hash", "days_survived", "invasions_beaten", "first_invasion_trapped",
            "idle_till_invasion_h", "longest_invasion_h", "boss_first_wound_h"]
    first_wound = first_wound or [None] * len(days)
    with open(os.path.join(folder, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for i, row in enumerate(zip(days, beaten, trapped, idle, longest, first_wound)):
            w.writerow([i + 1, "h%d" % i] + ["" if v is None else v for v in row])
    spec = {"level": "levels/lair.level", "level_sha256": "ab" * 32, "hours": hours,
            "metrics": cols[2:], "first_seed": 1, "seeds": len(days), "policy": policy}
    with open(os.path.join(folder, "sweep.json"), "w") as f:
        json.dump(spec, f)


def test_the_table_from_one_sweep_per_policy(tmp_path):
    write_sweep(str(tmp_path / "b"), "trapper", [20.0, 4.2, 12.5, 20.0], [10, 2, 6, 8],
                [1, 0, 1, None], [2.0, 4.0, 6.0, None], [3.0, 30.0, 2.0, 1.0],
                first_wound=[None, 72.0, 96.0, 120.0])
    write_sweep(str(tmp_path / "a"), "passive", [2.9, 3.0, 5.5, 9.99], [1, 2, 2, 4],
                [0, 0, 0, 0], [30, 30, 30, 30], [1.0, 1.0, 1.0, 1.0])
    found = curve.read(str(tmp_path))
    assert [p for p, _, _ in found] == ["passive", "trapper"]
    passive, trapper = (curve.row_of(*f) for f in found)
    # policy, runs, alive by day 3, 5, 10, 20, median days, beaten, trapped, idle, stalled,
    # median days of the runs with no stall, the day the Boss was first wounded
    assert passive[:6] == ["passive", "4", "75% (30-95)", "50% (15-85)", "0% (0-49)", "0% (0-49)"]
    assert trapper[2:6] == ["100% (51-100)", "75% (30-95)", "75% (30-95)", "50% (15-85)"]
    assert trapper[6] == "16.2"
    assert trapper[7] == "7 (2.6-9.7)"
    assert trapper[8] == "67% (21-94)"                 # of the 3 runs an invasion came in
    assert trapper[9] == "4.0"
    assert trapper[10] == "25% (5-70)"                 # one invasion of 30 hours
    assert trapper[11] == "20.0"                       # the 4.2-day run stalled: left out
    assert passive[11] == "4.2"                        # none stalled: every run counts
    assert trapper[12] == "4.0"                        # day 3, 4, 5; never wounded: left out
    assert passive[12] == "-"                          # never wounded in any run
    text = curve.table(found)
    lines = text.split("\n")
    assert [line.split(" | ")[0] for line in lines[2:4]] == ["| passive", "| trapper"]
    assert "seeds 1..4, 20 game days" in lines[-1]


def test_a_sweep_stopped_early_is_said_in_the_footer(tmp_path):
    write_sweep(str(tmp_path / "a"), "passive", [2.9, 3.0], [1, 2], [0, 0], [30, 30], [1.0, 1.0])
    write_sweep(str(tmp_path / "b"), "trapper", [20.0, 4.2], [10, 2], [1, 0], [2.0, 4.0],
                [3.0, 30.0])
    with open(str(tmp_path / "b" / "sweep.json")) as f:
        spec = json.load(f)
    spec["seeds"] = 200                                 # asked for 200, stopped after 2
    with open(str(tmp_path / "b" / "sweep.json"), "w") as f:
        json.dump(spec, f)
    footer = curve.table(curve.read(str(tmp_path))).split("\n")[-1]
    assert "seeds from 1, as many as the runs column says" in footer, footer
    assert "1..200" not in footer


def test_a_day_past_the_runs_length_is_left_blank(tmp_path):
    write_sweep(str(tmp_path / "p"), "passive", [4.0], [1], [0], [1.0], [1.0], hours=240.0)
    row = curve.row_of(*curve.read(str(tmp_path))[0])
    assert row[2:6] == ["100% (21-100)", "0% (0-79)", "0% (0-79)", "-"]


def test_the_readme_block_is_written_in_place(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("intro\n%s\nold table\n%s\nafter\n" % (curve.START, curve.END))
    curve.write_readme(str(readme), "| new |")
    assert readme.read_text() == "intro\n%s\n| new |\n%s\nafter\n" % (curve.START, curve.END)
    bare = tmp_path / "BARE.md"
    bare.write_text("no block\n")
    with pytest.raises(ValueError):
        curve.write_readme(str(bare), "x")
