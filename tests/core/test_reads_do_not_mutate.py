"""Reading the game never changes it (OpenTTD's rule: checks don't mutate).

The front end calls snapshot(), describe() and describe_part() every frame; a save replays
the commands without any of those calls. If a read changed the state, a loaded save would
be another game (and the save's hash check would refuse it)."""
import glob
import os

import pytest

from pysim.session import Session

LEVELS = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "..", "godot_project",
                                       "levels", "*.level")))


def _session(path):
    with open(path, encoding="utf-8") as f:
        return Session(f.read(), os.path.basename(path), -1)


def _read_everything(s):
    s.snapshot()
    for eid in list(s.game.entities):
        s.describe(eid)
    for pid in range(1, 40):
        s.describe_part(pid)


@pytest.mark.parametrize("path", LEVELS, ids=[os.path.basename(p) for p in LEVELS])
def test_snapshot_and_describe_leave_the_game_as_it_was(path):
    read, untouched = _session(path), _session(path)
    _read_everything(read)                     # before the first tick, too
    assert read.game.state_hash() == untouched.game.state_hash(), "at tick 0"
    for _ in range(400):
        read.game.step()
        untouched.game.step()
        _read_everything(read)
        assert read.game.state_hash() == untouched.game.state_hash(), read.game.tick


@pytest.mark.parametrize("path", LEVELS, ids=[os.path.basename(p) for p in LEVELS])
def test_a_game_watched_every_frame_saves_and_loads_as_itself(path):
    s = _session(path)
    _read_everything(s)
    at_start = _session(path)
    assert at_start.load_save(s.save_text(), "start.msave").get("ok"), "a save at tick 0"
    for _ in range(30):
        s.step(0.1)
        _read_everything(s)
    s.send({"type": "set_speed", "speed": 2})
    for _ in range(30):
        s.step(0.1)
        _read_everything(s)
    loaded = _session(path)
    result = loaded.load_save(s.save_text(), "watched.msave")
    assert result.get("ok"), result
    assert loaded.game.state_hash() == s.game.state_hash()
