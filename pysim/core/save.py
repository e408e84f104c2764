"""Saves: the level a game started from, its seed, and every player command with its tick.

Why a command log and not a dump of the objects: commands are the only input, so the log
is the whole state by construction. No cache, and no field a rule area adds later, can be
left out of it (OpenTTD's desync lesson). Loading replays the log and then compares the
state hash written at save time, so a save whose replay gives another game (a save from a
build with different rules, or an edited file) is refused with the reason instead of
loading quietly into a different game. The price is that loading takes as long as
simulating the ticks played (`make bench` reports it as save_load_ms_per_game_hour).

The file is text, one item a line, so every error names the file and the line:

    malignus-save 2
    source: first.level
    seed: 3
    tick: 1234
    hash: 0123abcd...
    script: 2                       how many of the level's scripted commands had run
    [level]
    |<each line of the level text>
    [commands]
    @<tick> <the command as JSON>   applied at that tick
    [pending]
    <the command as JSON>           sent, not yet applied (the next tick applies it)
    [checkpoints]
    <tick> <state hash>             one for every game hour played (game.checkpoints)
    [fog]                           optional sections a rule area adds (add_section): what
    <rows of 0/1>                   the player has seen is not game state, but it is theirs
    [view]                          optional, last: where the player was looking (the front
    <key> <JSON value>              end's camera and log, Session.save_text(view)); one value
                                    a line, a key on several lines is a list; never game
                                    state, never replayed or hashed (see "The view" below)

The checkpoints bound the work a file can cause: a save must carry one line per game hour
it claims, so its size bounds the replay, and a save that does not replay is refused at the
first hour that differs instead of after replaying all of it. Saving at any tick is exact:
the script position and the pending commands are part of the state (and of its hash).
"""
import json
import re

from pysim.core import commands, files, spawning
from pysim.core.game import CHECKPOINT_TICKS, load_rule_modules
from pysim.core.level import LevelError, load_text

MAGIC = "malignus-save 2"
OLD_MAGICS = ("malignus-save 1",)
_HEADER_KEYS = ("source", "seed", "tick", "hash", "script")
_SECTIONS = ("level", "commands", "pending", "checkpoints")
VIEW_SECTION = "view"
# The view (see "The view" below): its keys, and the most lines it may have (the file's size
# and line limits bound it too; this keeps a save's view from costing more than its game).
_VIEW_KEY = re.compile(r"[a-z][a-z0-9_]{0,31}\Z")
MAX_VIEW_LINES = 2000

# Optional sections after [checkpoints], by name: (write(game) -> [lines] or None for none,
# read(game, [(lineno, text)]) -> None, or (lineno or 0, the reason it cannot be read)). For what belongs with
# a game but is not in its hash (the fog's explored tiles, pysim/invasions/fog.py): read once
# the replay has been checked.
EXTRA_SECTIONS = {}


def add_section(name, write, read):
    EXTRA_SECTIONS[name] = (write, read)


class SaveError(LevelError):
    """A save that cannot be loaded; the message starts with FILE:LINE:."""


def dumps(game, view=None):
    """The save text of a game (made by level.load_text, so it knows its level), with the
    front end's view {key: [JSON values]} when given (ValueError for one it cannot hold)."""
    # The source is a label (a file name may hold line breaks, or bytes that are not UTF-8,
    # which Python reads as lone surrogates): one line of whole characters.
    source = game.level_source.encode("utf-8", "backslashreplace").decode("utf-8")
    lines = [MAGIC,
             "source: %s" % source.replace("\n", " ").replace("\r", " "),
             "seed: %d" % game.seed,
             "tick: %d" % game.tick,
             "hash: %s" % game.state_hash(),
             "script: %d" % game.script_i,
             "[level]"]
    lines.extend("|" + line for line in game.level_text.split("\n"))
    lines.append("[commands]")
    for tick, cmd in game.log:
        lines.append("@%d %s" % (tick, json.dumps(cmd, sort_keys=True)))
    lines.append("[pending]")
    for cmd in game.queue:
        lines.append(json.dumps(cmd, sort_keys=True))
    lines.append("[checkpoints]")
    for i, digest in enumerate(game.checkpoints):
        lines.append("%d %s" % ((i + 1) * CHECKPOINT_TICKS, digest))
    for name in sorted(EXTRA_SECTIONS):
        extra = EXTRA_SECTIONS[name][0](game)
        if extra is not None:
            lines.append("[%s]" % name)
            lines.extend(extra)
    if view:
        lines.append("[%s]" % VIEW_SECTION)
        lines.extend(view_lines(view))
    return "\n".join(lines) + "\n"


# -- The view ----------------------------------------------------------------------------
# What the player was looking at when they saved: the front end's camera and its log (the
# game's own words for what happened, which no replay can give back without the sounds and
# effects of every event again). It is theirs, like the fog, but it is not the game: it is
# written as the front end gives it, read back as it was written, never replayed, never in
# the state hash, and a save without it loads the same game. pysim checks only its shape
# (keys, JSON, size); what the values mean is the front end's (main/Main.gd, "The view").

def view_lines(view):
    """The [view] lines of {key: [JSON values]} (a value that is not a list is one value):
    `key JSON` a line, keys sorted, values in order. ValueError for a bad key, a value JSON
    cannot hold (NaN, an object), a line over files.MAX_LINE_CHARS or more than
    MAX_VIEW_LINES lines."""
    if not isinstance(view, dict):
        raise ValueError("the view must be a dict of key -> [values]")
    lines = []
    for key in sorted(view):
        if not isinstance(key, str) or not _VIEW_KEY.match(key):
            raise ValueError("a view key is a-z, 0-9 and _ (at most 32), not %r" % (key,))
        values = view[key] if isinstance(view[key], (list, tuple)) else [view[key]]
        for value in values:
            line = "%s %s" % (key, json.dumps(value, sort_keys=True, allow_nan=False))
            if len(line) > files.MAX_LINE_CHARS:
                raise ValueError("a view line of %r is %d characters; the most is %d"
                                 % (key, len(line), files.MAX_LINE_CHARS))
            lines.append(line)
    if len(lines) > MAX_VIEW_LINES:
        raise ValueError("the view has %d lines; the most is %d" % (len(lines), MAX_VIEW_LINES))
    return lines


def _parse_view(section, path):
    """{key: [values]} of a [view] section, or SaveError naming the line."""
    view = {}
    rows = [(lineno, text.strip()) for lineno, text in section[1] if text.strip()]
    if len(rows) > MAX_VIEW_LINES:
        _error(path, rows[MAX_VIEW_LINES][0], "the [view] section has %d lines; the most is %d"
               % (len(rows), MAX_VIEW_LINES))
    for lineno, text in rows:
        key, _, value = text.partition(" ")
        if not _VIEW_KEY.match(key):
            _error(path, lineno, "a [view] line is 'key JSON' (a key of a-z, 0-9 and _)")
        try:
            parsed = files.load_json(value, "view value")
        except ValueError as exc:
            _error(path, lineno, "the view value is not valid: %s" % exc)
        view.setdefault(key, []).append(parsed)
    return view


def _error(path, lineno, message):
    raise SaveError(path, lineno, message)


class _Save:
    """A parsed save: headers {key: (value, lineno)}, the level text and where it starts,
    commands [(tick, cmd, lineno)], pending [cmd], checkpoints [(digest, lineno)]."""

    def __init__(self):
        self.headers = {}
        self.level_text = ""
        self.level_first = 0
        self.commands = []
        self.pending = []
        self.checkpoints = []
        self.extra = {}         # optional section name -> [(lineno, text)]
        self.view = {}          # the [view] section: {key: [values]}


def _sections(lines, path, first):
    """{section name: [(lineno, text)]} for the sections after the header, in file order.
    A line in [brackets] is a section's header (no line of a section's body starts with
    '['; the saved level's lines start with '|', a view's with its key)."""
    order = _SECTIONS + tuple(sorted(EXTRA_SECTIONS)) + (VIEW_SECTION,)
    found = {}
    current = None
    for i in range(first, len(lines)):
        text = lines[i]
        name = text.strip()[1:-1] if text.startswith("[") and text.strip().endswith("]") else None
        if name is not None:
            if name not in order:
                _error(path, i + 1, "unknown section [%s] (a save holds %s)"
                       % (name, ", ".join("[%s]" % n for n in order)))
            if current is not None and order.index(name) <= order.index(current):
                _error(path, i + 1, "section [%s] after [%s] (a save holds %s, in that order, "
                       "each once)" % (name, current, ", ".join("[%s]" % n for n in order)))
            current = name
            found[name] = (i + 1, [])
            continue
        if current is None:
            _error(path, i + 1, "expected one of %s, or [level]" % ", ".join(_HEADER_KEYS))
        found[current][1].append((i + 1, text))
    for name in _SECTIONS:
        if name not in found:
            _error(path, len(lines), "the save has no [%s] section" % name)
    return found


def _parse(text, path):
    """A _Save, or SaveError naming the line."""
    # Every section a save may hold is known whatever was imported before (the fog's is
    # registered by its rule module), as the level parser knows every level thing.
    load_rule_modules()
    if len(text) > files.MAX_SAVE_BYTES:
        _error(path, 0, "the save is over %d bytes" % files.MAX_SAVE_BYTES)
    text = files.normalise(text, path)
    lines = text.split("\n")
    first = lines[0].strip() if lines else ""
    if first in OLD_MAGICS:
        _error(path, 1, "a save from an older version of the game (%r); this version reads %r"
               % (first, MAGIC))
    if first != MAGIC:
        _error(path, 1, "not a Malignus save (the first line must be %r)" % MAGIC)
    for i, line in enumerate(lines):
        if len(line) > files.MAX_LINE_CHARS:
            _error(path, i + 1, "the line is %d characters long; the most is %d"
                   % (len(line), files.MAX_LINE_CHARS))
    sv = _Save()
    i = 1
    while i < len(lines) and lines[i].strip() != "[level]":
        if lines[i].strip():
            key, sep, value = lines[i].partition(":")
            key, value = key.strip(), value.strip()
            if not sep or key not in _HEADER_KEYS:
                _error(path, i + 1, "expected one of %s, or [level]" % ", ".join(_HEADER_KEYS))
            if key in ("seed", "tick", "script"):
                try:
                    value = files.whole_number(value)
                except ValueError as exc:
                    _error(path, i + 1, "%s must be a whole number, not %s" % (key, exc))
                if value < 0 or value > files.INT64_MAX:
                    _error(path, i + 1, "%s must be between 0 and %d" % (key, files.INT64_MAX))
            sv.headers[key] = (value, i + 1)
        i += 1
    for key in _HEADER_KEYS:
        if key not in sv.headers:
            _error(path, i + 1, "the header has no %s: line" % key)
    tick, tick_line = sv.headers["tick"]
    if tick > files.MAX_SAVE_TICK:
        _error(path, tick_line, "tick %d is past the longest game (%d ticks)"
               % (tick, files.MAX_SAVE_TICK))
    sections = _sections(lines, path, i)
    _parse_level(sv, sections["level"], path)
    _parse_commands(sv, sections["commands"], path)
    _parse_pending(sv, sections["pending"], path)
    _parse_checkpoints(sv, sections["checkpoints"], path)
    for name in sorted(EXTRA_SECTIONS):
        if name in sections:
            sv.extra[name] = sections[name]
    if VIEW_SECTION in sections:
        sv.view = _parse_view(sections[VIEW_SECTION], path)
    return sv


def _parse_level(sv, section, path):
    header_line, rows = section
    sv.level_first = header_line + 1
    level_lines = []
    for lineno, text in rows:
        if not text.startswith("|"):
            _error(path, lineno, "a line of the saved level must start with '|'")
        level_lines.append(text[1:])
    sv.level_text = "\n".join(level_lines)


def _command(text, path, lineno):
    try:
        return commands.plain(files.load_command(text))
    except ValueError as exc:
        _error(path, lineno, "the command is not valid: %s" % exc)


def _parse_commands(sv, section, path):
    saved_tick = sv.headers["tick"][0]
    last_tick = 0
    for lineno, text in section[1]:
        line = text.strip()
        if not line:
            continue
        tick_text, _, cmd_text = line.partition(" ")
        try:
            tick = files.whole_number(tick_text[1:]) if tick_text.startswith("@") else -1
        except ValueError:
            tick = -1
        if tick < 0:
            _error(path, lineno, "a command line is '@TICK {json}'")
        if tick < last_tick:
            _error(path, lineno, "commands must be in tick order (%d after %d)" % (tick, last_tick))
        if tick > saved_tick:
            _error(path, lineno, "a command at tick %d is after the save's tick %d"
                   % (tick, saved_tick))
        sv.commands.append((tick, _command(cmd_text, path, lineno), lineno))
        last_tick = tick
    crowded = spawning.crowded_tick(sv.commands)
    if crowded:
        _error(path, *crowded)


def _parse_pending(sv, section, path):
    for lineno, text in section[1]:
        if text.strip():
            sv.pending.append(_command(text.strip(), path, lineno))


def _parse_checkpoints(sv, section, path):
    header_line, rows = section
    rows = [(lineno, text.strip()) for lineno, text in rows if text.strip()]
    want = sv.headers["tick"][0] // CHECKPOINT_TICKS
    if len(rows) != want:
        _error(path, rows[min(len(rows), want)][0] if len(rows) > want else header_line,
               "the save has %d checkpoints; %d ticks need %d (one a game hour)"
               % (len(rows), sv.headers["tick"][0], want))
    for i, (lineno, text) in enumerate(rows):
        tick_text, _, digest = text.partition(" ")
        if tick_text != str((i + 1) * CHECKPOINT_TICKS) or not _is_digest(digest):
            _error(path, lineno, "a checkpoint line is '%d <hash>'" % ((i + 1) * CHECKPOINT_TICKS))
        sv.checkpoints.append((digest, lineno))


def _is_digest(text):
    return len(text) == 32 and all(c in "0123456789abcdef" for c in text)


def loads(text, path="save", each_tick=None):
    """The Game a save text holds, replayed and checked against its hashes; each_tick(game)
    after every tick replayed (the runner's --hash-every and --check-caches: docs/desync.md)."""
    return read(text, path, each_tick)[0]


def summary(text, path="save"):
    """What a save says about itself without replaying it (a list of saves): {"source": the
    level it started from, "tick", "view": {key: [values]}}; SaveError for a bad one."""
    sv = _parse(text, path)
    return {"source": sv.headers["source"][0], "tick": sv.headers["tick"][0], "view": sv.view}


def read(text, path="save", each_tick=None):
    """(the Game a save text holds, replayed and checked, its view {key: [values]})."""
    sv = _parse(text, path)
    try:
        game = load_text(sv.level_text, sv.headers["source"][0], sv.headers["seed"][0])
    except LevelError as exc:
        # The level's own line, moved to where that line stands in the save.
        _error(path, sv.level_first + max(exc.line, 1) - 1, "in the saved level: " + exc.reason)
    saved_tick = sv.headers["tick"][0]

    def step_to(tick):
        while game.tick < tick:
            game.step()
            if each_tick is not None:
                each_tick(game)
            done = len(game.checkpoints)
            if game.tick % CHECKPOINT_TICKS == 0 and game.checkpoints[done - 1] != \
                    sv.checkpoints[done - 1][0]:
                _error(path, sv.checkpoints[done - 1][1], "the save does not replay to the game it "
                       "was saved from at tick %d (made by another version of the rules, or "
                       "edited)" % game.tick)

    for tick, cmd, _ in sv.commands:
        step_to(tick)
        game.command(cmd)
    step_to(saved_tick)
    # Commands logged at the save's own tick were applied while the game stood still there
    # (paused); the script runs first at a tick, as it did then. Nothing else is applied:
    # a scripted command due now but not yet run stays due.
    script_i, script_line = sv.headers["script"]
    if game.queue or game.script_i < script_i:
        game.apply_pending()
    if game.script_i != script_i:
        _error(path, script_line, "the save's script position %d does not match its level"
               % script_i)
    game.queue = list(sv.pending)
    game.take_events()
    saved_hash, hash_line = sv.headers["hash"]
    if game.state_hash() != saved_hash:
        _error(path, hash_line, "the save does not replay to the game it was saved from "
               "(made by another version of the rules, or edited)")
    for name in sorted(sv.extra):
        header_line, rows = sv.extra[name]
        why = EXTRA_SECTIONS[name][1](game, rows)
        if why:
            _error(path, why[0] if why[0] > 0 else header_line, why[1])
    return game, sv.view


def save_file(game, path):
    """Write the save atomically: a temporary file in the same folder, flushed and synced,
    then renamed over the old one, so a crash or a kill mid-save keeps the previous save."""
    files.write_atomic(path, dumps(game))


def load_file(path):
    try:
        text = files.read_text(path, "save", files.MAX_SAVE_BYTES)
    except LevelError as exc:
        raise SaveError(exc.source, exc.line, exc.reason)
    return loads(text, str(path))
