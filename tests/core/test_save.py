"""Saves (pysim/core/save.py): the whole game, replayed tick for tick; bad saves name FILE:LINE."""
import os
import subprocess
import sys

import pytest

from conftest import pysim_env
from pysim.core import save
from pysim.level import load_text
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
    s.send({"type": "no_such_command"})             # refused: it changed nothing
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


def test_the_save_holds_the_player_commands_taken_not_the_refused_nor_the_scripted():
    text = _played_session().save_text()
    commands = text.split("\n[commands]\n", 1)[1]
    assert '"switch_lever"' in commands and '"no_such_command"' not in commands
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
    assert _bad("\n".join(broken)).startswith("slot.msave:%d: the command is not valid: bad JSON"
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


# -- the view: the front end's camera and log, kept with the save, never the game -----------

VIEW = {"camera": [{"x": 120.5, "y": 64.0, "zoom": 0.5}],
        "log": [{"text": "Grub wakes up", "category": "combat"}, {"text": "A [b]", "n": 2}]}


def test_the_view_goes_with_the_save_and_comes_back_as_it_was():
    original = _played_session()
    text = original.save_text(VIEW)
    assert "\n[view]\ncamera " in text and text.count("\nlog ") == 2
    loaded = Session("name: x\n[map]\nP.S\n", "x.level", 1)
    result = loaded.load_save(text, "slot.msave")
    assert result["ok"] and result["view"] == VIEW
    assert result["name"] == "Trap demo" and result["level"] == "trap_demo.level"
    assert loaded.game.state_hash() == original.game.state_hash()
    # a one-value key reads back as a list of one, a save without a view as no view
    assert save.read(original.save_text({"camera": {"x": 1}}), "s")[1] == {"camera": [{"x": 1}]}
    assert loaded.load_save(original.save_text(), "plain.msave")["view"] == {}


def test_the_view_is_not_the_game():
    """Another view, or none, is the same game: the same hash, tick for tick."""
    s = _played_session()
    plain = save.loads(s.save_text(), "a")
    other = save.loads(s.save_text({"camera": [{"x": -5, "y": 3, "zoom": 2}], "log": []}), "b")
    viewed = save.loads(s.save_text(VIEW), "c")
    for _ in range(200):
        for g in (plain, other, viewed):
            g.step()
        assert plain.state_hash() == other.state_hash() == viewed.state_hash()


def test_a_session_starts_on_a_save_with_its_view():
    original = _played_session()
    started = Session(original.save_text(VIEW), "slot.msave", -1, True)
    assert started.game.state_hash() == original.game.state_hash()
    assert started.opened_save() == {"ok": True, "tick": original.game.tick,
                                     "level": "trap_demo.level", "name": "Trap demo", "view": VIEW}
    assert Session(TRAP_TEXT(), "trap_demo.level", 11).opened_save() == {}
    with pytest.raises(save.SaveError) as err:
        Session("malignus-save 2\nsource: x\n", "bad.msave", -1, True)
    assert str(err.value).startswith("bad.msave:4: the header has no seed")


def test_a_save_summary_reads_the_view_without_replaying():
    text = _played_session().save_text(VIEW)
    from pysim.session import Checker
    summary = Checker().save_summary(text, "slot.msave")
    assert summary["ok"] and summary["view"] == VIEW and summary["source"] == "trap_demo.level"
    assert summary["tick"] > 0
    # the checkpoints and commands are not replayed: a log that would not replay still reads
    assert Checker().save_summary(text.replace('"speed": 2', '"speed": 1'), "s")["ok"]
    assert Checker().save_summary("hello\n", "x.msave")["error"].startswith("x.msave:1:")


def test_a_save_summary_knows_the_rule_areas_sections_in_a_fresh_process(tmp_path):
    """The title lists saves through a Checker that has made no game: a campaign save's [fog]
    must still read as a section (not as lines of [checkpoints])."""
    campaign = os.path.join(HERE, "..", "..", "godot_project", "levels", "campaign.level")
    with open(campaign, encoding="utf-8") as f:
        s = Session(f.read(), "campaign.level", -1)
    for _ in range(60):
        s.step(1.0)
    path = tmp_path / "fog.msave"
    path.write_text(s.save_text(VIEW), encoding="utf-8")
    assert "\n[fog]\n" in path.read_text(encoding="utf-8")
    code = ("import sys; from pysim.session import Checker; "
            "r = Checker().save_summary(open(sys.argv[1]).read(), 'fog.msave'); "
            "print(r.get('error', 'ok %d' % r['tick']))")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                         env=pysim_env(), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok %d" % s.game.tick, out.stdout


def test_a_bad_view_is_refused_with_its_line_and_a_bad_one_is_never_written():
    text = _played_session().save_text(VIEW)
    lines = text.split("\n")
    at = lines.index("[view]") + 1                   # the first view line, 0-based + 1
    for bad, why in [("Camera {}", "a [view] line is 'key JSON'"),
                     ("camera {not json", "bad JSON"), ("camera NaN", "NaN"),
                     ("camera " + "[" * 50 + "]" * 50, "nested")]:
        edited = "\n".join(lines[:at] + [bad] + lines[at + 1:])
        message = _bad(edited)
        assert message.startswith("slot.msave:%d:" % (at + 1)) and why in message, message
    many = "\n".join(lines[:at] + ["log 1"] * (save.MAX_VIEW_LINES + 1)) + "\n"
    assert "the [view] section has" in _bad(many)
    s = _played_session()
    for view in [{"Bad": [1]}, {"x": [float("nan")]}, {"x": ["a" * 30000]},
                 {"x": list(range(save.MAX_VIEW_LINES + 1))}, ["not", "a dict"]]:
        with pytest.raises(ValueError):
            s.save_text(view)


def TRAP_TEXT():
    with open(TRAP_DEMO, encoding="utf-8") as f:
        return f.read()


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
    path.write_text("malignus-save 2\nsource: x\nseed: 1\ntick: x\n")
    r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(path)],
                       capture_output=True, text=True, env=pysim_env(), cwd=str(tmp_path),
                       timeout=300)
    assert r.returncode == 2
    assert r.stderr.startswith("%s:4: tick must be a whole number" % path)


# -- saves taken at awkward times (a scripted command due, a command not yet applied) -------

FIRST = os.path.join(HERE, "..", "..", "godot_project", "levels", "first.level")


def _runner(tmp_path, *args):
    r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run"] + [str(a) for a in args],
                       capture_output=True, text=True, env=pysim_env(), cwd=str(tmp_path),
                       timeout=300)
    return r


def test_a_save_on_the_tick_a_scripted_command_is_due_loads(tmp_path):
    # first.level scripts a party at 0:58 = tick 580: the runner stops there before it runs.
    out = tmp_path / "due.msave"
    straight = _runner(tmp_path, FIRST, "--ticks", "700")
    saved = _runner(tmp_path, FIRST, "--ticks", "580", "--save", out)
    assert saved.returncode == 0, saved.stderr
    resumed = _runner(tmp_path, out, "--ticks", "120")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.strip().split("\n")[-1] == straight.stdout.strip().split("\n")[-1]


def test_a_save_with_a_command_sent_but_not_yet_applied_loads():
    with open(FIRST, encoding="utf-8") as f:
        text = f.read()
    original = Session(text, "first.level", 5)
    original.step(5.0)
    original.send({"type": "set_speed", "speed": 2})     # queued: the next tick applies it
    saved = original.save_text()
    assert "\n[pending]\n" in saved and '"speed": 2' in saved.split("[pending]", 1)[1]
    loaded = Session("name: x\n[map]\nP.S\n", "x.level", 1)
    assert loaded.load_save(saved, "pending.msave").get("ok"), loaded.load_save(saved, "p")
    assert loaded.game.state_hash() == original.game.state_hash()
    for _ in range(100):
        original.game.step()
        loaded.game.step()
    assert loaded.game.speed == 2
    assert loaded.game.state_hash() == original.game.state_hash()


def test_a_save_at_a_scripted_tick_through_the_session_loads():
    with open(FIRST, encoding="utf-8") as f:
        text = f.read()
    s = Session(text, "first.level", 5)
    for _ in range(580):
        s.game.step()
    assert s.game.script_i == 0 and s.game.script[0][0] == 580
    copy = Session("name: x\n[map]\nP.S\n", "x.level", 1)
    assert copy.load_save(s.save_text(), "due.msave").get("ok")
    assert copy.game.script_i == 0
    for _ in range(50):
        s.game.step()
        copy.game.step()
        assert copy.game.state_hash() == s.game.state_hash()


# -- the work a save can cause is bounded ---------------------------------------------------

def _long_save(hours=3):
    with open(TRAP_DEMO, encoding="utf-8") as f:
        s = Session(f.read(), "trap_demo.level", 11)
    s.send({"type": "set_speed", "speed": 4})
    for _ in range(hours * 600 + 10):
        s.game.step()
    return s.save_text()


def test_a_save_carries_one_checkpoint_a_game_hour():
    text = _long_save(3)
    rows = text.split("[checkpoints]\n", 1)[1].strip().split("\n")
    assert [r.split()[0] for r in rows] == ["600", "1200", "1800"]


def test_a_save_that_stops_replaying_is_refused_at_the_first_hour_that_differs():
    text = _long_save(3)
    lines = text.split("\n")
    first_cp = lines.index("[checkpoints]") + 2
    # The edit makes the game differ from tick 0: the first checkpoint catches it.
    edited = text.replace('"speed": 4', '"speed": 2')
    assert _bad(edited).startswith("slot.msave:%d: the save does not replay" % first_cp)


def test_a_save_claiming_more_hours_than_it_has_checkpoints_is_refused_before_replaying():
    import time
    text = _long_save(1).replace("\ntick: 610\n", "\ntick: 1000000000\n")
    t0 = time.process_time()
    message = _bad(text)
    assert "checkpoints" in message or "past the longest game" in message, message
    text = _long_save(1).replace("\ntick: 610\n", "\ntick: 1000000000000\n")
    assert "past the longest game" in _bad(text)
    assert time.process_time() - t0 < 2.0


# -- a save is written atomically: a kill mid-save keeps the previous one -----------------

KILL_SCRIPT = r"""
import sys
sys.path.insert(0, sys.argv[3])
from pysim.core import save
from pysim.level import load_file
game = load_file(sys.argv[1], 3)
# A long level text makes each save take a while, so kills land mid-write.
game.level_text += "\n" + "\n".join("; padding %d %s" % (i, "x" * 80) for i in range(9000))
print("ready", flush=True)
while True:
    game.step()
    save.save_file(game, sys.argv[2])
"""


def test_a_process_killed_while_saving_leaves_a_whole_save(tmp_path):
    import random
    import signal
    import time
    from conftest import PYSIM_PATH
    target = tmp_path / "slot.msave"
    rng = random.Random(7)
    kills = 0
    for _ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, TRAP_DEMO, str(target),
                                 PYSIM_PATH], stdout=subprocess.PIPE, text=True,
                                env=pysim_env())
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.05 + rng.random() * 0.4)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        kills += 1
        if not target.exists():
            continue
        text = target.read_text(encoding="utf-8")
        assert text.endswith("[checkpoints]\n") or text.endswith("\n"), "a cut save"
        game = save.loads(text, str(target))       # whole and replayable
        assert game.tick >= 1
    assert kills == 6 and target.exists()
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "slot.msave"]
    # A kill can leave one temporary file (never the save itself half written); the next
    # save removes it, so six kills leave at most the last one's.
    assert all(name.startswith(".slot.msave.") and name.endswith(".tmp") for name in leftovers)
    assert len(leftovers) <= 1, leftovers


def test_a_save_removes_the_temporary_files_killed_saves_left_and_only_those(tmp_path):
    target = tmp_path / "slot.msave"
    left = [tmp_path / (".slot.msave.%s.tmp" % tail) for tail in ("k3_x9q0a", "00000000")]
    others = [tmp_path / name for name in (
        ".other.msave.k3_x9q0a.tmp",       # another save's
        ".slot.msave.k3_x9q0.tmp",         # not a name mkstemp gives
        ".slot.msave.K3_X9Q0A.tmp",
        "slot.msave.tmp",                  # the game's (SimClient.gd) own name, not ours
        ".slot.msave.fresh000.tmp")]       # newer than the write: another writer's, going on
    for path in left + others:
        path.write_text("half a save")
    for path in left + others[:-1]:
        os.utime(path, (1_000_000_000, 1_000_000_000))
    future = 4_000_000_000
    os.utime(others[-1], (future, future))
    game = load_text("name: small\n[map]\nP.S\n", "small.level")
    save.save_file(game, str(target))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["slot.msave"] + [p.name for p in others])
    assert save.loads(target.read_text(encoding="utf-8"), "slot.msave").tick == 0
