"""The clock derives from the tick count; speed is a command; real time -> ticks."""
import pytest

from pysim.core import clock
from pysim.session import Session

LEVEL = "[map]\n#####\n#m..#\n#####\n"


def test_day_hour_minute_from_ticks():
    assert clock.day_hour_minute(0) == (1, 0, 0)
    assert clock.day_hour_minute(599) == (1, 0, 59)
    assert clock.day_hour_minute(600) == (1, 1, 0)
    assert clock.day_hour_minute(clock.ticks(hours=1, minutes=30)) == (1, 1, 30)
    assert clock.day_hour_minute(24 * 600) == (2, 0, 0)
    assert clock.day_hour_minute(24 * 600 * 3 + 5 * 600 + 70) == (4, 5, 7)


def test_parse_time():
    assert clock.parse_time("1:30") == 900
    assert clock.parse_time("26:00") == 26 * 600
    assert clock.parse_time("42") == 42
    for bad in ("1:5", "1:60", "a:00", "-3", "1.5"):
        with pytest.raises(ValueError):
            clock.parse_time(bad)


def test_game_clock_follows_ticks():
    s = Session(LEVEL, "t.level", 1)
    s.game.run(clock.TICKS_PER_HOUR * 25 + 10)
    snap = s.snapshot()
    assert (snap["day"], snap["hour"], snap["minute"]) == (2, 1, 1)


def test_step_runs_ten_ticks_per_second_at_1x_without_drift():
    s = Session(LEVEL, "t.level", 1)
    ran = sum(s.step(1 / 60) for _ in range(600))  # ten real seconds of 60 fps frames
    assert ran == 100
    assert s.game.tick == 100


@pytest.mark.parametrize("speed", [1, 2, 4])
def test_speed_command_scales_ticks_per_second(speed):
    s = Session(LEVEL, "t.level", 1)
    s.send({"type": "set_speed", "speed": speed})
    ran = sum(s.step(1 / 60) for _ in range(60))
    assert ran == 10 * speed
    assert s.snapshot()["speed"] == speed


def test_pause_stops_ticks_but_still_takes_commands():
    s = Session(LEVEL, "t.level", 1)
    s.send({"type": "set_speed", "speed": 0})
    assert sum(s.step(0.1) for _ in range(50)) == 0
    s.send({"type": "set_speed", "speed": 2})
    assert s.step(0.2) == 4
    evs = [e["type"] for e in s.take_events()]
    assert evs.count("speed_changed") == 2


def test_long_frame_is_capped():
    s = Session(LEVEL, "t.level", 1)
    assert s.step(30.0) == 2  # capped to 0.25 s of game at 1x, not 300 ticks
