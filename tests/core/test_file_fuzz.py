"""A seeded fuzzer over levels, level scenes and saves, mutated from the levels in the
project: every case ends in a clean refusal (one LevelError naming the file and a line) or a
clean game (it steps, snapshots and saves without an error event, and its save is UTF-8 text
that loads back into the same game), each within a second of CPU time.

The mutations are what broken disks, editors and hostile files do: bytes flipped, lines
dropped, doubled, swapped or cut, and tokens that broke parsers before (odd digits, BOMs,
CRs, NUL, brackets nested deep, numbers past 64 bits or of thousands of digits, NaN, half a
UTF-16 pair, corners far off the map). The fixed cases (FIXED) are the files that once
crashed, stalled or were refused wrongly, each with the outcome it must have.
Run with FUZZ_CASES=N for a longer hunt; the counts are printed with -s.
"""
import glob
import os
import random
import re
import time

import pytest

from pysim.core import files, save
from pysim.level import LevelError
from pysim.session import Session

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LEVELS = sorted(glob.glob(os.path.join(ROOT, "godot_project", "levels", "*.level")))
SCENES = sorted(glob.glob(os.path.join(ROOT, "godot_project", "levels", "*.tscn")))
CASES = int(os.environ.get("FUZZ_CASES", "60"))      # per level, and per save
CPU_LIMIT = 1.0

TOKENS = ["\u00b2", "\x00", "\ufeff", "\r", "\r\n", "[commands]", "[map]", "[wires]",
          "[legend]", "[domain]", "@", "@99999999999999999999 ", "{", "}", "[" * 60,
          "{\"a\":" * 40, "9" * 30, "-1", "-99999999999999999999", "nan", "inf", ":", "=",
          "#", "P", "S", "D", "m", "a", "|", "trap:timer/delay=99999999999",
          "0,900000000", "party:-99999999999999999999", "metal:99999999999",
          "adventurer:warrior:\u00b2", "delay=", "seed: -4", "seed: 1e9", "tick: 1e99",
          "hash: zz", "script: 99", "\u202e", "\ud7ff", "\t", " " * 300, "x" * 600,
          "9" * 5000, "NaN", "Infinity", "-Infinity", "1e999", "\\uD800", "\\udc00",
          "\\ud83d\\ude00", "\"\\ud800\"", "( ", ")", "Vector2( 1e999, nan )",
          "PoolIntArray( 0, 99999999999999999999, 0 )", "[node name=\"X\" parent=\".\"]",
          "{\"type\": \"spawn_party\", \"members\": 12}", "[fog]", "[pending]",
          "[checkpoints]", "[level]"]


# Legend things with values nobody foresaw, placed on the map by the structured mutation.
THINGS = ["adventurer:warrior:\u00b2", "adventurer:warrior:99999999999999999999",
          "adventurer party:-99999999999999999999", "adventurer party:99999999999999999999",
          "trap:timer/delay=99999999999", "metal:99999999999", "door padlock:weird",
          "adventurer faction:" + "x" * 3000, "trap:pressure_plate/delay=5",
          "adventurer trait:scout", "kobold duty:traps", "minion duty:\u00b2", "door:held",
          "creature:\u00b2", "dungeon_creature:troll", "trap:lever/needs_reset/expired",
          "trap:tripwire/v", "adventurer:rogue:-1", "boss boss", "bed pyre scrapper_table"]


# Values put in place of a number or a quoted string of the file (a scene's property, a
# command's field, a legend thing's argument): the kinds of value that broke readers before.
VALUES = ["9" * 5000, "-" + "9" * 30, "99999999999999999999", "-9223372036854775809",
          "1e999", "-1e999", "nan", "inf", "NaN", "Infinity", "1e-999", "0x10", "1_000",
          '"\\uD800"', '"\\udfff x"', '"\\ud83d\\ude00"', '"\\u0000"', '""', '"x" * 2',
          '"' + "x" * 3000 + '"', '"a\\nb"', '"\\"', "Vector2( nan, 1 )",
          "Vector2( 1e300, 0 )", "Vector2( 1 )", "PoolIntArray(  )", "PoolIntArray( 0, 1 )",
          "PoolStringArray( 1 )", "[ ]", "{ }", "null", "true", "ExtResource( 99 )",
          "Color( 1, 1, 1, 1 )", "[ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ [ 1 ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ] ]",
          '"@0 {\\"type\\": \\"spawn_party\\", \\"members\\": 12}"', "-0", "00", "-"]
_SPOTS = [re.compile(rb'-?\d+(?:\.\d+)?(?:e-?\d+)?'),           # a number
          re.compile(rb'"(?:[^"\\\n]|\\.)*"'),                # a quoted string
          re.compile(rb'(?m)(?<= = ).+$|(?<=: ).+$')]            # a property's or header's value


def _swap_value(data, rng):
    """A number, a quoted string or a whole value of the file replaced by a hostile value."""
    spots = [m.span() for m in rng.choice(_SPOTS).finditer(data)]
    if not spots:
        return data
    i, j = rng.choice(spots)
    return data[:i] + rng.choice(VALUES).encode("utf-8") + data[j:]


def _add_thing(data, rng):
    """A legend entry with a hostile thing, used once on the map."""
    entry = ("\u00a7 = floor " + rng.choice(THINGS)).encode("utf-8")
    if b"[legend]\n" in data:
        data = data.replace(b"[legend]\n", b"[legend]\n" + entry + b"\n", 1)
    else:
        data = data.replace(b"[map]\n", b"[legend]\n" + entry + b"\n[map]\n", 1)
    head, sep, rest = data.partition(b"[map]\n")
    dots = [i for i, c in enumerate(rest[:rest.find(b"\n[")] if b"\n[" in rest else rest)
            if c == 46]
    if not sep or not dots:
        return data
    i = rng.choice(dots)
    return head + sep + rest[:i] + "\u00a7".encode("utf-8") + rest[i + 1:]


def mutate(data, rng):
    """One to three mutations of the bytes of a file."""
    for _ in range(rng.randint(1, 3)):
        how = rng.randrange(10)
        if how == 7:
            data = _add_thing(data, rng)
            continue
        if how >= 8:
            data = _swap_value(data, rng)
            continue
        lines = data.split(b"\n")
        if how == 0 and data:                                 # flip a byte
            i = rng.randrange(len(data))
            data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
        elif how == 1:                                        # insert a token
            i = rng.randrange(len(data) + 1)
            data = data[:i] + rng.choice(TOKENS).encode("utf-8", "surrogatepass") + data[i:]
        elif how == 2 and len(lines) > 1:                     # drop a line
            del lines[rng.randrange(len(lines))]
            data = b"\n".join(lines)
        elif how == 3:                                        # double a line
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = b"\n".join(lines)
        elif how == 4 and len(lines) > 2:                     # swap two lines
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif how == 5 and data:                               # cut the file
            data = data[:rng.randrange(len(data))]
        else:                                                 # a number grows huge
            digits = [i for i, c in enumerate(data) if 48 <= c <= 57]
            if digits:
                i = rng.choice(digits)
                data = data[:i] + b"9" * rng.randint(5, 25) + data[i:]
    return data


def _play(session):
    session.step(0.3)
    session.snapshot()
    bad = [e for e in session.take_events() if e["type"] == "error"]
    assert not bad, bad[0]["message"]


def _case(kind, source, data, said=None):
    """'refused' or 'ran'; raises (fails the test) on anything else. `said`, a list, gets
    the refusal's message."""
    t0 = time.process_time()
    try:
        text = files.decode(data, source, kind)
        if kind == "save":
            game = save.loads(text, source)
            session = Session("name: x\n[map]\nP.S\n", "x.level", 1)
            session.game = game
        else:
            session = Session(text, source, None)
        _play(session)
        saved = session.save_text()
        saved.encode("utf-8")                 # a file can hold it
        again = save.loads(saved, source + ".msave")
        assert again.state_hash() == session.state_hash(), "%s saves another game" % source
        outcome = "ran"
    except LevelError as exc:
        message = str(exc)
        assert message.startswith(source + ":"), message
        assert message.split(":")[1].isdigit(), message
        assert "\n" not in message.strip(), message
        if said is not None:
            said.append(message)
        outcome = "refused"
    spent = time.process_time() - t0
    assert spent < CPU_LIMIT, "%s took %.2f s" % (source, spent)
    return outcome


def _saves():
    """Saves of short games on every level, with a player command or two in them."""
    out = []
    for path in LEVELS:
        with open(path, encoding="utf-8") as f:
            s = Session(f.read(), os.path.basename(path), 4)
        s.send({"type": "set_speed", "speed": 4})
        s.step(0.25)
        s.send({"type": "set_speed", "speed": 2})
        s.step(0.25)
        out.append((os.path.basename(path) + ".msave", s.save_text().encode("utf-8")))
    return out


@pytest.mark.parametrize("path", LEVELS + SCENES, ids=[os.path.basename(p) for p in LEVELS + SCENES])
def test_mutated_levels_and_scenes_are_refused_cleanly_or_play(path):
    name = os.path.basename(path)
    kind, ext = ("level scene", "tscn") if name.endswith(".tscn") else ("level", "level")
    with open(path, "rb") as f:
        original = f.read()
    rng = random.Random(("scenes:" if kind == "level scene" else "levels:") + name)
    counts = {"refused": 0, "ran": 0}
    for i in range(CASES):
        counts[_case(kind, "case%d.%s" % (i, ext), mutate(original, rng))] += 1
    print("fuzz %s: %d cases, %d refused, %d ran" % (name, CASES, counts["refused"],
                                                      counts["ran"]))
    assert counts["refused"] > 0


def test_mutated_saves_are_refused_cleanly_or_play():
    rng = random.Random("saves")
    counts = {"refused": 0, "ran": 0}
    for name, original in _saves():
        for i in range(CASES):
            counts[_case("save", "case%d-%s" % (i, name), mutate(original, rng))] += 1
    print("fuzz saves: %d cases, %d refused, %d ran" % (sum(counts.values()), counts["refused"],
                                                        counts["ran"]))
    assert counts["refused"] > 0 and counts["ran"] > 0


# -- fixed cases: files that once crashed, stalled or were refused wrongly ---------------------

def _text(name):
    with open(os.path.join(ROOT, "godot_project", "levels", name), encoding="utf-8") as f:
        return f.read()


def _saved(name, seed=4, sends=(), seconds=0.3):
    s = Session(_text(name), name, seed)
    for cmd in sends:
        s.send(cmd)
        s.step(0.2)
    s.step(seconds)
    return s.save_text()


def _with_commands(save_text, lines):
    head, sep, rest = save_text.partition("\n[commands]\n")
    return head + sep + "".join(line + "\n" for line in lines) + rest


PARTY = '{"members": 12, "type": "spawn_party"}'


def _scene(name, old, new):
    text = _text(name)
    assert old in text
    return text.replace(old, new, 1)


def _crowded_map():
    rows = ["P" + "m" * 510 + "S", "P" + "m" * 510 + "S"]
    return "name: crowd\n[map]\n" + "\n".join(rows) + "\n"


# name -> (kind, the file's text, "ran" or the words its refusal holds)
FIXED = {
    # A save of a level with fog, read before the rule modules were imported: the [fog]
    # section was unknown, so its rows counted as checkpoints.
    "campaign.msave": ("save", lambda: _saved("campaign.level", seconds=60.0), "ran"),
    # NaN and Infinity from the player: refused, and the save still loads.
    "nan-sent.msave": ("save", lambda: _saved("first.level", sends=[
        {"type": "set_speed", "speed": float("nan")},
        {"type": "set_speed", "speed": float("inf")}]), "ran"),
    "nan-line.msave": ("save", lambda: _with_commands(
        _saved("first.level"), ['@0 {"speed": NaN, "type": "set_speed"}']), "finite"),
    "inf-line.msave": ("save", lambda: _with_commands(
        _saved("first.level"), ['@0 {"speed": 1e999, "type": "set_speed"}']), "finite"),
    # Bodies: 9,000 parties at tick 0 in a level; 1,000 and 5,000 in a save; a full map.
    "parties.level": ("level", lambda: _text("first.level").split("[commands]")[0]
                      + "[commands]\n" + '@0 {"type": "spawn_party", "members": 12}\n' * 9000,
                      "at most 60 may arrive"),
    "parties1000.msave": ("save", lambda: _with_commands(
        _saved("first.level"), ["@0 " + PARTY] * 1000), "at most 60 may arrive"),
    "parties5000.msave": ("save", lambda: _with_commands(
        _saved("first.level"), ["@0 " + PARTY] * 5000), "at most 60 may arrive"),
    "crowd.level": ("level", _crowded_map, "more than 1000 bodies"),
    # Scenes: an integer of 5,000 digits; half a UTF-16 pair; a whole pair is a character.
    "digits.tscn": ("level scene", lambda: _scene(
        "trap_demo.tscn", "format=2", "format=" + "9" * 5000), "64 bits"),
    "seed-digits.tscn": ("level scene", lambda: _scene(
        "trap_demo.tscn", "level_seed = 7", "level_seed = " + "9" * 5000), "64 bits"),
    "surrogate.tscn": ("level scene", lambda: _scene(
        "trap_demo.tscn", 'level_name = "', 'level_name = "\\uD800'), "half a character"),
    # A backslash before a line break: the message named the escape with the line break in.
    "escape.tscn": ("level scene", lambda: _scene(
        "trap_demo.tscn", 'level_name = "', 'level_name = "\\\n'), "unknown escape '\\\\\\n'"),
    "pair.tscn": ("level scene", lambda: _scene(
        "trap_demo.tscn", 'level_name = "', 'level_name = "\\ud83d\\ude00'), "ran"),
    # The same two in a level's script and a save's header.
    "digits.level": ("level", lambda: _text("first.level").replace(
        "seed: 1", "seed: " + "9" * 5000), "5000 digits (at most 19)"),
    "surrogate.level": ("level", lambda: _text("first.level") + '@5:00 {"type": "spawn", '
                        '"kind": "minion", "x": 9, "y": 4, "subtype": "\\ud800"}\n',
                        "lone surrogate"),
    "digits.msave": ("save", lambda: _saved("first.level").replace(
        "seed: 4", "seed: " + "9" * 5000), "5000 digits (at most 19)"),
    # A source name holding ':' and an error in the saved level: the saved level's line.
    "colon.msave": ("save", lambda: _saved("first.level").replace(
        "source: first.level", "source: C:\\games\\first.level").replace(
        "|seed: 1", "|seed: x"), "colon.msave:12: in the saved level: seed"),
}


@pytest.mark.parametrize("name", sorted(FIXED))
def test_fixed_cases(name):
    kind, make, want = FIXED[name]
    said = []
    outcome = _case(kind, name, make().encode("utf-8"), said)
    if want == "ran":
        assert outcome == "ran", said
    else:
        assert outcome == "refused" and want in said[0], said
