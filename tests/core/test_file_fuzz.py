"""A seeded fuzzer over levels and saves, mutated from the levels in the project: every case
ends in a clean refusal (one LevelError naming the file and a line) or a clean game (it
steps, snapshots and saves without an error event), each within a second of CPU time.

The mutations are what broken disks, editors and hostile files do: bytes flipped, lines
dropped, doubled, swapped or cut, and tokens that broke parsers before (odd digits, BOMs,
CRs, NUL, brackets nested deep, numbers past 64 bits, corners far off the map).
Run with FUZZ_CASES=N for a longer hunt; the counts are printed with -s.
"""
import glob
import os
import random
import time

import pytest

from pysim.core import files, save
from pysim.level import LevelError
from pysim.session import Session

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LEVELS = sorted(glob.glob(os.path.join(ROOT, "godot_project", "levels", "*.level")))
CASES = int(os.environ.get("FUZZ_CASES", "60"))      # per level, and per save
CPU_LIMIT = 1.0

TOKENS = ["\u00b2", "\x00", "\ufeff", "\r", "\r\n", "[commands]", "[map]", "[wires]",
          "[legend]", "[domain]", "@", "@99999999999999999999 ", "{", "}", "[" * 60,
          "{\"a\":" * 40, "9" * 30, "-1", "-99999999999999999999", "nan", "inf", ":", "=",
          "#", "P", "S", "D", "m", "a", "|", "trap:timer/delay=99999999999",
          "0,900000000", "party:-99999999999999999999", "metal:99999999999",
          "adventurer:warrior:\u00b2", "delay=", "seed: -4", "seed: 1e9", "tick: 1e99",
          "hash: zz", "script: 99", "\u202e", "\ud7ff", "\t", " " * 300, "x" * 600]


# Legend things with values nobody foresaw, placed on the map by the structured mutation.
THINGS = ["adventurer:warrior:\u00b2", "adventurer:warrior:99999999999999999999",
          "adventurer party:-99999999999999999999", "adventurer party:99999999999999999999",
          "trap:timer/delay=99999999999", "metal:99999999999", "door padlock:weird",
          "adventurer faction:" + "x" * 3000, "trap:pressure_plate/delay=5",
          "adventurer trait:scout", "kobold duty:traps", "minion duty:\u00b2", "door:held",
          "creature:\u00b2", "dungeon_creature:troll", "trap:lever/needs_reset/expired",
          "trap:tripwire/v", "adventurer:rogue:-1", "boss boss", "bed pyre scrapper_table"]


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
        how = rng.randrange(8)
        if how == 7:
            data = _add_thing(data, rng)
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


def _case(kind, source, data):
    """'refused' or 'ran'; raises (fails the test) on anything else."""
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
        session.save_text()
        outcome = "ran"
    except LevelError as exc:
        message = str(exc)
        assert message.startswith(source + ":"), message
        assert message.split(":")[1].isdigit(), message
        assert "\n" not in message.strip(), message
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


@pytest.mark.parametrize("path", LEVELS, ids=[os.path.basename(p) for p in LEVELS])
def test_mutated_levels_are_refused_cleanly_or_play(path):
    with open(path, "rb") as f:
        original = f.read()
    rng = random.Random("levels:" + os.path.basename(path))
    counts = {"refused": 0, "ran": 0}
    for i in range(CASES):
        data = mutate(original, rng)
        counts[_case("level", "case%d.level" % i, data)] += 1
    print("fuzz %s: %d cases, %d refused, %d ran" % (os.path.basename(path), CASES,
                                                      counts["refused"], counts["ran"]))
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
