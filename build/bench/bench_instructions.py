#!/usr/bin/env python3
"""Instructions a busy stretch of the full-scale level costs, counted by valgrind (callgrind):
a figure this noisy machine cannot move, for A/B runs of two builds of the tick's code.

    build/venv/bin/python -P build/bench/bench_instructions.py [--ticks 300] [--pysim DIR]
        [--static | --embedded]

Plays the full-scale level (pysim.core.levelgen.full_level) to tick 100, then counts the
instructions of Game.step and Session.snapshot_changes (what a busy frame runs) over the next
`--ticks` ticks, compiled (build/compiled, or DIR: another build, say of an older commit in a
git worktree). Prints instructions in all and per tick, and the state hash at the end (two
builds of the same rules give the same one), under this python and under the shared
libpython the Godot bridge loads (a python built here with python3-config --embed), which
takes ~11% more instructions for the same ticks (--static, --embedded: one of them). Needs
valgrind (`make bench` installs it); its last line is the JSON dict make bench merges.

A count is not a time (a cache miss costs many instructions' worth), so it judges a change
to the work done, not one to how memory is laid out; a run takes ~30 s for 300 ticks, ~45
s under the embedded library.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit import ROOT, compiled_dir  # noqa: E402

# Cython numbers a class's methods in the order they are written (Game_13step): a method
# added before one moves its number, so the names are matched with a wildcard there (one
# pattern each: a function two patterns match is toggled twice, so not counted).
COUNTED = ("__pyx_pw_5pysim_4core_4game_4Game_*step",
           "__pyx_pw_5pysim_7session_7Session_*snapshot_changes")

CHILD = """
import sys
sys.path.insert(0, %(dir)r); sys.path.insert(1, %(root)r)
from pysim.session import Session
from pysim.core import levelgen
s = Session(levelgen.full_level()); g = s.game
for _ in range(100):
    g.step()
s.snapshot_changes()
for _ in range(%(ticks)d):
    g.step(); s.snapshot_changes()
print("HASH", g.state_hash())
"""


def _embedded_python(tmp):
    """A python command linked, as the bridge is, against the shared libpython
    (python3-config --embed): Debian's /usr/bin/python3.11 has the interpreter linked in,
    built otherwise, so the same ticks count other instructions in Godot."""
    src = os.path.join(tmp, "embedded.c")
    exe = os.path.join(tmp, "embedded-python")
    with open(src, "w") as f:
        f.write("#include <Python.h>\n"
                "int main(int argc, char **argv) { return Py_BytesMain(argc, argv); }\n")
    config = "/usr/bin/python3-config"      # the one the Makefile builds the bridge with
    if not os.path.exists(config):
        config = "python3-config"
    flags = lambda *what: subprocess.run([config, *what, "--embed"], check=True,
                                         capture_output=True, text=True).stdout.split()
    subprocess.run(["gcc", "-O2", *flags("--cflags"), src, "-o", exe, *flags("--ldflags")],
                   check=True)
    return exe


def _site_packages():
    import site
    return os.pathsep.join(site.getsitepackages())


def count(pysim, ticks, embedded):
    """(instructions, state hash) of the busy stretch, or raises RuntimeError."""
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "child.py")
        with open(script, "w") as f:
            f.write(CHILD % {"dir": pysim, "root": ROOT, "ticks": ticks})
        out = os.path.join(tmp, "callgrind.out")
        args = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out]
        args += ["--toggle-collect=" + name for name in COUNTED]
        # one string hash seed: with a random one per process the dictionaries' layouts
        # differ and the same build's count moved by 2% from run to run
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", PYTHONHASHSEED="0")
        if embedded:
            args.append(_embedded_python(tmp))
            env["PYTHONPATH"] = _site_packages()
        else:
            args.append(sys.executable)
        args += ["-P", script]
        proc = subprocess.run(args, capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    digest = re.search(r"^HASH (\S+)", proc.stdout, re.M)
    if proc.returncode != 0 or not found or not digest or int(found.group(1)) == 0:
        raise RuntimeError(proc.stderr[-2000:] or "nothing counted")
    return int(found.group(1)), digest.group(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ticks", type=int, default=300)
    ap.add_argument("--pysim", default=compiled_dir())
    ap.add_argument("--embedded", action="store_true",
                    help="only under the shared libpython the Godot bridge embeds")
    ap.add_argument("--static", action="store_true", help="only under this python")
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.pysim, "pysim")):
        print("bench_instructions: no compiled pysim in %s (make pysim)" % a.pysim, file=sys.stderr)
        return 1
    if shutil.which("valgrind") is None:
        print(json.dumps({"instructions_skipped": "valgrind is not installed"}))
        return 0
    kinds = [k for k, on in (("static", not a.embedded), ("embedded", not a.static)) if on]
    figures = {"instructions_ticks": "100-%d" % (100 + a.ticks)}
    for kind in kinds:
        try:
            n, digest = count(a.pysim, a.ticks, kind == "embedded")
        except RuntimeError as exc:
            print(exc, file=sys.stderr)
            return 1
        print("instructions %d (%d a tick) over ticks 100-%d of the full-scale level%s; "
              "state %s" % (n, n // a.ticks, 100 + a.ticks,
                            " (embedded libpython)" if kind == "embedded" else "", digest[:16]))
        name = "instructions_per_tick" + ("_embedded" if kind == "embedded" else "")
        figures[name] = n // a.ticks
        figures["instructions_state"] = digest[:16]
    if len(kinds) == 2:
        figures["instructions_embedded_over_static"] = round(
            figures["instructions_per_tick_embedded"] / figures["instructions_per_tick"], 3)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
