"""The level format: what parses, and that every mistake names FILE:LINE."""
import pytest

from pysim.core import entities, level, terrain
from pysim.core.level import LevelError

GOOD = """; a comment
name: Two rooms
seed: 9

[legend]
W = water
' ' = floor

[map]
xxPxxxxxxx
x.m.D. SSx
x.k.#..Sbx
xWW.#a..Sx
xxxxxxxxxx

[commands]
@10 {"type": "set_speed", "speed": 2}
@0:30 {"type": "spawn_party", "members": 2}
@1:00 {"type": "set_speed", "speed": 1}
"""


def test_good_level_builds_the_map_things_and_script():
    g = level.load_text(GOOD, "good.level")
    assert g.name == "Two rooms" and g.seed == 9
    assert (g.grid.width, g.grid.height) == (10, 5)
    t = g.grid.terrain
    assert t[0, 2] == terrain.PORTAL and t[1, 7] == terrain.SANCTUM and t[1, 6] == terrain.FLOOR
    assert t[3, 1] == terrain.WATER and t[0, 0] == terrain.ROCK and t[2, 4] == terrain.WALL
    kinds = [(e.kind, e.x, e.y) for e in g.entities.values()]
    assert kinds == [(entities.MINION, 2, 1), (entities.CREATURE, 2, 2), (entities.BOSS, 8, 2),
                     (entities.ADVENTURER, 5, 3)]
    assert g.entities[2].subtype == "kobold"
    assert g.areas["doors"].at(4, 1) is not None
    assert g.script == [(10, {"type": "set_speed", "speed": 2}),
                        (300, {"type": "spawn_party", "members": 2}),
                        (600, {"type": "set_speed", "speed": 1})]
    # default domain: every tile but rock and portals
    assert g.grid.domain[1, 1] == 1 and g.grid.domain[0, 0] == 0 and g.grid.domain[0, 2] == 0


def test_scripted_commands_run_at_their_tick():
    g = level.load_text(GOOD, "good.level")
    g.run(10)
    assert g.speed == 1
    g.run(1)
    assert g.speed == 2
    g.run(300)
    assert sum(1 for e in g.entities.values() if e.kind == entities.ADVENTURER) == 3


def test_domain_section():
    text = "domain: map\n[map]\n#...#\n#...#\n[domain]\n01110\n.###.\n"
    g = level.load_text(text, "d.level")
    assert g.grid.domain.tolist() == [[0, 1, 1, 1, 0], [0, 1, 1, 1, 0]]
    assert level.load_text("domain: none\n[map]\n...\n", "n").grid.domain.sum() == 0


BAD = [
    ("[map]\n#..#\n#.q#\n", 3, "unknown map character 'q' at column 3"),
    ("[map]\n#..#\n#.#\n", 3, "map row is 3 wide"),
    ("[map]\n#..#\n#P.#\n####\n", 3, "portal at column 2 is not on the map edge"),
    ("name: x\n\n[map]\n#..#\n[commands]\n@5 {\"type\": \"set_speed\", \"speed\": }\n", 6, "bad JSON"),
    ("[map]\n#..#\n[commands]\n@5 {\"type\": \"dance\"}\n", 4, "unknown command type 'dance'"),
    ("[map]\n#..#\n[commands]\n@1:00 {\"type\": \"set_speed\", \"speed\": 1}\n"
     "@0:30 {\"type\": \"set_speed\", \"speed\": 2}\n", 5, "before the previous command"),
    ("[map]\n#..#\n[commands]\n@9:75 {\"type\": \"set_speed\", \"speed\": 1}\n", 4, "minutes past 59"),
    ("[map]\n#..#\n[commands]\n5 {\"type\": \"set_speed\", \"speed\": 1}\n", 4, "start with @TIME"),
    ("[map]\n#..#\n[commands]\n@5 [1, 2]\n", 4, "must be a JSON object"),
    ("seed: many\n[map]\n#..#\n", 1, "seed must be a whole number"),
    ("colour: red\n[map]\n#..#\n", 1, "unknown header 'colour'"),
    ("[map]\n#..#\n[stuff]\n", 3, "unknown section [stuff]"),
    ("[map]\n#..#\n[map]\n", 3, "appears twice"),
    ("[legend]\nQ = lava\n[map]\nQ\n", 2, "unknown terrain 'lava'"),
    ("[legend]\nQ = floor dragon\n[map]\nQ\n", 2, "unknown thing 'dragon'"),
    ("[legend]\nQ floor\n[map]\nQ\n", 2, "legend line must read"),
    ("[legend]\nQ = wall minion\n[map]\n.Q\n", 4, "minion at column 2"),
    ("[legend]\nQ = water door\n[map]\n.Q\n", 4, "door at column 2"),
    ("name: x\n", 1, "no [map] section"),
    ("[map]\n\n", 1, "[map] section is empty"),
    ("name: d\ndomain: map\n[map]\n...\n", 2, "needs a [domain] section"),
    ("[map]\n...\n...\n[domain]\n111\n", 4, "[domain] has 1 rows, the map has 2"),
    ("[map]\n...\n[domain]\n1z1\n", 4, "domain character 'z'"),
]


@pytest.mark.parametrize("text, line, words", BAD)
def test_errors_name_file_and_line(text, line, words):
    with pytest.raises(LevelError) as info:
        level.load_text(text, "levels/bad.level")
    msg = str(info.value)
    assert msg.startswith("levels/bad.level:%d: " % line), msg
    assert words in msg, msg


def test_missing_file_is_a_level_error():
    with pytest.raises(LevelError, match="nope.level:0: cannot read"):
        level.load_file("/nonexistent/nope.level")


def test_things_and_sections_are_extensible():
    placed = []
    seen = []
    level.THINGS["test_marker"] = lambda game, x, y, arg: placed.append((x, y, arg))
    level.SECTIONS["test_notes"] = lambda ctx, lines: seen.extend(lines)
    try:
        text = "[legend]\nT = floor test_marker:red\n[map]\n.T.\n[test_notes]\nhello there\n"
        level.load_text(text, "ext.level")
        assert placed == [(1, 0, "red")]
        assert seen == [(6, "hello there")]
    finally:
        del level.THINGS["test_marker"]
        del level.SECTIONS["test_notes"]


def test_sample_levels_parse():
    import glob
    import os
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    files = sorted(glob.glob(os.path.join(root, "godot_project", "levels", "*.level")))
    assert any(f.endswith("first.level") for f in files)
    for path in files:
        g = level.load_file(path)
        if path.endswith("first.level"):
            assert g.grid.tiles_of(terrain.PORTAL) and g.grid.tiles_of(terrain.SANCTUM)
