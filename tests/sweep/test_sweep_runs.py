"""Whole sweeps: the same seeds give the same runs.csv on 1 worker, 4 workers and a Dask
cluster; Ctrl-C keeps the finished runs and --resume completes the same CSV."""
import gc
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import pysim_env
from pysim.sweep import store
from pysim.sweep.sweep import run_sweep

HERE = os.path.dirname(os.path.abspath(__file__))
LEVEL = os.path.join(os.path.dirname(HERE), "levels", "room_trap.txt")
SEEDS = 50
HOURS = 0.5


def sweep(out, **kw):
    kw.setdefault("workers", 1)
    code = run_sweep(LEVEL, SEEDS, hours=HOURS, out=str(out), progress=False,
                     plots=kw.pop("plots", False), stream=open(os.devnull, "w"), **kw)
    return code


def csv_of(out):
    with open(os.path.join(str(out), store.CSV)) as f:
        return f.read()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("one_worker")
    assert sweep(out, workers=1) == 0
    text = csv_of(out)
    assert len(text.strip().split("\n")) == SEEDS + 1
    return text


def test_four_workers_same_csv_and_a_report(reference, tmp_path):
    assert sweep(tmp_path, workers=4, plots=True) == 0
    assert csv_of(tmp_path) == reference
    for name in ("outcomes.png", "counts.png", "index.html", "summary.txt"):
        assert os.path.getsize(tmp_path / name) > 0
    html = (tmp_path / "index.html").read_text()
    assert "outcomes.png" in html and "median" in html


def test_the_rows_differ_by_seed(reference):
    hashes = [line.split(",")[1] for line in reference.strip().split("\n")[1:]]
    assert len(set(hashes)) == SEEDS


def test_dask_local_cluster_same_csv(reference, tmp_path, caplog):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            assert sweep(tmp_path, client=client) == 0
            # the sweep let its futures go: none is left for the closing client and cluster
            end = time.monotonic() + 10
            while client.futures and time.monotonic() < end:
                time.sleep(0.01)
            assert not client.futures
    # a future left with an exception would be reported as it is collected, at the latest
    # as the interpreter exits, after pytest's summary: collected and checked here instead
    gc.collect()
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]
    assert csv_of(tmp_path) == reference


def test_ctrl_c_keeps_finished_runs_and_resume_completes(reference, tmp_path):
    cmd = [sys.executable, "-P", "-m", "pysim", "sweep", LEVEL, "--seeds", str(SEEDS),
           "--hours", str(HOURS), "--workers", "2", "--out", str(tmp_path), "--no-plots",
           "--no-progress", "--verify", "0"]
    proc = subprocess.Popen(cmd, env=pysim_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    journal = tmp_path / store.JOURNAL
    # Ctrl-C once two runs are finished, however slowly a loaded machine plays them
    deadline = time.time() + 300
    while time.time() < deadline and proc.poll() is None:
        if journal.exists() and journal.read_text().count("\n") >= 2:
            break
        time.sleep(0.005)
    assert proc.poll() is None, "the sweep ended before two runs were in its journal"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    partial = csv_of(tmp_path).strip().split("\n")
    kept = len(partial) - 1
    assert 2 <= kept < SEEDS
    ref_rows = {line.split(",")[0]: line for line in reference.strip().split("\n")[1:]}
    for line in partial[1:]:
        assert line == ref_rows[line.split(",")[0]]
    seeds = [int(line.split(",")[0]) for line in partial[1:]]
    assert seeds == sorted(seeds)
    assert sweep(tmp_path, workers=1, resume=True) == 0
    assert csv_of(tmp_path) == reference


def test_a_second_sweep_into_a_used_folder_needs_resume(reference, tmp_path):
    assert run_sweep(LEVEL, 2, hours=0.1, out=str(tmp_path), workers=1, progress=False,
                     plots=False, stream=open(os.devnull, "w")) == 0
    assert run_sweep(LEVEL, 2, hours=0.1, out=str(tmp_path), workers=1, progress=False,
                     plots=False, stream=open(os.devnull, "w")) == 2
    # --resume with other hours is another sweep: refused too
    assert run_sweep(LEVEL, 2, hours=0.2, out=str(tmp_path), workers=1, progress=False,
                     plots=False, resume=True, stream=open(os.devnull, "w")) == 2
