"""Names of the minions and adventurers (NAME-01) and of the places (NAME-02):
docs/rules/names.md."""
import pytest

from pysim.adventurers import places
from pysim.core import entities, level
from pysim.core.level import LevelError
from pysim.session import Session

FIRST = open(__file__.rsplit("/tests/", 1)[0] + "/godot_project/levels/first.level").read()

LEVEL = """name: names
seed: 4
[map]
xxxxxxxxxxxxxxxxxxxx
P..................x
x.mmmmmmmm.........x
x.mmmmmmmm......Sbxx
xxxxxxxxxxxxxxxxxxxx
[commands]
@0 {"type": "spawn_party", "members": 6}
"""


def _names(seed):
    g = level.load_text(LEVEL, "names.level", seed)
    g.run(2)
    return [(e.id, e.kind, e.name) for e in g.entities.values()]


@pytest.mark.rule("NAME-01")
def test_every_minion_and_adventurer_has_a_name_the_same_for_a_seed():
    a = _names(7)
    assert a == _names(7)
    named = [n for _, kind, n in a if kind in (entities.MINION, entities.ADVENTURER)]
    assert len(named) == 16 + 6 - 0 and all(named)
    assert len(set(named)) == len(named)
    assert all(n for _, kind, n in a if kind == entities.BOSS)
    others = {tuple(n for _, _, n in _names(s)) for s in range(1, 6)}
    assert len(others) == 5, "different seeds name differently"


@pytest.mark.rule("NAME-01")
def test_names_stay_unique_in_a_crowd():
    # 60 minions from a pool of 576: collisions are drawn again, then numbered.
    rows = ["x" + "m" * 30 + "x"] * 2
    text = "name: crowd\nseed: 1\n[map]\n" + "x" * 32 + "\n" + "\n".join(rows) + "\nx" + "." * 28 + "Sb" + "x\n" + "x" * 32 + "\n"
    g = level.load_text(text, "crowd.level")
    names = [e.name for e in g.entities.values() if e.kind == entities.MINION]
    assert len(names) == 60 and len(set(names)) == 60


@pytest.mark.rule("NAME-01")
def test_the_names_stream_leaves_the_other_streams_alone(monkeypatch):
    from pysim.core import names

    def play():
        g = level.load_text(FIRST, "first.level", 3)
        g.run(1500)
        states = [(n, g.rng._streams[n].bit_generator.state) for n in sorted(g.rng._streams) if n not in ("names", "creature_names")]
        return states, [(e.id, e.x, e.y, e.state) for e in g.entities.values()]

    named = play()
    monkeypatch.setattr(names, "_draw", lambda game, kind: "")
    monkeypatch.setattr(names, "unique", lambda name, taken: "")
    unnamed = play()
    assert named == unnamed


def test_unique_numbers_a_taken_name():
    from pysim.core import names
    assert names.unique("Grub", []) == "Grub"
    assert names.unique("Grub", ["Grub"]) == "Grub the Second"
    assert names.unique("Grub", ["Grub", "Grub the Second"]) == "Grub the Third"


@pytest.mark.rule("NAME-01")
def test_a_level_gives_names_and_they_win():
    text = LEVEL.replace("[map]", "[legend]\ng = floor minion name:Grub_the_Bold\n[map]").replace(
        "x.mmmmmmmm.........x\nx.mmmmmmmm......Sbxx", "x.mmmmmmmm.........x\nx.mmmmmmmg......Sbxx")
    g = level.load_text(text, "named.level")
    ents = list(g.entities.values())
    assert ents[15].name == "Grub the Bold"
    assert len({e.name for e in ents if e.name}) == len([e for e in ents if e.name])
    info = Session(text, "named.level").describe(16)
    assert info["title"] == "Grub the Bold, minion"


def test_a_name_on_an_empty_tile_is_a_level_error():
    text = LEVEL.replace("[map]", "[legend]\nn = floor name:Grub\n[map]").replace("P....", "P..n.")
    with pytest.raises(LevelError, match="name:Grub needs a minion"):
        level.load_text(text, "bad.level")


def _one_warrior_level_2():
    """A session whose party is one level-2 warrior, and its names()."""
    s = Session(LEVEL.replace("spawn_party\", \"members\": 6",
                              "spawn_party\", \"members\": 1, \"subtypes\": [\"warrior:2\"]"), "n.level", 2)
    s.step(0.3)
    return s, s.names()


@pytest.mark.rule("NAME-01")
def test_adventurers_carry_class_and_level_in_describe_and_names():
    s, out = _one_warrior_level_2()
    i = out["classes"].index("warrior")
    assert out["levels"][i] == 2
    assert out["titles"][i] == "%s, warrior level 2" % out["names"][i]
    info = s.describe(out["ids"][i])
    assert (info["class"], info["level"]) == ("warrior", 2)
    assert s.snapshot()["names_version"] == out["ids"][-1] + 1


@pytest.mark.rule("NAME-02")
def test_places_have_names_from_the_sanctum_and_the_portals():
    g = level.load_text(FIRST, "first.level")
    assert places.place_name(g, 0, 5) == "the west portal"
    assert places.place_name(g, 32, 21) == "the sanctum"     # the Boss's tile
    assert places.place_name(g, 10, 4) == "the north-west room"    # the guard room
    assert places.place_name(g, 28, 4) == "the north room"         # the barracks
    assert places.place_name(g, 18, 5).startswith("the door between ")
    assert "the north-west room" in places.place_name(g, 18, 5)
    assert places.place_name(g, 2, 4).startswith("the rock by the ")
    # Every tile has a name; none of them is a coordinate.
    place, names = places.maps(g)
    assert place.min() >= 0 and place.max() < len(names)
    assert not any(ch.isdigit() for n in names for ch in n.replace(" 3", "").replace(" 4", ""))


@pytest.mark.rule("NAME-02")
def test_digging_moves_the_places_version_and_the_session_sends_them():
    s = Session(FIRST, "first.level")
    v = s.snapshot()["places_version"]
    out = s.places()
    assert out["place"].shape == (48 * 32,) and out["version"] == v
    assert out["names"][out["place"][5 * 48 + 0]] == "the west portal"
    s.game.grid.set_terrain(2, 5, 1)      # a tile of rock beside the portal corridor
    assert s.snapshot()["places_version"] != v


def test_check_says_the_reason_without_changing_the_game():
    s = Session(FIRST, "first.level")
    before = s.game.state_hash()
    bad = s.check({"type": "place_part", "kind": "pressure_plate", "x": 0, "y": 0})
    assert bad["ok"] is False and bad["reason"]
    good = s.check({"type": "set_speed", "speed": 2})
    assert good == {"ok": True, "reason": "", "note": ""}
    assert s.check({"type": "no_such"})["reason"].startswith("Unknown command")
    # the command is made plain first, as one sent would be: a malformed one is refused
    # with the reason a send would give, not a traceback
    deep = {"type": "set_speed", "speed": 2}
    for _ in range(20):
        deep = {"type": "set_speed", "speed": 2, "x": deep}
    nested = s.check(deep)
    assert nested["ok"] is False and "deep" in nested["reason"]
    assert s.check({"type": "set_speed", "speed": 2 ** 70})["ok"] is False
    assert s.game.state_hash() == before


def test_a_loaded_save_says_which_level_it_came_from():
    # The level picker showed the old level after loading a save from another one.
    saved = Session(FIRST, "res://levels/first.level")
    saved.step(0.5)
    other = Session(LEVEL, "res://levels/names.level")
    result = other.load_save(saved.save_text(), "quick.msave")
    assert result["ok"] and result["level"] == "res://levels/first.level"


def test_part_kinds_say_cost_and_what_each_does():
    # A cost and a one-line description on every buildable (the Build Trap picker).
    from pysim.traps import trap_parts as tp
    out = Session(FIRST, "first.level").part_kinds()
    assert out["kinds"] == list(tp.ALL_KINDS)
    assert all(n and "tick" not in n for n in out["notes"]), out["notes"]
    assert out["metal"][out["kinds"].index("blast_trap")] == tp.METAL["blast_trap"]


CREATURES = """name: creatures
seed: 4
[legend]
K = floor dungeon_creature:kobold
w = floor creature:wolf
[map]
xxxxxxxxxxxxxxxxxxxx
P..KKK....www......x
x.mm...............x
x..........KK...Sbxx
xxxxxxxxxxxxxxxxxxxx
"""


@pytest.mark.rule("NAME-01")
def test_creatures_and_the_boss_have_names_from_their_own_stream():
    from pysim.core import names
    g = level.load_text(CREATURES, "c.level", 5)
    creatures = [e for e in g.entities.values() if e.kind == entities.CREATURE]
    boss = [e for e in g.entities.values() if e.kind == entities.BOSS][0]
    assert len(creatures) == 8 and all(e.name in names.CREATURE_NAMES for e in creatures)
    assert len({e.name for e in creatures}) == 8, "unique within the game"
    kobold = [e for e in creatures if e.subtype.startswith("kobold")][0]
    assert names.title(kobold) == kobold.name + " the kobold"
    wolf = [e for e in creatures if e.subtype.startswith("wolf")][0]
    assert names.title(wolf) == wolf.name + " the wolf"
    head, _, epithet = boss.name.partition(" ")
    assert head in names.BOSS_NAMES and epithet in names.BOSS_EPITHETS
    assert names.title(boss) == boss.name
    assert names.long_title(boss) == boss.name + ", your Boss"
    # Their own stream: the minions' names are the ones a game without creature names draws.
    assert "creature_names" in g.rng._streams
    minions = [e.name for e in g.entities.values() if e.kind == entities.MINION]
    head, _, rows = CREATURES.partition("[map]")
    plain = head + "[map]" + rows.replace("K", ".").replace("w", ".").replace("Sb", "S.")
    assert minions == [e.name for e in level.load_text(plain, "c.level", 5).entities.values()
                       if e.kind == entities.MINION]
    # Seeds name them differently; the same seed the same.
    again = level.load_text(CREATURES, "c.level", 5)
    assert [e.name for e in again.entities.values()] == [e.name for e in g.entities.values()]
    others = {tuple(e.name for e in level.load_text(CREATURES, "c.level", s).entities.values()
                    if e.kind == entities.CREATURE) for s in range(1, 6)}
    assert len(others) == 5


@pytest.mark.rule("NAME-01")
def test_a_level_names_its_boss_and_the_panel_and_log_use_it():
    text = CREATURES.replace("[map]", "b = sanctum boss name:Malignus_the_Undying\n[map]")
    s = Session(text, "c.level", 5)
    boss = [e for e in s.game.entities.values() if e.kind == entities.BOSS][0]
    assert boss.name == "Malignus the Undying"
    out = s.names()
    i = out["ids"].index(boss.id)
    assert out["names"][i] == "Malignus the Undying"
    assert out["titles"][i] == "Malignus the Undying, your Boss"
    assert s.describe(boss.id)["title"] == "Malignus the Undying, your Boss"
    kobold = [e for e in s.game.entities.values() if e.subtype.startswith("kobold")][0]
    assert s.describe(kobold.id)["title"] == kobold.name + " the kobold"


def test_a_numbered_creature_name_takes_a_comma():
    from pysim.core import names
    e = entities.Entity(entities.CREATURE, 0, 0)
    e.subtype = "kobold"
    e.name = "Grub the Second"
    assert names.title(e) == "Grub the Second, the kobold"
    e.name = ""
    assert names.title(e) == "the kobold"


def test_names_tell_what_each_body_is_drawn_as():
    """Session.names()["looks"]: the subtype without its level (the map's sprite, Art.gd)."""
    s, out = _one_warrior_level_2()
    i = out["classes"].index("warrior")
    assert out["looks"][i] == "warrior"
    kinds = {e.id: e.kind for e in s.game.entities.values()}
    for eid, look in zip(out["ids"], out["looks"]):
        if kinds[eid] == 0:
            assert look == ""
