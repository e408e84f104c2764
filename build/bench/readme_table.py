#!/usr/bin/env python3
"""Writes the README's benchmark table from build/bench.json (`make bench-readme`), so every
figure in it comes from one run of `make bench`: the table lies between the lines
<!-- bench-table:start --> and <!-- bench-table:end --> of README.md. A figure the run did
not make (a bench left out with BENCH_ONLY, or stopped by BENCH_TIMEOUT) says so.

  build/venv/bin/python -P build/bench/readme_table.py [bench.json] [README.md]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
START = "<!-- bench-table:start -->"
END = "<!-- bench-table:end -->"

# (what is measured, [names in bench.json], target); units are in the names.
ROWS = [
    ("Full-scale level (`levelgen.full_level`: 128x128, 300 trap parts in 120 traps, 40 "
     "padlocked doors, 60 minions, 40 creatures, 5 parties of 5, invasions on), compiled, CPU "
     "time, 12 game hours: mean ms a tick, ticks a second, the worst game hour",
     ["fullscale_ms_per_tick_compiled", "fullscale_ticks_per_s_compiled",
      "fullscale_worst_hour_ms_compiled"], "<= 0.5 ms (>= 2,000 ticks/s); no hour over 1 ms"),
    ("Same level, compiled vs pure on the same ticks, interleaved, state hashes equal",
     ["window_step_ms_compiled", "window_step_ms_pure", "window_speedup", "window_hash_match"],
     ">= 10x"),
    ("Per game day over the days played, CPU time, and over a reference timed beside each day "
     "(a fresh game's first ticks, so the machine's load cancels); live and dead bodies",
     ["days_per_day_ms_compiled", "days_per_day_over_ref", "days_last_over_first",
      "days_live_bodies", "days_dead_bodies"], "flat (last days / first days ~ 1)"),
    ("800 vs 200 walkers on the generated 128x128 map, ms a tick",
     ["scale_ms_200_compiled", "scale_ms_800_compiled", "scale_ratio_800_over_200"], "<= 4x"),
    ("Physics frame at 1x on the full-scale level, the game's way: the ticks on the sim thread, "
     "each frame PyBridge.take_mail (no call into Python) and the merge, frames 1/60 s apart "
     "in real time as in the game (1,200 frames in 4 rounds, taken in turn with the row "
     "below); the share over 200 us that showed a tick; ticks shown",
     ["full_frame_thread_mailed", "full_frame_thread_frame_mean_us",
      "full_frame_thread_frame_p50_us", "full_frame_thread_frame_p90_us",
      "full_frame_thread_frame_p99_us", "full_frame_thread_frame_max_us",
      "full_frame_thread_frame_over_200us_share", "full_frame_thread_over_200us_showing_share",
      "full_frame_thread_ticks_shown"],
     "<= 200 us a frame; ~0 without a tick"),
    ("Paced the same way, in the same rounds: a bare call into Python from Godot's thread "
     "with the sim thread stopped (what any call costs after the thread slept 16 ms: cold "
     "caches), and while it plays (a call that meets a tick waits for its end)",
     ["full_frame_noop_paced_p50_us", "full_frame_noop_paced_p99_us",
      "full_frame_noop_paced_over_200us_share", "full_frame_call_paced_p50_us",
      "full_frame_call_paced_p99_us", "full_frame_call_paced_max_us"],
     "what a frame that calls Python pays"),
    ("The Godot frame with the full-scale level on screen (zoomed to fit: every body drawn, "
     "from the sprite atlas) and a busy fight at 4x, the sim thread on (bench_draw.gd, 1,200 "
     "frames, the world drawn and hidden in turns): SimClient's own part of the frame (the "
     "thread's mail taken and merged, without the views), ticks a second; the drawing's own "
     "CPU time a frame (drawn minus hidden, mean and median); bodies and effects on screen",
     ["draw_frame_sim_us", "draw_frame_sim_p50_us", "draw_frame_sim_p99_us",
      "draw_frame_ticks_per_second", "draw_frame_draw_cpu_us", "draw_frame_draw_cpu_p50_us",
      "draw_frame_drawn_us", "draw_frame_hidden_us", "draw_frame_bodies_drawn_mean",
      "draw_frame_effects_mean"],
     "the sim's part as in the thread row above; 40 ticks/s at 4x"),
    ("The fast speeds headless (bench_speeds.py, the sim thread, frames 1/60 s apart): ticks a "
     "second at 16x on The Lair and on the full-scale level (160 due), the frame call's p99; "
     "a skip from The Lair's start to morning (3,600 ticks), real seconds and ticks a second; "
     "a skip's pace on the full-scale level with every stop off",
     ["speeds_lair_16x_ticks_per_s", "speeds_full_16x_ticks_per_s",
      "speeds_full_16x_frame_p99_us", "speeds_lair_skip_to_morning_s",
      "speeds_lair_skip_ticks_per_s", "speeds_full_skip_ticks_per_s"],
     "160 ticks/s at 16x; a skip far faster"),
    ("Physics frame without the sim thread, full-scale level: one Session.frame call, frames "
     "back to back; a frame with a tick (the call: the tick and its changes, of which "
     "Python; the merge: means, and the median), a frame without one, the mean at 1x",
     ["full_frame_tick_us", "full_frame_tick_p50_us", "full_frame_tick_python_us",
      "full_frame_tick_merge_us", "full_frame_notick_us", "full_frame_notick_p50_us",
      "full_frame_policy_us"], "~0 without a tick"),
    ("Instructions a busy tick of the full-scale level (Game.step + snapshot_changes, ticks "
     "100-400, valgrind: the load cannot move it), under Debian's python3.11 and under the "
     "shared libpython the bridge embeds", ["instructions_per_tick",
     "instructions_per_tick_embedded", "instructions_embedded_over_static",
     "instructions_state"], ""),
    ("The snapshot: arrays and keys in all, what a tick changes, converting it whole",
     ["full_snapshot_arrays", "full_snapshot_keys", "bridge_changed_arrays_per_tick",
      "bridge_changed_keys_per_tick", "full_snapshot_convert_us"], ""),
    ("Bridge on the 200-agent map: step + the whole snapshot every frame; the bridge's own "
     "share", ["bridge_frame_us", "bridge_frame_overhead_us"], ""),
    ("Bridge calls: no-op, 2,000 floats as a PoolRealArray, the same as JSON",
     ["bridge_noop_call_us", "bridge_floats2000_pool_us", "bridge_floats2000_json_us"], ""),
    ("Sim step, 128x128 map, 200 agents, compiled and pure; walking alone",
     ["core_step_ms_compiled", "core_step_ms_pure", "core_step_speedup", "core_walk_speedup"],
     "< 1 ms; >= 5x"),
    ("Creatures and kobolds chasing each other across a padlock none may unlock",
     ["core_stuck_step_ms_compiled"], ""),
    ("Path queries a second, ours vs python-tcod set up as A* (`set_heuristic`), answers "
     "checked", ["path_queries_per_s_ours", "path_queries_per_s_tcod", "path_ratio_tcod_over_ours",
                 "path_tcod_astar", "path_tcod_mismatches"], "tcod <= 1.5x ours"),
    ("Fight, 50 minions vs 25 adventurers on 64x64", ["combat_step_ms_compiled", "combat_speedup"],
     "< 1 ms"),
    ("300 traps, 30 Traps-duty minions, two decay cycles",
     ["traps_step_ms_compiled", "traps_speedup", "traps_same_hash"], "< 1 ms"),
    ("Fog of war, 128x128, 60 spotters: a full recompute; the per-tick marking; the fog "
     "system on the full-scale level",
     ["fog_ms_per_compute_compiled", "fog_ms_per_tick_marking_compiled",
      "fog_ms_per_tick_fullscale_compiled"], ""),
    ("Walking-path check per build command, 128x128",
     ["walkpath_check_us_compiled", "walkpath_speedup"], ""),
    ("30-day headless game with invasions on, first.level",
     ["invasions_ms_per_day_compiled", "invasions_cpu_ms_per_day_compiled", "invasions_count"],
     ""),
    ("Balance sweep, first.level, 12-hour runs: one core, every core, CPU seconds a run",
     ["sweep_runs_per_s_one_core", "sweep_runs_per_s_all_cores", "sweep_core_speedup",
      "sweep_cpu_s_per_run"], ""),
    ("`make bench` itself, wall clock", ["bench_total_seconds"], ""),
]


def show(value):
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return ("%.3g" % value) if abs(value) < 100 else ("%.0f" % value)
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


def table(figures):
    lines = ["| figure | this run (name in bench.json: value) | target |", "|---|---|---|"]
    for what, names, target in ROWS:
        cells = []
        for name in names:
            cells.append("`%s` %s" % (name, show(figures[name]) if name in figures
                                      else "(not in this run)"))
        lines.append("| %s | %s | %s |" % (what, "; ".join(cells), target))
    return "\n".join(lines)


def main(argv):
    bench_json = argv[1] if len(argv) > 1 else os.path.join(ROOT, "build", "bench.json")
    readme = argv[2] if len(argv) > 2 else os.path.join(ROOT, "README.md")
    with open(bench_json) as f:
        figures = json.load(f)
    with open(readme) as f:
        text = f.read()
    if START not in text or END not in text:
        raise SystemExit("%s: no %s ... %s lines to put the table between" % (readme, START, END))
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    new = head + START + "\n" + table(figures) + "\n" + END + tail
    tmp = readme + ".tmp"
    with open(tmp, "w") as f:
        f.write(new)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, readme)
    print("readme_table: %d rows from %s into %s" % (len(ROWS), bench_json, readme))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
