#!/usr/bin/env python3
"""Core simulation figures: step time with 200 agents walking on 128x128, compiled vs
uncompiled, and path queries per second against python-tcod on the same grid and costs.
Stuck walkers: step time on a 128x128 hall where STUCK_CREATURES of the dungeon's creatures
chase kobolds locked in a vault behind a padlock they may not unlock (LOCK-04) and the
kobolds chase them back: every one of them wants a goal it cannot reach, every tick.

The same measuring code runs twice in subprocesses (`--child`, benchkit.py), once importing
the compiled build (build/compiled or PYSIM_COMPILED_DIR) and once the source tree.
Prints a JSON dict of stable names as its last stdout line.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

WARMUP = 100
TICKS = {"compiled": 1200, "pure": 300}
QUERIES = {"compiled": 400, "pure": 20}
STUCK_TICKS = {"compiled": 600, "pure": 30}   # pure before walkers out of reach stopped searching every tick: seconds per tick


def child(build):
    benchkit.use_build(build)
    import numpy as np
    from pysim.core import level, pathing
    from pysim.core.levelgen import bench_level
    game = level.load_text(bench_level(128, 128, 200, seed=1), "bench.level")
    agents = len(game.entities)
    game.run(WARMUP)
    n = TICKS[build]
    walking = 0
    worst = 0.0
    from pysim.core import systems
    per_system = {}
    saved = list(systems.SYSTEMS)

    def timed(name, fn):
        def run(game):
            t = time.perf_counter()
            fn(game)
            per_system[name] = per_system.get(name, 0.0) + time.perf_counter() - t
        return run
    systems.SYSTEMS[:] = [(o, name, timed(name, fn)) for o, name, fn in saved]
    t0 = time.perf_counter()
    for _ in range(n):
        t = time.perf_counter()
        game.step()
        worst = max(worst, time.perf_counter() - t)
        game.take_events()
        walking += sum(1 for e in game.entities.values() if e.step_len > 0)
    step_s = (time.perf_counter() - t0) / n
    systems.SYSTEMS[:] = saved
    out = {"systems_ms": {k: v * 1000 / n for k, v in per_system.items()},"step_ms": step_s * 1000, "worst_step_ms": worst * 1000, "agents": agents,
           "walking_fraction": walking / (n * agents)}

    out.update(walk_only(build))
    out.update(stuck_walkers(build))

    # path queries on the bench map: random pairs of floor tiles that are connected
    cost = np.ascontiguousarray(game.grid.walk_cost())
    rng = np.random.default_rng(5)
    ys, xs = np.nonzero(cost > 0)
    pairs = []
    while len(pairs) < QUERIES[build]:
        a, b = rng.integers(0, len(xs), size=2)
        s, g = (int(xs[a]), int(ys[a])), (int(xs[b]), int(ys[b]))
        if len(pathing.find_path(cost, s, g)) > 0:
            pairs.append((s, g))
    # the search itself: no answer kept from an earlier query (pathing.REMEMBER_FROM)
    pathing._answers.clear()
    kept_from, pathing.REMEMBER_FROM = pathing.REMEMBER_FROM, 1 << 30
    t0 = time.perf_counter()
    total_len = 0
    for s, g in pairs:
        total_len += len(pathing.find_path(cost, s, g))
    out["path_queries_per_s"] = len(pairs) / (time.perf_counter() - t0)
    out["path_mean_len"] = total_len / len(pairs)
    if build == "compiled":
        out.update(tcod_figures(cost, pairs, pathing))
    pathing.REMEMBER_FROM = kept_from
    print(json.dumps(out))


def walk_only(build):
    """The core alone: every agent walks all the time (a new far goal on arrival), only the
    movement system runs. Measures walking + re-planning without the rule areas' systems."""
    import numpy as np
    from pysim.core import level, movement, systems
    from pysim.core.levelgen import bench_level
    game = level.load_text(bench_level(128, 128, 200, seed=1), "bench.level")
    cost = game.grid.walk_cost()
    ys, xs = np.nonzero(cost > 0)
    rng = np.random.default_rng(9)
    ents = list(game.entities.values())

    def retarget(game):
        for e in ents:
            if e.path is None and e.step_len == 0:
                i = int(rng.integers(0, len(xs)))
                movement.go_to(game, e, int(xs[i]), int(ys[i]))

    saved = list(systems.SYSTEMS)
    systems.SYSTEMS[:] = [(100, "retarget", retarget)] + [s for s in saved if s[1] == "movement"]
    try:
        game.run(WARMUP)
        n = TICKS[build]
        walking = 0
        t0 = time.perf_counter()
        for _ in range(n):
            game.step()
            game.take_events()
        took = (time.perf_counter() - t0) / n
        walking = sum(1 for e in ents if e.step_len > 0)
    finally:
        systems.SYSTEMS[:] = saved
    return {"walk_step_ms": took * 1000, "walk_walking_end": walking}


STUCK_CREATURES = 10
STUCK_KOBOLDS = 4


def stuck_level(size=128):
    """A hall of pillars; a walled vault in its middle with one padlocked door; the
    dungeon's creatures outside the door, wild kobolds inside: they see each other through
    the door (doors do not block sight) and none of them may unlock it."""
    rows = [["." for _ in range(size)] for _ in range(size)]
    for y in range(size):
        for x in range(size):
            if x in (0, size - 1) or y in (0, size - 1) or (x % 6 == 3 and y % 6 == 3):
                rows[y][x] = "#"
    c = size // 2
    for y in range(c - 4, c + 5):
        for x in range(c - 6, c + 7):
            edge = y in (c - 4, c + 4) or x in (c - 6, c + 6)
            rows[y][x] = "#" if edge else "."
    rows[c - 4][c] = "L"
    for i in range(STUCK_KOBOLDS):
        rows[c - 2 + i % 2][c - 3 + 2 * i] = "k"
    for i in range(STUCK_CREATURES):
        rows[c - 7 + i // 5][c - 4 + 2 * (i % 5)] = "K"
    rows[size - 3][size - 3] = "S"
    rows[size // 2][0] = "P"
    return ("name: stuck walkers\nseed: 1\ndomain: all\n[legend]\nL = floor door padlock\n"
            "[map]\n" + "\n".join("".join(r) for r in rows) + "\n")


def stuck_walkers(build):
    """ms per tick with the stuck walkers of stuck_level() (all systems running)."""
    from pysim.core import level
    game = level.load_text(stuck_level(), "stuck.level", 1)
    game.run(WARMUP if build == "compiled" else 10)
    n = STUCK_TICKS[build]
    t0 = time.perf_counter()
    for _ in range(n):
        game.step()
        game.take_events()
    took = (time.perf_counter() - t0) / n
    chasing = sum(1 for e in game.entities.values()
                  if getattr(e, "fighter", None) is not None and e.fighter.target >= 0)
    return {"stuck_step_ms": took * 1000, "stuck_chasing": chasing}


def tcod_figures(cost, pairs, pathing):
    """python-tcod as A* (set_heuristic with the lowest step costs) on the same costs and
    pairs, each answer checked against ours (same path cost; a tie may pick another path)."""
    import tcod.path
    sys.path.insert(0, os.path.join(benchkit.ROOT, "tests"))
    from tcod_reference import tcod_graph
    out = {}
    mismatches = 0
    for name, graph, cut in (("tcod", tcod_graph(cost, astar=True), False),
                             ("tcod_simple", tcod_graph(cost, cut_corners=True, astar=True), True)):
        answers = []
        t0 = time.perf_counter()
        for s, g in pairs:
            pf = tcod.path.Pathfinder(graph)
            pf.add_root((s[1], s[0]))
            answers.append(pf.path_to((g[1], g[0])))
        out["path_queries_per_s_" + name] = len(pairs) / (time.perf_counter() - t0)
        for (s, g), theirs in zip(pairs, answers):
            ours = pathing.find_path(cost, s, g, cut_corners=cut)
            if pathing.path_cost(cost, ours) != pathing.path_cost(cost, theirs[:, ::-1]):
                mismatches += 1
    out["path_tcod_mismatches"] = mismatches
    t0 = time.perf_counter()
    for s, g in pairs:
        pathing.find_path(cost, s, g, cut_corners=True)
    out["path_queries_per_s_ours_cut"] = len(pairs) / (time.perf_counter() - t0)
    return out


def main():
    if benchkit.ran_child(child):
        return
    runs = benchkit.run_builds(__file__)
    c, p = runs["compiled"], runs["pure"]
    res = {
        "core_agents": c["agents"],
        "core_walking_fraction": round(c["walking_fraction"], 3),
        "core_step_worst_ms_compiled": round(c["worst_step_ms"], 3),
        "core_walk_walking_agents": c["walk_walking_end"],
        "path_mean_len": round(c["path_mean_len"], 1),
        "path_queries_per_s_tcod": round(c["path_queries_per_s_tcod"], 1),
        "path_tcod_astar": True,
        "path_tcod_mismatches": c["path_tcod_mismatches"],
        "path_ratio_tcod_over_ours": round(c["path_queries_per_s_tcod"] / c["path_queries_per_s"], 3),
        "path_queries_per_s_ours_cut": round(c["path_queries_per_s_ours_cut"], 1),
        "path_queries_per_s_tcod_simple": round(c["path_queries_per_s_tcod_simple"], 1),
        "path_ratio_tcod_simple_over_ours_cut": round(
            c["path_queries_per_s_tcod_simple"] / c["path_queries_per_s_ours_cut"], 3),
    }
    res.update(benchkit.compare("core_step_ms", c["step_ms"], p["step_ms"], 4, 3,
                                speedup="core_step_speedup"))
    res.update(benchkit.compare("core_walk_ms", c["walk_step_ms"], p["walk_step_ms"], 4, 3,
                                speedup="core_walk_speedup"))
    res.update(benchkit.compare("core_stuck_step_ms", c["stuck_step_ms"], p["stuck_step_ms"],
                                4, 3, speedup="core_stuck_speedup"))
    res["core_stuck_chasing"] = c["stuck_chasing"]
    res["path_queries_per_s_ours"] = round(c["path_queries_per_s"], 1)
    res["path_queries_per_s_ours_pure"] = round(p["path_queries_per_s"], 2)
    for name, ms in sorted(c["systems_ms"].items()):
        res["core_system_ms_compiled_" + name] = round(ms, 4)
    print(json.dumps(res))


if __name__ == "__main__":
    main()
