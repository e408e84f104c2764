#!/usr/bin/env python3
"""The fast speeds and skip ahead, headless, compiled (speeds_*): does the sim thread keep up?

A Session with the sim thread (pysim/driver.py), frames handing over 1/60 s each 1/60 s
of real time and taking what it posted (Session.frame, as the tests drive it), for SECONDS:
- at 16x on The Lair and on the full-scale level (levelgen.full_level): ticks a second
  against the 160 due, the frame call's p50 / p99 (us), the process's CPU share;
- skipping ahead from The Lair's start: the real seconds until it stops at morning (06:00,
  3,600 ticks: nothing else happens in The Lair's first night), and its ticks a second;
- a skip's pace on the full-scale level, every stop switched off (its fights would stop a
  skip at once): ticks a second, as fast as this machine runs it.
Prints a JSON dict as its last line. On a loaded machine every figure is the load's.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit import ROOT, need_compiled, use_build  # noqa: E402

SECONDS = 8.0
FRAME = 1 / 60


def _frames(session, seconds, until=None):
    """Frames 1/60 s apart for `seconds` (or until `until(events)`): (ticks a second, frame
    call p50 us, p99 us, CPU share, real seconds)."""
    t0 = time.perf_counter()
    c0 = time.process_time()
    tick0 = session.game.tick
    took = []
    n = 0
    while time.perf_counter() - t0 < seconds:
        a = time.perf_counter()
        out = session.frame(FRAME)
        took.append((time.perf_counter() - a) * 1e6)
        n += 1
        if until is not None and until(out.get("events", [])):
            break
        wait = t0 + n * FRAME - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
    real = time.perf_counter() - t0
    took.sort()
    return ((session.game.tick - tick0) / real, took[len(took) // 2],
            took[int(len(took) * 0.99)], (time.process_time() - c0) / real, real)


def _session(text, name):
    from pysim.session import Session
    s = Session(text, name, 1)
    s.set_sim_thread(True)
    return s


def main():
    need_compiled("bench_speeds")
    use_build("compiled")
    from pysim.core import skipping
    from pysim.core.levelgen import full_level
    with open(os.path.join(ROOT, "godot_project", "levels", "campaign.level")) as f:
        lair = f.read()
    out = {}
    for key, text in (("speeds_lair_16x", lair), ("speeds_full_16x", full_level())):
        s = _session(text, key)
        s.send({"type": "set_speed", "speed": 16})
        rate, p50, p99, cpu, _ = _frames(s, SECONDS)
        s.set_sim_thread(False)
        out[key + "_ticks_per_s"] = round(rate, 1)
        out[key + "_frame_p50_us"] = round(p50)
        out[key + "_frame_p99_us"] = round(p99)
        out[key + "_cpu_share"] = round(cpu, 3)
    s = _session(lair, "lair")
    s.send({"type": "skip_ahead"})
    stops = []
    rate, p50, p99, cpu, real = _frames(s, 120.0, lambda evs: stops.extend(
        ev for ev in evs if ev["type"] == "skip_stopped") or stops)
    s.set_sim_thread(False)
    out["speeds_lair_skip_to_morning_s"] = round(real, 2)
    out["speeds_lair_skip_stop"] = stops[0]["reason"] if stops else "none"
    out["speeds_lair_skip_ticks_per_s"] = round(rate)
    s = _session(full_level(), "full")
    kept = dict(skipping.STOPS), skipping.MORNING_HOUR
    skipping.STOPS.clear()
    skipping.MORNING_HOUR = 99
    try:
        s.send({"type": "skip_ahead"})
        rate, p50, p99, cpu, _ = _frames(s, SECONDS)
    finally:
        s.set_sim_thread(False)
        skipping.STOPS.update(kept[0])
        skipping.MORNING_HOUR = kept[1]
    out["speeds_full_skip_ticks_per_s"] = round(rate)
    out["speeds_full_skip_cpu_share"] = round(cpu, 3)
    out["speeds_load_average"] = round(os.getloadavg()[0], 1)
    for k, v in sorted(out.items()):
        print("%-34s %s" % (k, v))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
