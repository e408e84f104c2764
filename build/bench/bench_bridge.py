#!/usr/bin/env python3
"""Bridge cost per call and per physics frame, measured inside godot3-server.

Runs res://tests/bench_bridge.gd headless. With pysim.session available it also starts a
Session on a generated 128x128 level with 200 agents (bridge_*), then on the full-scale level
(full_*), and times one physics frame several ways: step + the whole snapshot() every frame
(bridge_frame_us); a call at a time without the sim thread, snapshot_changes() merged on a
frame in which a tick ran (bridge_frame_tick_us with its _step_us, _snapshot_us,
_snapshot_python_us and _merge_us parts; bridge_frame_notick_us; bridge_frame_policy_us the
mean frame); and the game's way, full scale only: the sim thread's frames paced 1/60 s
apart, PyBridge.take_mail and the merge (bridge_frame_thread_frame_*), beside a bare call
into Python paced the same way with the thread stopped (bridge_frame_noop_paced_*) and
while it plays (bridge_frame_call_paced_*: what such a call waits for).
bridge_snapshot_arrays / _keys: the whole snapshot's real array and key count;
bridge_changed_arrays_per_tick / _keys_per_tick: what a tick sends.
Prints a JSON dict as its last stdout line (names are stable; microseconds unless named).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit import ROOT, godot_bench  # noqa: E402



def bench_level_text():
    """The core's benchmark map (pysim.core.levelgen.bench_level): 128x128, 200 agents."""
    sys.path.insert(0, ROOT)
    from pysim.core.levelgen import bench_level
    return bench_level(width=128, height=128, agents=200, seed=1)


def full_level_text():
    """The full-scale level (pysim.core.levelgen.full_level)."""
    sys.path.insert(0, ROOT)
    from pysim.core.levelgen import full_level
    return full_level()


def main():
    out = run_level(bench_level_text, "")
    if "bridge_error" in out:
        print(json.dumps(out))
        return 1
    # the same frame figures on the full-scale level, as full_frame_* (bridge_* -> full_*)
    full = run_level(full_level_text, "full")
    for k, v in sorted(full.items()):
        if k.startswith(("bridge_frame", "bridge_snapshot", "bench_level")):
            out["full_" + k.split("_", 1)[1]] = v
    for k, v in out.items():
        print("%-34s %s" % (k, v))
    print(json.dumps(out))
    return 0


def run_level(make_text, what):
    args = []
    if what != "full":                          # the sim thread's frames: full scale only
        args.append("--thread-frames=0")
    if os.environ.get("BENCH_PYSIM_DIR"):       # another pysim build first (an A/B)
        args.append("--pysim=" + os.environ["BENCH_PYSIM_DIR"])
    text = None
    if os.path.exists(os.path.join(ROOT, "pysim", "session.py")):
        try:
            text = make_text()
        except Exception as e:  # the bench still reports the bridge's own figures
            print("bench_bridge: no bench level: %r" % (e,), file=sys.stderr)
    results, proc = godot_bench("bench_bridge.gd", args, text)
    if results is None or proc.returncode != 0:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-3000:])
        return {"bridge_error": "bench_bridge.gd failed (exit %d) %s" % (proc.returncode, what)}
    return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in sorted(results.items())}


if __name__ == "__main__":
    sys.exit(main())
