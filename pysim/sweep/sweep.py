"""The whole sweep: seeds to play (all, or those a --resume still lacks), rows streamed in
from the workers into the journal under a progress bar, then runs.csv, the summary and the
report. Ctrl-C stops the workers, keeps every finished run and writes the report of those."""
import os
import sys
import traceback

from pysim.keepers import registry
from pysim.sweep import metrics, store
from pysim.sweep.play import Job, play

INTERRUPTED = 130


class SweepError(Exception):
    pass


def default_out(level_path, policy=None):
    """build/sweep/<level file name>, or build/sweep/<level file name>-<policy>."""
    name = os.path.splitext(os.path.basename(level_path))[0]
    return os.path.join("build", "sweep", name + ("-" + policy if policy else ""))


def _read_level(level_path):
    from pysim.core import files
    from pysim.level import LevelError, load_text
    try:
        text = files.read_text(level_path, "level", files.MAX_LEVEL_BYTES)
        game = load_text(text, str(level_path), 0)
    except LevelError as exc:
        raise SweepError(str(exc))
    return text, game.name or os.path.basename(level_path)


def _runner(workers, scheduler, client):
    if scheduler or client is not None:
        from pysim.sweep.cluster import DaskRunner
        return DaskRunner(scheduler, client)
    from pysim.sweep.local import LocalRunner, cpu_count
    return LocalRunner(workers or cpu_count())


def _progress(total, done, desc, show):
    from tqdm import tqdm
    return tqdm(total=total, initial=done, desc=desc, unit="run", file=sys.stderr,
                disable=not show, smoothing=0.1, dynamic_ncols=True)


def prepare(level_path, seeds, first_seed, hours, metric_names, out, resume, policy=None):
    """(job, spec, level name, finished rows, seeds still to play); raises SweepError."""
    level_text, name = _read_level(level_path)
    try:
        names = [m.name for m in metrics.chosen(metric_names)]
        if policy is not None:
            registry.get(policy)
    except KeyError as exc:
        raise SweepError(exc.args[0])
    spec = store.spec_for(level_path, level_text, hours, names, first_seed, seeds, policy)
    if os.path.exists(out) and not os.path.isdir(out):
        raise SweepError("--out %s is a file, not a folder: name a folder (it is made if "
                         "need be)" % out)
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as exc:
        raise SweepError("--out %s: cannot make the folder (%s); name another folder"
                         % (out, exc.strerror))
    done = {}
    if resume:
        if not os.path.exists(os.path.join(out, store.SPEC)):
            raise SweepError("--resume: %s holds no sweep (no %s)" % (out, store.SPEC))
        try:
            store.check_resumable(store.read_spec(out), spec)
            done = store.read_journal(out, names)
        except store.SweepMismatch as exc:
            raise SweepError(str(exc))
    elif os.path.exists(os.path.join(out, store.JOURNAL)):
        raise SweepError("%s already holds a sweep: --resume to go on with it, or choose "
                         "another --out" % out)
    try:
        store.write_spec(out, spec)
    except OSError as exc:
        raise SweepError("--out %s: cannot write %s (%s); name another folder"
                         % (out, store.SPEC, exc.strerror))
    wanted = range(first_seed, first_seed + seeds)
    todo = [s for s in wanted if s not in done]
    return Job(level_text, level_path, hours, names, policy), spec, name, done, todo


def run_sweep(level_path, seeds, first_seed=1, hours=12.0, metric_names=None, workers=None,
              scheduler=None, client=None, out=None, resume=False, progress=True, plots=True,
              verify=1, stream=None, policy=None):
    """Play, collect, report. Returns the exit code (0, 1 for a hash that does not replay,
    2 for a bad request, 130 after Ctrl-C). `policy`: a keeper policy's name (pysim/keepers)
    playing the keeper's side in every run."""
    stream = stream or sys.stdout
    out = out or default_out(level_path, policy)
    try:
        job, spec, name, done, todo = prepare(level_path, seeds, first_seed, hours,
                                              metric_names, out, resume, policy)
    except SweepError as exc:
        sys.stderr.write("sweep: %s\n" % exc)
        return 2
    interrupted = failed = False
    runner = _runner(workers, scheduler, client)
    journal = store.Journal(out, fresh=not resume)
    bar = _progress(seeds, seeds - len(todo), name, progress)
    try:
        for row in runner.run(job, todo):
            journal.add(row)
            bar.update(1)
    except KeyboardInterrupt:
        interrupted = True
        runner.stop()
    except Exception:
        # A worker or the cluster failed: say why, keep and report what finished.
        traceback.print_exc()
        failed = True
        runner.stop()
    finally:
        bar.close()
        journal.close()
    code = report(out, spec, name, stream, plots)
    if interrupted or failed:
        kept = len(_rows(out, spec))
        sys.stderr.write("sweep: %s; %d of %d runs kept in %s (go on with --resume)\n"
                         % ("interrupted" if interrupted else "stopped by an error", kept,
                            seeds, out))
        return INTERRUPTED if interrupted else 1
    if code == 0 and verify:
        code = verify_hashes(job, out, spec, verify)
    return code


def _rows(out, spec):
    wanted = set(range(spec["first_seed"], spec["first_seed"] + spec["seeds"]))
    return {s: r for s, r in store.read_journal(out, spec["metrics"]).items() if s in wanted}


def report(out, spec, name, stream, plots=True):
    """runs.csv, summary.txt (also printed) and, with plots, the PNGs and index.html."""
    from pysim.sweep import stats
    rows = _rows(out, spec)
    table = store.Table(rows, spec["metrics"])
    store.write_csv(out, table)
    builds = sorted({r.get("build", "?") for r in rows.values()})
    title = "%s: %d of %d seeds (%d..%d) x %g h, %s build%s" % (
        name, len(rows), spec["seeds"], spec["first_seed"],
        spec["first_seed"] + spec["seeds"] - 1, spec["hours"], "+".join(builds) or "no",
        ", policy " + spec["policy"] if spec.get("policy") else "")
    summary = stats.summarise(table)
    text = stats.text_table(summary, title)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(text + "\n")
    stream.write(text + "\n")
    if plots and rows:
        from pysim.sweep import report as pictures
        pictures.write(out, table, summary, title, text)
        stream.write("report: %s\n" % os.path.join(out, "index.html"))
    stream.flush()
    return 0


def verify_hashes(job, out, spec, count):
    """Replay the `count` lowest seeds here and compare their final hashes with the rows the
    workers sent: a worker running other pysim code (another version, a stale build) shows."""
    rows = _rows(out, spec)
    for seed in sorted(rows)[:count]:
        again = play(job, seed)
        if again["hash"] != rows[seed]["hash"]:
            sys.stderr.write("sweep: seed %d does not replay: hash %s here, %s from the worker "
                             "(%s build)\n" % (seed, again["hash"], rows[seed]["hash"],
                                               rows[seed].get("build")))
            return 1
    return 0
