"""Headless runner: python -m pysim run FILE [--seed N] [--hours H] [--events] [--save PATH].

FILE is a level or a save (pysim/core/save.py) to go on from."""
import argparse
import json
import sys

from pysim.core import clock, save
from pysim.core.level import LevelError, load_file


def _load(path, seed):
    """A level, or a save to go on from (recognised by its first line)."""
    try:
        with open(path, encoding="utf-8") as f:
            is_save = f.readline().strip() == save.MAGIC
    except (OSError, UnicodeDecodeError):
        is_save = False
    if is_save:
        return save.load_file(path)
    return load_file(path, seed)


def _run(args):
    try:
        game = _load(args.file, args.seed)
    except LevelError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.ticks is not None:
        total = args.ticks
    else:
        total = int(round(args.hours * clock.TICKS_PER_HOUR))
    out = sys.stdout
    for _ in range(total):
        game.step()
        evs = game.take_events()
        if args.events:
            for ev in evs:
                out.write(json.dumps(ev, sort_keys=True) + "\n")
    if args.save:
        save.save_file(game, args.save)
    out.write("final tick %d hash %s\n" % (game.tick, game.state_hash()))
    out.flush()
    return 0


def _genbench(args):
    from pysim.core.levelgen import bench_level
    sys.stdout.write(bench_level(args.width, args.height, args.agents, args.seed))
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pysim", description="Malignus simulation")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run a level headless")
    r.add_argument("file")
    r.add_argument("--seed", type=int, default=None, help="override the level's seed")
    r.add_argument("--hours", type=float, default=1.0, help="game hours to run (default 1)")
    r.add_argument("--ticks", type=int, default=None, help="ticks to run (overrides --hours)")
    r.add_argument("--events", action="store_true", help="print events as JSON lines")
    r.add_argument("--save", default=None, metavar="PATH",
                   help="write a save of the game at the end (FILE may itself be a save)")
    g = sub.add_parser("genbench", help="print a generated benchmark level")
    g.add_argument("--width", type=int, default=128)
    g.add_argument("--height", type=int, default=128)
    g.add_argument("--agents", type=int, default=200)
    g.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.cmd == "run":
        return _run(args)
    return _genbench(args)


if __name__ == "__main__":
    sys.exit(main())
