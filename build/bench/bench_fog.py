#!/usr/bin/env python3
"""Fog-of-war bench (pysim/invasions/fog.py): the visibility layer on a 128 x 128 map of
16 x 16 rooms (walls with gaps and closed doors) with 60 spotters (59 minions and the Boss),
compiled vs pure.

fog_ms_per_compute_*: one full recompute (every spotter moved: the worst case for a tick).
fog_ms_per_tick_*: in play, a snapshot's layer asked for at every tick of 300 ticks (the
front end at 1x asks at most once per tick), minus the same 300 ticks without it; the
cache skips the ticks where no spotter moved. Prints a JSON dict as its LAST stdout line.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

SIZE = 128
SPOTTERS = 60
TICKS = 300


def level_text():
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            edge = x in (0, SIZE - 1) or y in (0, SIZE - 1)
            wall = edge or x % 16 == 0 or y % 16 == 0
            if wall and not edge and (x % 16 == 8 or y % 16 == 8):
                row.append("D" if (x + y) % 32 == 8 else ".")
            else:
                row.append("#" if wall else ".")
        rows.append(row)
    rows[1][0] = "P"
    rows[SIZE - 3][SIZE - 3] = "S"
    rows[SIZE - 2][SIZE - 2] = "b"
    placed = 0
    for i in range(SIZE * SIZE):
        if placed >= SPOTTERS - 1:
            break
        x, y = (i * 37) % SIZE, (i * 91) % SIZE
        if rows[y][x] == ".":
            rows[y][x] = "m"
            placed += 1
    return "name: fog bench\ndomain: all\ninvasions: on\n\n[map]\n" + "\n".join(
        "".join(r) for r in rows) + "\n"


def child(build):
    benchkit.use_build(build)
    from pysim.invasions import fog
    from pysim.level import load_text
    g = load_text(level_text(), seed=1)
    n = len(fog.spotters(g))
    fog.layer(g)
    reps = 20 if build == "compiled" else 3
    t0 = time.perf_counter()
    for _ in range(reps):
        g.fog_view.key = None
        fog.layer(g)
    compute = (time.perf_counter() - t0) * 1000 / reps
    t0 = time.perf_counter()
    g.run(TICKS)
    plain = time.perf_counter() - t0
    before = g.fog_view.computes
    t0 = time.perf_counter()
    for _ in range(TICKS):
        g.step()
        fog.layer(g)
    with_fog = time.perf_counter() - t0
    print(json.dumps({"compute": compute, "spotters": n,
                      "tick": (with_fog - plain) * 1000 / TICKS,
                      "computes": g.fog_view.computes - before}))


def main():
    benchkit.need_compiled("bench_fog.py")
    out = {}
    for build in benchkit.BUILDS:
        r = benchkit.run_child(__file__, build)
        out["fog_ms_per_compute_%s" % build] = round(r["compute"], 3)
        out["fog_ms_per_tick_%s" % build] = round(r["tick"], 3)
        out["fog_spotters"] = r["spotters"]
        out["fog_recomputes_in_%d_ticks_%s" % (TICKS, build)] = r["computes"]
    print(json.dumps(out))


if __name__ == "__main__":
    if not benchkit.ran_child(child):
        main()
