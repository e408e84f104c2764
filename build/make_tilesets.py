"""Writes the level editor's tile sets from the sprite atlas (make_atlas.py's
godot_project/art/atlas.tiles + atlas.index, so `make art` runs it after the atlas):

  godot_project/addons/malignus_level/terrain.tres   the Terrain (and Domain) TileMaps' tiles:
      tile id = pysim's terrain code (pysim/core/terrain.py) with the game's sprite of that
      terrain (the table's `terrain/<name>/0`, art/sprites.txt), plus the Domain map's tile
      (drawn here: a violet wash);
  godot_project/addons/malignus_level/light.tres     the Light TileMap's tiles: tile id =
      light level 0 (dark) .. 9 (full light), a night shade as dark as the level.

Both at the art's own size (32 px: level scenes' cells, pysim/core/level_scene.py TILE), the
pixels embedded in the TileSet (an Image resource), so the editor imports nothing. Generated,
git-ignored.

    build/venv/bin/python build/make_tilesets.py
"""
import io
import json
import os
import sys

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_atlas import OUT_ATLAS, OUT_INDEX, ROOT, _write  # noqa: E402

sys.path.insert(0, ROOT)
from pysim.core import level, terrain  # noqa: E402
from pysim.core.level_scene import DOMAIN_TILE, TILE  # noqa: E402

ADDON = os.path.join(ROOT, "godot_project", "addons", "malignus_level")
NIGHT = (8, 8, 24)             # the light tiles' shade (world/light.shader's night, deeper)
EDGE = (60, 60, 110)
FULL = (240, 200, 90)
DOMAIN = (140, 56, 191)


def terrain_tiles(atlas, index):
    """[(name, 32x32 RGBA image)] by tile id: the terrains' sprites, then the domain's."""
    out = []
    for name in terrain.NAMES:
        thing = "terrain/%s/0" % name
        if thing not in index:
            raise SystemExit("tilesets: the atlas has no %s (art/sprites.txt)" % thing)
        x, y, w, h = index[thing]
        out.append((name, atlas.crop((x, y, x + w, y + h)).resize((TILE, TILE), Image.NEAREST)))
    assert len(out) == DOMAIN_TILE
    out.append(("domain", _pixels(lambda x, y: DOMAIN + (
        255 if x in (0, TILE - 1) or y in (0, TILE - 1) or (x + y) % 8 == 0 else 90,))))
    return out


def light_tiles():
    """[(name, image)] by light level: darker the lower, full light only framed."""
    out = []
    for k in range(level.FULL_LIGHT + 1):
        word = ("dark" if k <= 1 else "dim" if k <= 4 else "lit" if k < level.FULL_LIGHT
                else "full light")
        out.append(("light %d (%s)" % (k, word), _pixels(lambda x, y, k=k: _light(k, x, y))))
    return out


def _light(k, x, y):
    if k == level.FULL_LIGHT:
        edge = x in (0, TILE - 1) or y in (0, TILE - 1)
        return FULL + (150 if edge else 0,)
    a = round(217 * (level.FULL_LIGHT - k) / level.FULL_LIGHT)
    if x == 0 or y == 0:
        return EDGE + (min(255, a + 70),)
    if x == TILE - 1 or y == TILE - 1:
        return NIGHT + (min(255, a + 30),)
    if (x * 7 + y * 13) % 29 == 0:
        return EDGE + (min(255, a + 40),)
    return NIGHT + (a,)


def _pixels(fn):
    img = Image.new("RGBA", (TILE, TILE))
    img.putdata([fn(x, y) for y in range(TILE) for x in range(TILE)])
    return img


def tileset_text(tiles):
    """A TileSet resource (Godot 3.2 text format) of tiles [(name, image)] side by side in
    one embedded image: tile i is the i-th."""
    strip = Image.new("RGBA", (TILE * len(tiles), TILE))
    for i, (_, img) in enumerate(tiles):
        strip.paste(img, (i * TILE, 0))
    width = strip.size[0]
    out = ['[gd_resource type="TileSet" load_steps=3 format=2]', "",
           '[sub_resource type="Image" id=1]', "data = {",
           '"data": PoolByteArray( %s ),' % ", ".join(map(str, strip.tobytes())),
           '"format": "RGBA8",', '"height": %d,' % TILE, '"mipmaps": false,',
           '"width": %d' % width, "}", "",
           '[sub_resource type="ImageTexture" id=2]', "flags = 0", "flags = 0",
           "image = SubResource( 1 )", "size = Vector2( %d, %d )" % (width, TILE), "",
           "[resource]"]
    for i, (name, _) in enumerate(tiles):
        p = "%d/" % i
        out += [p + 'name = "%s"' % name, p + "texture = SubResource( 2 )",
                p + "tex_offset = Vector2( 0, 0 )", p + "modulate = Color( 1, 1, 1, 1 )",
                p + "region = Rect2( %d, 0, %d, %d )" % (i * TILE, TILE, TILE), p + "tile_mode = 0",
                p + "occluder_offset = Vector2( 0, 0 )", p + "navigation_offset = Vector2( 0, 0 )",
                p + "shape_offset = Vector2( 0, 0 )",
                p + "shape_transform = Transform2D( 1, 0, 0, 1, 0, 0 )",
                p + "shape_one_way = false", p + "shape_one_way_margin = 0.0",
                p + "shapes = [  ]", p + "z_index = 0"]
    return "\n".join(out) + "\n"


def main():
    if not (os.path.isfile(OUT_ATLAS) and os.path.isfile(OUT_INDEX)):
        raise SystemExit("tilesets: no sprite atlas: run make art")
    with open(OUT_ATLAS, "rb") as f:
        atlas = Image.open(io.BytesIO(f.read())).convert("RGBA")
    with open(OUT_INDEX, encoding="utf-8") as f:
        index = json.load(f)["sprites"]
    for name, tiles in (("terrain.tres", terrain_tiles(atlas, index)),
                        ("light.tres", light_tiles())):
        _write(os.path.join(ADDON, name), tileset_text(tiles).encode("utf-8"))
    print("tilesets: terrain.tres, light.tres (%d px tiles) -> %s"
          % (TILE, os.path.relpath(ADDON, ROOT)))


if __name__ == "__main__":
    main()
