#!/usr/bin/env python3
"""Sweep bench: balance-sweep throughput (python -m pysim sweep) in runs per second, on one
core and on every core, for 12-hour runs of a project level (first.level, 8 seeds: the
bench stays short; the figures are whole runs, level load and metrics included).

In a subprocess against the compiled package (build/compiled or PYSIM_COMPILED_DIR;
benchkit.py): the sweep runs on the compiled build, so that is the one measured. One core
plays the seeds in the process itself; every core uses the local worker pool (process
start-up included, as a user sees it). Prints a JSON dict as its LAST stdout line:
sweep_runs_per_s_one_core, sweep_runs_per_s_all_cores, sweep_cores, sweep_core_speedup, and
sweep_cpu_s_per_run (CPU time of a run on one core, which a busy machine does not inflate).
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402

LEVEL = os.path.join(benchkit.ROOT, "godot_project", "levels", "first.level")
SEEDS = 8
HOURS = 12.0


def child(build):
    benchkit.use_build(build)
    from pysim.sweep.local import cpu_count
    from pysim.sweep.sweep import run_sweep
    cores = cpu_count()
    rates = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in (1, cores):
            out = os.path.join(tmp, "w%d" % workers)
            t0 = time.perf_counter()
            c0 = time.process_time()
            code = run_sweep(LEVEL, SEEDS, hours=HOURS, workers=workers, out=out,
                             progress=False, plots=False, verify=0,
                             stream=open(os.devnull, "w"))
            took = time.perf_counter() - t0
            if workers == 1:
                # CPU seconds a run on one core (the parent plays them): steady on a busy machine
                cpu = (time.process_time() - c0) / SEEDS
            if code != 0:
                raise SystemExit("the sweep on %d worker(s) exited %d" % (workers, code))
            rates[workers] = SEEDS / took
            with open(os.path.join(out, "runs.csv")) as f:
                rates.setdefault("csv", set()).add(f.read())
    if len(rates.pop("csv")) != 1:
        raise SystemExit("one core and every core gave different runs.csv")
    print(json.dumps({"sweep_runs_per_s_one_core": round(rates[1], 3),
                      "sweep_runs_per_s_all_cores": round(rates[cores], 3),
                      "sweep_cores": cores,
                      "sweep_cpu_s_per_run": round(cpu, 3),
                      "sweep_core_speedup": round(rates[cores] / rates[1], 2)}))


def main():
    benchkit.need_compiled("bench_sweep.py")
    figures = benchkit.run_child(__file__, "compiled")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    if not benchkit.ran_child(child):
        sys.exit(main())
