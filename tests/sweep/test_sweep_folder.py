"""A sweep's output folder damaged between runs (a disk, an editor, a kill): --resume and
--out refuse it in one line that says what to do (exit 2), never a traceback."""
import json
import os
import subprocess
import sys

import pytest

from conftest import pysim_env
from pysim.sweep import store

HERE = os.path.dirname(os.path.abspath(__file__))
LEVEL = os.path.join(os.path.dirname(HERE), "levels", "room_trap.txt")
ARGS = ["--hours", "0.05", "--workers", "1", "--no-plots", "--no-progress", "--verify", "0"]


def _sweep(out, *extra, seeds=3):
    return subprocess.run([sys.executable, "-P", "-m", "pysim", "sweep", LEVEL, "--seeds",
                           str(seeds), "--out", str(out)] + ARGS + list(extra),
                          capture_output=True, text=True, env=pysim_env(), timeout=300)


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A folder holding a finished 3-seed sweep: (its journal bytes, its sweep.json bytes)."""
    out = tmp_path_factory.mktemp("finished")
    r = _sweep(out)
    assert r.returncode == 0, r.stderr
    return ((out / store.JOURNAL).read_bytes(), (out / store.SPEC).read_bytes())


def _damaged(tmp_path, finished, journal=None, spec=None):
    journal_bytes, spec_bytes = finished
    (tmp_path / store.JOURNAL).write_bytes(journal_bytes if journal is None else journal)
    (tmp_path / store.SPEC).write_bytes(spec_bytes if spec is None else spec)
    r = _sweep(tmp_path, "--resume", seeds=4)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    lines = [line for line in r.stderr.strip().split("\n") if not line.startswith("pysim:")]
    assert len(lines) == 1 and lines[0].startswith("sweep: "), r.stderr
    return lines[0]


def _rows(journal_bytes):
    return [json.loads(line) for line in journal_bytes.decode().strip().split("\n")]


def _journal(rows):
    return "".join(json.dumps(row, sort_keys=True) + "\n" for row in rows).encode()


def test_a_row_whose_seed_is_not_a_number(tmp_path, finished):
    rows = _rows(finished[0])
    rows[1]["seed"] = "two"
    msg = _damaged(tmp_path, finished, journal=_journal(rows))
    assert "runs.jsonl:2: the seed 'two' is not a whole number" in msg
    assert "delete that line" in msg and "--resume" in msg


def test_a_row_without_metrics(tmp_path, finished):
    rows = _rows(finished[0])
    del rows[0]["metrics"]
    msg = _damaged(tmp_path, finished, journal=_journal(rows))
    assert "runs.jsonl:1: the run has no metrics; delete that line" in msg
    rows = _rows(finished[0])
    rows[2]["metrics"]["outcome"] = 7
    msg = _damaged(tmp_path, finished, journal=_journal(rows))
    assert "runs.jsonl:3: metric outcome holds 7, not a label value" in msg


def test_a_journal_that_is_not_utf8(tmp_path, finished):
    journal = finished[0].replace(b'"hash"', b'"h\xffsh"', 1)
    msg = _damaged(tmp_path, finished, journal=journal)
    assert "runs.jsonl:1: not UTF-8 text; delete that line" in msg


def test_a_line_cut_short_at_the_end_is_no_damage(tmp_path, finished):
    journal = finished[0] + b'{"seed": 9, "ha'
    (tmp_path / store.JOURNAL).write_bytes(journal)
    (tmp_path / store.SPEC).write_bytes(finished[1])
    r = _sweep(tmp_path, "--resume", seeds=4)
    assert r.returncode == 0, r.stderr
    assert sorted(_rows((tmp_path / store.JOURNAL).read_bytes()), key=lambda r: r["seed"])[
        -1]["seed"] == 4


@pytest.mark.parametrize("spec,words", [
    (lambda b: b[:len(b) // 2], "sweep.json cannot be read"),
    (lambda b: b"[1, 2]\n", "sweep.json is not a sweep's description"),
    (lambda b: b"\xff\xfe{}", "sweep.json cannot be read"),
])
def test_a_truncated_or_foreign_sweep_json(tmp_path, finished, spec, words):
    msg = _damaged(tmp_path, finished, spec=spec(finished[1]))
    assert words in msg and "remove the folder or choose another --out" in msg


def test_out_naming_a_file(tmp_path):
    target = tmp_path / "report.txt"
    target.write_text("not a folder\n")
    for out in (target, target / "under"):
        r = _sweep(out)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert "sweep: --out %s" % out in r.stderr and "name " in r.stderr, r.stderr
    assert target.read_text() == "not a folder\n"
