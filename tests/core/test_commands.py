"""Commands are refused with a player-readable reason as an event; nothing raises."""
import numpy as np
import pytest

from pysim.core import commands, level
from pysim.session import Session

LEVEL = "[map]\nP....#\n#m...#\n######\n"


def refusals(cmd):
    g = level.load_text(LEVEL, "c.level", 1)
    g.command(cmd)
    g.step()
    return g, [e for e in g.take_events() if e["type"] == "refused"]


@pytest.mark.parametrize("cmd, words", [
    ({"type": "fly_to_moon"}, "Unknown command 'fly_to_moon'"),
    ({"speed": 2}, "needs a 'type'"),
    ("set_speed 2", "must be a dictionary"),
    (None, "must be a dictionary"),
    ({"type": 7}, "needs a 'type'"),
    ({"type": "set_speed"}, "needs 'speed'"),
    ({"type": "set_speed", "speed": 3}, "Speed must be one of 0, 1, 2, 4"),
    ({"type": "set_speed", "speed": "fast"}, "Speed must be one of"),
    ({"type": "set_speed", "speed": True}, "Speed must be one of"),
    ({"type": "spawn", "kind": "dragon", "x": 1, "y": 1}, "must be one of"),
    ({"type": "spawn", "kind": "minion", "x": 99, "y": 1}, "outside the map"),
    ({"type": "spawn", "kind": "minion", "x": 0, "y": 2}, "Nothing can stand"),
    ({"type": "spawn", "kind": "minion", "x": "1", "y": 1}, "whole number"),
    ({"type": "spawn_party", "members": 0}, "between 1 and 12"),
    ({"type": "spawn_party", "members": 2, "portal": 4}, "between 0 and 0"),
])
def test_refused_with_reason(cmd, words):
    g, refused = refusals(cmd)
    assert len(refused) == 1
    ev = refused[0]
    assert words in ev["reason"]
    assert ev["tick"] == 0
    assert isinstance(ev["command"], str)


def test_refused_command_changes_nothing():
    g1 = level.load_text(LEVEL, "c.level", 1)
    g2 = level.load_text(LEVEL, "c.level", 1)
    g1.command({"type": "set_speed", "speed": 3})
    g1.step()
    g2.step()
    assert g1.state_hash() == g2.state_hash()
    assert g1.speed == 1


def test_accepted_command_applies_at_next_tick_in_order():
    g = level.load_text(LEVEL, "c.level", 1)
    g.command({"type": "set_speed", "speed": 4})
    g.command({"type": "set_speed", "speed": 2})
    assert g.speed == 1  # queued, not applied yet
    g.step()
    assert g.speed == 2
    assert [e["speed"] for e in g.take_events() if e["type"] == "speed_changed"] == [4, 2]


def test_numpy_values_in_commands_are_accepted():
    g = level.load_text(LEVEL, "c.level", 1)
    g.command({"type": "spawn", "kind": "minion", "x": np.int32(2), "y": np.int64(1)})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "refused"] == []
    assert g.entities[2].x == 2 and type(g.entities[2].x) is int


def test_unplain_values_are_refused_not_raised():
    g = level.load_text(LEVEL, "c.level", 1)
    g.command({"type": "set_speed", "speed": object()})
    g.step()
    assert [e["reason"] for e in g.take_events() if e["type"] == "refused"]


def test_a_raising_check_or_apply_becomes_a_refusal():
    def bad_check(game, cmd):
        return cmd["missing"]

    def bad_apply(game, cmd):
        raise RuntimeError("boom")

    commands.command("test_bad_check", check=bad_check, apply=bad_apply)
    commands.command("test_bad_apply", apply=bad_apply)
    try:
        g = level.load_text(LEVEL, "c.level", 1)
        g.command({"type": "test_bad_check"})
        g.command({"type": "test_bad_apply"})
        g.step()
        reasons = [e["reason"] for e in g.take_events() if e["type"] == "refused"]
        assert "Malformed 'test_bad_check' command" in reasons[0]
        assert "boom" in reasons[1]
    finally:
        del commands.COMMANDS["test_bad_check"]
        del commands.COMMANDS["test_bad_apply"]


def test_session_send_never_raises():
    s = Session(LEVEL, "c.level", 1)
    for cmd in (None, 3, "x", [], {"type": None}, {"type": "set_speed", "speed": [1]}):
        s.send(cmd)
    assert s.step(0.1) == 1
    assert len([e for e in s.take_events() if e["type"] == "refused"]) == 6
