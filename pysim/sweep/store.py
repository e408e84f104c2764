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

from pysim.core import files
from pysim.sweep import metrics

SPEC = "sweep.json"
JOURNAL = "runs.jsonl"
CSV = "runs.csv"


class SweepMismatch(Exception):
    """The folder cannot be gone on with: another sweep's, or damaged. The message is one
    line that says what to do."""


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
    files.write_atomic(os.path.join(folder, SPEC), json.dumps(spec, indent=1, sort_keys=True) + "\n")


_AFRESH = "remove the folder or choose another --out to start the sweep afresh"


def read_spec(folder):
    """The sweep.json of a folder, or SweepMismatch saying it is damaged."""
    path = os.path.join(folder, SPEC)
    try:
        with open(path, "rb") as f:
            spec = json.loads(f.read().decode("utf-8"))
    except (OSError, ValueError) as exc:      # (UnicodeDecodeError is a ValueError)
        raise SweepMismatch("--resume: %s cannot be read (%s); %s"
                            % (path, _short(exc), _AFRESH))
    if not isinstance(spec, dict):
        raise SweepMismatch("--resume: %s is not a sweep's description (a JSON object); %s"
                            % (path, _AFRESH))
    return spec


def read_journal(folder, metric_names):
    """{seed: row} of the finished runs. A last line cut short by a kill is skipped (the
    Journal cuts it off); any other line that is not a whole run of these metrics is
    damage, refused (SweepMismatch) with its line and what to do."""
    rows = {}
    path = os.path.join(folder, JOURNAL)
    if not os.path.exists(path):
        return rows
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise SweepMismatch("--resume: %s cannot be read (%s); %s"
                            % (path, exc.strerror, _AFRESH))
    lines = data.split(b"\n")
    lines.pop()            # after the last newline: empty, or a line cut short by a kill
    for lineno, line in enumerate(lines, start=1):
        why = None
        try:
            row = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            row, why = None, "not UTF-8 text"
        except ValueError:
            row, why = None, "not a JSON line"
        why = why or _bad_row(row, metric_names)
        if why:
            raise SweepMismatch("--resume: %s:%d: %s; delete that line (its seed is played "
                                "again) and --resume" % (path, lineno, why))
        rows[row["seed"]] = row
    return rows


def _bad_row(row, metric_names):
    """Why a journal row is not a finished run of these metrics, or None."""
    if not isinstance(row, dict):
        return "not a run (a JSON object)"
    seed = row.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        return "the seed %r is not a whole number" % (seed,)
    if not isinstance(row.get("hash"), str):
        return "the run has no state hash"
    if not isinstance(row.get("metrics"), dict):
        return "the run has no metrics"
    for name in metric_names:
        if name not in row["metrics"]:
            return "the run has no metric %s" % name
        kind = metrics.METRICS[name].kind if name in metrics.METRICS else None
        if not _fits(row["metrics"][name], kind):
            return "metric %s holds %r, not a %s value" % (name, row["metrics"][name], kind)
    return None


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _fits(value, kind):
    """Is value what a metric of this kind returns (as JSON gave it back)?"""
    if value is None:
        return True
    if kind == "rate":
        return isinstance(value, bool) or _number(value)
    if kind == "count":
        return _number(value)
    if kind == "label":
        return isinstance(value, str)
    if kind == "per_trap":
        return isinstance(value, dict) and all(_number(v) for v in value.values())
    return True


def _short(exc):
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


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
    files.write_atomic(os.path.join(folder, CSV), table.csv_text())
