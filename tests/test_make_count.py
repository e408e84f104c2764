"""`make test`'s closing line (the Makefile's test-count, which CI reads): it counts both
suites from their logs, finds pytest's summary wherever it falls, and never turns a missing
summary into a count of 0."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GODOT = "runner: 148.5 s\n131 passed, 0 failed\nWARNING: cleanup: ObjectDB instances leaked\n"
# pytest's summary, then what a library printed as the interpreter exited (a Dask future's)
PYTEST = """\
........................................................................ [ 94%]
..........................................                               [100%]
834 passed, 1 skipped in 87.00s (0:01:27)
Future exception was never retrieved
future: <Future finished exception=CommClosedError()>
Traceback (most recent call last):
distributed.comm.core.CommClosedError: in <closed InProc>: 0 passed
"""


def count(tmp_path, pytest_log, godot_log=GODOT):
    if shutil.which("make") is None:
        pytest.skip("no make")
    py, gd = tmp_path / "pytest.log", tmp_path / "godot.log"
    py.write_text(pytest_log)
    gd.write_text(godot_log)
    return subprocess.run(["make", "-s", "--no-print-directory", "-C", ROOT, "test-count",
                           "PYTEST_LOG=%s" % py, "GODOT_LOG=%s" % gd],
                          capture_output=True, text=True, timeout=60)


def test_pytest_s_summary_is_read_wherever_it_falls(tmp_path):
    r = count(tmp_path, PYTEST)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().split("\n")[-1] == "total: 965 passed, 0 failed"


def test_failures_and_errors_are_counted(tmp_path):
    r = count(tmp_path, "== 2 failed, 10 passed, 1 skipped, 1 error, 2 xfailed in 3.20s ==\n",
              "4 passed, 1 failed\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().split("\n")[-1] == "total: 14 passed, 4 failed"


@pytest.mark.parametrize("pytest_log,godot_log", [
    ("Future exception was never retrieved\n", GODOT),
    (PYTEST, "runner: crashed\n"),
])
def test_a_log_without_its_summary_fails_the_count(tmp_path, pytest_log, godot_log):
    r = count(tmp_path, pytest_log, godot_log)
    assert r.returncode != 0
    assert "no pytest summary" in r.stderr or "no Godot summary" in r.stderr
    assert "total:" not in r.stdout
