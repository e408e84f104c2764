#!/usr/bin/env python3
"""The Godot frame with the full-scale level on screen and a busy fight (draw_frame_*).

Runs res://tests/bench_draw.gd headless on pysim.core.levelgen.full_level: the main scene,
zoomed to fit (every body on screen), plays to a busy fight and then at 4x with the sim
thread, as a player has it (`--speed=16`: at 16x). draw_frame_draw_cpu_us: the drawing's own CPU time per frame
(the frame's process time with the world drawn minus with it hidden, in alternating blocks
of one run); draw_frame_sim_us / _p50 / _p99: the simulation's part of the frame (the
physics step: SimClient's frame), to compare with full_frame_thread_frame_* of
bench_bridge.py (the same frames without any drawing); draw_frame_effects_mean and
draw_frame_bodies_drawn_mean: how busy the screen was. Prints a JSON dict as its last line.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit import ROOT, godot_bench  # noqa: E402


def main():
    sys.path.insert(0, ROOT)
    from pysim.core.levelgen import full_level
    results, proc = godot_bench("bench_draw.gd", sys.argv[1:], full_level(), timeout=600)
    if results is None or proc.returncode != 0:
        sys.stderr.write(proc.stdout[-3000:] + proc.stderr[-3000:])
        return 1
    out = {k: (round(v, 2) if isinstance(v, float) else v) for k, v in sorted(results.items())}
    for k, v in out.items():
        print("%-34s %s" % (k, v))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
