"""The darkness rules played through the headless runner (`python -m pysim run`) on levels
that make darkness with their [light] section (docs/level-format.md): a trigger in the dark
is spotted less often (SPOT-02), noticing an enemy is not shortened by darkness (AWARE-01),
and the ghostly eye sees a party in the dark (ARRIVE-05)."""
import json
import subprocess
import sys

import pytest

import pysim.__main__ as runner
from conftest import BUILD, binomial_ok, pysim_env

# A priest (Hunt 2) of party 1 four tiles from a pressure plate, in view: the party's one
# roll for the plate comes at tick 0 (SPOT-01). LIGHT is the plate's light level.
SPOT = """name: Spot in the dark
seed: 1
[legend]
p = floor trap:pressure_plate
A = floor adventurer:priest party:1
[map]
xxxxxxxxxxxx
P.A...p....S
xxxxxxxxxxxx
[light]
............
......%(light)s.....
............
"""


def _run(monkeypatch, capsys, path, seed, ticks):
    """The runner's own entry point, in this process (one process for hundreds of seeds);
    PYSIM_BUILD keeps it on this build."""
    monkeypatch.setenv("PYSIM_BUILD", BUILD)
    assert runner.main(["run", str(path), "--seed", str(seed), "--ticks", str(ticks),
                        "--events"]) == 0
    *events, final = capsys.readouterr().out.strip().split("\n")
    assert final.startswith("final tick %d hash " % ticks)
    return [json.loads(line) for line in events]


@pytest.mark.rule("SPOT-02")
def test_a_trigger_in_the_dark_is_spotted_less_often_over_many_seeds(tmp_path, monkeypatch,
                                                                      capsys):
    n = 300
    # Hunt 2 against 4 on 2d6 (docs/rules/adventurers.md): 155 in 648 in full light, 103 in
    # dim light (level 3: 85), 63 in the dark (level 0: 0)
    hits = {}
    for light, chance in (("9", 155 / 648), ("3", 103 / 648), ("0", 63 / 648)):
        path = tmp_path / ("spot_%s.level" % light)
        path.write_text(SPOT % {"light": light})
        hits[light] = sum(
            any(e["type"] == "trap_spotted" for e in _run(monkeypatch, capsys, path, seed, 1))
            for seed in range(1, n + 1))
        assert binomial_ok(hits[light], n, chance), (light, hits[light], n * chance)
    assert hits["0"] < hits["3"] < hits["9"], hits


@pytest.mark.rule("SPOT-02")
def test_the_runner_subprocess_plays_the_dark_level_as_in_process(tmp_path, monkeypatch, capsys):
    """`python -m pysim run` itself: the same events and hash as the runner called in process,
    for a seed that spots in full light and not in the dark."""
    lit, dark = tmp_path / "lit.level", tmp_path / "dark.level"
    lit.write_text(SPOT % {"light": "9"})
    dark.write_text(SPOT % {"light": "0"})
    seed = next(s for s in range(1, 200)
                if any(e["type"] == "trap_spotted" for e in _run(monkeypatch, capsys, lit, s, 1))
                and not any(e["type"] == "trap_spotted"
                            for e in _run(monkeypatch, capsys, dark, s, 1)))
    for path, spotted in ((lit, True), (dark, False)):
        r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(path), "--seed",
                            str(seed), "--ticks", "1", "--events"], capture_output=True,
                           text=True, env=pysim_env(), timeout=120)
        assert r.returncode == 0, r.stderr
        events = [json.loads(line) for line in r.stdout.strip().split("\n")[:-1]]
        assert any(e["type"] == "trap_spotted" for e in events) is spotted
        assert events == _run(monkeypatch, capsys, path, seed, 1)


# A minion (Hunt 2: notices within 3 + 2 x 2 = 7 tiles) and a peasant 7 tiles east (8 with
# FAR), each on a floor tile in a lake (water stops neither sight nor light, and keeps both
# where they stand); LIGHT fills the [light] section.
HALL = """name: Dark lake
seed: 2
[legend]
a = floor adventurer:peasant party:1
[map]
xxxxxxxxxxxxx
x~~~~~~~~~~~x
x~m~~~~~~a~~x
x~~~~~~~~~~~x
xxxxxxxxxxxxx
[light]
%(light)s
"""


@pytest.mark.rule("AWARE-01")
def test_darkness_does_not_shorten_noticing_through_the_runner(tmp_path, monkeypatch, capsys):
    rows = {"dark": "\n".join(["0" * 13] * 5), "lit": "\n".join(["." * 13] * 5)}
    paths = {}
    for light in rows:
        for far in (False, True):
            path = paths[light, far] = tmp_path / ("%s_%s.level" % (light, far))
            text = HALL % {"light": rows[light]}
            path.write_text(text.replace("~a~~x", "~~a~x") if far else text)
    for seed in (1, 2, 3):
        near = _run(monkeypatch, capsys, paths["dark", False], seed, 12)
        # in the dark the minion notices the peasant at 7 tiles, the edge of its range ...
        assert [(e["entity"], e["enemy"], e["x"]) for e in near if e["type"] == "noticed"] \
            == [(1, 2, 9)], near
        # ... and not at 8
        far = _run(monkeypatch, capsys, paths["dark", True], seed, 12)
        assert not [e for e in far if e["type"] == "noticed"], far
        # the whole game goes the same way in the dark as in full light
        assert near == _run(monkeypatch, capsys, paths["lit", False], seed, 12)
        assert far == _run(monkeypatch, capsys, paths["lit", True], seed, 12)


# The eye test's corridor (tests/invasions/test_watch.py) with no light anywhere: the eye is
# sent at once and a party is sent along the corridor.
EYE = """name: Eye in the dark
seed: 1
domain: all
invasions: on
[legend]
g = floor guardpost
d = floor minion duty:drudgery
[map]
##################################
P.........g....D...d...........SS#
#..............#...............Sb#
##################################
[light]
%s
[commands]
@0 {"type": "eye_scouts"}
@1 {"type": "send_invasion"}
"""


@pytest.mark.rule("ARRIVE-05")
def test_the_eye_sees_a_party_in_the_dark_through_the_runner(tmp_path, monkeypatch, capsys):
    dark, lit = tmp_path / "dark.level", tmp_path / "lit.level"
    dark.write_text(EYE % "\n".join(["0" * 34] * 4))
    lit.write_text(EYE % "\n".join(["." * 34] * 4))
    in_dark = _run(monkeypatch, capsys, dark, 1, 2 * 600)
    spotted = [e for e in in_dark if e["type"] == "party_spotted"]
    assert spotted and spotted[0]["how"] == "eye", [e["type"] for e in in_dark]
    assert [e for e in in_dark if e["type"] == "eye_sent"]
    # it sees as it would in full light: the same game, the same sighting
    assert in_dark == _run(monkeypatch, capsys, lit, 1, 2 * 600)
