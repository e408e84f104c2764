"""Levels as Godot scenes (.tscn), painted in the editor and read here without Godot.

A level scene (docs/level-format.md, "Levels as scenes"):

    Level (Node2D, Level.gd)     level_name, level_seed, domain (all | none | map), notes,
                                 headers (PoolStringArray of "name: value")
      Terrain (TileMap)          one tile a cell, the tile id is the terrain code (rock 0,
                                 floor 1, wall 2, water 3, portal 4, sanctum 5); the map is
                                 the cells from (0, 0) to the furthest painted one, an
                                 unpainted cell inside is rock; its cell_size is the
                                 scene's tile in pixels (the converter writes TILE)
      Domain (TileMap)           with domain "map": the painted cells are the dungeon's
      Light (TileMap)            painted with light.tres: the tile id is the cell's light
                                 level 0 (dark) .. 9 (full light), as in [light]; an
                                 unpainted cell is in full light
      Things/<any> (Thing.gd)    kind and arg, as in a legend word kind:arg; the cell is
                                 the one under the node's position (Terrain's cells); things on
                                 one cell are placed in the scene's order
      Wires/<any> (Line2D)       the wire's corners, a point per corner, at tile centres
                                 (Wire.gd keeps them there while edited)
      Commands (Commands.gd)     lines: PoolStringArray of "@TIME {json}" like [commands]
      Sections/<any> (Section.gd) section and lines: another [section] of the text format

The scene becomes the text format's level text (scene_to_text), which the one level parser
reads: every rule area's level things, checks and errors work unchanged, a game made from a
scene and one made from its text are the same game, and a save holds that text. An error in
that text is moved back onto the scene: "FILE:LINE: node 'Things/trap_6_1': ..." with the
line of the node in the .tscn. The converter the other way is scene_writer.level_to_scene.
"""
import re

from pysim.core import files, godot_text, hooks, level, terrain
from pysim.core.errors import LevelError
from pysim.core.game import load_rule_modules
from pysim.core.godot_text import Call

TILE = 32                    # pixels a tile the converter writes (the art's own size)
GODOT_CELL = 64              # a TileMap's cell_size when the scene leaves it out (Godot's)
ADDON = "res://addons/malignus_level/"
DOMAIN_TILE = 6              # the Domain map's tile in the terrain TileSet
_WORD = re.compile(r"^[a-z_][a-z0-9_]*$")
_COLUMN = re.compile(r"^(?:(\w+) )?at column (\d+)")
# Legend characters for (terrain, things) pairs that have no default character.
_POOL = ("ABCEFGHIJLMNOQRTUVWYZcdefghijlnopqrstuvwyz0123456789!$%&*+-/<=>?@^_`{|}"
         "\"(),:")


def is_scene_text(text):
    return text.lstrip("\ufeff \t\r\n").startswith("[gd_scene")


class _Text:
    """Level text being written, with where each line came from in the scene."""

    def __init__(self):
        self.lines = []
        self.origins = []          # (tscn line, node path, map row or -1)

    def add(self, text, node, line=None, row=-1):
        if "\n" in text:
            raise LevelError(self.source, line or node.line,
                             "node %r: a line break inside a value that must be one line"
                             % node.path)
        self.lines.append(text)
        self.origins.append((node.line if line is None else line, node.path, row))


def _fail(source, node, message, key=None):
    line = node.line if key is None else node.line_of(key)
    raise LevelError(source, line, "node %r: %s" % (node.path, message))


def _string(source, node, key, default=""):
    value = node.props.get(key, default)
    if not isinstance(value, str):
        _fail(source, node, "%s must be a string, not %r" % (key, value), key)
    return value


def _strings(source, node, key):
    value = node.props.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        _fail(source, node, "%s must be a PoolStringArray" % key, key)
    return value


def _point(source, node, value, key):
    if not (isinstance(value, Call) and value.name == "Vector2" and len(value.args) == 2
            and all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in value.args)):
        _fail(source, node, "%s must be a Vector2" % key, key)
    x, y = value.args
    if not (abs(x) < 1e9 and abs(y) < 1e9):
        _fail(source, node, "%s is far off the map" % key, key)
    return x, y


def _cell_size(source, ground):
    """(w, h) pixels of a tile: the Terrain TileMap's cell_size (things and wires stand on
    its cells), Godot's default when the scene leaves it out."""
    size = ground.props.get("cell_size", Call("Vector2", [GODOT_CELL, GODOT_CELL]))
    w, h = _point(source, ground, size, "cell_size")
    if not (w >= 1 and h >= 1):
        _fail(source, ground, "cell_size must be 1 x 1 pixels or more", "cell_size")
    return w, h


def _cell(px, py, size):
    return int(px // size[0]), int(py // size[1])


def _tiles(source, node):
    """{(x, y): tile id} of a TileMap's tile_data (Godot 3 format 1: three ints a cell)."""
    data = node.props.get("tile_data", [])
    if not isinstance(data, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                             for v in data):
        _fail(source, node, "tile_data must be a PoolIntArray", "tile_data")
    if len(data) % 3:
        _fail(source, node, "tile_data holds %d numbers, not three a cell" % len(data),
              "tile_data")
    if len(data) > 3 * files.MAX_MAP_SIDE * files.MAX_MAP_SIDE:
        _fail(source, node, "more cells than a %d x %d map" % (files.MAX_MAP_SIDE,
                                                               files.MAX_MAP_SIDE), "tile_data")
    cells = {}
    for i in range(0, len(data), 3):
        key, tile = data[i], data[i + 1]
        x = key & 0xFFFF
        x = x - 0x10000 if x >= 0x8000 else x
        y = key >> 16
        cells[(x, y)] = tile & ((1 << 29) - 1)      # the top bits are flips
    return cells


def _children(scene, parent):
    return [n for n in scene.nodes if n.parent == parent]


def scene_to_text(text, source):
    """(level text, origins) of a .tscn text; origins[i] is where text line i+1 came from."""
    scene = godot_text.read_scene(text, source)
    load_rule_modules()          # every area's level things, to check the things' kinds
    root = scene.root()
    if root is None:
        raise LevelError(source, 1, "the scene has no nodes")
    nodes = scene.by_path()
    out = _Text()
    out.source = source
    for note in _string(source, root, "notes").split("\n"):
        if note.strip():
            out.add("; " + note, root, root.line_of("notes"))
    name = _string(source, root, "level_name")
    if name:
        out.add("name: " + name, root, root.line_of("level_name"))
    seed = root.props.get("level_seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        _fail(source, root, "level_seed must be a whole number", "level_seed")
    out.add("seed: %d" % seed, root, root.line_of("level_seed"))
    domain = _string(source, root, "domain", "all")
    out.add("domain: " + domain, root, root.line_of("domain"))
    for header in _strings(source, root, "headers"):
        out.add(header, root, root.line_of("headers"))

    ground = nodes.get("Terrain")
    if ground is None or ground.type != "TileMap":
        _fail(source, root, "the level needs a TileMap child named Terrain, painted with "
              "the terrain tiles")
    cells = _tiles(source, ground)
    size = _cell_size(source, ground)
    if not cells:
        _fail(source, ground, "no tiles painted", "tile_data")
    for (x, y), tile in sorted(cells.items()):
        if x < 0 or y < 0:
            _fail(source, ground, "a tile at %d,%d, left of or above the map's corner 0,0"
                  % (x, y), "tile_data")
        if not 0 <= tile < len(terrain.NAMES):
            _fail(source, ground, "tile %d at %d,%d is not a terrain (0-%d: %s)"
                  % (tile, x, y, len(terrain.NAMES) - 1, ", ".join(terrain.NAMES)), "tile_data")
    width = 1 + max(x for x, _ in cells)
    height = 1 + max(y for _, y in cells)
    if width > files.MAX_MAP_SIDE or height > files.MAX_MAP_SIDE:
        _fail(source, ground, "the map is %d x %d; the most is %d either way"
              % (width, height, files.MAX_MAP_SIDE), "tile_data")

    things = {}                                   # (x, y) -> [(kind, arg, node)]
    for node in scene.nodes:
        if node.parent is not None and (node.parent == "Things" or
                                        node.parent.startswith("Things/")):
            if node.parent != "Things":
                _fail(source, node, "put things directly under Things")
            kind = _string(source, node, "kind")
            arg = _string(source, node, "arg")
            if kind not in level.THINGS:
                _fail(source, node, "unknown thing %r (known: %s)"
                      % (kind, ", ".join(sorted(level.THINGS))), "kind")
            if arg != arg.strip() or any(ch.isspace() for ch in arg):
                _fail(source, node, "arg %r may not hold spaces" % arg, "arg")
            x, y = _cell(*_point(source, node, node.props.get("position", Call("Vector2", [0, 0])),
                                 "position"), size)
            if not (0 <= x < width and 0 <= y < height):
                _fail(source, node, "%s at %d,%d is off the painted map (%d x %d)"
                      % (kind, x, y, width, height), "position")
            things.setdefault((x, y), []).append((kind, arg, node))

    legend, chars = _legend(cells, things, width, height)
    if legend:
        out.add("", root)
        out.add("[legend]", root)
        for char, (code, words, node) in legend:
            shown = "'%s'" % char if char == " " else char
            out.add("%s = %s" % (shown, " ".join([terrain.NAMES[code]] + words)), node)
    out.add("", root)
    out.add("[map]", ground, ground.line_of("tile_data"))
    for y in range(height):
        out.add("".join(chars[(x, y)] for x in range(width)), ground,
                ground.line_of("tile_data"), y)

    if domain == "map":
        dmap = nodes.get("Domain")
        if dmap is None or dmap.type != "TileMap":
            _fail(source, root, "domain \"map\" needs a TileMap child named Domain: paint "
                  "the dungeon's tiles on it", "domain")
        mine = _tiles(source, dmap)
        out.add("", root)
        out.add("[domain]", dmap)
        for y in range(height):
            out.add("".join("1" if (x, y) in mine else "0" for x in range(width)), dmap,
                    dmap.line_of("tile_data"))

    lights = nodes.get("Light")
    if lights is not None:
        rows = _light_rows(source, lights, width, height)
        if rows:
            out.add("", root)
            out.add("[light]", lights)
            for row in rows:
                out.add(row, lights, lights.line_of("tile_data"))

    wires = [n for n in _children(scene, "Wires")]
    if wires:
        out.add("", root)
        out.add("[wires]", wires[0])
        for wire in wires:
            out.add(_wire_line(source, wire, size), wire, wire.line_of("points"))
    for sec in _children(scene, "Sections"):
        name = _string(source, sec, "section")
        if not _WORD.match(name):
            _fail(source, sec, "section must be a [section] name, like wires", "section")
        out.add("", root)
        out.add("[%s]" % name, sec, sec.line_of("section"))
        for line in _strings(source, sec, "lines"):
            out.add(line, sec, sec.line_of("lines"))
    cmds = nodes.get("Commands")
    if cmds is not None:
        lines = _strings(source, cmds, "lines")
        if lines:
            out.add("", root)
            out.add("[commands]", cmds)
            for line in lines:
                out.add(line, cmds, cmds.line_of("lines"))
    return "\n".join(out.lines) + "\n", out.origins


def _light_rows(source, node, width, height):
    """The [light] rows of the Light TileMap, [] when it leaves the whole map in full light."""
    if node.type != "TileMap":
        _fail(source, node, "Light must be a TileMap painted with the light tiles")
    cells = _tiles(source, node)
    for (x, y), tile in sorted(cells.items()):
        if not (0 <= x < width and 0 <= y < height):
            _fail(source, node, "light painted at %d,%d, off the painted map (%d x %d)"
                  % (x, y, width, height), "tile_data")
        if not 0 <= tile <= level.FULL_LIGHT:
            _fail(source, node, "tile %d at %d,%d is not a light level (0 dark .. %d full light)"
                  % (tile, x, y, level.FULL_LIGHT), "tile_data")
    if all(tile == level.FULL_LIGHT for tile in cells.values()):
        return []
    return ["".join(_light_char(cells.get((x, y), level.FULL_LIGHT)) for x in range(width))
            for y in range(height)]


def _light_char(tile):
    return "." if tile == level.FULL_LIGHT else str(tile)


def _legend(cells, things, width, height):
    """A character for every (terrain, things) pair on the map: the default legend's when it
    means the same, else the next free one. -> ([(char, (code, words, node))], {cell: char})"""
    defaults = {}
    for char, definition in level.LEGEND.items():
        words = definition.split()
        key = (terrain.BY_NAME[words[0]], tuple(words[1:]))
        if char != " ":
            defaults.setdefault(key, char)
    taken = set(level.LEGEND)
    pool = [c for c in _POOL if c not in taken]
    extra = 0x100
    assigned = {}
    legend = []
    chars = {}
    for y in range(height):
        for x in range(width):
            here = things.get((x, y), [])
            words = tuple(k if not a else "%s:%s" % (k, a) for k, a, _ in here)
            key = (cells.get((x, y), terrain.ROCK), words)
            if key not in assigned:
                if key in defaults:
                    assigned[key] = defaults[key]
                else:
                    if pool:
                        char = pool.pop(0)
                    else:
                        while chr(extra).isspace() or 0xD800 <= extra < 0xE000:
                            extra += 1
                        char = chr(extra)
                        extra += 1
                    assigned[key] = char
                    legend.append((char, (key[0], list(words), here[0][2] if here else None)))
            chars[(x, y)] = assigned[key]
    return legend, chars


def _wire_line(source, wire, size):
    points = wire.props.get("points", [])
    if not isinstance(points, list) or len(points) % 2 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e9
            for v in points):
        _fail(source, wire, "points must be a PoolVector2Array", "points")
    ox, oy = _point(source, wire, wire.props.get("position", Call("Vector2", [0, 0])),
                    "position")
    corners = []
    for i in range(0, len(points), 2):
        cell = _cell(points[i] + ox, points[i + 1] + oy, size)
        if not corners or corners[-1] != cell:
            corners.append(cell)
    if len(corners) < 2:
        _fail(source, wire, "a wire needs two or more points on different tiles", "points")
    return " ".join("%d,%d" % c for c in corners)


def _relocate(exc, source, origins, things_at):
    """A LevelError about the generated text, told as a place in the scene."""
    if exc.source != str(source):
        return exc
    lineno, rest = exc.line, exc.reason
    if not 1 <= lineno <= len(origins):
        return LevelError(source, 1, rest)
    line, path, row = origins[lineno - 1]
    m = _COLUMN.match(rest)
    if row >= 0 and m:
        x = int(m.group(2)) - 1
        for kind, _, node in things_at.get((x, row), []):
            if m.group(1) in (None, kind):
                line, path = node.line, node.path
                break
        rest = "%sat tile %d,%d%s" % (m.group(1) + " " if m.group(1) else "", x, row,
                                      rest[m.end():])
    if path:
        return LevelError(source, line, "node %r: %s" % (path, rest))
    return LevelError(source, line, rest)


def load_text(text, source="level.tscn", seed=None):
    """A Game from a scene text; the game's level_text is the generated level text (the
    one a save holds), so a save of it needs no scene to load."""
    text = files.normalise(text, source)
    if len(text) > files.MAX_SCENE_BYTES:
        raise LevelError(source, 0, "the scene is %d characters long; the most is %d"
                         % (len(text), files.MAX_SCENE_BYTES))
    level_text, origins = scene_to_text(text, source)
    try:
        game = level.build(level.parse(level_text, source), seed)
    except LevelError as exc:
        raise _relocate(exc, source, origins, _things_at(text, source))
    game.level_source = str(source)
    game.level_text = level_text
    return game


def _read_scene(text, source, seed):
    """level.load_text's reader for a scene's text (None for any other text)."""
    return load_text(text, source, seed) if is_scene_text(text) else None


hooks.add(level.READERS, _read_scene)


def _things_at(text, source):
    scene = godot_text.read_scene(text, source)
    at = {}
    size = _cell_size(source, scene.by_path()["Terrain"])    # read once already: it is there
    for node in scene.nodes:
        if node.parent == "Things":
            try:
                x, y = _cell(*_point(source, node, node.props.get(
                    "position", Call("Vector2", [0, 0])), "position"), size)
            except LevelError:
                continue
            at.setdefault((x, y), []).append((node.props.get("kind"), node.props.get("arg"),
                                              node))
    return at
