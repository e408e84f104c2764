#!/usr/bin/env python3
"""Invasions bench: a 30-day headless game with invasions on, compiled only (the pure build
would take minutes), in ms per game day (60 days until `make bench` was bounded; the
last 60-day run: 459 CPU ms a day, 171 invasions).

The map is godot_project/levels/first.level with `invasions: on` (its scripted parties too),
seed 1. In a subprocess against the compiled package (benchkit.py). Prints a JSON dict as its
LAST stdout line: invasions_ms_per_day_compiled (wall clock), invasions_cpu_ms_per_day_compiled
(this process's CPU time: steadier on a shared machine), invasions_count (invasions in DAYS
days), invasions_days.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

DAYS = 30


def child(build):
    benchkit.use_build(build)
    from pysim.core import clock
    from pysim.level import load_text
    path = os.path.join(benchkit.ROOT, "godot_project", "levels", "first.level")
    text = open(path, encoding="utf-8").read().replace("domain: all\n",
                                                       "domain: all\ninvasions: on\n", 1)
    g = load_text(text, seed=1)
    arrived = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for _ in range(DAYS * 24):
        g.run(clock.TICKS_PER_HOUR)
        arrived += sum(1 for e in g.take_events() if e["type"] == "invasion_arrived")
    took = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(json.dumps({"ms_per_day": took * 1000 / DAYS, "cpu_ms_per_day": cpu * 1000 / DAYS,
                      "count": arrived}))


def main():
    benchkit.need_compiled("bench_invasions.py")
    r = benchkit.run_child(__file__, "compiled")
    print(json.dumps({"invasions_ms_per_day_compiled": round(r["ms_per_day"], 2),
                      "invasions_cpu_ms_per_day_compiled": round(r["cpu_ms_per_day"], 2),
                      "invasions_count": r["count"], "invasions_days": DAYS}))


if __name__ == "__main__":
    if not benchkit.ran_child(child):
        main()
