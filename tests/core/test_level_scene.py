"""Levels as Godot scenes (pysim/core/level_scene.py): the converter both ways keeps the game
(same state hash after 48 game hours), the project's scene copies are the converter's
output, errors name the scene's node and line, a malformed scene is one FILE:LINE error."""
import glob
import os
import random
import re
import subprocess
import sys

import pytest

from conftest import pysim_env
from pysim.core import godot_text, level_scene, save, scene_writer
from pysim.level import LevelError, load_file, load_text
from pysim.session import Session, validate_level

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LEVELS = sorted(glob.glob(os.path.join(ROOT, "godot_project", "levels", "*.level")))
DOORS = os.path.join(ROOT, "godot_project", "levels", "doors_demo.tscn")

sys.path.insert(0, os.path.dirname(HERE))
from test_level_hashes import HOURS, _golden, _key  # noqa: E402


def _hash_after(game, hours=HOURS):
    for _ in range(hours * 600):
        game.step()
        game.take_events()
    return game.state_hash()


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _refused(text, source="bad.tscn"):
    with pytest.raises(LevelError) as info:
        load_text(text, source)
    return str(info.value)


@pytest.mark.parametrize("path", LEVELS, ids=[os.path.basename(p) for p in LEVELS])
def test_round_trip_keeps_the_game_for_every_project_level(path):
    """level -> scene -> level text: all three play 48 hours to the recorded hash."""
    text = _read(path)
    scene = scene_writer.level_to_scene(text, path)
    back, _ = level_scene.scene_to_text(scene, "x.tscn")
    recorded = _golden()[_key(path, None)]
    assert _hash_after(load_text(scene, "x.tscn")) == recorded
    assert _hash_after(load_text(back, "x.level")) == recorded
    # A second trip changes nothing: the scene text is a fixed point.
    assert scene_writer.level_to_scene(back, path).split("\n", 9)[9] == scene.split("\n", 9)[9]


@pytest.mark.parametrize("path", LEVELS, ids=[os.path.basename(p) for p in LEVELS])
def test_project_scene_copies_are_the_converters_output(path):
    scene_path = path[:-len(".level")] + ".tscn"
    assert os.path.isfile(scene_path), "convert it: python -m pysim convert %s %s" % (
        os.path.relpath(path, ROOT), os.path.relpath(scene_path, ROOT))
    assert _read(scene_path) == scene_writer.level_to_scene(_read(path), path)


def test_the_converter_writes_what_the_godot_editor_saves():
    """tests/data/trap_demo_saved_by_godot.tscn: trap_demo.tscn (32 px cells, the tile set cut
    from the atlas) opened in Godot 3.2.3's editor and saved from it (the level dock's Play
    button saves first). Opening and saving a converted level in the editor changes nothing,
    and the editor's file reads back."""
    saved = _read(os.path.join(os.path.dirname(HERE), "data", "trap_demo_saved_by_godot.tscn"))
    level_path = os.path.join(ROOT, "godot_project", "levels", "trap_demo.level")
    assert scene_writer.level_to_scene(_read(level_path), level_path) == saved
    assert _hash_after(load_text(saved, "saved.tscn"), 2) == _hash_after(load_file(level_path), 2)


def test_a_scene_is_read_on_its_terrains_cells():
    """Things and wires stand on the Terrain TileMap's cells, whatever its cell_size: the
    editor's save of trap_demo.tscn from when scenes were painted on 16 px cells is the same
    level as today's 32 px copy; no cell_size is Godot's default 64; a cell_size under a
    pixel is refused on the Terrain's line."""
    old = _read(os.path.join(os.path.dirname(HERE), "data", "trap_demo_16px_saved_by_godot.tscn"))
    assert "cell_size = Vector2( 16, 16 )" in old
    now = _read(os.path.join(ROOT, "godot_project", "levels", "trap_demo.tscn"))
    assert "cell_size = Vector2( 32, 32 )" in now
    text = level_scene.scene_to_text(now, "x.tscn")[0]
    assert level_scene.scene_to_text(old, "x.tscn")[0] == text
    at64 = re.sub(r"(position = Vector2|points = PoolVector2Array)\( ([-\d, ]+) \)",
                  lambda m: "%s( %s )" % (m.group(1), ", ".join(
                      str(int(v) * 4) for v in m.group(2).split(", "))),
                  old.replace("cell_size = Vector2( 16, 16 )\n", ""))
    assert level_scene.scene_to_text(at64, "x.tscn")[0] == text
    msg = _refused(old.replace("cell_size = Vector2( 16, 16 )", "cell_size = Vector2( 0.5, 16 )"))
    assert msg == "bad.tscn:%d: node 'Terrain': cell_size must be 1 x 1 pixels or more" % (
        _line_of(old, "cell_size"))


def test_load_file_dispatches_on_the_extension_and_saves_load_again(tmp_path):
    game = load_file(DOORS, seed=5)
    assert game.level_source == DOORS and game.name == "Doors demo"
    assert not level_scene.is_scene_text(game.level_text)      # a save holds level text
    for _ in range(300):
        game.step()
    again = save.loads(save.dumps(game), "s.save")
    assert again.state_hash() == game.state_hash()


def test_runner_runs_a_scene_and_converts_both_ways(tmp_path):
    env = pysim_env()
    scene = tmp_path / "d.tscn"
    back = tmp_path / "d.level"
    run = [sys.executable, "-P", "-m", "pysim"]
    r = subprocess.run(run + ["convert", os.path.join(ROOT, "godot_project", "levels",
                                                      "doors_demo.level"), str(scene)],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    r = subprocess.run(run + ["convert", str(scene), str(back)], capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    hashes = []
    for path in (scene, back):
        r = subprocess.run(run + ["run", str(path), "--hours", "1"], capture_output=True,
                           text=True, env=env, timeout=120)
        assert r.returncode == 0, r.stderr
        hashes.append(r.stdout.split()[-1])
    assert hashes[0] == hashes[1]
    scene.write_text(scene.read_text().replace('kind = "padlock"', 'kind = "padlok"'))
    r = subprocess.run(run + ["run", str(scene)], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 2
    assert re.match(r"^\S+d\.tscn:\d+: node 'Things/padlock_5_2': unknown thing 'padlok'",
                    r.stderr), r.stderr


# -- errors name the node ---------------------------------------------------------------------

def _doors():
    return _read(DOORS)


def _line_of(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def test_a_things_refusal_names_its_node_and_tile():
    text = _doors().replace('arg = "lever"', 'arg = "leverr"')
    msg = _refused(text)
    line = _line_of(text, '[node name="trap_lever_2_4"')
    assert msg.startswith("bad.tscn:%d: node 'Things/trap_lever_2_4': trap at tile 2,4: "
                          "unknown trap part 'leverr'" % line), msg


def test_an_unknown_thing_names_its_node_and_property_line():
    text = _doors().replace('kind = "padlock"', 'kind = "padlok"')
    msg = _refused(text)
    assert msg.startswith("bad.tscn:%d: node 'Things/padlock_5_2': unknown thing 'padlok'"
                          % _line_of(text, 'kind = "padlok"')), msg


def test_a_thing_on_a_wall_names_its_node():
    text = _doors().replace("position = Vector2( 320, 224 )", "position = Vector2( 0, 0 )")
    msg = _refused(text)
    assert "node 'Things/minion_10_7': minion at tile 0,0: it needs a tile it can stand on" \
        in msg, msg


def test_a_bent_wire_names_its_line2d():
    text = _doors().replace("points = PoolVector2Array( 80, 144, 80",
                            "points = PoolVector2Array( 80, 144, 112")
    msg = _refused(text)
    assert re.match(r"bad\.tscn:\d+: node 'Wires/wire_1': corners 2,4 and 3,3 are not in one "
                    r"row or column", msg), msg


def test_a_tile_that_is_no_terrain_names_the_tilemap():
    text = _doors().replace("tile_data = PoolIntArray( 0, 2, 0,", "tile_data = PoolIntArray( 0, 9, 0,")
    msg = _refused(text)
    assert msg == ("bad.tscn:%d: node 'Terrain': tile 9 at 0,0 is not a terrain (0-5: rock, "
                   "floor, wall, water, portal, sanctum)" % _line_of(text, "tile_data"))


def test_a_portal_inside_the_map_names_the_tile():
    text = _doors().replace("65537, 1, 0", "65537, 4, 0")
    msg = _refused(text)
    assert "node 'Terrain': portal at tile 1,1 is not on the map edge" in msg, msg


def test_a_bad_command_names_the_commands_node():
    text = _doors().replace('@0:30 {', '@0:3x {')
    msg = _refused(text)
    assert msg.startswith("bad.tscn:%d: node 'Commands': time '0:3x' is not h:mm"
                          % _line_of(text, "lines = PoolStringArray")), msg


def test_missing_terrain_and_domain_maps_are_named():
    text = _doors().replace('[node name="Terrain" type="TileMap"', '[node name="Ground" type="TileMap"')
    assert "node 'Level': the level needs a TileMap child named Terrain" in _refused(text)
    text = _doors().replace('level_seed = 11', 'level_seed = 11\ndomain = "map"')
    assert "node 'Level': domain \"map\" needs a TileMap child named Domain" in _refused(text)


def test_a_thing_off_the_map_is_refused():
    text = _doors().replace("position = Vector2( 320, 224 )", "position = Vector2( -40, 224 )")
    assert "node 'Things/minion_10_7': minion at -2,7 is off the painted map" in _refused(text)


# -- malformed scene files --------------------------------------------------------------------

@pytest.mark.parametrize("text, line, words", [
    ("[gd_scene format=2]\n\n[node name=\"Level\" type=\"Node2D\"]\nnotes = \"open\n", 4,
     "a string that is never closed"),
    ("[gd_scene format=2]\n[node name=\"L\"]\nx = Vector2( 1, 2\n", 4, "expected ',' or ')', found the end of the file"),
    ("[gd_scene format=2]\n[node name=\"L\"]\nx = " + "[" * 40 + "\n", 3, "nested more than"),
    ("[gd_scene format=2]\n[node name=\"L\"]\n[node name=\"L\" parent=\".\"]\n"
     "[node name=\"L\" parent=\".\"]\n", 4, "appears twice"),
    ("[gd_scene format=2]\n[node name=\"L\"]\n[node name=\"C\"]\n", 3, "needs a parent"),
    ("[gd_scene format=2]\n[node name=\"L\"]\nx = \"a\\qb\"\n", 3, "unknown escape"),
    ("[gd_scene format=2]\n[wat]\n", 2, "unknown section [wat]"),
    ("[gd_scene format=2]\n[node name=\"L\"]\n= 3\n", 3, "expected 'key = value'"),
    ("[gd_scene format=2]\n[node name=\"L\"]\nx = @\n", 3, "expected a value"),
    ("[gd_scene format=2]\n", 1, "the scene has no nodes"),
    ("[gd_scene format=2]\n[node name=\"L\"]\ntile_data = 3\n", 2, "needs a TileMap child"),
])
def test_a_malformed_scene_is_one_file_line_error(text, line, words):
    msg = _refused(text)
    assert msg.startswith("bad.tscn:%d: " % line) and words in msg, msg


def test_a_tilemap_with_a_broken_tile_data_is_named():
    text = _doors().replace("tile_data = PoolIntArray( 0, 2, 0,", "tile_data = PoolIntArray( 0, 2,")
    assert "node 'Terrain': tile_data holds" in _refused(text)
    text = _doors().replace("tile_data = PoolIntArray( 0, 2, 0,", "tile_data = PoolIntArray( -1, 2, 0,")
    assert "node 'Terrain': a tile at -1,-1, left of or above" in _refused(text)


def test_mangled_scenes_give_only_level_errors():
    """Cut, doubled and flipped bytes of a real scene: a LevelError or a game, nothing else."""
    text = _doors()
    rng = random.Random(14)
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                del chars[i:i + rng.randint(1, 40)]
            elif op == 1:
                chars.insert(i, rng.choice('[]()"{},=\\\n 0123456789-.abc'))
            else:
                chars[i] = rng.choice('[]()"{},=\\\n 0123456789')
        try:
            load_text("".join(chars), "m.tscn")
        except LevelError as exc:
            assert re.match(r"^m\.tscn:\d+: ", str(exc)), str(exc)


def test_godot_strings_and_values_read_back():
    scene = godot_text.read_scene(
        '[gd_scene load_steps=2 format=2]\n[ext_resource path="res://a.gd" type="Script" id=1]\n'
        '[node name="L" type="Node2D"]\nscript = ExtResource( 1 )\n'
        's = "a\\"b\\\\c\\nd \\u00e9"\nf = -1.5e3\nb = true\nn = null\n'
        'd = {\n"k": [ 1, 2 ],\n"v": Vector2( 3, 4 )\n}\n'
        'p = PoolStringArray( "x", "y" )\n', "v.tscn")
    root = scene.root()
    assert root.props["s"] == 'a"b\\c\nd \u00e9'
    assert godot_text.quote(root.props["s"]) == '"a\\"b\\\\c\nd \u00e9"'
    assert root.props["f"] == -1500.0 and root.props["b"] is True and root.props["n"] is None
    assert root.props["d"] == {"k": [1, 2], "v": godot_text.Call("Vector2", [3, 4])}
    assert root.props["p"] == ["x", "y"]
    assert root.prop_lines["p"] == 13 and scene.ext[1].attrs["path"] == "res://a.gd"


# -- the editor's checks ----------------------------------------------------------------------

def test_validate_level_says_ok_or_the_error():
    ok = validate_level(_doors(), "res://levels/doors_demo.tscn")
    assert ok == {"ok": True, "name": "Doors demo", "width": 12, "height": 9, "entities": 1,
                  "commands": 1, "dark": 0, "goals": 0}
    bad = Session(_read(LEVELS[0]), "x.level").validate_level(
        _doors().replace('kind = "padlock"', 'kind = "padlok"'), "res://levels/d.tscn")
    assert bad["error"].startswith("res://levels/d.tscn:")
    assert "node 'Things/padlock_5_2'" in bad["error"]


def test_the_game_session_starts_from_a_scene():
    s = Session(_doors(), "res://levels/doors_demo.tscn", -1)
    assert s.snapshot()["width"] == 12
    assert s.load_level(_doors(), "res://levels/doors_demo.tscn")["ok"]
    assert "error" in s.load_level(_doors()[:500], "res://levels/cut.tscn")


def test_the_editor_draws_every_level_thing_pysim_knows():
    """Thing.gd's LOOK (the glyph each kind is drawn as in the editor) has every level thing
    pysim knows and no other; the Kind list itself comes from pysim's catalogue."""
    from pysim.core import level
    from pysim.core.game import load_rule_modules
    load_rule_modules()
    source = _read(os.path.join(ROOT, "godot_project", "addons", "malignus_level", "Thing.gd"))
    block = source[source.index("const LOOK := {"):]
    kinds = re.findall(r'^\t"(\w+)": \[', block[:block.index("\n}")], re.M)
    assert sorted(kinds) == sorted(level.THINGS)
