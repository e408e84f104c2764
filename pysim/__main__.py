"""Headless runner: python -m pysim run FILE [--seed N] [--hours H] [--events] [--save PATH]
[--policy NAME] (a keeper policy plays the keeper's side: pysim/keepers)
[--hash-every N [--hash-parts]] [--check-caches] (these find a desync: docs/desync.md).
Balance sweeps: python -m pysim sweep LEVEL --seeds N [...] (pysim/sweep).
Converter: python -m pysim convert IN OUT (a .level to a .tscn level scene, or back).

FILE is a level (text or .tscn scene) or a save (pysim/core/save.py) to go on from. From the project folder the
runner uses the compiled build (build/compiled) once `make build` has made it and it is not
older than the source; PYSIM_BUILD=pure asks for the plain-Python source tree."""
import argparse
import json
import math
import os
import sys

import pysim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPILED_DIR = os.path.join(ROOT, "build", "compiled")
STAMP = os.path.join(ROOT, "build", "pysim.stamp")


def _newest_source():
    newest = 0.0
    for here, subdirs, names in os.walk(os.path.join(ROOT, "pysim")):
        subdirs[:] = [d for d in subdirs if d != "__pycache__"]
        for name in names:
            if name.endswith((".py", ".pxd")):
                newest = max(newest, os.path.getmtime(os.path.join(here, name)))
    return newest


def _use_compiled_build(argv):
    """Re-run this command on the compiled build when this is the source tree's runner, a
    fresh compiled build is there and nobody asked for the pure one. Returns only when
    staying here."""
    if pysim.COMPILED or os.environ.get("PYSIM_BUILD", "") in ("pure", "compiled"):
        return
    if not os.path.isfile(os.path.join(COMPILED_DIR, "pysim", "__init__.py")):
        return
    if not os.path.isfile(STAMP) or os.path.getmtime(STAMP) < _newest_source():
        sys.stderr.write("pysim: the compiled build is older than the source (run make build);"
                         " running the pure build\n")
        return
    env = dict(os.environ, PYTHONPATH=COMPILED_DIR, PYSIM_BUILD="compiled")
    # -P: the folder we run from (the source tree) stays off sys.path.
    os.execve(sys.executable, [sys.executable, "-P", "-m", "pysim"] + list(argv), env)


def _positive_hours(text):
    try:
        hours = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number of hours" % text)
    if not math.isfinite(hours) or hours < 0 or hours > 24 * 1000:
        raise argparse.ArgumentTypeError("hours must be between 0 and 24000, not %r" % text)
    return hours


def _bounded_int(lo, hi, what):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a whole number" % text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError("%s must be between %d and %d" % (what, lo, hi))
        return value
    return parse


def _load(path, seed, each_tick=None):
    """A level, or a save to go on from (recognised by its first line); each_tick(game)
    after every tick a save's replay plays."""
    from pysim.core import files, save
    from pysim.level import load_text
    text = files.read_text(path, "level or save", files.MAX_SAVE_BYTES)
    first = text.split("\n", 1)[0].strip()
    if first == save.MAGIC or first in save.OLD_MAGICS:
        return save.loads(text, str(path), each_tick)
    if len(text) > files.MAX_LEVEL_BYTES and not str(path).endswith(".tscn"):
        files.error(path, 0, "the level is over %d bytes" % files.MAX_LEVEL_BYTES)
    return load_text(text, str(path), seed)


class CacheDiffers(Exception):
    """--check-caches found a cache that differs from its recomputation."""


def _run(args):
    from pysim.core import clock, save
    from pysim.keepers import driving, registry
    from pysim.level import LevelError
    if args.policy:
        try:
            registry.get(args.policy)
        except KeyError as exc:
            sys.stderr.write("run: %s\n" % exc.args[0])
            return 2
    if args.save:
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder):
            sys.stderr.write("%s: the folder for the save does not exist\n" % args.save)
            return 2
    out = sys.stdout
    refused = [0]
    checker = None
    if args.check_caches:
        from pysim.desync import CacheCheck
        checker = CacheCheck()

    def hashes(game):
        out.write("tick %d hash %s\n" % (game.tick, game.state_hash()))
        if args.hash_parts:
            from pysim.desync import hash_parts
            for name, digest in hash_parts(game):
                out.write("tick %d part %s hash %s\n" % (game.tick, name, digest))

    def each_tick(game):
        """The per-tick hash and the cache check, on the ticks a save replays too."""
        if args.hash_every and game.tick % args.hash_every == 0:
            hashes(game)
        if checker is not None:
            problems = checker.check(game)
            if problems:
                raise CacheDiffers("tick %d: a cache differs from its recomputation: %s"
                                   % (game.tick, "; ".join(problems)))

    try:
        game = _load(args.file, args.seed, each_tick)
        if args.hash_every and game.tick == 0:      # a level (a save's replay said its own)
            hashes(game)
        total = args.ticks if args.ticks is not None else \
            int(round(args.hours * clock.TICKS_PER_HOUR))
        keeper = registry.Keeper(game, args.policy) if args.policy else None

        def show(evs):
            refused[0] += sum(1 for ev in evs if ev["type"] == "refused")
            if args.events:
                for ev in evs:
                    out.write(json.dumps(ev, sort_keys=True) + "\n")
            each_tick(game)
        driving.play(game, total, keeper, show)
    except LevelError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except CacheDiffers as exc:
        out.flush()
        print("%s: %s" % (args.file, exc), file=sys.stderr)
        return 3
    if keeper is not None:
        sys.stderr.write("policy %s: %d commands sent, %d refused\n"
                         % (args.policy, keeper.sent, refused[0]))
    if args.save:
        try:
            save.save_file(game, args.save)
        except OSError as exc:
            sys.stderr.write("%s: cannot write the save (%s)\n" % (args.save, exc.strerror))
            return 2
    out.write("final tick %d hash %s\n" % (game.tick, game.state_hash()))
    out.flush()
    return 0


def _genbench(args):
    from pysim.core.levelgen import bench_level
    sys.stdout.write(bench_level(args.width, args.height, args.agents, args.seed))
    return 0


def _sweep(args):
    from pysim.sweep.sweep import run_sweep
    return run_sweep(args.level, args.seeds, first_seed=args.first_seed, hours=args.hours,
                     metric_names=args.metrics, workers=args.workers, scheduler=args.scheduler,
                     out=args.out, resume=args.resume, progress=not args.no_progress,
                     plots=not args.no_plots, verify=args.verify, policy=args.policy)


def _add_sweep(sub):
    s = sub.add_parser("sweep", help="play a level once per seed and report metrics",
                       description="Play LEVEL once per seed headless and report per-run "
                       "metrics (pysim/sweep). Ctrl-C keeps the finished runs; --resume goes on.")
    s.add_argument("level")
    s.add_argument("--seeds", type=_bounded_int(1, 10 ** 7, "seeds"), required=True,
                   help="how many seeds")
    s.add_argument("--first-seed", type=_bounded_int(0, (1 << 62), "the first seed"), default=1,
                   help="seeds FIRST .. FIRST+SEEDS-1 (default 1)")
    s.add_argument("--hours", type=_positive_hours, default=12.0,
                   help="game hours per run (default 12)")
    s.add_argument("--metrics", nargs="+", default=None, metavar="NAME",
                   help="metrics to collect (default all; see pysim/sweep/metrics.py)")
    s.add_argument("--workers", type=_bounded_int(1, 4096, "workers"), default=None,
                   help="local worker processes (default: every core)")
    s.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on a Dask cluster, e.g. tcp://host:8786")
    s.add_argument("--out", default=None, metavar="DIR",
                   help="report folder (default build/sweep/<level name>)")
    s.add_argument("--resume", action="store_true", help="go on with the sweep in --out")
    s.add_argument("--verify", type=_bounded_int(0, 10 ** 7, "verify"), default=1,
                   help="replay this many seeds here and check their hashes (default 1)")
    s.add_argument("--policy", default=None, metavar="NAME",
                   help="a keeper policy plays the keeper's side (pysim/keepers: passive, "
                   "trapper, defender); default: none, the level as it plays by itself")
    s.add_argument("--no-progress", action="store_true", help="no progress bar")
    s.add_argument("--no-plots", action="store_true", help="no PNG plots nor HTML page")


def _convert(args):
    from pysim.core import files, level_scene, scene_writer
    from pysim.level import LevelError
    to_scene = args.output.endswith(".tscn")
    try:
        if args.input.endswith(".tscn"):
            text = files.read_text(args.input, "level scene", files.MAX_SCENE_BYTES)
            level_scene.load_text(text, args.input)      # the whole check, things and all
            out = text if to_scene else level_scene.scene_to_text(text, args.input)[0]
        else:
            text = files.read_text(args.input, "level", files.MAX_LEVEL_BYTES)
            level_scene.level.load_text(text, args.input)
            out = scene_writer.level_to_scene(text, args.input) if to_scene else text
    except LevelError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        files.write_atomic(args.output, out)
    except OSError as exc:
        sys.stderr.write("%s: cannot write (%s)\n" % (args.output, exc.strerror))
        return 2
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="python -m pysim", description="Malignus simulation")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run a level headless")
    r.add_argument("file")
    r.add_argument("--seed", type=_bounded_int(0, (1 << 63) - 1, "the seed"), default=None,
                   help="override the level's seed")
    r.add_argument("--hours", type=_positive_hours, default=1.0,
                   help="game hours to run (default 1)")
    r.add_argument("--ticks", type=_bounded_int(0, 24 * 600 * 1000, "ticks"), default=None,
                   help="ticks to run (overrides --hours)")
    r.add_argument("--events", action="store_true", help="print events as JSON lines")
    r.add_argument("--save", default=None, metavar="PATH",
                   help="write a save of the game at the end (FILE may itself be a save)")
    r.add_argument("--policy", default=None, metavar="NAME",
                   help="a keeper policy plays the keeper's side (pysim/keepers: passive, "
                   "trapper, defender); its commands are logged like a player's")
    r.add_argument("--hash-every", type=_bounded_int(1, 10 ** 9, "--hash-every"), default=None,
                   metavar="N", help="print 'tick T hash H' every N ticks (a save's replayed "
                   "ticks too): diff two runs to find the first tick they differ")
    r.add_argument("--hash-parts", action="store_true",
                   help="with --hash-every: each hash line followed by its parts' hashes "
                   "(the grid, the streams, each entity, each rule area)")
    r.add_argument("--check-caches", action="store_true",
                   help="after every tick, recompute each cache and stop (exit 3) at the "
                   "first that differs (slow: a debugging switch)")
    _add_sweep(sub)
    g = sub.add_parser("genbench", help="print a generated benchmark level")
    g.add_argument("--width", type=_bounded_int(32, 512, "the width"), default=128)
    g.add_argument("--height", type=_bounded_int(32, 512, "the height"), default=128)
    from pysim.core.spawning import MAX_LIVE_BODIES      # a level may place no more
    g.add_argument("--agents", type=_bounded_int(0, MAX_LIVE_BODIES, "agents"), default=200)
    g.add_argument("--seed", type=_bounded_int(0, (1 << 63) - 1, "the seed"), default=1)
    c = sub.add_parser("convert", help="convert a level: a.level b.tscn, or a.tscn b.level")
    c.add_argument("input")
    c.add_argument("output")
    args = p.parse_args(argv)
    _use_compiled_build(argv)
    if args.cmd == "run":
        return _run(args)
    if args.cmd == "sweep":
        return _sweep(args)
    if args.cmd == "convert":
        return _convert(args)
    return _genbench(args)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        # Ctrl-C: stop quietly, with the shell's code for an interrupt.
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except BrokenPipeError:
        # `run ... | head`: the reader left; nothing more to say.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
