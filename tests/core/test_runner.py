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
    for path, build in ((COMPILED_DIR, "compiled"), (ROOT, "pure")):
        env = dict(os.environ, PYTHONPATH=path, PYSIM_BUILD=build)
        r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", first, "--hours", "1.5"],
                           capture_output=True, text=True, env=env, cwd=str(tmp_path), timeout=600)
        assert r.returncode == 0, r.stderr
        finals.append(r.stdout.strip().split("\n")[-1])
    assert finals[0] == finals[1]


def test_the_runner_in_the_project_folder_uses_the_compiled_build_unless_asked(tmp_path):
    from conftest import COMPILED_DIR, ROOT
    stamp = os.path.join(ROOT, "build", "pysim.stamp")
    if not os.path.isdir(os.path.join(COMPILED_DIR, "pysim")) or not os.path.isfile(stamp):
        pytest.skip("no compiled build (make build)")
    code = ("import sys; sys.argv = ['pysim', 'genbench', '--width', '32', '--height', "
            "'32', '--agents', '1']; import pysim, pysim.__main__ as m; "
            "m._use_compiled_build(sys.argv[1:]); print('stayed', pysim.COMPILED)")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYSIM_BUILD")}
    newest = max(os.path.getmtime(os.path.join(d, f)) for d, _, fs in os.walk(
        os.path.join(ROOT, "pysim")) for f in fs if f.endswith((".py", ".pxd")))
    if os.path.getmtime(stamp) < newest:
        pytest.skip("the compiled build is older than the source")
    # The default: re-run on the compiled build (the re-run prints the level, not 'stayed').
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "stayed" not in r.stdout and "\nname:" in "\n" + r.stdout
    # PYSIM_BUILD=pure stays on the source tree.
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(env, PYSIM_BUILD="pure"), cwd=ROOT, timeout=120)
    assert r.stdout.strip() == "stayed False", r.stderr


@pytest.mark.parametrize("args, words", [
    (["--hours", "inf"], "hours must be between"),
    (["--hours", "nan"], "hours must be between"),
    (["--hours", "-5"], "hours must be between"),
    (["--hours", "lots"], "is not a number of hours"),
    (["--ticks", "-1"], "ticks must be between"),
    (["--seed", "-3"], "the seed must be between"),
    (["--save", "no/such/folder/s.msave"], "the folder for the save does not exist"),
])
def test_bad_runner_arguments_are_refused_before_the_run(tmp_path, args, words):
    r = run(args, tmp_path)
    assert r.returncode == 2, r.stdout
    assert words in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [["--width", "0"], ["--height", "-4"], ["--agents", "x"]])
def test_genbench_refuses_bad_sizes(tmp_path, args):
    r = subprocess.run([sys.executable, "-P", "-m", "pysim", "genbench"] + args,
                       capture_output=True, text=True, env=pysim_env(), cwd=str(tmp_path),
                       timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "must be" in r.stderr or \
        "is not a whole number" in r.stderr


def test_ctrl_c_stops_the_runner_quietly_with_130(tmp_path):
    import signal
    import time
    path = tmp_path / "r.level"
    path.write_text(LEVEL)
    proc = subprocess.Popen([sys.executable, "-P", "-m", "pysim", "run", str(path), "--hours",
                             "20000", "--hash-every", "100"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=str(tmp_path),
                            env=dict(pysim_env(), PYTHONUNBUFFERED="1"))
    # Ctrl-C once the ticks run (its first hash line), however slowly the machine starts it
    assert proc.stdout.readline().startswith("tick "), proc.stderr.read()
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
