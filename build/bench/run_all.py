#!/usr/bin/env python3
"""Run every build/bench/bench_*.py as `python -P file`, merge the JSON dict each prints as
its last stdout line into build/bench.json, and print the figures as a table.

Each bench has BENCH_TIMEOUT seconds of wall clock (default 900): one that runs over is
stopped with its children (its own process group), reported and skipped, so `make bench`
always finishes; a bench that fails is reported and skipped too, the others still run.
What each took is printed as it ends and kept as `bench_seconds` ({bench: s}, wall clock)
in bench.json. BENCH_ONLY=bridge,fullscale runs only those (names without bench_ and .py).
"""
import glob
import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit import HERE, ROOT, last_json  # noqa: E402

OUT = os.path.join(ROOT, "build", "bench.json")
TIMEOUT = float(os.environ.get("BENCH_TIMEOUT", "900"))


def benches():
    paths = sorted(glob.glob(os.path.join(HERE, "bench_*.py")))
    only = [n.strip() for n in os.environ.get("BENCH_ONLY", "").split(",") if n.strip()]
    if only:
        paths = [p for p in paths if os.path.basename(p)[len("bench_"):-len(".py")] in only]
    return paths


def run(path):
    """(exit code or None when it ran over TIMEOUT, stdout, stderr, seconds)."""
    t0 = time.time()
    p = subprocess.Popen([sys.executable, "-P", path], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, cwd=ROOT, start_new_session=True)
    try:
        out, err = p.communicate(timeout=TIMEOUT)
        code = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)      # the bench and the children it started
        out, err = p.communicate()
        code = None
    return code, out, err, time.time() - t0


def main():
    merged = {}
    failed = []
    seconds = {}
    t_all = time.time()
    for path in benches():
        name = os.path.basename(path)
        code, out, err, took = run(path)
        seconds[name] = round(took, 1)
        try:
            figures = last_json(out) if out.strip() else None
        except ValueError:
            figures = None
        if code != 0 or not isinstance(figures, dict):
            failed.append(name)
            why = ("ran over BENCH_TIMEOUT=%.0f s and was stopped" % TIMEOUT if code is None
                   else "exit %d" % code)
            print("%s FAILED (%s, %.0f s)\n%s" % (name, why, took, err[-2000:]), file=sys.stderr)
            continue
        print("%s: %.0f s" % (name, took), file=sys.stderr)
        merged.update(figures)
    merged["bench_failed"] = failed
    merged["bench_seconds"] = seconds
    merged["bench_total_seconds"] = round(time.time() - t_all, 1)
    with open(OUT, "w") as f:
        json.dump(merged, f, indent=1, sort_keys=True)
    width = max([len(k) for k in merged] + [10])
    for key in sorted(merged):
        value = merged[key]
        if isinstance(value, float):
            value = "%.4g" % value
        print("%-*s  %s" % (width, key, value))
    print("wrote %s (%.0f s in all)" % (OUT, merged["bench_total_seconds"]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
