"""Refactoring guard: every level of the game, played 48 game hours from its own seed and
from two others, ends on the state hash recorded in tests/data/level_hashes_48h.json.

A change that is meant to leave the rules alone (moving modules, splitting files, speed work)
must leave these hashes alone. A change that is meant to change play (a rule fix) changes
some of them: then regenerate the file on purpose and say which rule moved them:

    build/venv/bin/python tests/test_level_hashes.py --write
"""
import glob
import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GOLDEN = os.path.join(HERE, "data", "level_hashes_48h.json")
HOURS = 48
SEEDS = (None, 1, 2)          # None: the level's own seed
LEVELS = sorted(glob.glob(os.path.join(ROOT, "godot_project", "levels", "*.level"))
                + glob.glob(os.path.join(HERE, "levels", "*.txt")))


# The editor's copies of the game's levels (godot_project/levels/*.tscn, made by
# `python -m pysim convert`) play to their text level's hashes.
SCENES = sorted(glob.glob(os.path.join(ROOT, "godot_project", "levels", "*.tscn")))


def _key(path, seed):
    return "%s@%s" % (os.path.relpath(path, ROOT), "level" if seed is None else seed)


def play(path, seed):
    from pysim.core.level import load_file
    game = load_file(path, seed)
    for _ in range(HOURS * 600):
        game.step()
        game.take_events()
    return game.state_hash()


def _golden():
    with open(GOLDEN, encoding="utf-8") as f:
        return json.load(f)


def test_every_level_is_recorded():
    recorded = _golden()
    assert sorted(recorded) == sorted(_key(p, s) for p in LEVELS for s in SEEDS), \
        "a level was added or removed: regenerate %s (see this file's docstring)" % GOLDEN


@pytest.mark.parametrize("path", LEVELS, ids=[os.path.basename(p) for p in LEVELS])
@pytest.mark.parametrize("seed", SEEDS)
def test_level_plays_to_the_recorded_hash(path, seed):
    recorded = _golden().get(_key(path, seed))
    assert recorded is not None, "no recorded hash for %s" % _key(path, seed)
    assert play(path, seed) == recorded


@pytest.mark.parametrize("path", SCENES, ids=[os.path.basename(p) for p in SCENES])
@pytest.mark.parametrize("seed", SEEDS)
def test_level_scene_plays_to_its_text_levels_hash(path, seed):
    text_level = path[:-len(".tscn")] + ".level"
    recorded = _golden().get(_key(text_level, seed))
    assert recorded is not None, "no text level %s recorded for the scene" % text_level
    assert play(path, seed) == recorded


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    sys.path.insert(0, ROOT)
    out = {_key(p, s): play(p, s) for p in LEVELS for s in SEEDS}
    from pysim.core import files
    files.write_atomic(GOLDEN, json.dumps(out, indent=1, sort_keys=True) + "\n")
    print("wrote %d hashes to %s" % (len(out), GOLDEN))
