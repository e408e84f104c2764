"""Dark areas in levels: the [light] section of the text format, the Light TileMap of a level
scene, both ways through the converter, and their errors (FILE:LINE)."""
import os
import re
import subprocess
import sys

import pytest

from conftest import pysim_env
from pysim.core import level, level_scene, scene_writer
from pysim.level import LevelError, load_text

DARK = """; a corridor with a dark stretch
name: Dark corridor
seed: 3
[legend]
p = floor trap:pressure_plate
[map]
xxxxxxxxxxxx
P...p......S
xxxxxxxxxxxx
[light]
............
..0123456789
99999999999.
"""


def _refused(text, source="bad.level"):
    with pytest.raises(LevelError) as info:
        load_text(text, source)
    return str(info.value)


def test_the_light_section_sets_each_tiles_light():
    g = load_text(DARK, "dark.level")
    assert g.grid.light[1].tolist() == [255, 255, 0, 28, 57, 85, 113, 142, 170, 198, 227, 255]
    assert g.grid.light[0].tolist() == [255] * 12          # '.' is full light
    assert g.grid.light[2].tolist() == [255] * 12          # and so is 9


def test_a_level_without_light_is_all_lit():
    g = load_text(DARK[:DARK.index("[light]")], "lit.level")
    assert (g.grid.light == 255).all()


def test_comments_and_spaces_in_the_light_section():
    text = DARK.replace("[light]\n", "[light]\n; the first row\n").replace(
        "............\n..0", "     .......\n..0")
    g = load_text(text, "dark.level")
    assert g.grid.light[0].tolist() == [255] * 12 and g.grid.light[1, 2] == 0


@pytest.mark.parametrize("rows, line, words", [
    ("............\n..0123456789\n", 10, "[light] has 2 rows, the map has 3"),
    ("............\n..0123456789\n99999999999.\n............\n", 14,
     "[light] has 4 rows, the map has 3"),
    ("............\n..012345678\n99999999999.\n", 12, "light row is 11 wide, the map is 12"),
    ("............\n..01234a6789\n99999999999.\n", 12,
     "light 'a' at column 8 is not a light level: 0 (dark) to 9 (full light)"),
    ("............\n..0123456789\n9999999999-.\n", 13, "light '-' at column 11"),
])
def test_bad_light_is_one_file_line_error(rows, line, words):
    msg = _refused(DARK[:DARK.index("[light]")] + "[light]\n" + rows)
    assert msg.startswith("bad.level:%d: " % line) and words in msg, msg


def test_light_twice_is_refused():
    msg = _refused(DARK + "[light]\n............\n............\n............\n")
    assert msg.startswith("bad.level:14: section [light] appears twice (first at line 10)"), msg


def test_a_scene_carries_the_light_both_ways():
    scene = scene_writer.level_to_scene(DARK, "dark.level")
    assert '[node name="Light" type="TileMap" parent="."]' in scene
    assert '[ext_resource path="res://addons/malignus_level/light.tres" type="TileSet" id=7]' \
        in scene
    # painted cells only where it is not full light: tile id = light level
    assert "tile_data = PoolIntArray( 65538, 0, 0, 65539, 1, 0, 65540, 2, 0, 65541, 3, 0, " \
           "65542, 4, 0, 65543, 5, 0, 65544, 6, 0, 65545, 7, 0, 65546, 8, 0 )" in scene
    back, _ = level_scene.scene_to_text(scene, "dark.tscn")
    assert "[light]\n............\n..012345678.\n............\n" in back
    a, b, c = load_text(DARK, "a.level"), load_text(scene, "b.tscn"), load_text(back, "c.level")
    assert a.grid.light.tolist() == b.grid.light.tolist() == c.grid.light.tolist()
    for g in (a, b, c):
        g.run(120)
    assert a.state_hash() == b.state_hash() == c.state_hash()


def test_a_scene_without_light_has_no_light_node():
    scene = scene_writer.level_to_scene(DARK[:DARK.index("[light]")], "lit.level")
    assert "Light" not in scene and "light.tres" not in scene


def _scene_line(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def test_bad_light_in_a_scene_names_the_light_tilemap():
    scene = scene_writer.level_to_scene(DARK, "dark.level")
    line = _scene_line(scene, "tile_data = PoolIntArray( 65538")
    bad = scene.replace("65538, 0, 0,", "65538, 12, 0,")
    assert _refused(bad, "bad.tscn") == (
        "bad.tscn:%d: node 'Light': tile 12 at 2,1 is not a light level (0 dark .. 9 full "
        "light)" % line)
    off = scene.replace("65538, 0, 0,", "196610, 0, 0,")        # row 3 of a 3-row map
    assert _refused(off, "bad.tscn") == (
        "bad.tscn:%d: node 'Light': light painted at 2,3, off the painted map (12 x 3)" % line)
    sprite = scene.replace('[node name="Light" type="TileMap"', '[node name="Light" type="Sprite"')
    assert "node 'Light': Light must be a TileMap painted with the light tiles" in \
        _refused(sprite, "bad.tscn")


def test_the_runner_converts_and_runs_a_dark_level(tmp_path):
    """python -m pysim convert both ways and run: the same game from the text, the scene and
    the text made back from the scene."""
    env = pysim_env()
    run = [sys.executable, "-P", "-m", "pysim"]
    text, scene, back = tmp_path / "d.level", tmp_path / "d.tscn", tmp_path / "back.level"
    text.write_text(DARK)
    for src, dst in ((text, scene), (scene, back)):
        r = subprocess.run(run + ["convert", str(src), str(dst)], capture_output=True,
                           text=True, env=env, timeout=120)
        assert r.returncode == 0, r.stderr
    assert "[light]" in back.read_text()
    finals = []
    for path in (text, scene, back):
        r = subprocess.run(run + ["run", str(path), "--ticks", "60"], capture_output=True,
                           text=True, env=env, timeout=120)
        assert r.returncode == 0, r.stderr
        finals.append(r.stdout.split()[-1])
    assert len(set(finals)) == 1
    text.write_text(DARK.replace("..0123456789", "..0123x56789"))
    r = subprocess.run(run + ["run", str(text)], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 2
    assert re.match(r"^\S*d\.level:12: light 'x' at column 7 is not a light level", r.stderr), \
        r.stderr


def test_every_light_level_is_written_in_the_docs():
    """docs/level-format.md lists the light of every level character."""
    doc = open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "docs", "level-format.md"), encoding="utf-8").read()
    table = doc[doc.index("## [light]"):]
    for d, value in enumerate(level.LIGHT_LEVELS):
        assert "| `%d` | %d |" % (d, value) in table, (d, value)
