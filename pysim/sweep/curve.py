"""The challenge curve: one sweep of a level per keeper policy (pysim/keepers), read back from
their runs.csv into one table: how often the Boss is alive by day 3, 5, 10 and 20, how many
invasions were beaten, how often the first invasion met a trap, how long the minions stood
idle before it, how often an invasion stalled, the median days survived of the runs
with no stall, and the median day the Boss was first wounded. `make balance` plays the
sweeps and writes the table into the README between the lines <!-- balance-table:start -->
and <!-- balance-table:end -->:

    python -m pysim.sweep.curve build/sweep/balance [--readme README.md]

FOLDER holds one sweep folder per policy (FOLDER/<policy>/runs.csv and sweep.json); the
table lists them passive, trapper, defender first, then any others by name.
"""
import argparse
import csv
import json
import os
import sys

from pysim.core import files
from pysim.sweep.stats import count_summary, is_missing, wilson

DAYS = (3, 5, 10, 20)
ORDER = ("passive", "trapper", "defender")
START = "<!-- balance-table:start -->"
END = "<!-- balance-table:end -->"


def read(folder):
    """[(policy, spec, rows)] of the sweeps under `folder`, in table order."""
    found = []
    for name in sorted(os.listdir(folder)):
        sub = os.path.join(folder, name)
        if not os.path.isfile(os.path.join(sub, "runs.csv")):
            continue
        with open(os.path.join(sub, "sweep.json")) as f:
            spec = json.load(f)
        with open(os.path.join(sub, "runs.csv")) as f:
            rows = list(csv.DictReader(f))
        found.append((spec.get("policy") or "none", spec, rows))
    found.sort(key=lambda t: (ORDER.index(t[0]) if t[0] in ORDER else len(ORDER), t[0]))
    return found


def _numbers(rows, col):
    out = []
    for r in rows:
        v = r.get(col, "")
        out.append(None if v == "" else float(v))
    return out


def _share(k, n):
    if n == 0:
        return "-"
    lo, hi = wilson(k, n)
    return "%d%% (%d-%d)" % (round(100.0 * k / n), round(100 * lo), round(100 * hi))


def _num(x):
    return "%g" % round(x, 1)


def row_of(policy, spec, rows):
    """The table's cells for one policy's sweep."""
    days = [d for d in _numbers(rows, "days_survived") if not is_missing(d)]
    length = spec["hours"] / 24.0
    cells = [policy, str(len(rows))]
    for n in DAYS:
        cells.append(_share(sum(1 for d in days if d >= n), len(days)) if n <= length else "-")
    surv = count_summary(days)
    cells.append("%.1f" % surv["median"] if surv["n"] else "-")
    beaten = count_summary(_numbers(rows, "invasions_beaten"))
    cells.append("%s (%s-%s)" % (_num(beaten["median"]), _num(beaten["p5"]), _num(beaten["p95"]))
                 if beaten["n"] else "-")
    trapped = [v for v in _numbers(rows, "first_invasion_trapped") if not is_missing(v)]
    cells.append(_share(sum(1 for v in trapped if v), len(trapped)))
    idle = count_summary(_numbers(rows, "idle_till_invasion_h"))
    cells.append("%.1f" % idle["median"] if idle["n"] else "-")
    longest = _numbers(rows, "longest_invasion_h")
    stalled = [not is_missing(v) and v >= STALLED_H for v in longest]
    cells.append(_share(sum(stalled), len(rows)))
    # A stalled run's Boss lives on for nothing the keeper did: the days of the others alone.
    fair = count_summary([d for d, s in zip(_numbers(rows, "days_survived"), stalled) if not s])
    cells.append("%.1f" % fair["median"] if fair["n"] else "-")
    # What ends the Boss is its wounds adding up: the day the first party reached and wounded it.
    wounded = count_summary([h / 24.0 for h in _numbers(rows, "boss_first_wound_h")
                             if not is_missing(h)])
    cells.append("%.1f" % wounded["median"] if wounded["n"] else "-")
    return cells


# An invasion that lasts a game day or more is a fight that stalled (no invasion comes while
# one is underway, so such a run's Boss lives on for nothing it did).
STALLED_H = 24
HEADER = (["policy", "runs"] + ["Boss alive by day %d" % n for n in DAYS]
          + ["days survived (median)", "invasions beaten (median, 90% range)",
             "first invasion meets a trap", "idle hours before it (median)",
             "an invasion stalled (%d h or more)" % STALLED_H,
             "days survived, runs with no stall (median)",
             "the Boss first wounded, day (median)"])


def table(found):
    """The Markdown table, with a line saying what was played."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for policy, spec, rows in found:
        lines.append("| " + " | ".join(row_of(policy, spec, rows)) + " |")
    if found:
        spec = found[0][1]
        first = spec["first_seed"]
        if all(len(rows) == s["seeds"] for _, s, rows in found):
            seeds = "seeds %d..%d" % (first, first + spec["seeds"] - 1)
        else:   # a sweep stopped early (its finished runs kept): say so, not the seeds asked
            seeds = "seeds from %d, as many as the runs column says" % first
        lines.append("")
        lines.append("%s, %s, %g game days a run; shares with their 95%% interval "
                     "(Wilson). Level SHA-256 %s." % (
                         os.path.basename(spec["level"]), seeds, spec["hours"] / 24.0,
                         spec["level_sha256"][:12]))
    return "\n".join(lines)


def write_readme(readme, text):
    with open(readme, encoding="utf-8") as f:
        old = f.read()
    if START not in old or END not in old:
        raise ValueError("%s has no %s ... %s block" % (readme, START, END))
    head, rest = old.split(START, 1)
    _, tail = rest.split(END, 1)
    files.write_atomic(readme, head + START + "\n" + text + "\n" + END + tail)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pysim.sweep.curve",
                                description="The challenge curve table from one sweep per policy.")
    p.add_argument("folder", help="the folder holding one sweep folder per policy")
    p.add_argument("--readme", default=None, help="write the table into this README's block")
    args = p.parse_args(argv)
    found = read(args.folder)
    if not found:
        sys.stderr.write("curve: no sweep (runs.csv) under %s\n" % args.folder)
        return 2
    text = table(found)
    sys.stdout.write(text + "\n")
    if args.readme:
        write_readme(args.readme, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
