#!/usr/bin/env python3
"""Doors bench: the PATH-01 walking-path check per build command on a 128x128 map.

In subprocesses against the compiled package (build/compiled or PYSIM_COMPILED_DIR;
benchkit.py) and the pure sources, it runs
the `build_wall` command's check (commands.check: field checks + the PATH-01 guard) on
every floor tile of a generated 128x128 dungeon (rooms joined by corridors, a portal on the
top edge, the sanctum near the bottom) and reports the mean cost per check, the cost of
checks on tiles of the kept path (each needs a flood fill), and of one full flood fill.
Prints a JSON dict as its LAST stdout line: walkpath_check_us_compiled,
walkpath_check_us_pure, walkpath_onpath_us_compiled/pure, walkpath_fill_us_compiled/pure,
walkpath_speedup.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

N = 128


def make_game():
    import numpy as np
    from pysim.core import terrain as T
    from pysim.core.game import Game
    g = Game(N, N, seed=5)
    t = g.grid.terrain
    t[:, :] = T.ROCK
    rng = np.random.default_rng(5)
    # a grid of 8x8 rooms (12x12 cells) with corridors between most neighbours
    for ry in range(10):
        for rx in range(10):
            x0, y0 = 4 + rx * 12, 4 + ry * 12
            t[y0:y0 + 8, x0:x0 + 8] = T.FLOOR
            if rx < 9:
                t[y0 + 3, x0 + 8:x0 + 12] = T.FLOOR
            if ry < 9 and rng.random() < 0.8:
                t[y0 + 8:y0 + 12, x0 + 3] = T.FLOOR
    t[0:4, 7] = T.FLOOR
    t[0, 7] = T.PORTAL
    t[104, 56] = T.SANCTUM
    g.grid.domain[:, :] = t != T.ROCK
    g.grid.changed()
    return g


def child(build):
    benchkit.use_build(build)
    import numpy as np
    from pysim.core import commands
    from pysim.doors import digging
    from pysim.core import terrain as T
    g = make_game()
    assert digging.path_exists(g)
    ys, xs = np.nonzero(g.grid.terrain == T.FLOOR)
    tiles = list(zip(xs.tolist(), ys.tolist()))
    reps = 3 if build == "compiled" else 1
    refused = 0
    t0 = time.perf_counter()
    for _ in range(reps):
        for (x, y) in tiles:
            if commands.check(g, {"type": "build_wall", "x": x, "y": y}):
                refused += 1
    per_check = (time.perf_counter() - t0) / (reps * len(tiles)) * 1e6
    # tiles of the kept path: every one needs a flood fill (cut or not)
    guard = g.grid._path_guard
    path = [(int(i) % N, int(i) // N) for i in guard.path]
    t0 = time.perf_counter()
    n = 0
    for _ in range(reps):
        for (x, y) in path:
            if g.grid.terrain[y, x] == T.FLOOR:
                commands.check(g, {"type": "build_wall", "x": x, "y": y})
                n += 1
    onpath = (time.perf_counter() - t0) / max(1, n) * 1e6
    walk = digging.walk_mask(g)
    k = 50 if build == "compiled" else 10
    t0 = time.perf_counter()
    for _ in range(k):
        guard.invalidate()
        guard.has_path(walk, g.grid.terrain, T.PORTAL, T.SANCTUM)
    fill = (time.perf_counter() - t0) / k * 1e6
    print(json.dumps({"check_us": per_check, "onpath_us": onpath, "fill_us": fill,
                      "tiles": len(tiles), "refused": refused // reps,
                      "path_len": len(path)}))


def main():
    if benchkit.ran_child(child):
        return
    runs = benchkit.run_builds(__file__)
    for build, res in runs.items():
        print("%s: %s" % (build, res))
    c, p = runs["compiled"], runs["pure"]
    out = {"walkpath_floor_tiles": p["tiles"], "walkpath_refused": p["refused"]}
    out.update(benchkit.compare("walkpath_check_us", c["check_us"], p["check_us"], 2,
                                speedup="walkpath_speedup"))
    out.update(benchkit.compare("walkpath_onpath_us", c["onpath_us"], p["onpath_us"], 2))
    out.update(benchkit.compare("walkpath_fill_us", c["fill_us"], p["fill_us"], 2))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
