"""The catalogue of level things (pysim/core/level.py CATALOG): every thing is listed with its
args, an arg of the wrong form is refused the same way by the catalogue's check (what the
level editor asks as the designer types) and by the level itself, and the editor's Wire
tool asks the [wires] section's own check (Checker.check_wire)."""
import os

import pytest

from pysim.core import level
from pysim.level import LevelError, load_text
from pysim.session import Checker

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIRING = os.path.join(ROOT, "godot_project", "levels", "trap_wiring_test.tscn")


def test_every_level_thing_is_in_the_catalogue_and_grouped():
    listed = Checker().level_things()
    assert sorted(d["kind"] for d in listed) == sorted(level.THINGS)
    groups = [d["group"] for d in listed]
    assert set(groups) <= set(level.GROUPS)
    # the palette's order: by group, the groups in their order
    assert groups == sorted(groups, key=level.GROUPS.index)
    assert all(d["about"].endswith(".") and d["about"][0].isupper() for d in listed)
    by = {d["kind"]: d for d in listed}
    assert by["door"]["choices"] == ["", "held"]
    assert by["padlock"]["choices"] == ["", "armed", "disarmed", "blueprint"]
    assert by["adventurer"]["choices"] == ["", "knight", "peasant", "priest", "rogue", "scout",
                                           "warrior"]
    assert by["duty"]["choices"] == ["none", "traps", "drudgery"]
    assert by["mark"]["choices"] == ["blood", "scorch"]
    assert by["trap"]["choices"][:5] == ["tripwire", "wide_tripwire", "pressure_plate",
                                         "sensor", "lever"]
    assert "timer" in by["trap"]["choices"] and "spinning_blades" in by["trap"]["choices"]
    assert by["trap"]["options"] == ["blueprint", "shoddy", "v", "delay=20", "needs_reset",
                                     "expired"]
    assert by["faction"]["choices"] == [] and by["faction"]["hint"]


def test_every_listed_choice_has_the_right_form():
    c = Checker()
    for d in c.level_things():
        for arg in d["choices"]:
            assert c.thing_arg_reason(d["kind"], arg) == "", (d["kind"], arg)
        for opt in d["options"]:
            arg = ("timer" if opt.startswith("delay") else d["choices"][0]) + "/" + opt
            assert c.thing_arg_reason(d["kind"], arg) == "", (d["kind"], arg)


# kind:arg, the reason; every one of these was quietly taken (or made into something else)
# before the catalogue checked args, or is the thing's own check
WRONG = [
    ("door", "hold", "door takes nothing or :held, not :hold"),
    ("minion", "goblin", "minion takes nothing, not :goblin"),
    ("bed", "big", "bed takes nothing, not :big"),
    ("kobold", "troll", "kobold takes nothing, not :troll"),
    ("guardpost", "dark", "guardpost takes nothing or :lit, not :dark"),
    ("adventurer", "wariror", "unknown adventurer class 'wariror' (known: knight, peasant, "
     "priest, rogue, scout, warrior)"),
    ("adventurer", "warrior:6", "an adventurer's level is a whole number from 1 to 5"),
    ("adventurer", "warrior:0", "an adventurer's level is a whole number from 1 to 5"),
    ("creature", "dragon", "unknown creature 'dragon'"),
    ("dungeon_creature", "imp", "unknown creature 'imp'"),
    ("padlock", "open", "padlock takes :armed, :disarmed or :blueprint"),
    ("mark", "mud", "mark needs blood or scorch"),
    ("trap", "leverr", "unknown trap part 'leverr'"),
    ("trap", "timer/delay=x", "delay=N (ticks) is for timers"),
    ("trap", "lever/delay=5", "delay=N (ticks) is for timers"),
    ("trap", "sensor/big", "unknown trap option 'big'"),
    ("metal", "lots", "metal:N needs a whole number from 0 to 10000"),
    ("treasure", "0", "treasure needs an amount from 1 to 1000"),
    ("vein", "1001", "vein:N needs a whole number from 1 to 1000"),
    ("duty", "cooking", "duty must be one of none, traps, drudgery"),
    ("trait", "brave", "unknown trait 'brave'"),
    ("party", "one", "party needs a number"),
]


@pytest.mark.parametrize("kind, arg, words", WRONG, ids=["%s:%s" % w[:2] for w in WRONG])
def test_a_wrong_arg_is_refused_by_the_catalogue_and_by_the_level(kind, arg, words):
    why = Checker().thing_arg_reason(kind, arg)
    assert words in why, why
    # in a level: the error of the map row, with the same words
    host = {"duty": "minion ", "trait": "adventurer ", "party": "adventurer ",
            "padlock": "door "}.get(kind, "")
    text = ("[legend]\nQ = floor %s%s:%s\n[map]\nP.Q.S\n" % (host, kind, arg))
    with pytest.raises(LevelError) as info:
        load_text(text, "bad.level")
    assert str(info.value).startswith("bad.level:4: %s at column 3: " % kind), str(info.value)
    assert words in str(info.value)


def test_right_args_are_taken_by_the_catalogue_and_by_the_level():
    c = Checker()
    for kind, arg in [("adventurer", "warrior:3"), ("adventurer", ""), ("creature", "troll"),
                      ("metal", "0"), ("party", "-2"), ("faction", "north"),
                      ("trap", "timer/delay=20/blueprint"), ("name", "Grub")]:
        assert c.thing_arg_reason(kind, arg) == "", (kind, arg)
    g = load_text("[legend]\nQ = floor adventurer:warrior:3 party:2 faction:north name:Grub\n"
                  "[map]\nP.Q.S\n", "ok.level")
    e = [e for e in g.entities.values()][0]
    assert (e.subtype, e.party, e.faction, e.name) == ("warrior:3", 2, "north", "Grub")


def test_an_unknown_thing_is_named():
    assert Checker().thing_arg_reason("dragon", "").startswith("unknown thing 'dragon'")


# -- the Wire tool's check ------------------------------------------------------------------

def _with_wire(scene, corners):
    points = ", ".join("%d, %d" % (x * 32 + 16, y * 32 + 16) for x, y in corners)
    return scene + ('\n[node name="wire_new" type="Line2D" parent="Wires"]\n'
                    'points = PoolVector2Array( %s )\n' % points)


def _path(*corners):
    from pysim.traps.trap_level import corners_to_path
    return corners_to_path([list(c) for c in corners])


@pytest.mark.parametrize("corners, ok, joins, bumps, words", [
    # the lever (5,5) up to the blades (5,1), across wire 1's straight run at (5,3): a jump
    (((5, 5), (5, 1)), True, [], [[5, 3]], ""),
    # the timer (12,5) to wire 1's bend (9,3): joins it there (a timer may join any network)
    (((12, 5), (12, 3), (9, 3)), True, [[9, 3]], [], ""),
    # the blast trap (1,5) to wire 1's end bend (1,3): a second mechanism on one network
    (((1, 5), (1, 3)), False, [], [], "mechanism"),
    # from nothing to nothing
    (((3, 2), (7, 2)), False, [], [], "Start or end the wire on a part, a door or another wire."),
    # along wire 1
    (((1, 1), (1, 2), (2, 2), (2, 3), (4, 3)), False, [], [], "not run along each other"),
])
def test_the_wire_tools_check_is_the_levels(corners, ok, joins, bumps, words):
    scene = open(WIRING, encoding="utf-8").read()
    got = Checker().check_wire(scene, "res://levels/trap_wiring_test.tscn", _path(*corners))
    assert got["ok"] is ok and words in got["reason"], got
    assert got["joins"] == joins and got["bumps"] == bumps
    if ok:
        assert [tuple(c) for c in got["corners"]] == list(corners)
    # the scene with that wire added: it loads exactly when the check said so, and a
    # refusal is the level's own error for that wire
    try:
        load_text(_with_wire(scene, corners), "w.tscn")
        loaded, error = True, ""
    except LevelError as exc:
        loaded, error = False, str(exc)
    assert loaded is ok, error
    if not ok:
        assert "node 'Wires/wire_new'" in error and got["reason"] in error, (error, got)


def test_the_wire_tool_names_a_level_error():
    scene = open(WIRING, encoding="utf-8").read().replace('arg = "lever"', 'arg = "leverr"')
    got = Checker().check_wire(scene, "x.tscn", _path((5, 5), (5, 1)))
    assert not got["ok"] and got["reason"].startswith("The level has an error (Check level): "
                                                      "x.tscn:")


def test_path_corners_and_corners_to_path_are_inverse():
    from pysim.traps.trap_level import corners_to_path, path_corners
    for corners in ([(1, 1), (1, 3), (9, 3), (9, 1)], [(0, 0), (4, 0)], [(2, 2), (2, 3)]):
        path = corners_to_path([list(c) for c in corners])
        assert path_corners(path) == corners
