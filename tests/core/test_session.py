"""The front-end facade: snapshot arrays and keys, describe, the error path."""
import numpy as np
import pytest

from pysim.core import clock, systems
from pysim.session import Session

LEVEL = """name: s
seed: 2
[map]
xxxxxxxxxx
P...D...Sx
x.m....bSx
xxxxxxxxxx
"""


def test_snapshot_keys_and_types():
    s = Session(LEVEL, "s.level", 3)
    s.step(0.5)
    snap = s.snapshot()
    for key in ("tick", "day", "hour", "minute", "speed", "width", "height", "tiles_version"):
        assert isinstance(snap[key], int), key
    assert (snap["width"], snap["height"]) == (10, 4)
    for key, dtype, shape in (("terrain", np.uint8, (40,)), ("domain", np.uint8, (40,)),
                              ("ent_id", np.int32, (2,)), ("ent_pos", np.float32, (2, 2)),
                              ("ent_kind", np.int32, (2,)), ("ent_state", np.int32, (2,)),
                              ("ent_facing", np.int32, (2,))):
        assert snap[key].dtype == dtype and snap[key].shape == shape, key
    assert snap["terrain"][10] == 4  # portal at (0, 1), row-major
    assert snap["ent_kind"].tolist() == [0, 3]


def test_positions_are_interpolated_while_walking():
    s = Session(LEVEL, "s.level", 3)
    seen_fraction = False
    for _ in range(300):
        s.step(0.1)
        pos = s.snapshot()["ent_pos"][0]
        if pos[0] % 1 or pos[1] % 1:
            seen_fraction = True
            break
    assert seen_fraction


def test_describe():
    s = Session(LEVEL, "s.level", 3)
    d = s.describe(1)
    assert d["kind"] == "minion" and d["tile"] == [2, 2] and d["side"] == "dungeon"
    assert s.describe(99)["missing"] is True


def test_a_debug_failure_is_shown_once_as_an_error_event_then_the_game_goes_on():
    s = Session(LEVEL, "s.level", 3)
    s.debug_fail_next_step()
    assert s.step(0.1) == 0
    errors = [e for e in s.take_events() if e["type"] == "error"]
    assert len(errors) == 1 and "debug failure" in errors[0]["message"]
    assert s.step(0.1) == 1


def test_a_raising_system_is_reported_as_an_event_not_raised():
    def broken(game):
        raise ValueError("rule bug")

    systems.register("test_broken", broken, 999)
    try:
        s = Session(LEVEL, "s.level", 3)
        s.step(0.1)
        s.step(0.1)
        errors = [e for e in s.take_events() if e["type"] == "error"]
        assert len(errors) == 1 and "rule bug" in errors[0]["message"]
    finally:
        systems.SYSTEMS[:] = [t for t in systems.SYSTEMS if t[1] != "test_broken"]


def test_microsecond_accumulator_has_no_drift_at_odd_frame_times():
    s = Session(LEVEL, "s.level", 3)
    s.send({"type": "set_speed", "speed": 4})
    ran = sum(s.step(1 / 144) for _ in range(144 * 5))
    assert abs(ran - 5 * 4 * clock.TICKS_PER_SECOND_1X) <= 1


def test_describe_part():
    level = """name: p
seed: 1
[legend]
L = floor trap:lever
t = floor trap:timer
[map]
#####
#L.t#
#####
"""
    s = Session(level, "p.level", 1)
    lever = s.describe_part(1)
    assert lever["kind"] == "lever" and lever["state"] == "ready" and lever["lever_on"] is False
    timer = s.describe_part(2)
    assert timer["kind"] == "timer" and timer["delay"] == 30 and timer["expires_in"] > 0
    assert s.describe_part(99) == {}


def test_load_level_starts_another_level_or_refuses_with_file_and_line():
    s = Session(LEVEL, "s.level", 3)
    s.step(0.5)
    other = "name: o\n[map]\nxxxxxx\nP....S\nxxxxxx\n"
    assert s.load_level(other, "o.level", 1) == {"ok": True}
    assert s.snapshot()["width"] == 6 and s.game.tick == 0
    before = s.game.state_hash()
    result = s.load_level("name: bad\n[map]\nP..S\nP.\n", "bad.level")
    assert result["error"].startswith("bad.level:4:")
    assert s.game.state_hash() == before


def test_save_file_writes_the_save_atomically_or_says_why(tmp_path):
    s = Session(LEVEL, "s.level", 3)
    for _ in range(5):
        s.step(0.1)
    path = tmp_path / "one.msave"
    out = s.save_file(str(path), {"camera": [1, 2]}, "user://one.msave")
    assert out["ok"] is True and out["tick"] > 0
    text = path.read_text(encoding="utf-8")
    assert text == s.save_text({"camera": [1, 2]})      # the game has not moved since
    assert s.load_save(text, "one.msave")["tick"] == out["tick"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.msave"]   # no temporary file
    # a folder in the save's place, a folder that is not there: said, the file named as shown
    (tmp_path / "dir.msave").mkdir()
    assert s.save_file(str(tmp_path / "dir.msave"), None, "user://dir.msave") == {
        "error": "user://dir.msave is a folder"}
    missing = s.save_file(str(tmp_path / "no" / "x.msave"), None, "user://no/x.msave")
    assert missing == {"error": "cannot write user://no/x.msave (No such file or directory)"}
    assert path.read_text(encoding="utf-8") == text      # the previous save is whole
