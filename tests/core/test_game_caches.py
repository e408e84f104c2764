"""Module caches belong to one game: a new game never reads an old game's cached layers.

The sight, trigger-bucket, avoidance and swimming caches once keyed on id(game). CPython
hands a freed object's id to the next one made, and a new game starts at grid version 0 like
the old one did, so a level loaded after another (the level picker, a sweep's next seed)
could read the previous level's sight. They key on game.serial now.
"""
import gc

import pytest

from pysim.combat import awareness
from pysim.core.level import load_text


def _level(wall_x):
    """A 6x3 room, its middle row open but for one wall tile at wall_x."""
    row = "." * 6
    mid = row[:wall_x] + "#" + row[wall_x + 1:]
    return "name: sight %d\n[map]\n%s\n%s\n%s\n" % (wall_x, row, mid, row)


def test_every_game_has_its_own_serial():
    a = load_text(_level(1))
    b = load_text(_level(2))
    assert a.serial != b.serial


def test_a_new_game_never_reads_a_freed_games_sight():
    # Made and freed one after another, the games reuse each other's ids (checked below),
    # so a cache keyed on id(game) hands game i the blocked layer of game i-1.
    ids = []
    for i in range(12):
        wall_x = 1 + i % 4
        game = load_text(_level(wall_x))
        ids.append(id(game))
        blocked = awareness.sight_blocked(game)
        assert blocked[1].tolist() == [1 if x == wall_x else 0 for x in range(6)], \
            "game %d read another game's sight" % i
        del game, blocked
        gc.collect()
    if len(set(ids)) == len(ids):
        pytest.skip("no game id was reused in this process: nothing to show")
