"""The converter from a level text to a level scene (.tscn): the scene the level editor opens
and level_scene.py reads back to the same game (docs/level-format.md, "Levels as scenes").
It loses only comments after the first section and the choice of legend characters.
"""
import json

from pysim.core import clock, files, godot_text, level
from pysim.core.godot_text import quote
from pysim.core.level_scene import ADDON, DOMAIN_TILE, TILE

_RES = (("Level.gd", "Script"), ("terrain.tres", "TileSet"), ("Thing.gd", "Script"),
        ("Commands.gd", "Script"), ("Section.gd", "Script"), ("Wire.gd", "Script"),
        ("light.tres", "TileSet"))


def _node_name(kind, x, y, used):
    name = "%s_%d_%d" % (kind, x, y)
    n = 2
    while name in used:
        name = "%s_%d_%d_%d" % (kind, x, y, n)
        n += 1
    used.add(name)
    return name


def _command_time(tick):
    if tick % clock.TICKS_PER_MINUTE == 0:
        minutes = tick // clock.TICKS_PER_MINUTE
        return "%d:%02d" % (minutes // 60, minutes % 60)
    return str(tick)


def level_to_scene(text, source="level"):
    """The scene text of a level text (the converter; loses only comments after the first
    section and the choice of legend characters)."""
    text = files.normalise(text, source)
    lv = level.parse(text, source)
    notes = []
    for line in text.split("\n"):
        if not line.startswith(";"):
            break
        notes.append(line[1:].strip() if line[1:2] == " " else line[1:])
    out = ["", '[node name="Level" type="Node2D"]', "script = ExtResource( 1 )",
           "level_name = " + quote(lv.name), "level_seed = %d" % lv.seed]
    if lv.domain != "all":                  # the editor leaves a default value out
        out.append("domain = " + quote(lv.domain))
    out.append("notes = " + quote("\n".join(notes)))
    if lv.headers:
        out.append("headers = " + godot_text.pool(
            "PoolStringArray", ["%s: %s" % (n, v) for n, v, _ in lv.headers], quote))
    tiles = []
    domain = []
    for y, (_, row) in enumerate(lv.rows):
        for x, ch in enumerate(row):
            tiles += [(y << 16) | x, int(lv.legend[ch][0]), 0]
    for y, (_, row) in enumerate(lv.domain_rows):
        for x, ch in enumerate(row):
            if ch in "1#":
                domain += [(y << 16) | x, DOMAIN_TILE, 0]
    out += ["", '[node name="Terrain" type="TileMap" parent="."]', "tile_set = ExtResource( 2 )",
            "cell_size = Vector2( %d, %d )" % (TILE, TILE), "format = 1",
            "tile_data = " + godot_text.pool("PoolIntArray", tiles, str)]
    if lv.domain == "map":
        out += ["", '[node name="Domain" type="TileMap" parent="."]',
                "modulate = Color( 1, 1, 1, 0.35 )", "tile_set = ExtResource( 2 )",
                "cell_size = Vector2( %d, %d )" % (TILE, TILE), "format = 1",
                "tile_data = " + godot_text.pool("PoolIntArray", domain, str)]
    lights = []
    for y, (_, row) in enumerate(lv.light_rows):
        for x, ch in enumerate(row):
            if level.light_level(ch) != level.FULL_LIGHT:
                lights += [(y << 16) | x, level.light_level(ch), 0]
    if lights:
        out += ["", '[node name="Light" type="TileMap" parent="."]', "tile_set = ExtResource( 7 )",
                "cell_size = Vector2( %d, %d )" % (TILE, TILE), "format = 1",
                "tile_data = " + godot_text.pool("PoolIntArray", lights, str)]
    out += ["", '[node name="Things" type="Node2D" parent="."]']
    used = set()
    for y, (_, row) in enumerate(lv.rows):
        for x, ch in enumerate(row):
            for kind, arg in lv.legend[ch][1]:
                out += ["", '[node name="%s" type="Node2D" parent="Things"]'
                        % _node_name(kind if kind != "trap" or not arg else
                                     "trap_" + arg.split("/")[0], x, y, used),
                        "position = Vector2( %d, %d )" % (x * TILE, y * TILE),
                        "script = ExtResource( 3 )", "kind = " + quote(kind),
                        "arg = " + quote(arg or "")]
    sections = [(n, lines) for n, _, lines in lv.sections]
    wires = [lines for n, lines in sections if n == "wires"]
    if wires:
        out += ["", '[node name="Wires" type="Node2D" parent="."]']
        for i, (_, line) in enumerate(wires[0], start=1):
            points = []
            for word in line.split():
                cx, _, cy = word.partition(",")
                points += [int(cx) * TILE + TILE // 2, int(cy) * TILE + TILE // 2]
            out += ["", '[node name="wire_%d" type="Line2D" parent="Wires"]' % i,
                    "points = " + godot_text.pool("PoolVector2Array", points, str),
                    "width = 3.0", "default_color = Color( 1, 0.78, 0.25, 1 )",
                    "script = ExtResource( 6 )"]
    others = [(n, lines) for n, lines in sections if n != "wires"]
    if others:
        out += ["", '[node name="Sections" type="Node" parent="."]']
        for name, lines in others:
            out += ["", '[node name="%s" type="Node" parent="Sections"]' % name,
                    "script = ExtResource( 5 )", "section = " + quote(name),
                    "lines = " + godot_text.pool("PoolStringArray", [t for _, t in lines], quote)]
    if lv.commands:
        lines = ["@%s %s" % (_command_time(tick), json.dumps(cmd)) for tick, cmd, _ in lv.commands]
        out += ["", '[node name="Commands" type="Node" parent="."]', "script = ExtResource( 4 )",
                "lines = " + godot_text.pool("PoolStringArray", lines, quote)]
    # The resources the nodes use, with their fixed ids, as the editor saves them.
    body = "\n".join(out) + "\n"
    used = [(i, name, kind) for i, (name, kind) in enumerate(_RES, start=1)
            if "ExtResource( %d )" % i in body]
    head = ["[gd_scene load_steps=%d format=2]" % (len(used) + 1), ""]
    head += ['[ext_resource path="%s%s" type="%s" id=%d]' % (ADDON, name, kind, i)
             for i, name, kind in used]
    return "\n".join(head) + "\n" + body
