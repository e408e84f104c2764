"""Packs the map's sprites into one atlas: godot_project/art/atlas.tiles (PNG bytes; not a
.png, so Godot's importer leaves it alone and the game reads it as a file, in the editor and
in an export alike) and godot_project/art/atlas.index (JSON: thing -> [x, y, w, h]).

The sprites are the ones godot_project/art/sprites.txt names (the table: thing -> source):
files of the Dungeon Crawl Stone Soup tiles read straight from Debian's `crawl` source
tarball (fetched once by `make build` into build/crawl/src), sprites drawn here where no
tile fits (`drawn`), or layers of both joined by ` + `. Only tiles whose licence is public
domain or CC0 are taken: the source's LICENSE must still say its tiles are "Public
Domain|CC0" and rltiles/license.txt that RLTiles are public domain, and a tile on the list of
those whose authors could not be reached (UNCLEAR below) is refused, so the atlas stops the
build instead of carrying it.

    build/venv/bin/python build/make_atlas.py build/crawl/src/crawl_0.28.0.orig.tar.xz
"""
import io
import json
import os
import sys
import tarfile

from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "godot_project", "art", "sprites.txt")
OUT_ATLAS = os.path.join(ROOT, "godot_project", "art", "atlas.tiles")
OUT_INDEX = os.path.join(ROOT, "godot_project", "art", "atlas.index")
T = 32                  # the art's own size: 32 px a tile
CELL = T + 2            # a transparent pixel around each sprite: no neighbour bleeds in
COLUMNS = 16

# What the licence files must say for any tile to be used.
LICENSE_NEEDS = ("Public Domain|CC0: most of tiles",)
RLTILES_LICENSE_NEEDS = ("public\ndomain roguelike tileset",)
# Tiles whose ownership was unclear or whose author could not be reached (the Crawl tile
# project's own list, by file name): not public domain or CC0 for us, refused wherever they
# sit in the tree (a name shared by a cleared tile is refused too: the safe side).
UNCLEAR = frozenset("""
active_ballistomycete arrow1 arrow2 ballistomycete berserk bush bush_burning crossbow_bolt1
crossbow_bolt2 dart-p dart1 dart2 demonblade dngn_altar_fedhas dngn_altar_fedhas2 dowan duvessa
flaming_corpse fungus gravestone_blank gravestone_ornate gravestone_writing1 gravestone_writing2
i-agility i-brilliance i-silence i-sleep stealth ice_cave_portal indicator_1 indicator_2
indicator_3 indicator_4 indicator_5 indicator_6 indicator_7 indicator_8 javelin1 javelin2 kenku
khufu mold_small1 mold_small2 mold_small3 mold_small4 needle-p needle1 needle2 nikola pikel
reaping-2 reaping-3 rune_snake sewer_portal silver_arrow1 silver_arrow2 silver_crossbow_bolt1
silver_crossbow_bolt2 silver_dart1 silver_dart2 silver_javelin1 silver_javelin2
silver_sling_bullet1 silver_sling_bullet2 slave slime_creature slime_creature2 slime_creature3
slime_creature4 slime_creature5 steel_arrow1 steel_arrow2 steel_crossbow_bolt1
steel_crossbow_bolt2 steel_dart1 steel_dart2 steel_javelin1 steel_javelin2 steel_sling_bullet1
steel_sling_bullet2 silver_sling_bullet_runed0 silver_sling_bullet0 sling_bullet_runed0
steel_sling_bullet_runed0 steel_sling_bullet0 toadstool_left toadstool_right transparent_flesh1
transparent_flesh2 transparent_flesh3 transparent_flesh4 transparent_flesh5 transparent_flesh6
tree1 tree1_dead tree2 tree2_dead vine-covered_golem volcano_portal wizlab_portal0
wizlab_portal1 wizlab_portal2 wizlab_portal3 wizlab_portal4 wizlab_portal5 wizlab_portal6
wizlab_portal7 wizlab_portal8 zombie_bat zombie_bee zombie_bug zombie_centaur zombie_dragon
zombie_fish zombie_hydra1 zombie_hydra2 zombie_hydra3 zombie_hydra4 zombie_hydra5 zombie_large
zombie_naga zombie_quadruped_large zombie_quadruped_small zombie_small zombie_snake
zombie_spider zombie_worm
""".split())


class TableError(Exception):
    pass


def read_table(path=TABLE):
    """[(thing, [layer, ...], line number)]; a layer is "drawn:NAME" or an rltiles path."""
    rows = []
    seen = set()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split(None, 1)
            if len(parts) != 2:
                raise TableError("%s:%d: a thing and its source, please" % (path, n))
            thing, source = parts
            if thing in seen:
                raise TableError("%s:%d: %s is listed twice" % (path, n, thing))
            seen.add(thing)
            layers = []
            for layer in source.split(" + "):
                layer = layer.strip()
                if layer == "drawn":
                    layer = "drawn:" + thing.replace("/", "_")
                layers.append(layer)
            rows.append((thing, layers, n))
    return rows


def check_tile_allowed(path):
    """Refuses a tile outside rltiles' tree or on the unclear-licence list."""
    if path.startswith("/") or ".." in path.split("/") or not path.endswith(".png"):
        raise TableError("%s: not a tile of source/rltiles" % path)
    name = os.path.basename(path)[:-4]
    if name in UNCLEAR:
        raise TableError("%s: its licence is not public domain or CC0 (unclear ownership)" % path)


class Source:
    """The crawl source tarball: the licence texts and the tiles wanted, read in one pass
    without unpacking (an xz tarball cannot seek: reading it twice costs a minute)."""

    def __init__(self, tarball, tiles):
        wanted = {"LICENSE", "source/rltiles/license.txt"}
        for path in tiles:
            check_tile_allowed(path)
            wanted.add("source/rltiles/" + path)
        self.files = {}
        with tarfile.open(tarball, "r|*") as tar:
            for m in tar:
                parts = m.name.split("/", 1)
                if len(parts) == 2 and parts[1] in wanted and m.isfile():
                    self.files[parts[1]] = tar.extractfile(m).read()

    def text(self, path):
        data = self.files.get(path)
        if data is None:
            raise TableError("the crawl source has no %s" % path)
        return data.decode("utf-8", "replace")

    def check_licence(self):
        lic = self.text("LICENSE")
        for need in LICENSE_NEEDS:
            if need not in lic:
                raise TableError("the crawl LICENSE no longer says %r: check the tiles' licence" % need)
        rl = self.text("source/rltiles/license.txt")
        for need in RLTILES_LICENSE_NEEDS:
            if need not in rl:
                raise TableError("rltiles/license.txt no longer says %r" % need)

    def tile(self, path):
        check_tile_allowed(path)
        data = self.files.get("source/rltiles/" + path)
        if data is None:
            raise TableError("%s: no such tile in source/rltiles" % path)
        img = Image.open(io.BytesIO(data)).convert("RGBA")
        if img.size != (T, T):
            img = img.resize((T, T), Image.NEAREST)
        return img


# --- sprites drawn here (no tile fits) ----------------------------------------------------

def _canvas():
    img = Image.new("RGBA", (T, T), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _post(d, x, y, col):
    d.rectangle([x - 2, y - 4, x + 2, y + 4], fill=(40, 30, 20, 255))
    d.rectangle([x - 1, y - 3, x + 1, y + 3], fill=col)


def draw_part_tripwire():
    img, d = _canvas()
    d.line([(5, 17), (27, 15)], fill=(20, 15, 10, 255), width=3)
    d.line([(5, 16), (27, 14)], fill=(230, 215, 150, 255), width=1)
    _post(d, 5, 17, (150, 110, 60, 255))
    _post(d, 27, 15, (150, 110, 60, 255))
    return img


def draw_part_wide_tripwire():
    img, d = _canvas()
    d.line([(0, 16), (31, 16)], fill=(20, 15, 10, 255), width=3)
    d.line([(0, 15), (31, 15)], fill=(240, 220, 140, 255), width=1)
    _post(d, 16, 16, (170, 120, 60, 255))
    return img


def _lever(on):
    img, d = _canvas()
    d.rectangle([8, 22, 24, 27], fill=(60, 60, 70, 255), outline=(20, 20, 25, 255))
    tip = (24, 7) if on else (8, 7)
    d.line([(16, 23), tip], fill=(20, 15, 10, 255), width=4)
    d.line([(16, 23), tip], fill=(170, 130, 80, 255), width=2)
    knob = (60, 220, 80, 255) if on else (200, 60, 50, 255)
    d.ellipse([tip[0] - 4, tip[1] - 4, tip[0] + 4, tip[1] + 4], fill=knob, outline=(20, 20, 20, 255))
    return img


def draw_part_lever_off():
    return _lever(False)


def draw_part_lever_on():
    return _lever(True)


def draw_part_blast_trap():
    img, d = _canvas()
    d.ellipse([6, 9, 26, 29], fill=(30, 30, 35, 255), outline=(10, 10, 10, 255))
    d.ellipse([10, 12, 15, 17], fill=(90, 90, 100, 255))
    d.rectangle([14, 5, 18, 10], fill=(110, 90, 60, 255))
    d.line([(16, 5), (20, 1)], fill=(200, 170, 120, 255), width=1)
    d.point([(21, 1), (22, 0), (20, 0)], fill=(255, 200, 60, 255))
    return img


def draw_part_timer():
    img, d = _canvas()
    d.ellipse([5, 5, 27, 27], fill=(200, 190, 150, 255), outline=(60, 45, 20, 255), width=2)
    for k, (x, y) in enumerate([(16, 8), (24, 16), (16, 24), (8, 16)]):
        d.rectangle([x - 1, y - 1, x + 1, y + 1], fill=(60, 45, 20, 255))
    d.line([(16, 16), (16, 10)], fill=(20, 20, 30, 255), width=2)
    d.line([(16, 16), (21, 16)], fill=(20, 20, 30, 255), width=2)
    d.rectangle([13, 1, 19, 4], fill=(120, 120, 130, 255))
    return img


def _padlock(body):
    img, d = _canvas()
    d.arc([19, 1, 29, 13], 180, 360, fill=(150, 150, 160, 255), width=2)
    d.rectangle([17, 7, 31, 17], fill=body, outline=(40, 30, 10, 255))
    d.rectangle([23, 10, 25, 14], fill=(40, 30, 10, 255))
    return img


def draw_door_padlock():
    return _padlock((235, 190, 60, 255))


def draw_door_padlock_disarmed():
    return _padlock((140, 140, 140, 255))


def draw_furniture_bed():
    img, d = _canvas()
    d.rectangle([5, 3, 27, 29], fill=(90, 60, 35, 255), outline=(40, 25, 10, 255))
    d.rectangle([7, 5, 25, 11], fill=(230, 225, 210, 255))
    d.rectangle([7, 13, 25, 27], fill=(150, 35, 45, 255))
    d.line([(7, 13), (25, 13)], fill=(190, 70, 80, 255))
    return img


def draw_furniture_scrapper_table():
    img, d = _canvas()
    d.rectangle([3, 9, 29, 19], fill=(120, 80, 40, 255), outline=(50, 30, 10, 255))
    for x in (5, 25):
        d.rectangle([x, 19, x + 2, 29], fill=(80, 50, 25, 255))
    d.line([(8, 13), (22, 13)], fill=(210, 215, 230, 255), width=2)
    d.polygon([(22, 11), (27, 13), (22, 15)], fill=(200, 200, 215, 255))
    d.ellipse([10, 14, 14, 18], fill=(120, 20, 20, 255))
    return img


def draw_pyre_logs():
    img, d = _canvas()
    for a, b in (((4, 28), (28, 20)), ((4, 20), (28, 28)), ((6, 24), (26, 24))):
        d.line([a, b], fill=(40, 25, 10, 255), width=5)
        d.line([a, b], fill=(110, 70, 35, 255), width=3)
    return img


def draw_cell_bars():
    img, d = _canvas()
    d.rectangle([0, 0, 31, 2], fill=(70, 70, 80, 255))
    d.rectangle([0, 29, 31, 31], fill=(70, 70, 80, 255))
    for x in (3, 11, 19, 27):
        d.line([(x, 0), (x, 31)], fill=(30, 30, 35, 255), width=3)
        d.line([(x, 0), (x, 31)], fill=(150, 150, 165, 255), width=1)
    return img


def draw_furniture_treasury():
    img, d = _canvas()
    d.rectangle([3, 12, 29, 28], fill=(110, 65, 25, 255), outline=(40, 20, 5, 255))
    d.chord([3, 4, 29, 20], 180, 360, fill=(130, 80, 30, 255), outline=(40, 20, 5, 255))
    for x in (7, 23):
        d.rectangle([x, 6, x + 2, 28], fill=(160, 165, 180, 255))
    d.line([(3, 12), (29, 12)], fill=(160, 165, 180, 255), width=2)
    d.rectangle([14, 14, 18, 19], fill=(240, 200, 60, 255), outline=(80, 60, 10, 255))
    return img


def draw_furniture_other():
    img, d = _canvas()
    d.rectangle([5, 5, 27, 27], fill=(120, 120, 130, 255), outline=(50, 50, 60, 255))
    d.text((12, 9), "?", fill=(240, 240, 240, 255))
    return img


def draw_map_vein():
    img, d = _canvas()
    pts = [(6, 8), (18, 5), (12, 17), (24, 21), (8, 25), (25, 10), (16, 27)]
    d.line([(4, 10), (14, 16), (26, 22)], fill=(120, 80, 30, 200), width=2)
    for x, y in pts:
        d.polygon([(x, y - 3), (x + 3, y), (x, y + 3), (x - 3, y)], fill=(255, 190, 70, 255),
                  outline=(110, 60, 10, 255))
        d.point([(x - 1, y - 1)], fill=(255, 250, 200, 255))
    return img


def draw_map_scorch():
    img, d = _canvas()
    d.ellipse([3, 5, 29, 27], fill=(20, 15, 12, 140))
    d.ellipse([8, 9, 24, 23], fill=(10, 8, 6, 190))
    for x, y in ((5, 15), (26, 9), (22, 26), (10, 6)):
        d.ellipse([x - 2, y - 2, x + 2, y + 2], fill=(15, 10, 8, 160))
    return img


def draw_mark_cautious():
    img, d = _canvas()
    d.polygon([(16, 2), (28, 6), (26, 20), (16, 30), (6, 20), (4, 6)], fill=(250, 210, 60, 255),
              outline=(80, 50, 0, 255))
    d.rectangle([15, 8, 17, 19], fill=(80, 50, 0, 255))
    d.rectangle([15, 22, 17, 24], fill=(80, 50, 0, 255))
    return img


def draw_mark_captured():
    img, d = _canvas()
    for x in (7, 17):
        d.ellipse([x, 10, x + 9, 19], outline=(30, 30, 35, 255), width=3)
        d.ellipse([x, 10, x + 9, 19], outline=(190, 190, 205, 255), width=1)
    return img


def draw_mark_knocked_out():
    img, d = _canvas()
    for x, y in ((8, 10), (16, 6), (24, 10)):
        d.polygon([(x, y - 4), (x + 1, y - 1), (x + 4, y), (x + 1, y + 1), (x, y + 4),
                   (x - 1, y + 1), (x - 4, y), (x - 1, y - 1)], fill=(255, 240, 120, 255),
                  outline=(90, 70, 10, 255))
    return img


def draw_mark_not_wired():
    # a cut wire: two copper ends that do not meet, a red stop between them (a built part
    # that is in no whole trap, TRAP-04: it does nothing)
    img, d = _canvas()
    for a, b in (((1, 25), (10, 19)), ((22, 13), (31, 7))):
        d.line([a, b], fill=(20, 15, 10, 255), width=5)
        d.line([a, b], fill=(235, 150, 60, 255), width=3)
    d.ellipse([9, 9, 23, 23], fill=(210, 40, 30, 255), outline=(50, 8, 5, 255), width=2)
    d.rectangle([12, 15, 20, 17], fill=(255, 245, 235, 255))
    return img


def drawn(name):
    fn = globals().get("draw_" + name)
    if fn is None:
        raise TableError("drawn:%s: no such sprite is drawn by build/make_atlas.py" % name)
    img = fn()
    assert img.size == (T, T)
    return img


def build(tarball, table=TABLE, out_atlas=OUT_ATLAS, out_index=OUT_INDEX):
    rows = read_table(table)
    tiles = [layer for (_, layers, _) in rows for layer in layers if not layer.startswith("drawn:")]
    try:
        src = Source(tarball, tiles)
    except TableError as e:
        raise TableError("%s: %s" % (table, e))
    src.check_licence()
    n = len(rows)
    rows_n = (n + COLUMNS - 1) // COLUMNS
    atlas = Image.new("RGBA", (COLUMNS * CELL, rows_n * CELL), (0, 0, 0, 0))
    index = {}
    sources = {}
    for k, (thing, layers, line) in enumerate(rows):
        img = Image.new("RGBA", (T, T), (0, 0, 0, 0))
        for layer in layers:
            try:
                part = drawn(layer[6:]) if layer.startswith("drawn:") else src.tile(layer)
            except TableError as e:
                raise TableError("%s:%d: %s" % (table, line, e))
            img = Image.alpha_composite(img, part)
        x, y = (k % COLUMNS) * CELL + 1, (k // COLUMNS) * CELL + 1
        atlas.paste(img, (x, y))
        index[thing] = [x, y, T, T]
        sources[thing] = " + ".join(layers)
    buf = io.BytesIO()
    atlas.save(buf, "PNG", optimize=True)
    _write(out_atlas, buf.getvalue())
    text = json.dumps({"tile": T, "size": list(atlas.size), "sprites": index, "sources": sources},
                      indent=0, sort_keys=True)
    _write(out_index, text.encode("utf-8"))
    return index


def _write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    try:
        index = build(argv[1])
    except TableError as e:
        print("atlas: %s" % e, file=sys.stderr)
        return 1
    print("atlas: %d sprites -> %s" % (len(index), os.path.relpath(OUT_ATLAS, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
