#!/usr/bin/env python3
"""Fog-of-war bench (pysim/invasions/fog.py): the visibility layer on a 128 x 128 map of
16 x 16 rooms (walls with gaps and closed doors) with 60 spotters (59 minions and the Boss),
compiled vs pure.

fog_ms_per_compute_*: one recast of every view from nothing (another map: the worst case).
In play, two games of the same level, one with fog on and one with `fog: off` (the same
state tick for tick: fog is only the view), stepped in turns of 30 ticks (interleaved, so a
load spike hits both), 300 ticks each:
fog_ms_per_tick_marking_*: the fog system alone (the kept layer brought up to date: only the
views that changed are cast), fog on minus fog off, no snapshot.
fog_ms_per_tick_*: the same plus a snapshot's layer asked for at every tick (the front end
at 1x asks at most once per tick).
fog_recomputes_*: recasts of every view in the 300 ticks with snapshots; fog_casts_*: views
cast in them (of fog_spotters x 300 a recast every tick would cast).
fog_ms_per_tick_fullscale_*: the fog system alone on the full-scale level (levelgen.full_level:
100 eyes, doors opening and shutting as minions pass), CPU time, ticks 50-350.
Prints a JSON dict as its LAST stdout line.
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
CHUNK = 30


def level_text(fog="on"):
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
    return ("name: fog bench\ndomain: all\ninvasions: on\nfog: %s\n\n[map]\n" % fog) + \
        "\n".join("".join(r) for r in rows) + "\n"


def _turns(on, off, ask):
    """Seconds spent stepping `on` and `off` over TICKS ticks, in turns of CHUNK; `ask`
    asks for the layer after every tick of `on` (a snapshot each tick)."""
    from pysim.invasions import fog
    t_on = t_off = 0.0
    for _ in range(TICKS // CHUNK):
        t0 = time.perf_counter()
        off.run(CHUNK)
        t1 = time.perf_counter()
        for _ in range(CHUNK):
            on.step()
            if ask:
                fog.layer(on)
        t2 = time.perf_counter()
        t_off += t1 - t0
        t_on += t2 - t1
    return t_on, t_off


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
        g.fog_view.blocked = None      # as for another map: every view again
        fog.layer(g)
    compute = (time.perf_counter() - t0) * 1000 / reps
    out = {"compute": compute, "spotters": n}
    for name, ask in (("marking", False), ("tick", True)):
        on = load_text(level_text(), seed=1)
        off = load_text(level_text("off"), seed=1)
        t_on, t_off = _turns(on, off, ask)
        assert on.state_hash() == off.state_hash()      # fog is only the view
        out[name] = (t_on - t_off) * 1000 / TICKS
        out[name + "_computes"] = on.fog_view.computes
        out[name + "_casts"] = on.fog_view.casts
    out["full"] = _full_scale()
    print(json.dumps(out))


def _full_scale():
    """ms a tick in the fog system on the full-scale level (levelgen.full_level: 100 eyes,
    40 doors opening and shutting), ticks 50-350; CPU time of the system alone."""
    from pysim.core import systems
    from pysim.core.levelgen import full_level
    from pysim.invasions import fog
    from pysim.level import load_text
    g = load_text(full_level(), seed=1)
    spent = [0.0]

    def timed(game):
        t0 = time.process_time()
        fog.fog_system(game)
        spent[0] += time.process_time() - t0
    kept = list(systems.SYSTEMS)
    systems.SYSTEMS[:] = [(o, n, timed if n == "fog" else fn) for (o, n, fn) in kept]
    try:
        g.run(50)
        spent[0] = 0.0
        g.run(TICKS)
    finally:
        systems.SYSTEMS[:] = kept
    return spent[0] * 1000 / TICKS


def main():
    benchkit.need_compiled("bench_fog.py")
    out = {}
    for build in benchkit.BUILDS:
        r = benchkit.run_child(__file__, build)
        out["fog_ms_per_compute_%s" % build] = round(r["compute"], 3)
        out["fog_ms_per_tick_marking_%s" % build] = round(r["marking"], 3)
        out["fog_ms_per_tick_%s" % build] = round(r["tick"], 3)
        out["fog_spotters"] = r["spotters"]
        out["fog_recomputes_in_%d_ticks_%s" % (TICKS, build)] = r["tick_computes"]
        out["fog_casts_in_%d_ticks_%s" % (TICKS, build)] = r["tick_casts"]
        out["fog_ms_per_tick_fullscale_%s" % build] = round(r["full"], 3)
    print(json.dumps(out))


if __name__ == "__main__":
    if not benchkit.ran_child(child):
        main()
