"""A designer's trap scenario runs headless through `python -m pysim run` (level format:
trap parts, timers, wires, metal and duties)."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEMO = os.path.join(ROOT, "godot_project", "levels", "trap_demo.level")


def _run(*args):
    env = dict(os.environ)
    if env.get("PYSIM_BUILD") == "compiled":
        env["PYTHONPATH"] = os.path.join(ROOT, "build", "compiled")
    else:
        env["PYTHONPATH"] = ROOT
    out = subprocess.run([sys.executable, "-m", "pysim", "run", DEMO] + list(args),
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().split("\n")


@pytest.mark.rule("WIRE-04")
@pytest.mark.rule("RESET-02")
def test_trap_demo_runs_headless_and_is_deterministic():
    lines = _run("--hours", "2", "--events")
    events = [json.loads(l) for l in lines[:-1]]
    by = {}
    for e in events:
        by.setdefault(e["type"], []).append(e)
    trig = [e for e in by["trap_triggered"] if e["kind"] == "pressure_plate"][0]
    timer = [e for e in by["timer_started"] if e["part"] == 2][0]
    fired = [e for e in by["mechanism_fired"] if e["kind"] == "spinning_blades"][0]
    assert fired["tick"] == trig["tick"] + 20 == timer["fires_at"]      # delay=20 in the file
    assert [e for e in by["mechanism_fired"] if e["kind"] == "web_trap"]  # the scripted lever
    assert by["part_reset"]                                             # the Traps minion
    assert lines[-1].startswith("final tick 1200 hash ")
    assert _run("--hours", "2")[-1] == lines[-1]
