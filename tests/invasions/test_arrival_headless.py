"""ARRIVE-02 headless: the first invasion (sent by the scheduler on day 2) is spotted by a
minion; the runner's events show party_spotted, the pause and the letter in that order, and
the headless game goes on (it ignores the pause)."""
import json
import subprocess
import sys

import pytest

from conftest import pysim_env

LEVEL = """name: headless arrival
seed: 2
domain: all
invasions: on

[map]
##################################
P.......D....m.................SS#
#.......#......................Sb#
##################################
"""


@pytest.mark.rule("ARRIVE-02")
def test_first_invasion_spotted_by_a_minion_headless(tmp_path):
    path = tmp_path / "a.level"
    path.write_text(LEVEL)
    r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(path), "--hours", "48",
                        "--events"], capture_output=True, text=True, env=pysim_env(),
                       cwd=str(tmp_path), timeout=600)
    assert r.returncode == 0, r.stderr
    evs = [json.loads(line) for line in r.stdout.strip().split("\n")[:-1]]
    types = [e["type"] for e in evs]
    arrived = types.index("invasion_arrived")
    assert evs[arrived]["number"] == 1 and evs[arrived]["tick"] >= 24 * 600   # day 2
    spotted = types.index("party_spotted")
    assert spotted > arrived
    assert types[spotted + 1:spotted + 3] == ["speed_changed", "letter"]
    assert evs[spotted + 1]["speed"] == 0
    s = evs[spotted]
    assert s["how"] == "seen" and s["by"] == 1       # the minion: the first thing on the map
    assert evs[spotted + 2]["title"] == "Adventurers spotted in your dungeon"
    # headless keeps going after the pause: later events still come
    assert evs[-1]["tick"] > evs[spotted]["tick"]
