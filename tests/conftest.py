"""Which pysim the tests import: PYSIM_BUILD=compiled -> build/compiled (and it must be
the Cython build); otherwise the source tree. The runner tests start subprocesses with the
same choice (see pysim_env)."""
import math
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# PYSIM_COMPILED_DIR: a private compiled build (parallel developers share build/compiled).
COMPILED_DIR = os.environ.get("PYSIM_COMPILED_DIR") or os.path.join(ROOT, "build", "compiled")
BUILD = os.environ.get("PYSIM_BUILD", "pure")
PYSIM_PATH = COMPILED_DIR if BUILD == "compiled" else ROOT

if BUILD == "compiled" and not os.path.isdir(os.path.join(COMPILED_DIR, "pysim")):
    raise RuntimeError("PYSIM_BUILD=compiled but build/compiled/pysim is missing: run make pysim")
for p in (ROOT, COMPILED_DIR):
    while p in sys.path:
        sys.path.remove(p)
sys.path.insert(0, PYSIM_PATH)

import pysim  # noqa: E402

if BUILD == "compiled":
    assert pysim.COMPILED, "PYSIM_BUILD=compiled imported an uncompiled pysim from %s" % pysim.__file__
else:
    assert not pysim.COMPILED, "the pure run imported a compiled pysim from %s" % pysim.__file__


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the RULES.md rule (e.g. WIRE-03) this test checks")


def pytest_report_header(config):
    return "pysim: %s build from %s" % ("compiled" if pysim.COMPILED else "pure", PYSIM_PATH)


def pysim_env():
    """Environment for a `python -P -m pysim ...` subprocess importing the same build."""
    env = dict(os.environ)
    env["PYTHONPATH"] = PYSIM_PATH
    env["PYSIM_BUILD"] = BUILD
    return env


@pytest.fixture
def sim_env():
    return pysim_env()


def binomial_ok(count, n, p, sigmas=4.0):
    """Is `count` successes in `n` tries at chance `p` within `sigmas` standard deviations
    of the mean? The tolerance every rate test uses (a 4-sigma miss is about 6 in 100,000)."""
    return abs(count - n * p) <= sigmas * math.sqrt(n * p * (1 - p)) + 1e-9
