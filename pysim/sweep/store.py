"""The sweep's output folder.

  sweep.json   what was asked: level (path and SHA-256 of its text), hours, metrics, seeds,
               the keeper policy
  runs.jsonl   the journal: one finished run a line, appended and flushed as runs come in,
               in whatever order the workers finish; --resume reads it back
  runs.csv     per-seed metrics sorted by seed, with each run's final state hash: the same
               bytes whatever the number of workers or machines
"""
import csv
import hashlib
import io
import json
import os

from pysim.sweep import metrics

SPEC = "sweep.json"
JOURNAL = "runs.jsonl"
CSV = "runs.csv"


class SweepMismatch(Exception):
    pass


def level_sha(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def spec_for(level_path, level_text, hours, metric_names, first_seed, seeds, policy=None):
    return {"level": level_path, "level_sha256": level_sha(level_text), "hours": float(hours),
            "metrics": list(metric_names), "first_seed": int(first_seed), "seeds": int(seeds),
            "policy": policy}


def check_resumable(old, new):
    """--resume goes on only with the same level text, hours, metrics and policy (the seed
    count may grow)."""
    for key in ("level_sha256", "hours", "metrics", "first_seed", "policy"):
        if old.get(key) != new.get(key):
            raise SweepMismatch("--resume: %s differs from the sweep in the folder (%r, now %r)"
                                % (key, old.get(key), new.get(key)))


def write_spec(folder, spec):
    _atomic_write(os.path.join(folder, SPEC), json.dumps(spec, indent=1, sort_keys=True) + "\n")


def read_spec(folder):
    with open(os.path.join(folder, SPEC)) as f:
        return json.load(f)


def read_journal(folder):
    """{seed: row} of the finished runs (a line cut short by a kill is skipped)."""
    rows = {}
    path = os.path.join(folder, JOURNAL)
    if not os.path.exists(path):
        return rows
    with open(path) as f:
        for line in f:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict) and "seed" in row:
                rows[int(row["seed"])] = row
    return rows


class Journal:
    def __init__(self, folder, fresh):
        path = os.path.join(folder, JOURNAL)
        if fresh and os.path.exists(path):
            os.remove(path)
        elif os.path.exists(path):
            _drop_torn_tail(path)
        self.f = open(path, "a")

    def add(self, row):
        self.f.write(json.dumps(row, sort_keys=True) + "\n")
        self.f.flush()

    def close(self):
        self.f.close()


def _drop_torn_tail(path):
    """A run killed mid-write leaves a last line without its newline: cut it off."""
    with open(path, "rb+") as f:
        data = f.read()
        if data and not data.endswith(b"\n"):
            f.truncate(data.rfind(b"\n") + 1)


class Table:
    """Rows sorted by seed, flattened into columns: each metric one column, a per_trap metric
    one column per key ("trap_hits.3_spinning_blades", absent keys 0). kinds: column -> kind."""

    def __init__(self, rows, metric_names):
        self.rows = [rows[s] for s in sorted(rows)]
        self.kinds = {}
        self.columns = ["seed", "hash"]
        for name in metric_names:
            m = metrics.METRICS[name]
            if m.kind == "per_trap":
                keys = set()
                for r in self.rows:
                    keys.update((r["metrics"].get(name) or {}).keys())
                for key in sorted(keys, key=_trap_order):
                    self.kinds["%s.%s" % (name, key)] = m.kind
            else:
                self.kinds[name] = m.kind
        self.columns += list(self.kinds)

    def value(self, row, col):
        if col in ("seed", "hash"):
            return row[col]
        if col in row["metrics"]:
            return row["metrics"][col]
        name, _, key = col.partition(".")
        return (row["metrics"].get(name) or {}).get(key, 0)

    def column(self, col):
        return [self.value(r, col) for r in self.rows]

    def csv_text(self):
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(self.columns)
        for r in self.rows:
            w.writerow([_cell(self.value(r, c)) for c in self.columns])
        return out.getvalue()


def _trap_order(key):
    head = key.split("_", 1)[0]
    return (0, int(head), key) if head.isdigit() else (1, 0, key)


def _cell(v):
    if metrics.is_missing(v):
        return ""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, float):
        return repr(v)
    return v


def write_csv(folder, table):
    _atomic_write(os.path.join(folder, CSV), table.csv_text())


def _atomic_write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
