#!/usr/bin/env python3
"""Place names bench (NAME-02, docs/rules/names.md): what one change of the map costs the
front end's place names, and what Session.names() costs with 200 bodies.

In subprocesses against the compiled package and the pure sources: on first.level (48x32)
and the 128x128 bench map (pysim.core.levelgen.bench_level, 200 agents), the areas and the
place names rebuilt from scratch (both caches cleared), and the areas alone, REPEAT times.
Prints a JSON dict as its LAST stdout line: places_first_ms_compiled/pure,
places_big_ms_compiled/pure (areas + place names), areas_big_ms_compiled/pure,
names_200_ms_compiled/pure (one Session.names() call).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

REPEAT = 5


def _child(build):
    benchkit.use_build(build)
    from pysim.adventurers import areas, places
    from pysim.core import levelgen
    from pysim.session import Session
    first = open(os.path.join(benchkit.ROOT, "godot_project", "levels", "first.level")).read()
    out = {}
    for key, text in (("first", first), ("big", levelgen.bench_level(128, 128, 200, 1))):
        s = Session(text, key, 1)
        g = s.game
        t = time.perf_counter()
        for _ in range(REPEAT):
            g.grid.places_cache = None
            g.grid.areas_cache = None
            places.maps(g)
        out["places_%s_ms" % key] = (time.perf_counter() - t) / REPEAT * 1e3
        t = time.perf_counter()
        for _ in range(REPEAT):
            g.grid.areas_cache = None
            areas.maps(g)
        out["areas_%s_ms" % key] = (time.perf_counter() - t) / REPEAT * 1e3
        t = time.perf_counter()
        for _ in range(20):
            s.names()
        out["names_%s_ms" % key] = (time.perf_counter() - t) / 20 * 1e3
    print(json.dumps(out))


def main():
    if benchkit.ran_child(_child):
        return
    runs = benchkit.run_builds(__file__)
    for build, res in runs.items():
        print("%s: %s" % (build, res))
    c, p = runs["compiled"], runs["pure"]
    out = {}
    for name, key in (("places_first_ms", "places_first_ms"), ("places_big_ms", "places_big_ms"),
                      ("areas_big_ms", "areas_big_ms"), ("names_200_ms", "names_big_ms")):
        out.update(benchkit.compare(name, c[key], p[key], 2))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
