"""`python -m pysim run LEVEL --policy NAME` and `python -m pysim sweep LEVEL ... --policy NAME`
from the command line: the same game in both, a policy's row in runs.csv, bad names refused."""
import csv
import json
import os
import subprocess
import sys

from conftest import pysim_env

HERE = os.path.dirname(os.path.abspath(__file__))
LAIR = os.path.abspath(os.path.join(HERE, "..", "..", "godot_project", "levels",
                                    "campaign.level"))


def pysim(*args, cwd=None):
    return subprocess.run([sys.executable, "-P", "-m", "pysim"] + list(args), env=pysim_env(),
                          capture_output=True, text=True, timeout=600, cwd=cwd)


def final_hash(stdout):
    last = stdout.strip().split("\n")[-1]
    assert last.startswith("final tick "), last
    return last.split()[-1]


def test_run_with_a_policy_and_the_sweeps_row_are_the_same_game(tmp_path):
    r = pysim("run", LAIR, "--seed", "2", "--hours", "3", "--policy", "trapper")
    assert r.returncode == 0, r.stderr
    sent = [line for line in r.stderr.split("\n") if line.startswith("policy trapper:")]
    assert len(sent) == 1 and sent[0].endswith(" refused")
    assert int(sent[0].split()[2]) > 5                     # "policy trapper: N commands sent"
    out = tmp_path / "sweep"
    s = pysim("sweep", LAIR, "--seeds", "2", "--hours", "3", "--policy", "trapper",
              "--workers", "1", "--out", str(out), "--no-plots", "--no-progress")
    assert s.returncode == 0, s.stderr
    assert "policy trapper" in s.stdout
    with open(out / "runs.csv") as f:
        rows = list(csv.DictReader(f))
    assert [r_["seed"] for r_ in rows] == ["1", "2"]
    for col in ("days_survived", "invasions_beaten", "first_invasion_trapped",
                "idle_till_invasion_h", "commands_refused"):
        assert col in rows[0]
    assert rows[1]["days_survived"] == "0.125"          # 3 hours, the Boss alive
    assert rows[1]["hash"] == final_hash(r.stdout)
    assert json.loads((out / "sweep.json").read_text())["policy"] == "trapper"
    plain = pysim("run", LAIR, "--seed", "2", "--hours", "3")
    assert final_hash(plain.stdout) != final_hash(r.stdout)
    again = pysim("sweep", LAIR, "--seeds", "2", "--hours", "3", "--policy", "defender",
                  "--workers", "1", "--out", str(out), "--no-plots", "--no-progress",
                  "--resume")
    assert again.returncode == 2 and "policy" in again.stderr


def test_an_unknown_policy_is_refused_with_the_known_names(tmp_path):
    r = pysim("run", LAIR, "--policy", "nosuch")
    assert r.returncode == 2
    assert "unknown policy 'nosuch'" in r.stderr and "trapper" in r.stderr
    s = pysim("sweep", LAIR, "--seeds", "1", "--policy", "nosuch", "--out", str(tmp_path),
              "--no-progress")
    assert s.returncode == 2 and "defender" in s.stderr


def test_the_sweeps_default_folder_names_the_policy(tmp_path):
    from pysim.sweep.sweep import default_out
    assert default_out(LAIR) == os.path.join("build", "sweep", "campaign")
    assert default_out(LAIR, "trapper") == os.path.join("build", "sweep", "campaign-trapper")
