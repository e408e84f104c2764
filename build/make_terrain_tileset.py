"""Writes godot_project/addons/malignus_level/terrain.tres: the terrain TileSet level scenes
are painted with. Tile id = pysim's terrain code (pysim/core/terrain.py), plus the Domain
map's tile; the 16 px tiles are drawn here (flat colours of the game's terrain shader with a
pattern each) and embedded in the TileSet, so nothing needs importing.

    build/venv/bin/python build/make_terrain_tileset.py
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from pysim.core import terrain  # noqa: E402

T = 16
COLORS = {"rock": (41, 33, 31), "floor": (107, 97, 84), "wall": (84, 84, 102),
          "water": (36, 77, 135), "portal": (90, 170, 230), "sanctum": (115, 26, 36),
          "domain": (140, 56, 191)}
NAMES = list(terrain.NAMES) + ["domain"]


def pixel(name, x, y):
    r, g, b = COLORS[name]
    edge = x == 0 or y == 0
    if name == "wall" and (y % 8 == 0 or (x + (8 if y // 8 % 2 else 0)) % 16 == 0):
        return (60, 60, 74, 255)                       # bricks
    if name == "rock" and (x * 7 + y * 13) % 11 == 0:
        return (30, 24, 23, 255)
    if name == "water" and (x + y // 2 * 3) % 8 == 0:
        return (70, 120, 180, 255)
    if name == "portal" and abs(x - 7.5) + abs(y - 7.5) < 5:
        return (220, 245, 255, 255)
    if name == "sanctum" and abs(((x - 7.5) ** 2 + (y - 7.5) ** 2) ** 0.5 - 5.5) < 0.8:
        return (217, 166, 51, 255)
    if name == "domain":
        return (r, g, b, 255 if edge or x == y else 90)
    if edge:
        return (max(r - 14, 0), max(g - 14, 0), max(b - 14, 0), 255)
    return (r, g, b, 255)


def main():
    width = T * len(NAMES)
    data = []
    for y in range(T):
        for x in range(width):
            data.extend(pixel(NAMES[x // T], x % T, y))
    out = ['[gd_resource type="TileSet" load_steps=3 format=2]', "",
           '[sub_resource type="Image" id=1]', "data = {",
           '"data": PoolByteArray( %s ),' % ", ".join(map(str, data)),
           '"format": "RGBA8",', '"height": %d,' % T, '"mipmaps": false,',
           '"width": %d' % width, "}", "",
           '[sub_resource type="ImageTexture" id=2]', "flags = 0", "flags = 0",
           "image = SubResource( 1 )", "size = Vector2( %d, %d )" % (width, T), "",
           "[resource]"]
    for i, name in enumerate(NAMES):
        p = "%d/" % i
        out += [p + 'name = "%s"' % name, p + "texture = SubResource( 2 )",
                p + "tex_offset = Vector2( 0, 0 )", p + "modulate = Color( 1, 1, 1, 1 )",
                p + "region = Rect2( %d, 0, %d, %d )" % (i * T, T, T), p + "tile_mode = 0",
                p + "occluder_offset = Vector2( 0, 0 )", p + "navigation_offset = Vector2( 0, 0 )",
                p + "shape_offset = Vector2( 0, 0 )",
                p + "shape_transform = Transform2D( 1, 0, 0, 1, 0, 0 )",
                p + "shape_one_way = false", p + "shape_one_way_margin = 0.0",
                p + "shapes = [  ]", p + "z_index = 0"]
    path = os.path.join(ROOT, "godot_project", "addons", "malignus_level", "terrain.tres")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
