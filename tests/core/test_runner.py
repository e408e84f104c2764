"""python -m pysim run: events as JSON lines, a final hash line, exit 2 on a bad level."""
import json
import os
import subprocess
import sys

import pytest

from conftest import pysim_env

LEVEL = """name: runner
seed: 4
[map]
xxxxxxxxxxxx
P....D....Sx
x.m.....k.Sx
xxxxxxxxxxxx
[commands]
@3 {"type": "spawn_party", "members": 1}
@4 {"type": "set_speed", "speed": 9}
"""


def run(args, tmp_path, text=LEVEL):
    path = tmp_path / "r.level"
    path.write_text(text)
    return subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(path)] + args,
                          capture_output=True, text=True, env=pysim_env(), cwd=str(tmp_path),
                          timeout=300)


def test_events_are_json_lines_and_final_line_has_tick_and_hash(tmp_path):
    r = run(["--ticks", "120", "--events"], tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().split("\n")
    *evs, last = lines
    parsed = [json.loads(line) for line in evs]
    types = [e["type"] for e in parsed]
    assert "party_arrived" in types and "refused" in types and "door_opened" in types
    assert all("tick" in e for e in parsed)
    assert [e["tick"] for e in parsed] == sorted(e["tick"] for e in parsed)
    words = last.split()
    assert words[:3] == ["final", "tick", "120"] and words[3] == "hash"
    assert len(words[4]) == 32 and int(words[4], 16) >= 0


def test_same_seed_same_hash_and_seed_option_changes_it(tmp_path):
    a = run(["--hours", "0.2"], tmp_path).stdout
    b = run(["--hours", "0.2"], tmp_path).stdout
    c = run(["--hours", "0.2", "--seed", "99"], tmp_path).stdout
    assert a == b
    assert a.split()[-1] != c.split()[-1]
    assert a.strip().split("\n") == [a.strip()]  # without --events only the final line
    assert a.startswith("final tick 120 hash ")


def test_bad_level_exits_2_with_file_and_line(tmp_path):
    r = run([], tmp_path, text="[map]\n#..#\n#.?#\n")
    assert r.returncode == 2
    assert "r.level:3: unknown map character '?'" in r.stderr
    assert "Traceback" not in r.stderr


def test_compiled_and_pure_builds_replay_the_same_game(tmp_path):
    """Cython typing must not change a rule: both builds end on the same hash."""
    from conftest import COMPILED_DIR, ROOT
    if not os.path.isdir(os.path.join(COMPILED_DIR, "pysim")):
        pytest.skip("no compiled build")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    first = os.path.join(root, "godot_project", "levels", "first.level")
    finals = []
    for path in (COMPILED_DIR, ROOT):
        env = dict(os.environ, PYTHONPATH=path)
        r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", first, "--hours", "1.5"],
                           capture_output=True, text=True, env=env, cwd=str(tmp_path), timeout=600)
        assert r.returncode == 0, r.stderr
        finals.append(r.stdout.strip().split("\n")[-1])
    assert finals[0] == finals[1]
