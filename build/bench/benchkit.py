"""Shared by the bench scripts (build/bench/bench_*.py): where the two pysim builds are, and
the compiled-vs-pure runs in subprocesses.

A bench runs its measuring code in a child process per build: the parent calls
`run_builds(__file__, ...)`, which starts `python -P <bench> --child <build> [args]` with
PYSIM_BUILD=<build> and returns the JSON dict each child printed as its last stdout line;
the child calls `use_build(build)` first, which puts that build's pysim first on sys.path.
The compiled build is build/compiled, or PYSIM_COMPILED_DIR when set (a private build:
`setup.py build_ext --build-lib /tmp/x --build-temp /tmp/x-temp`), as in tests/conftest.py.

A bench script is run as `python -P file` (run_all.py), so its own folder is not on
sys.path: it adds it before `import benchkit`.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUILDS = ("compiled", "pure")


def compiled_dir():
    """The folder holding the compiled pysim package."""
    return os.environ.get("PYSIM_COMPILED_DIR") or os.path.join(ROOT, "build", "compiled")


def need_compiled(bench):
    if not os.path.isdir(os.path.join(compiled_dir(), "pysim")):
        raise SystemExit("%s: %s/pysim is missing (make pysim, or set PYSIM_COMPILED_DIR)"
                         % (bench, compiled_dir()))


def use_build(build):
    """In a child: import pysim from `build` ("compiled" or "pure") and check it is that one."""
    sys.path.insert(0, compiled_dir() if build == "compiled" else ROOT)
    import pysim
    if bool(getattr(pysim, "COMPILED", False)) != (build == "compiled"):
        raise SystemExit("wanted the %s pysim, imported %s (make pysim?)"
                         % (build, pysim.__file__))
    return pysim


def child_args(argv=None):
    """The build named by `--child BUILD` in argv (default sys.argv), or None in the parent."""
    argv = sys.argv[1:] if argv is None else argv
    if "--child" in argv:
        return argv[argv.index("--child") + 1]
    return None


def ran_child(fn, *args):
    """In a child (`--child BUILD`): run fn(build, *args) and say True; in the parent False."""
    build = child_args()
    if build is None:
        return False
    fn(build, *args)
    return True


def last_json(text):
    lines = text.strip().split("\n")
    return json.loads(lines[-1])


def run_child(script, build, args=(), timeout=1800, required=True):
    """Run `script --child build *args` in a fresh interpreter importing that build; its
    last stdout line as a dict. On failure: its stderr, then SystemExit (or None if not
    `required`)."""
    env = dict(os.environ, PYSIM_BUILD=build)
    env.pop("PYTHONPATH", None)
    r = subprocess.run([sys.executable, "-P", os.path.abspath(script), "--child", build]
                       + [str(a) for a in args],
                       capture_output=True, text=True, env=env, timeout=timeout)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        if required:
            raise SystemExit("%s: the %s run failed" % (os.path.basename(script), build))
        return None
    return last_json(r.stdout)


def run_builds(script, args=(), timeout=1800, required=True):
    """{build: child's dict} for the compiled build, then the pure one."""
    if required:
        need_compiled(os.path.basename(script))
    return {b: run_child(script, b, args, timeout, required) for b in BUILDS}


def compare(name, compiled, pure, digits=4, pure_digits=None, speedup=None):
    """{name_compiled, name_pure} rounded (None stays None) and, when `speedup` names it,
    the pure/compiled ratio (None when either is missing)."""
    def rnd(v, d):
        return None if v is None else round(v, d)
    out = {name + "_compiled": rnd(compiled, digits),
           name + "_pure": rnd(pure, digits if pure_digits is None else pure_digits)}
    if speedup:
        out[speedup] = (round(pure / compiled, 2)
                        if compiled is not None and pure is not None and compiled > 0 else None)
    return out


def godot_bench(script, args, level_text=None, timeout=300):
    """Runs godot3-server on godot_project with res://tests/<script> and args, the level text
    (if any) in a temporary file passed as --level=; returns (the dict of its "BENCH {json}"
    line or None, the process)."""
    env = dict(os.environ)
    env.setdefault("LANG", "C.UTF-8")
    env.setdefault("LC_ALL", env["LANG"])
    cmd = ["timeout", str(timeout), "godot3-server", "--path", os.path.join(ROOT, "godot_project"),
           "-s", "res://tests/" + script, "--"] + list(args)
    tmp = None
    if level_text:
        import tempfile
        tmp = tempfile.NamedTemporaryFile("w", suffix=".level", delete=False)
        tmp.write(level_text)
        tmp.close()
        cmd.append("--level=" + tmp.name)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    finally:
        if tmp is not None:
            os.unlink(tmp.name)
    results = None
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH "):
            results = json.loads(line[len("BENCH "):])
    return results, proc
