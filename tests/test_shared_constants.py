"""The constants GDScript shares with pysim have one source (pysim/shared.py): the generated
godot_project/core/Shared.gd holds pysim's values, and the GDScript that still spells some of
them out (a name for each code, a word for each) agrees with them."""
import ast
import os
import re

import pytest

from pysim import shared

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GP = os.path.join(ROOT, "godot_project")
SHARED_GD = os.path.join(GP, "core", "Shared.gd")


def values():
    return {name: value for name, value, _ in shared.constants()}


def gd_consts(text):
    """{name: source text of its value} of a GDScript file's `const NAME := value` lines (a
    value may run over lines while its brackets are open)."""
    out = {}
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"const (\w+)\s*:?=\s*(.*)$", lines[i])
        i += 1
        if not m:
            continue
        value = m.group(2)
        while value.count("[") + value.count("{") > value.count("]") + value.count("}"):
            value += "\n" + lines[i]
            i += 1
        out[m.group(1)] = "\n".join(_code(line) for line in value.split("\n")).strip()
    return out


def _code(line):
    """A line without its comment (a # outside a string)."""
    quote, escaped = None, False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif quote:
            escaped = ch == "\\"
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i].rstrip()
    return line


def gd_value(source, consts=None):
    """The value of a GDScript literal (numbers, strings, lists, dicts of those), or of
    `Shared.NAME`; None for anything else."""
    m = re.fullmatch(r"Shared\.(\w+)", source)
    if m:
        return values()[m.group(1)]
    try:
        return ast.literal_eval(source.replace("\t", " "))
    except (ValueError, SyntaxError):
        return None


def read(rel):
    with open(os.path.join(GP, rel), encoding="utf-8") as f:
        return f.read()


def test_the_generated_file_holds_pysim_s_values():
    text = shared.gdscript()
    consts = gd_consts(text)
    want = values()
    assert set(consts) == set(want)
    for name, value in want.items():
        assert gd_value(consts[name]) == value, name
    # the codes the snapshot sends index the name lists they are written beside
    from pysim.core import entities, terrain
    from pysim.traps import trap_parts
    assert want["TRAP_KINDS"] == list(trap_parts.ALL_KINDS)
    assert [want[k] for k in ("MINION", "ADVENTURER", "CREATURE", "BOSS")] == [
        entities.MINION, entities.ADVENTURER, entities.CREATURE, entities.BOSS]
    assert want["TERRAIN_SANCTUM"] == terrain.SANCTUM == 5
    assert want["STATE_DEAD"] == entities.DEAD and want["BODY_STATES"][2] == "dead"
    assert want["TICKS_PER_HOUR"] == 600 and want["TICKS_PER_MINUTE"] == 10
    assert want["MAX_FRAME_SECONDS"] == 0.25


def test_the_file_the_game_reads_is_the_one_pysim_makes_now():
    if not os.path.exists(SHARED_GD):
        pytest.skip("no godot_project/core/Shared.gd yet (make build writes it)")
    with open(SHARED_GD, encoding="utf-8") as f:
        assert f.read() == shared.gdscript(), "Shared.gd is stale: run make build"


# GDScript that spells out a shared value: each must read it from Shared, or hold the same.
SAME = [
    ("core/SimClient.gd", "FULL_KEY", "SNAPSHOT_FULL_KEY"),
    ("core/SimClient.gd", "GONE_KEY", "SNAPSHOT_GONE_KEY"),
    ("traps/TrapsExtension.gd", "KINDS", "TRAP_KINDS"),
    ("traps/TrapsExtension.gd", "TICKS_PER_MINUTE", "TICKS_PER_MINUTE"),
    ("traps/TrapsExtension.gd", "TICKS_PER_HOUR", "TICKS_PER_HOUR"),
    ("traps/DutyTab.gd", "DUTIES", "DUTIES"),
    ("invasions/InvasionsLayer.gd", "ALTAR_HITS", "ALTAR_HITS"),
    ("art/Art.gd", "BODY_KINDS", "BODY_KINDS"),
    ("art/Art.gd", "PART_KINDS", "TRAP_KINDS"),
    ("art/Art.gd", "FURNITURE_KINDS", "FURNITURE_KINDS"),
    ("world/TileLayer.gd", "CODE_NAMES", "TERRAIN_NAMES"),
    ("world/EntityLayer.gd", "STATE_UP", "STATE_UP"),
    ("world/EntityLayer.gd", "STATE_KO", "STATE_KNOCKED_OUT"),
    ("world/EntityLayer.gd", "STATE_DEAD", "STATE_DEAD"),
]
# ... or the same names in another order (looked up by name, never by a code)
SAME_NAMES = [
    ("art/Art.gd", "ADVENTURER_CLASSES", "ADVENTURER_CLASSES"),
    ("art/Art.gd", "CREATURE_KINDS", "CREATURE_KINDS"),
]


@pytest.mark.parametrize("rel,const,name", SAME)
def test_gdscript_spelling_out_a_shared_value_agrees(rel, const, name):
    consts = gd_consts(read(rel))
    assert const in consts, "%s lost %s: take it out of this list" % (rel, const)
    assert gd_value(consts[const]) == values()[name], \
        "%s %s differs from pysim's %s (use Shared.%s)" % (rel, const, name, name)


@pytest.mark.parametrize("rel,const,name", SAME_NAMES)
def test_gdscript_naming_shared_names_names_the_same(rel, const, name):
    consts = gd_consts(read(rel))
    assert const in consts, "%s lost %s: take it out of this list" % (rel, const)
    assert sorted(gd_value(consts[const])) == sorted(values()[name]), \
        "%s %s names other things than pysim's %s (use Shared.%s)" % (rel, const, name, name)


def test_gdscript_words_for_codes_follow_pysim_s_order():
    """Player words kept in GDScript for a code the snapshot or describe sends."""
    v = values()
    kinds = gd_value(gd_consts(read("hud/InfoText.gd"))["KIND_NAMES"])
    assert [kinds[i].lower() for i in range(len(v["BODY_KINDS"]))] == v["BODY_KINDS"]
    doors = gd_value(gd_consts(read("doors/DoorsExtension.gd"))["STATE_NAMES"])
    assert len(doors) == len(v["DOOR_STATES"])
    assert all(word.startswith(name) for word, name in zip(doors, v["DOOR_STATES"])), doors
    speeds = gd_value(gd_consts(read("hud/TopBar.gd"))["SPEEDS"])
    assert sorted(speeds.values()) == v["SPEEDS"]


def test_no_other_gdscript_copies_a_shared_list():
    lists = {name: value for name, value in values().items()
             if isinstance(value, list) and len(value) >= 3 and isinstance(value[0], str)}
    allowed = {(rel, const) for rel, const, _ in SAME + SAME_NAMES}
    copies = []
    for folder, _dirs, files in os.walk(GP):
        for fname in files:
            if not fname.endswith(".gd") or fname == "Shared.gd":
                continue
            path = os.path.join(folder, fname)
            rel = os.path.relpath(path, GP)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for const, source in gd_consts(text).items():
                if (rel, const) in allowed or source.startswith("Shared."):
                    continue
                value = gd_value(source)
                for name, want in lists.items():
                    if value == want:
                        copies.append("%s %s (use Shared.%s)" % (rel, const, name))
    assert not copies, copies
