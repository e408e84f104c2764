"""Saves (pysim/core/save.py): the whole game, replayed tick for tick; bad saves name FILE:LINE."""
import os
import subprocess
import sys

import pytest

from conftest import pysim_env
from pysim.core import save
from pysim.session import Session

HERE = os.path.dirname(os.path.abspath(__file__))
TRAP_DEMO = os.path.join(HERE, "..", "..", "godot_project", "levels", "trap_demo.level")


def _played_session():
    """The trap demo with player commands at several ticks, one of them while paused."""
    with open(TRAP_DEMO, encoding="utf-8") as f:
        s = Session(f.read(), "trap_demo.level", 11)
    s.step(1.0)
    s.send({"type": "set_speed", "speed": 4})
    s.step(2.0)
    s.send({"type": "set_speed", "speed": 0})
    s.send({"type": "switch_lever", "part": 6})   # applied while paused
    s.step(0.5)
    s.send({"type": "set_speed", "speed": 2})
    s.send({"type": "no_such_command"})             # refused, and refused again on replay
    s.step(3.0)
    return s


def test_a_loaded_save_is_the_same_game_tick_for_tick():
    original = _played_session()
    text = original.save_text()
    loaded = Session("name: x\n[map]\nP.S\n", "x.level", 1)
    assert loaded.load_save(text, "slot.msave")["ok"]
    assert loaded.game.tick == original.game.tick > 0
    assert loaded.game.state_hash() == original.game.state_hash()
    for _ in range(300):
        original.game.step()
        loaded.game.step()
        assert loaded.game.state_hash() == original.game.state_hash()


def test_the_save_holds_the_player_commands_not_the_scripted_ones():
    text = _played_session().save_text()
    commands = text.split("\n[commands]\n", 1)[1]
    assert '"switch_lever"' in commands and '"no_such_command"' in commands
    # The level's own @0:30 switch_lever is in the saved level, not in the command log.
    assert commands.count('"switch_lever"') == 1


def _bad(text):
    with pytest.raises(save.SaveError) as err:
        save.loads(text, "slot.msave")
    return str(err.value)


def test_bad_saves_name_the_file_and_line():
    good = _played_session().save_text()
    lines = good.split("\n")
    assert _bad("hello\n").startswith("slot.msave:1: not a Malignus save")
    assert _bad(good.replace("seed: 11", "seed: eleven")).startswith("slot.msave:3: seed")
    assert _bad(good.replace("tick: ", "tock: ", 1)).startswith("slot.msave:4: expected")
    first_cmd = lines.index("[commands]") + 2
    broken = lines[:first_cmd - 1] + ["@5 {not json"] + lines[first_cmd:]
    assert _bad("\n".join(broken)).startswith("slot.msave:%d: the command is not valid JSON"
                                              % first_cmd)
    reordered = lines[:first_cmd - 1] + ["@999999 {\"type\": \"set_speed\", \"speed\": 1}"] \
        + lines[first_cmd - 1:]
    assert _bad("\n".join(reordered)).startswith("slot.msave:%d:" % first_cmd)


def test_an_error_in_the_saved_level_points_at_its_line_in_the_save():
    text = _played_session().save_text()
    lines = text.split("\n")
    map_line = lines.index("|[map]") + 2            # the first map row, 1-based
    lines[map_line - 1] = "|" + "?" * (len(lines[map_line - 1]) - 1)
    message = _bad("\n".join(lines))
    assert message.startswith("slot.msave:%d: in the saved level:" % map_line), message


def test_an_edited_command_log_is_refused_at_the_hash_line():
    text = _played_session().save_text()
    edited = text.replace('"speed": 2', '"speed": 1')
    assert _bad(edited).startswith("slot.msave:5: the save does not replay")


def test_a_refused_load_keeps_the_current_game():
    s = _played_session()
    before = s.game.state_hash()
    result = s.load_save("malignus-save 1\nsource: x\n", "broken.msave")
    assert result["error"].startswith("broken.msave:")
    assert s.game.state_hash() == before


def test_the_runner_saves_and_goes_on_from_a_save(tmp_path):
    out = tmp_path / "s.msave"

    def run(*args):
        r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run"] + list(args),
                           capture_output=True, text=True, env=pysim_env(),
                           cwd=str(tmp_path), timeout=300)
        assert r.returncode == 0, r.stderr
        return r.stdout.strip().split("\n")[-1]

    straight = run(TRAP_DEMO, "--ticks", "400")
    run(TRAP_DEMO, "--ticks", "150", "--save", str(out))
    resumed = run(str(out), "--ticks", "250")
    assert resumed == straight


def test_the_runner_reports_a_bad_save_with_file_and_line(tmp_path):
    path = tmp_path / "bad.msave"
    path.write_text("malignus-save 1\nsource: x\nseed: 1\ntick: x\n")
    r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(path)],
                       capture_output=True, text=True, env=pysim_env(), cwd=str(tmp_path),
                       timeout=300)
    assert r.returncode == 2
    assert r.stderr.startswith("%s:4: tick must be a whole number" % path)
