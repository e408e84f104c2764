#!/usr/bin/env python3
"""Run every build/bench/bench_*.py as `python -P file`, merge the JSON dict each prints as
its last stdout line into build/bench.json, and print the figures as a table.
A bench that fails is reported and skipped; the others still run."""
import glob
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit import HERE, ROOT, last_json  # noqa: E402

OUT = os.path.join(ROOT, "build", "bench.json")


def main():
    merged = {}
    failed = []
    for path in sorted(glob.glob(os.path.join(HERE, "bench_*.py"))):
        name = os.path.basename(path)
        t0 = time.time()
        r = subprocess.run([sys.executable, "-P", path], capture_output=True, text=True, cwd=ROOT)
        took = time.time() - t0
        try:
            figures = last_json(r.stdout) if r.stdout.strip() else None
        except ValueError:
            figures = None
        if r.returncode != 0 or not isinstance(figures, dict):
            failed.append(name)
            print("%s FAILED (exit %d, %.0f s)\n%s" % (name, r.returncode, took, r.stderr[-2000:]),
                  file=sys.stderr)
            continue
        print("%s: %.0f s" % (name, took), file=sys.stderr)
        merged.update(figures)
    merged["bench_failed"] = failed
    with open(OUT, "w") as f:
        json.dump(merged, f, indent=1, sort_keys=True)
    width = max([len(k) for k in merged] + [10])
    for key in sorted(merged):
        value = merged[key]
        if isinstance(value, float):
            value = "%.4g" % value
        print("%-*s  %s" % (width, key, value))
    print("wrote %s" % OUT)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
