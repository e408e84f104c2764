"""The text level / scenario format (docs/level-format.md is the reference).

    ; comment
    name: First blood
    seed: 7
    domain: all            (all | none | map: use the [domain] section)

    [legend]
    T = floor trap:tripwire        (char = terrain [thing[:arg]] ...)

    [map]
    ####P####
    #m..D..S#
    #########

    [commands]
    @0 {"type": "set_speed", "speed": 2}
    @1:30 {"type": "spawn_party", "members": 3}

Every malformed thing raises LevelError("FILE:LINE: message").

Extension registries (rule areas fill them at import time):
- THINGS[name] = fn(game, x, y, arg): places a thing named in a legend entry (arg is the
  text after ':' or None); raise ValueError("reason") to reject the spot.
- SECTIONS[name] = fn(ctx, lines): handles a [name] section after the map is built;
  lines are (lineno, text); report problems with ctx.error(lineno, message).
- HEADERS[name] = fn(ctx, value, lineno): handles a `name: value` header line.
- CATALOG[name] = ThingKind: what the level editor lists for a level thing (what it is,
  the args it offers) and the check of its arg's form, run before the thing is placed;
  rule areas add theirs with catalog().
- LEGEND: the default legend (char -> "terrain thing ..."); add a default character here.
- READERS: fn(text, source, seed) -> a Game, or None when the text is not in its format
  (the level scene, pysim/core/level_scene.py); load_text tries them before the text format.
"""
import re


from pysim.core import clock, commands, files, spawning, terrain
from pysim.core.errors import LevelError  # noqa: F401 (part of this module's interface)
from pysim.core.entities import ADVENTURER, BOSS, CREATURE, DUNGEON, MINION
from pysim.core.game import Game, load_rule_modules


# LevelError lives in errors.py so that files.py (which level.py uses) can raise it too.


THINGS = {}
SECTIONS = {}
HEADERS = {}
READERS = []
# The level things that put a body on the map (each one body), counted against
# spawning.MAX_LIVE_BODIES while the map is parsed.
BODY_THINGS = set()
CATALOG = {}

# The [light] section's characters: a light level 0 (dark) .. 9 (full light), and the light
# (0..255, the grid's light layer) each stands for; '.' and space are full light.
LIGHT_LEVELS = (0, 28, 57, 85, 113, 142, 170, 198, 227, 255)
FULL_LIGHT = 9

LEGEND = {
    "#": "wall",
    " ": "rock",
    "x": "rock",
    ".": "floor",
    "~": "water",
    "P": "portal",
    "S": "sanctum",
    "D": "floor door",
    "m": "floor minion",
    "b": "sanctum boss",
    "a": "floor adventurer",
    "k": "floor kobold",
    "K": "floor dungeon_creature:kobold",
}

_SECTION_RE = re.compile(r"^\[([a-z_][a-z0-9_]*)\]\s*$")
_CORE_SECTIONS = ("legend", "map", "domain", "light", "commands")
# Sections read as rows of characters, spaces and comment-like lines kept as they are.
_GRID_SECTIONS = ("map", "domain", "light")


class Context:
    """What a section or header handler sees: the level so far and an error helper."""

    def __init__(self, source):
        self.source = source
        self.game = None
        self.level = None

    def error(self, lineno, message):
        raise LevelError(self.source, lineno, message)


class Level:
    def __init__(self, source):
        self.source = source
        self.name = ""
        self.seed = 0
        self.domain = "all"
        self.width = 0
        self.height = 0
        self.rows = []          # (lineno, text)
        self.domain_rows = []   # (lineno, text)
        self.light_rows = []    # (lineno, text): [light], none when the level is all lit
        self.legend = {}        # char -> (terrain code, [(thing, arg)], lineno)
        self.commands = []      # (tick, cmd, lineno)
        self.sections = []      # (name, lineno, [(lineno, text)]) for registered sections
        self.headers = []       # (name, value, lineno) for registered headers


def _parse_legend_entry(ctx, lineno, text):
    if text.startswith("'"):
        if len(text) < 3 or text[2] != "'":
            ctx.error(lineno, "legend character in quotes must be one character, like ' '")
        char, rest = text[1], text[3:]
    else:
        char, rest = text[0], text[1:]
    rest = rest.strip()
    if not rest.startswith("="):
        ctx.error(lineno, "legend line must read: C = terrain [thing ...]")
    return char, rest[1:].strip()


def _parse_definition(ctx, lineno, char, definition):
    words = definition.split()
    if not words:
        ctx.error(lineno, "legend entry for %r names no terrain" % char)
    if words[0] not in terrain.BY_NAME:
        ctx.error(lineno, "unknown terrain %r (known: %s)" % (words[0], ", ".join(terrain.NAMES)))
    things = []
    for word in words[1:]:
        name, sep, arg = word.partition(":")
        if name not in THINGS:
            ctx.error(lineno, "unknown thing %r (known: %s)" % (name, ", ".join(sorted(THINGS))))
        things.append((name, arg if sep else None))
    return (terrain.BY_NAME[words[0]], things, lineno)


def parse(text, source="level"):
    """Parse level text into a Level; raises LevelError naming source and line."""
    load_rule_modules()
    ctx = Context(source)
    lv = Level(source)
    ctx.level = lv
    if len(text) > files.MAX_LEVEL_BYTES:
        ctx.error(0, "the level is %d characters long; the most a level may be is %d"
                  % (len(text), files.MAX_LEVEL_BYTES))
    # The same text whatever the editor saved: no byte-order mark, LF line ends.
    text = files.normalise(text, source)
    seen = {}
    domain_line = 1
    last_line = max(1, len(text.rstrip("\n").split("\n")))
    section = None
    body = {}
    for lineno, line in enumerate(text.split("\n"), start=1):
        if len(line) > files.MAX_LINE_CHARS:
            ctx.error(lineno, "the line is %d characters long; the most is %d"
                      % (len(line), files.MAX_LINE_CHARS))
        m = _SECTION_RE.match(line.strip()) if section not in _GRID_SECTIONS or line[:1] == "[" else None
        if m:
            name = m.group(1)
            if name in seen:
                ctx.error(lineno, "section [%s] appears twice (first at line %d)" % (name, seen[name]))
            if name not in _CORE_SECTIONS and name not in SECTIONS:
                ctx.error(lineno, "unknown section [%s]" % name)
            seen[name] = lineno
            section = name
            body[name] = []
            continue
        if section in _GRID_SECTIONS:
            if line.startswith(";"):
                continue
            body[section].append((lineno, line))
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if section is None:
            key, sep, value = stripped.partition(":")
            key, value = key.strip(), value.strip()
            if not sep:
                ctx.error(lineno, "expected 'key: value' before the first [section]")
            if key == "name":
                lv.name = value
            elif key == "seed":
                lv.seed = seed_value(value, lambda m: ctx.error(lineno, m))
            elif key == "domain":
                if value not in ("all", "none", "map"):
                    ctx.error(lineno, "domain must be all, none or map, not %r" % value)
                lv.domain = value
                domain_line = lineno
            elif key in HEADERS:
                lv.headers.append((key, value, lineno))
            else:
                ctx.error(lineno, "unknown header %r" % key)
        else:
            body[section].append((lineno, stripped))

    for char, definition in LEGEND.items():
        lv.legend[char] = _parse_definition(ctx, 0, char, definition)
    for lineno, entry in body.get("legend", []):
        char, definition = _parse_legend_entry(ctx, lineno, entry)
        if char in ";[":
            ctx.error(lineno, "%r cannot be a map character" % char)
        lv.legend[char] = _parse_definition(ctx, lineno, char, definition)

    if "map" not in body:
        ctx.error(last_line, "the level has no [map] section")
    rows = body["map"]
    while rows and not rows[-1][1].strip():
        rows.pop()
    if not rows:
        ctx.error(seen["map"], "the [map] section is empty")
    lv.rows = rows
    lv.width = len(rows[0][1])
    lv.height = len(rows)
    if lv.height > files.MAX_MAP_SIDE:
        ctx.error(rows[files.MAX_MAP_SIDE][0], "the map is taller than %d rows"
                  % files.MAX_MAP_SIDE)
    if lv.width > files.MAX_MAP_SIDE:
        ctx.error(rows[0][0], "the map is wider than %d columns" % files.MAX_MAP_SIDE)
    for lineno, row in rows:
        if len(row) != lv.width:
            ctx.error(lineno, "map row is %d wide, the first row is %d (rows must be equally "
                      "wide; write rock as 'x' so editors keep it)" % (len(row), lv.width))
        for col, ch in enumerate(row):
            if ch not in lv.legend:
                ctx.error(lineno, "unknown map character %r at column %d" % (ch, col + 1))
    for y, (lineno, row) in enumerate(rows):
        for x, ch in enumerate(row):
            if lv.legend[ch][0] == terrain.PORTAL and not (
                    x == 0 or y == 0 or x == lv.width - 1 or y == lv.height - 1):
                ctx.error(lineno, "portal at column %d is not on the map edge" % (x + 1))
    _count_bodies(ctx, lv)

    if "domain" in body:
        if lv.domain not in ("map", "all"):
            ctx.error(seen["domain"], "a [domain] section needs 'domain: map' (or no domain header)")
        lv.domain = "map"
        drows = body["domain"]
        while drows and not drows[-1][1].strip():
            drows.pop()
        if len(drows) != lv.height:
            ctx.error(seen["domain"], "[domain] has %d rows, the map has %d" % (len(drows), lv.height))
        for lineno, row in drows:
            if len(row) != lv.width:
                ctx.error(lineno, "domain row is %d wide, the map is %d" % (len(row), lv.width))
            for col, ch in enumerate(row):
                if ch not in "1#0.x ":
                    ctx.error(lineno, "domain character %r at column %d: use 1 or # for yours, "
                              "0 . x or space for not" % (ch, col + 1))
        lv.domain_rows = drows
    elif lv.domain == "map":
        ctx.error(domain_line, "'domain: map' needs a [domain] section")

    if "light" in body:
        lv.light_rows = _light_rows(ctx, lv, seen["light"], body["light"])

    last = 0
    script = body.get("commands", [])
    if len(script) > files.MAX_SCRIPT_COMMANDS:
        ctx.error(script[files.MAX_SCRIPT_COMMANDS][0], "a level may script at most %d commands"
                  % files.MAX_SCRIPT_COMMANDS)
    for lineno, entry in script:
        if not entry.startswith("@"):
            ctx.error(lineno, "command lines start with @TIME (ticks or h:mm)")
        when, _, rest = entry[1:].partition(" ")
        try:
            tick = clock.parse_time(when)
        except ValueError as exc:
            ctx.error(lineno, str(exc))
        if tick < last:
            ctx.error(lineno, "command time %s is before the previous command's" % when)
        last = tick
        try:
            cmd = commands.plain(files.load_command(rest))
        except ValueError as exc:
            ctx.error(lineno, str(exc))
        if not isinstance(cmd.get("type"), str) or not commands.known(cmd["type"]):
            ctx.error(lineno, "unknown command type %r" % cmd.get("type"))
        lv.commands.append((tick, cmd, lineno))
    crowded = spawning.crowded_tick(lv.commands)
    if crowded:
        ctx.error(*crowded)

    for name, lines in body.items():
        if name not in _CORE_SECTIONS:
            lv.sections.append((name, seen[name], lines))
    return lv


def _count_bodies(ctx, lv):
    """The map may place at most spawning.MAX_LIVE_BODIES bodies (refused at the row that
    passes it, before one is built)."""
    per_char = {ch: sum(1 for thing, _ in entry[1] if thing in BODY_THINGS)
                for ch, entry in lv.legend.items()}
    total = 0
    for lineno, row in lv.rows:
        total += sum(per_char[ch] for ch in row)
        if total > spawning.MAX_LIVE_BODIES:
            ctx.error(lineno, "the map places more than %d bodies (at most %d may be alive "
                      "at once)" % (spawning.MAX_LIVE_BODIES, spawning.MAX_LIVE_BODIES))


def light_level(ch):
    """The light level 0..9 of a [light] character, or -1 when it is none."""
    if ch in ". ":
        return FULL_LIGHT
    if len(ch) == 1 and "0" <= ch <= "9":
        return ord(ch) - ord("0")
    return -1


def _light_rows(ctx, lv, head_line, rows):
    """The [light] rows, checked: as many as the map's, as wide, light levels only."""
    while rows and not rows[-1][1].strip():
        rows.pop()
    if len(rows) != lv.height:
        ctx.error(rows[lv.height][0] if len(rows) > lv.height else head_line,
                  "[light] has %d rows, the map has %d" % (len(rows), lv.height))
    for lineno, row in rows:
        if len(row) != lv.width:
            ctx.error(lineno, "light row is %d wide, the map is %d (write full light as '.' "
                      "so editors keep it)" % (len(row), lv.width))
        for col, ch in enumerate(row):
            if light_level(ch) < 0:
                ctx.error(lineno, "light %r at column %d is not a light level: 0 (dark) to 9 "
                          "(full light), or . for full light" % (ch, col + 1))
    return rows


def build(lv, seed=None):
    """A new Game from a parsed Level (seed overrides the level's)."""
    ctx = Context(lv.source)
    ctx.level = lv
    if seed is not None:
        seed = seed_value(str(seed), lambda m: ctx.error(0, "the seed given: " + m))
    game = Game(lv.width, lv.height, lv.seed if seed is None else seed, lv.name)
    ctx.game = game
    grid = game.grid
    lut = {ch: entry[0] for ch, entry in lv.legend.items()}
    for y, (_, row) in enumerate(lv.rows):
        grid.terrain[y, :] = [lut[ch] for ch in row]
    if lv.domain == "all":
        grid.domain[:, :] = (grid.terrain != terrain.ROCK) & (grid.terrain != terrain.PORTAL)
    elif lv.domain == "map":
        for y, (_, row) in enumerate(lv.domain_rows):
            grid.domain[y, :] = [1 if ch in "1#" else 0 for ch in row]
    for y, (_, row) in enumerate(lv.light_rows):
        grid.light[y, :] = [LIGHT_LEVELS[light_level(ch)] for ch in row]
    grid.changed()
    for name, value, lineno in lv.headers:
        with _blame(ctx, lineno, "header %r" % name):
            HEADERS[name](ctx, value, lineno)
    for y, (lineno, row) in enumerate(lv.rows):
        for x, ch in enumerate(row):
            for thing, arg in lv.legend[ch][1]:
                with _blame(ctx, lineno, "%s at column %d" % (thing, x + 1)):
                    why = arg_reason(thing, arg)
                    if why:
                        raise ValueError(why)
                    THINGS[thing](game, x, y, arg)
    for name, lineno, lines in lv.sections:
        with _blame(ctx, lineno, "section [%s]" % name):
            SECTIONS[name](ctx, lines)
    game.script = [(tick, cmd) for tick, cmd, _ in lv.commands]
    game.take_events()
    return game


def load_text(text, source="level", seed=None):
    """A Game from level text, or from a level scene's text (pysim/core/level_scene.py)."""
    load_rule_modules()    # the READERS register at import
    for read in READERS:
        game = read(text, source, seed)
        if game is not None:
            return game
    game = build(parse(text, source), seed)
    game.level_source = str(source)
    game.level_text = text
    return game


def load_file(path, seed=None):
    """A Game from a level file: a .tscn level scene or the text format."""
    if str(path).endswith(".tscn"):
        text = files.read_text(path, "level scene", files.MAX_SCENE_BYTES)
        return load_text(text, str(path), seed)
    text = files.read_text(path, "level", files.MAX_LEVEL_BYTES)
    return load_text(text, str(path), seed)


def seed_value(text, fail):
    """A seed from text: a whole number 0 .. 2**63 - 1 (numpy seeds take no negatives)."""
    try:
        seed = files.whole_number(text.strip())
    except ValueError as exc:
        fail("seed must be a whole number, not %s" % exc)
    if not 0 <= seed <= files.INT64_MAX:
        fail("seed must be between 0 and %d" % files.INT64_MAX)
    return seed


class _blame:
    """Turns an unexpected exception while building one part of the level into the one
    FILE:LINE error, naming the part: a level thing's handler that meets a value nobody
    foresaw must not crash the game or the runner. A ValueError is a handler's own refusal."""

    def __init__(self, ctx, lineno, what):
        self.ctx, self.lineno, self.what = ctx, lineno, what

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None or isinstance(exc, LevelError) or not isinstance(exc, Exception):
            return False
        if isinstance(exc, ValueError):
            self.ctx.error(self.lineno, "%s: %s" % (self.what, exc))
        self.ctx.error(self.lineno, "%s: cannot be built (%s: %s)"
                       % (self.what, type(exc).__name__, exc))


# -- the catalogue of level things ------------------------------------------------------

class ThingKind(object):
    """One level thing as the level editor offers it (its lists come from here): what it
    is, the args it lists, the options a trap-like arg takes after '/', and the check of
    an arg's form, the same check level.build runs before the thing is placed."""

    def __init__(self, name, about, group, choices, hint, options, check):
        self.name = name
        self.about = about
        self.group = group
        self.choices = tuple(choices)
        self.hint = hint
        self.options = tuple(options)
        self.check = check

    def reason(self, arg):
        """"" when arg (None: no ':' at all) has this thing's form, else why not."""
        text = "" if arg is None else arg
        if self.check is not None:
            try:
                self.check(text)
            except ValueError as exc:
                return str(exc)
            return ""
        if text in self.choices:
            return ""
        shown = ["nothing" if c == "" else ":" + c for c in self.choices]
        return "%s takes %s, not :%s" % (self.name, _or_list(shown), text)

    def to_dict(self):
        return {"kind": self.name, "about": self.about, "group": self.group,
                "choices": list(self.choices), "hint": self.hint, "options": list(self.options)}


def _or_list(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def catalog(name, about, group, choices=("",), hint="", options=(), check=None):
    """Lists a level thing for the level editor and checks its arg: choices are the args
    listed ("" = the thing alone), in order; check(arg) raises ValueError("why") for an arg
    of the wrong form (without one, the arg must be one of the choices); hint says in words
    what else the arg may be; options are what may follow the arg after '/'."""
    CATALOG[name] = ThingKind(name, about, group, choices, hint, options, check)


def arg_reason(name, arg):
    """"" when `name:arg` is a level thing with an arg of the right form, else why not (the
    check of the catalogue; whether the thing fits its tile is for level.build to say)."""
    if name not in THINGS:
        return "unknown thing %r (known: %s)" % (name, ", ".join(sorted(THINGS)))
    entry = CATALOG.get(name)
    return entry.reason(arg) if entry is not None else ""


def things_catalog():
    """Every level thing's catalogue entry (ThingKind.to_dict), grouped, in the order the
    editor's palette shows them."""
    load_rule_modules()
    return [CATALOG[n].to_dict() for n in sorted(CATALOG, key=lambda n: (
        GROUPS.index(CATALOG[n].group) if CATALOG[n].group in GROUPS else len(GROUPS), n))]


# The palette's groups, in order.
BODIES, ON_A_BODY, DOORS, TRAPS, FURNITURE, GROUND = (
    "Bodies", "On a body", "Doors", "Traps", "Furniture", "Ground")
GROUPS = (BODIES, ON_A_BODY, DOORS, TRAPS, FURNITURE, GROUND)


# -- the core things ---------------------------------------------------------------------

def _entity_placer(kind, subtype=""):
    def place(game, x, y, arg):
        if game.grid.walk_cost()[y, x] <= 0:
            raise ValueError("it needs a tile it can stand on")
        # The subtype before the spawn hooks run: combat builds the stat block from it.
        return game.spawn(kind, x, y, subtype=arg or subtype)
    return place


THINGS["minion"] = _entity_placer(MINION)
THINGS["adventurer"] = _entity_placer(ADVENTURER)
THINGS["boss"] = _entity_placer(BOSS)
THINGS["creature"] = _entity_placer(CREATURE)
THINGS["kobold"] = _entity_placer(CREATURE, "kobold")
catalog("minion", "A minion of yours.", BODIES)
catalog("boss", "Your Boss: the dungeon is lost when it dies.", BODIES)
catalog("kobold", "A wild kobold, on no one's side.", BODIES)
# adventurer, creature and dungeon_creature: their args are classes and creature kinds,
# listed by pysim/combat/fighter.py


def _place_dungeon_creature(game, x, y, arg):
    """A creature that lives in the dungeon's lair: on the dungeon's side (FRIEND-04)."""
    ent = _entity_placer(CREATURE, "kobold")(game, x, y, arg)
    ent.side = DUNGEON
    return ent


THINGS["dungeon_creature"] = _place_dungeon_creature
BODY_THINGS.update(("minion", "adventurer", "boss", "creature", "kobold", "dungeon_creature"))
