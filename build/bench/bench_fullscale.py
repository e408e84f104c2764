#!/usr/bin/env python3
"""Full-scale figures on pysim.core.levelgen.full_level(): a 128x128 dungeon with
300 trap parts in 120 traps, 40 padlocked doors, 60 minions, 40 of the dungeon's creatures,
5 parties of 5 adventurers and invasions on. CPU time (time.process_time) of one process on
one core, so the figures are the work done, not the machine's load.

  fullscale_*        compiled: 12 game hours, the mean and the worst game hour (ms/tick) and
                     ticks per second of CPU
  window_*           compiled vs pure on the SAME tick window (ticks WINDOW_START to
                     WINDOW_START + WINDOW_TICKS of the same game), interleaved in ROUNDS
                     rounds (compiled, pure, pure, compiled, ...); the median of each; the
                     state hash at the window's end must match between the builds
  days_*             compiled: ms/tick per game day over DAYS days (BENCH_DAYS, default 10),
                     and the last day over the first (flat = 1). CPU time still grows with
                     the machine's load (two cores shared by many processes slow each
                     other's caches), so each day also times a reference, the same ticks
                     0-REF_TICKS of a fresh game in four pieces spread over the day's hours,
                     and days_per_day_over_ref (a day's ms/tick over that day's reference)
                     is the load-fair curve; days_last_over_first is taken from it (the
                     mean of the last 3 days over the mean of the first 3).
                     Why 10 days by default: on this level a day's cost settles by day 4,
                     as the invasions fill it (the last BENCH_DAYS=30 run, 2026-12-02: over
                     its reference 1.06, 1.32, 1.33, then 1.28-1.78 with no trend to day
                     30, days 4-6 1.61 and days 28-30 1.54; 64 dead and 145 entities by
                     then), so days 4-10 already show whether a day costs more as the game
                     ages, while 30 days cost ~200 s more; BENCH_DAYS=30 for the long
                     curve. (days_last_over_first's first 3 days hold that filling up.)
  scale_*            compiled: the generated walker map (levelgen.bench_level) with 200 and
                     with 800 agents, ms/tick after a warm-up, and their ratio; the two
                     games are played in one process in alternating 100-tick chunks

Prints a JSON dict of stable names as its last stdout line.
"""
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

HOURS = 12
WINDOW_START = 600
WINDOW_TICKS = 300
ROUNDS = 3
DAYS = int(os.environ.get("BENCH_DAYS", "10"))
REF_TICKS = 300
SCALE_WARMUP = 100
SCALE_TICKS = 600
SCALE_CHUNK = 100


def _full_game():
    from pysim.core import level
    from pysim.core.levelgen import full_level
    return level.load_text(full_level(), "full.level")


def _mean(values):
    return sum(values) / len(values)


def _play(game, ticks):
    t0 = time.process_time()
    for _ in range(ticks):
        game.step()
        game.take_events()
    return time.process_time() - t0


def child(build, mode):
    benchkit.use_build(build)
    from pysim.core import clock
    out = {}
    if mode == "hours":
        g = _full_game()
        per_hour = [_play(g, clock.TICKS_PER_HOUR) / clock.TICKS_PER_HOUR * 1000
                    for _ in range(HOURS)]
        out = {"per_hour_ms": per_hour, "entities": len(g.entities)}
    elif mode == "window":
        g = _full_game()
        g.run(WINDOW_START)
        g.take_events()
        took = _play(g, WINDOW_TICKS)
        out = {"ms": took / WINDOW_TICKS * 1000, "hash": g.state_hash(), "tick": g.tick}
    elif mode == "days":
        from pysim.core import entities as E
        g = _full_game()
        per_day = []
        ref = []
        dead = []
        quarter = clock.TICKS_PER_DAY // 4
        for _ in range(DAYS):
            took = 0.0
            r = _full_game()
            took_ref = 0.0
            for _ in range(4):
                took += _play(g, quarter)
                took_ref += _play(r, REF_TICKS // 4)
            per_day.append(took / clock.TICKS_PER_DAY * 1000)
            ref.append(took_ref / REF_TICKS * 1000)
            dead.append(sum(1 for e in g.entities.values() if e.state == E.DEAD))
        out = {"per_day_ms": per_day, "ref_ms": ref, "dead": dead,
               "entities": len(g.entities), "live": len(g.live())}
    elif mode == "scale":
        from pysim.core import level
        from pysim.core.levelgen import bench_level
        # Both games in one process, played in alternating chunks of SCALE_CHUNK ticks, so
        # the machine's load drifts over both alike (one after the other, the ratio swung
        # from 1.9x to 4.6x between runs).
        games = {}
        spent = {}
        for n in (200, 800):
            games[n] = level.load_text(bench_level(128, 128, n, seed=1), "bench.level")
            games[n].run(SCALE_WARMUP)
            spent[n] = 0.0
        for _ in range(SCALE_TICKS // SCALE_CHUNK):
            for n in (200, 800):
                spent[n] += _play(games[n], SCALE_CHUNK)
        for n in (200, 800):
            out["ms_%d" % n] = spent[n] / SCALE_TICKS * 1000
            out["agents_%d" % n] = len(games[n].entities)
    print(json.dumps(out))


def main():
    if benchkit.child_args() is not None:
        argv = sys.argv[1:]
        child(argv[argv.index("--child") + 1], argv[argv.index("--child") + 2])
        return
    benchkit.need_compiled("bench_fullscale.py")
    script = __file__
    res = {}
    phase = {}
    t0 = time.time()
    h = benchkit.run_child(script, "compiled", ["hours"])
    ms = h["per_hour_ms"]
    mean = sum(ms) / len(ms)
    res.update({"fullscale_ms_per_tick_compiled": round(mean, 4),
                "fullscale_ticks_per_s_compiled": round(1000 / mean, 1),
                "fullscale_worst_hour_ms_compiled": round(max(ms), 4),
                "fullscale_hours": HOURS, "fullscale_entities": h["entities"],
                "fullscale_per_hour_ms_compiled": [round(v, 3) for v in ms]})
    phase["hours"] = time.time() - t0
    t0 = time.time()
    runs = {"compiled": [], "pure": []}
    hashes = {"compiled": set(), "pure": set()}
    for r in range(ROUNDS):
        order = ("compiled", "pure") if r % 2 == 0 else ("pure", "compiled")
        for build in order:
            w = benchkit.run_child(script, build, ["window"], timeout=3600)
            runs[build].append(w["ms"])
            hashes[build].add(w["hash"])
    c = statistics.median(runs["compiled"])
    p = statistics.median(runs["pure"])
    res.update(benchkit.compare("window_step_ms", c, p, 4, 3, speedup="window_speedup"))
    res["window_ticks"] = "%d-%d" % (WINDOW_START, WINDOW_START + WINDOW_TICKS)
    res["window_rounds"] = ROUNDS
    res["window_hash_match"] = len(hashes["compiled"] | hashes["pure"]) == 1
    phase["window"] = time.time() - t0
    t0 = time.time()
    s = benchkit.run_child(script, "compiled", ["scale"])
    res.update({"scale_ms_200_compiled": round(s["ms_200"], 4),
                "scale_ms_800_compiled": round(s["ms_800"], 4),
                "scale_ratio_800_over_200": round(s["ms_800"] / s["ms_200"], 2),
                "scale_agents": [s["agents_200"], s["agents_800"]]})
    phase["scale"] = time.time() - t0
    t0 = time.time()
    if DAYS > 0:
        d = benchkit.run_child(script, "compiled", ["days"], timeout=6 * 3600)
        per_day = d["per_day_ms"]
        fair = [a / b for a, b in zip(per_day, d["ref_ms"])]
        res.update({"days_played": DAYS,
                    "days_per_day_ms_compiled": [round(v, 3) for v in per_day],
                    "days_ref_ms_compiled": [round(v, 3) for v in d["ref_ms"]],
                    "days_per_day_over_ref": [round(v, 3) for v in fair],
                    "days_first_ms_compiled": round(per_day[0], 4),
                    "days_last_ms_compiled": round(per_day[-1], 4),
                    "days_worst_ms_compiled": round(max(per_day), 4),
                    # the mean of the last 3 days over the first 3 (one day's ratio
                    # swings by about 15% with the load)
                    "days_last_over_first": round(_mean(fair[-3:]) / _mean(fair[:3]), 2),
                    "days_last_over_first_raw": round(per_day[-1] / per_day[0], 2),
                    "days_dead_bodies": d["dead"][-1], "days_entities": d["entities"],
                    "days_live_bodies": d["live"]})
    phase["days"] = time.time() - t0
    res["fullscale_phase_seconds"] = {k: round(v, 1) for k, v in phase.items()}
    for k, v in res.items():
        print("%-34s %s" % (k, v), file=sys.stderr)
    print(json.dumps(res))


if __name__ == "__main__":
    main()
