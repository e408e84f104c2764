#!/usr/bin/env python3
"""Adventurers' minds bench: the per-tick cost of trap knowledge and spotting (KNOW, SPOT;
docs/rules/adventurers.md) with 25 adventurers in 5 parties among about 300 trap parts.

In subprocesses against the compiled package (build/compiled or PYSIM_COMPILED_DIR;
benchkit.py) and the pure sources, it builds a 128x128 dungeon of rooms joined by corridors
(bench_doors.py's map), places 100 built triggers (plates, sensors, tripwires; a Rogue in
every party) and 200 mechanisms, spawns 5 parties of 5 adventurers walking to the sanctum,
and plays TICKS ticks, timing the minds' systems (detect_traps, spotting, disarming) and
the known-triggers cost view every plan goes through.
Prints a JSON dict as its LAST stdout line: minds_tick_us_compiled, minds_tick_us_pure
(the three systems per tick), minds_view_us_compiled/pure (the cost view per tick),
minds_speedup, minds_learned (trap_learned events in the pure run).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402
from bench_doors import make_game  # noqa: E402

TICKS = 600
MINDS = ("detect_traps", "spotting", "disarming")


def _place(g):
    from pysim.core import terrain as T
    from pysim.traps import trap_commands, trap_parts as tp
    triggers = (tp.PRESSURE_PLATE, tp.SENSOR, tp.TRIPWIRE)
    mechs = (tp.DART_THROWER, tp.SPINNING_BLADES)
    n = 0
    for ry in range(10):
        for rx in range(10):
            x0, y0 = 4 + rx * 12, 4 + ry * 12
            trap_commands.new_part(g, triggers[n % 3], x0 + 3, y0 + 3, built=True)
            for k, (dx, dy) in enumerate(((1, 1), (6, 6))):
                if g.grid.terrain[y0 + dy, x0 + dx] == T.FLOOR:
                    trap_commands.new_part(g, mechs[k], x0 + dx, y0 + dy, built=True)
            n += 1


def child(build):
    benchkit.use_build(build)
    from pysim.core import entities as E, movement, systems
    from pysim.traps import trap_state
    g = make_game()
    _place(g)
    for p in range(5):
        for m in range(5):
            cls = "rogue" if m == 0 else "warrior"
            e = g.spawn(E.ADVENTURER, 4 + p * 24 + m, 4, subtype=cls)
            e.party = 1000 + p
    spent = {"sys": 0.0, "view": 0.0}

    def timed(fn, key):
        def run(*a):
            t0 = time.perf_counter()
            r = fn(*a)
            spent[key] += time.perf_counter() - t0
            return r
        return run

    for i, (order, name, fn) in enumerate(systems.SYSTEMS):
        if name in MINDS:
            systems.SYSTEMS[i] = (order, name, timed(fn, "sys"))
    for i, (order, name, fn) in enumerate(movement.COST_VIEWS):
        if name == "known_triggers":
            movement.COST_VIEWS[i] = (order, name, timed(fn, "view"))
    learned = 0
    for _ in range(TICKS):
        g.step()
        learned += sum(1 for ev in g.take_events() if ev["type"] == "trap_learned")
    print(json.dumps({"tick_us": spent["sys"] / TICKS * 1e6,
                      "view_us": spent["view"] / TICKS * 1e6, "learned": learned,
                      "parts": len(trap_state.state_of(g).parts)}))


def main():
    if benchkit.ran_child(child):
        return
    runs = benchkit.run_builds(__file__)
    for build, res in runs.items():
        print("%s: %s" % (build, res))
    c, p = runs["compiled"], runs["pure"]
    out = {"minds_learned": p["learned"], "minds_trap_parts": p["parts"]}
    out.update(benchkit.compare("minds_tick_us", c["tick_us"], p["tick_us"], 2,
                                speedup="minds_speedup"))
    out.update(benchkit.compare("minds_view_us", c["view_us"], p["view_us"], 2))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
