"""Hostile or broken levels, saves and commands: one FILE:LINE error (exit 2 headless, a
refusal in the game), quickly, never a traceback, a hang or a memory blow-up; the same
refusal in the runner and in the game (Session), and in the pure and compiled builds."""
import os
import subprocess
import sys
import time

import pytest

from conftest import pysim_env
from pysim.core import commands, entities, files, save
from pysim.level import LevelError, load_file, load_text
from pysim.session import Session

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = os.path.join(HERE, "..", "..", "godot_project", "levels")
TRAP_DEMO = os.path.join(LEVELS, "trap_demo.level")
SMALL = "name: small\n[map]\n#######\nP.m..S#\n#######\n"


def _refused(text, source="bad.level"):
    with pytest.raises(LevelError) as info:
        load_text(text, source)
    return str(info.value)


def _runner(path, *args, timeout=60):
    return subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(path)] + list(args),
                          capture_output=True, text=True, env=pysim_env(), timeout=timeout)


def _clean_refusal(r, path, line=None):
    assert r.returncode == 2, (r.stdout[-300:], r.stderr[-2000:])
    assert "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.strip().split("\n")) == 1, r.stderr
    want = "%s:%s:" % (path, line) if line is not None else "%s:" % path
    assert r.stderr.startswith(want), r.stderr


# -- encodings and line ends ---------------------------------------------------------------

def test_a_level_that_is_not_utf8_names_the_line_of_the_bad_byte(tmp_path):
    path = tmp_path / "latin.level"
    path.write_bytes(SMALL.encode().replace(b"name: small", b"name: caf\xe9") + b"; \xff\n")
    with pytest.raises(LevelError) as info:
        load_file(str(path))
    assert str(info.value).startswith("%s:1: the level is not UTF-8 text" % path)
    _clean_refusal(_runner(path), path, 1)


def test_a_save_that_is_not_utf8_is_refused_as_a_save(tmp_path):
    good = Session(SMALL, "small.level", 1).save_text().encode()
    path = tmp_path / "bad.msave"
    path.write_bytes(good.replace(b"[commands]", b"[comm\xc3\x28nds]"))
    with pytest.raises(save.SaveError) as info:
        save.load_file(str(path))
    assert "not UTF-8" in str(info.value) and str(info.value).startswith(str(path))
    _clean_refusal(_runner(path), path)


def test_a_byte_order_mark_and_any_line_ends_read_the_same_everywhere(tmp_path):
    with open(TRAP_DEMO, encoding="utf-8") as f:
        text = f.read()
    variants = {"lf": text, "bom": "\ufeff" + text, "crlf": text.replace("\n", "\r\n"),
                "cr": text.replace("\n", "\r")}
    hashes = set()
    for name, variant in variants.items():
        path = tmp_path / ("%s.level" % name)
        path.write_bytes(variant.encode("utf-8"))
        r = _runner(path, "--ticks", "300")
        assert r.returncode == 0, (name, r.stderr)
        hashes.add(r.stdout.split()[-1])
        # The game hands Session the text as Godot read it: the same game.
        game = load_text(variant, str(path))
        for _ in range(300):
            game.step()
        hashes.add(game.state_hash())
    assert len(hashes) == 1, hashes


# -- nesting, odd digits, half-made things --------------------------------------------------

def test_deep_json_nesting_in_a_level_script_or_a_save_is_one_line_error():
    deep = "[" * 5000 + "]" * 5000
    msg = _refused(SMALL + "[commands]\n@5 {\"type\": \"set_speed\", \"speed\": %s}\n" % deep)
    assert msg.startswith("bad.level:7: the command is") and "nested" in msg
    longer = "[" * 100000 + "]" * 100000
    msg = _refused(SMALL + "[commands]\n@5 {\"type\": \"set_speed\", \"speed\": %s}\n" % longer)
    assert msg.startswith("bad.level:7: the line is")
    good = Session(SMALL, "small.level", 1)
    good.step(1.0)
    good.send({"type": "set_speed", "speed": 2})
    good.step(0.5)
    text = good.save_text().replace('"speed": 2', '"speed": %s' % deep)
    with pytest.raises(save.SaveError) as info:
        save.loads(text, "deep.msave")
    assert "nested" in str(info.value)


def test_odd_digits_in_save_ticks_and_subtype_levels():
    text = Session(SMALL, "small.level", 1).save_text()
    bad = text.replace("[pending]", "@\u00b2 {\"type\": \"set_speed\", \"speed\": 1}\n[pending]")
    with pytest.raises(save.SaveError) as info:
        save.loads(bad, "odd.msave")
    assert "'@TICK {json}'" in str(info.value)
    bad = text.replace("tick: 0", "tick: \u00b2")
    with pytest.raises(save.SaveError) as info:
        save.loads(bad, "odd.msave")
    assert "tick must be a whole number" in str(info.value)
    # A level time in superscript digits.
    assert "neither a tick count" in _refused(
        SMALL + "[commands]\n@\u00b2 {\"type\": \"set_speed\", \"speed\": 1}\n")


def test_a_subtype_level_in_odd_digits_makes_a_whole_adventurer():
    game = load_text(SMALL, "small.level")
    before = set(game.entities)
    game.command({"type": "spawn", "kind": "adventurer", "x": 2, "y": 1,
                  "subtype": "warrior:\u00b2"})
    game.step()
    new = [game.entities[i] for i in sorted(set(game.entities) - before)]
    assert len(new) == 1 and new[0].fighter is not None


def test_a_spawn_that_fails_half_way_leaves_nothing_behind():
    game = load_text(SMALL, "small.level")
    before_ids, before_next = sorted(game.entities), game.next_id

    def broken_hook(g, e):
        raise RuntimeError("a hook nobody foresaw failing")

    entities.SPAWN_HOOKS.append(broken_hook)
    try:
        game.command({"type": "spawn", "kind": "minion", "x": 3, "y": 1})
        game.step()
    finally:
        entities.SPAWN_HOOKS.remove(broken_hook)
    evs = game.take_events()
    assert any(e["type"] == "refused" and e["command"] == "spawn" for e in evs)
    assert sorted(game.entities) == before_ids and game.next_id == before_next


# -- work bounded by the file -----------------------------------------------------------------

def _quick(fn, limit=2.0):
    t0 = time.process_time()
    out = fn()
    assert time.process_time() - t0 < limit
    return out


def test_a_wire_to_a_far_corner_is_refused_before_any_tile_is_listed():
    text = ("name: w\n[map]\n#####\nP...S\n#####\n[wires]\n0,1 0,900000000\n")
    msg = _quick(lambda: _refused(text))
    assert msg.startswith("bad.level:7: ") and "outside the map" in msg


def test_a_save_claiming_a_huge_tick_is_refused_at_once():
    text = Session(SMALL, "small.level", 1).save_text().replace("tick: 0", "tick: 1000000000000")
    with pytest.raises(save.SaveError) as info:
        _quick(lambda: save.loads(text, "huge.msave"))
    assert str(info.value).startswith("huge.msave:4: tick") and "longest game" in str(info.value)


def test_a_hundred_thousand_scripted_commands_are_refused_at_once():
    script = "".join("@%d {\"type\": \"set_speed\", \"speed\": 1}\n" % i for i in range(100000))
    msg = _quick(lambda: _refused(SMALL + "[commands]\n" + script))
    assert "the most a level may be" in msg          # the size limit comes first
    short = "".join("@%d {\"type\":\"set_speed\",\"speed\":1}\n" % i
                    for i in range(files.MAX_SCRIPT_COMMANDS + 1))
    msg = _quick(lambda: _refused(SMALL + "[commands]\n" + short))
    assert msg.startswith("bad.level:%d: " % (7 + files.MAX_SCRIPT_COMMANDS))
    assert "at most %d commands" % files.MAX_SCRIPT_COMMANDS in msg


def test_a_timer_delay_past_the_commands_cap_is_refused_by_the_parser():
    text = ("name: t\n[legend]\nT = floor trap:timer/delay=3000000000\n[map]\n"
            "#######\nP..T.S#\n#######\n")
    msg = _refused(text)
    assert msg.startswith("bad.level:6: trap at column 4: ") and "at most 6000" in msg


def test_a_fifo_and_an_oversized_file_are_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.level"
    os.mkfifo(fifo)
    r = _quick(lambda: _runner(fifo), limit=20)
    _clean_refusal(r, fifo, 0)
    assert "not a regular file" in r.stderr
    big = tmp_path / "big.level"
    with open(big, "wb") as f:
        f.write(SMALL.encode())
        f.seek(files.MAX_SAVE_BYTES + 10)
        f.write(b"\n")
    with pytest.raises(LevelError) as info:
        _quick(lambda: load_file(str(big)))
    assert "most a level may be" in str(info.value)
    _clean_refusal(_runner(big), big, 0)


def test_a_huge_map_is_refused_at_the_first_row_past_the_limit():
    side = files.MAX_MAP_SIDE + 1
    text = "name: big\n[map]\n" + ("P" + "." * (side - 2) + "S\n") * 3
    msg = _refused(text)
    assert "wider than %d" % files.MAX_MAP_SIDE in msg


# -- commands from the player: the same refusal in both builds -------------------------------

def _refusal_of(cmd):
    game = load_text(SMALL, "small.level")
    before = game.state_hash()
    game.command(cmd)
    game.step()
    evs = [e for e in game.take_events() if e["type"] == "refused"]
    assert len(evs) == 1, evs
    assert game.tick == 1 and before
    return evs[0]["reason"]


def test_commands_that_are_not_plain_data_are_refused_with_a_reason():
    looped = {"type": "set_speed", "speed": []}
    looped["speed"].append(looped["speed"])
    deep = {"type": "set_speed", "speed": 1, "x": []}
    node = deep["x"]
    for _ in range(50):
        node.append([])
        node = node[0]
    assert "dictionary" in _refusal_of(["not", "a", "dict"])
    assert "nested" in _refusal_of(looped)
    assert "nested" in _refusal_of(deep)
    assert "64 bits" in _refusal_of({"type": "set_speed", "speed": 1 << 64})
    assert "64 bits" in _refusal_of({"type": "set_speed", "speed": -(1 << 70)})
    assert "at most" in _refusal_of({"type": "set_speed", "speed": 1,
                                     "x": list(range(commands.MAX_VALUES + 5))})
    assert "plain values" in _refusal_of({"type": "set_speed", "speed": object()})


def test_plain_keeps_what_a_real_command_holds():
    import numpy as np
    cmd = {"type": "wire", "path": [[np.int32(1), 2], (3, np.int64(4))], "f": np.float32(0.5),
           "ok": True, "none": None}
    assert commands.plain(cmd) == {"type": "wire", "path": [[1, 2], [3, 4]], "f": 0.5,
                                   "ok": True, "none": None}


# -- every section a save may hold is known, whatever was imported before --------------------

CAMPAIGN = os.path.join(LEVELS, "campaign.level")
LOAD_ALONE = r"""
import sys
from pysim.core import save          # nothing else imported first: no rule module yet
game = save.load_file(sys.argv[1])
print(game.tick, game.state_hash())
"""


def test_a_save_of_a_level_with_fog_loads_in_a_fresh_process(tmp_path):
    out = tmp_path / "s.msave"
    r = _runner(CAMPAIGN, "--ticks", "600", "--save", str(out))
    assert r.returncode == 0, r.stderr
    assert "\n[fog]\n" in out.read_text(encoding="utf-8")
    resumed = _runner(out, "--ticks", "30")
    straight = _runner(CAMPAIGN, "--ticks", "630")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.split()[-1] == straight.stdout.split()[-1]
    alone = subprocess.run([sys.executable, "-P", "-c", LOAD_ALONE, str(out)],
                           capture_output=True, text=True, env=pysim_env(), timeout=120)
    assert alone.returncode == 0, alone.stderr
    assert alone.stdout.split()[0] == "600"


def test_an_unknown_or_misplaced_section_in_a_save_is_named():
    text = Session(SMALL, "small.level", 1).save_text()
    lines = text.split("\n")
    at = lines.index("[pending]") + 1
    with pytest.raises(save.SaveError) as info:
        save.loads(text.replace("[pending]\n", "[bogus]\n[pending]\n"), "s.msave")
    assert str(info.value).startswith("s.msave:%d: unknown section [bogus]" % at)
    with pytest.raises(save.SaveError) as info:
        save.loads(text + "[commands]\n", "s.msave")
    assert str(info.value).startswith("s.msave:%d: section [commands] after" % len(lines))


# -- NaN and Infinity: refused at the door, on every path --------------------------------------

def _non_finite():
    import numpy as np
    return [float("nan"), float("inf"), float("-inf"), np.float64("nan"), np.float32("inf")]


JSON_NON_FINITE = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"]


def test_a_non_finite_number_from_the_player_is_refused_and_the_save_loads():
    for value in _non_finite():
        for cmd in ({"type": "set_speed", "speed": value},
                    {"type": "wire", "path": [[value, 1], [2, 1]]}):
            s = Session(SMALL, "small.level", 1)
            assert s.check(cmd)["ok"] is False
            assert "finite" in s.check(cmd)["reason"]
            s.send(cmd)
            s.step(0.3)
            refused = [e for e in s.take_events() if e["type"] == "refused"]
            assert len(refused) == 1 and "must be finite" in refused[0]["reason"], refused
            text = s.save_text()
            assert "NaN" not in text and "Infinity" not in text
            assert save.loads(text, "s.msave").state_hash() == s.state_hash()


def test_a_non_finite_number_in_a_script_line_or_a_save_line_is_refused_at_its_line():
    good = Session(SMALL, "small.level", 1).save_text()
    lines = good.split("\n")
    for token in JSON_NON_FINITE:
        line = '{"speed": %s, "type": "set_speed"}' % token
        msg = _refused(SMALL + "[commands]\n@5 " + line + "\n")
        assert msg.startswith("bad.level:7: ") and "finite" in msg, msg
        for section, text in (("[commands]", "@0 " + line), ("[pending]", line)):
            at = lines.index(section) + 1
            edited = "\n".join(lines[:at] + [text] + lines[at:])
            with pytest.raises(save.SaveError) as info:
                save.loads(edited, "s.msave")
            assert str(info.value).startswith("s.msave:%d: " % (at + 1)), str(info.value)
            assert "not a finite number" in str(info.value)


def test_half_a_character_in_a_command_is_refused_on_every_path():
    cmd = {"type": "spawn", "kind": "minion", "x": 2, "y": 1, "subtype": "\ud800"}
    assert "lone surrogate" in _refusal_of(cmd)
    assert "lone surrogate" in _refusal_of({"type": "set_speed", "speed": 1, "\udc00": 1})
    msg = _refused(SMALL + '[commands]\n@5 {"type": "set_speed", "speed": 1, "x": "\\ud800"}\n')
    assert msg.startswith("bad.level:7: ") and "lone surrogate" in msg
    # A whole pair written as two escapes is one character, and fine.
    game = load_text(SMALL + '[commands]\n@0 {"type": "set_speed", "speed": 2, '
                     '"x": "\\ud83d\\ude00"}\n', "ok.level")
    game.step()
    assert game.speed == 2


# -- bodies: a cap on the living, on a command's and on a tick's ------------------------------

def _taken_and_refused(game):
    evs = game.take_events()
    return ([e for e in evs if e["type"] == "party_arrived"],
            [e["reason"] for e in evs if e["type"] == "refused"])


def test_commands_of_one_tick_bring_at_most_sixty_bodies():
    game = load_text(SMALL, "small.level")
    for _ in range(6):
        game.command({"type": "spawn_party", "members": 12})
    game.step()
    arrived, refused = _taken_and_refused(game)
    assert len(arrived) == 5 and len(refused) == 1
    assert "At most 60 bodies may arrive by command at one moment" in refused[0]
    # The next tick may bring more; a lone spawn counts too.
    game.command({"type": "spawn_party", "members": 12})
    game.command({"type": "spawn", "kind": "minion", "x": 3, "y": 1})
    game.step()
    assert len(_taken_and_refused(game)[0]) == 1
    # The save holds the five taken, loads, and is the same game.
    again = save.loads(save.dumps(game), "s.msave")
    assert again.state_hash() == game.state_hash()
    assert save.dumps(game).count('"spawn_party"') == 6


def test_at_most_a_thousand_living_bodies_by_command():
    rows = ["P" + "m" * 98 + "S"] * 10 + ["P" + "m" * 17 + "." * 81 + "S"]
    game = load_text("name: full\n[map]\n" + "\n".join(rows) + "\n", "full.level")
    assert len(game.live()) == 997
    game.command({"type": "spawn_party", "members": 4})
    game.command({"type": "spawn_party", "members": 3})
    game.step()
    arrived, refused = _taken_and_refused(game)
    assert len(arrived) == 1 and len(arrived[0]["members"]) == 3 and len(refused) == 1
    assert "The map holds 997 living bodies; at most 1000 may be alive" in refused[0]
    assert len(game.live()) == 1000
    game.command({"type": "spawn", "kind": "minion", "x": 30, "y": 10})
    game.step()
    assert "The map holds 1000 living bodies" in _taken_and_refused(game)[1][0]
    assert len(game.live()) == 1000


def test_a_file_over_the_body_caps_is_refused_before_anything_is_built():
    over = "name: crowd\n[map]\n" + "\n".join(["P" + "m" * 499 + "S"] * 3) + "\n"
    msg = _quick(lambda: _refused(over), limit=1.0)
    assert msg.startswith("bad.level:5: the map places more than 1000 bodies"), msg
    party = '@%s {"type": "spawn_party", "members": 12}\n'
    ok = SMALL + "[commands]\n" + "".join(party % 0 for _ in range(5)) + party % 1
    assert len(load_text(ok, "ok.level").script) == 6
    msg = _refused(SMALL + "[commands]\n" + "".join(party % 0 for _ in range(6)))
    assert msg.startswith("bad.level:12: the commands at tick 0 put 72 bodies"), msg
    # A party over 12 is the command's own refusal, at run time (as any bad command).
    assert len(load_text(SMALL + "[commands]\n" + party.replace("12", "13") % 0,
                         "ok.level").script) == 1


# -- level scenes and file names the runner could not write back -----------------------------

SCENE = os.path.join(LEVELS, "trap_demo.tscn")


@pytest.mark.parametrize("old,new,words", [
    ("format=2", "format=" + "9" * 5000, "does not fit in 64 bits"),
    ('level_name = "', 'level_name = "\\uD800', "half a character"),
])
def test_a_scene_the_runner_could_not_read_or_write_back_is_one_line(tmp_path, old, new,
                                                                        words):
    with open(SCENE, encoding="utf-8") as f:
        text = f.read()
    path = tmp_path / "bad.tscn"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    r = _runner(path, "--ticks", "5", "--save", str(tmp_path / "s.msave"))
    _clean_refusal(r, path)
    assert words in r.stderr
    c = subprocess.run([sys.executable, "-P", "-m", "pysim", "convert", str(path),
                        str(tmp_path / "out.level")], capture_output=True, text=True,
                       env=pysim_env(), timeout=60)
    _clean_refusal(c, path)
    s = Session(SMALL, "small.level", 1)
    assert s.load_level(text.replace(old, new, 1), "bad.tscn")["error"].startswith("bad.tscn:")


def test_a_level_whose_file_name_is_not_utf8_saves_and_loads(tmp_path):
    path = os.path.join(str(tmp_path).encode(), b"caf\xe9.level")
    with open(TRAP_DEMO, "rb") as src, open(path, "wb") as dst:
        dst.write(src.read())
    out = tmp_path / "s.msave"
    r = _runner(os.fsdecode(path), "--ticks", "5", "--save", str(out))
    assert r.returncode == 0, r.stderr
    assert "caf\\udce9.level" in out.read_text(encoding="utf-8")
    assert _runner(out, "--ticks", "5").returncode == 0
