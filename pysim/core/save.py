"""Saves: the level a game started from, its seed, and every player command with its tick.

Why a command log and not a dump of the objects: commands are the only input, so the log
is the whole state by construction. No cache, and no field a rule area adds later, can be
left out of it (OpenTTD's desync lesson). Loading replays the log and then compares the
state hash written at save time, so a save whose replay gives another game (a save from a
build with different rules, or an edited file) is refused with the reason instead of
loading quietly into a different game. The price is that loading takes as long as
simulating the ticks played (`make bench` reports it as save_load_ms_per_game_hour).

The file is text, one item a line, so every error names the file and the line:

    malignus-save 1
    source: first.level
    seed: 3
    tick: 1234
    hash: 0123abcd...
    [level]
    |<each line of the level text>
    [commands]
    @<tick> <the command as JSON>
"""
import json

from pysim.core.level import LevelError, load_text

MAGIC = "malignus-save 1"
_HEADER_KEYS = ("source", "seed", "tick", "hash")


class SaveError(LevelError):
    """A save that cannot be loaded; the message starts with FILE:LINE:."""


def dumps(game):
    """The save text of a game (made by level.load_text, so it knows its level)."""
    lines = [MAGIC,
             "source: %s" % game.level_source.replace("\n", " "),
             "seed: %d" % game.seed,
             "tick: %d" % game.tick,
             "hash: %s" % game.state_hash(),
             "[level]"]
    lines.extend("|" + line for line in game.level_text.split("\n"))
    lines.append("[commands]")
    for tick, cmd in game.log:
        lines.append("@%d %s" % (tick, json.dumps(cmd, sort_keys=True)))
    return "\n".join(lines) + "\n"


def _error(path, lineno, message):
    raise SaveError("%s:%d: %s" % (path, lineno, message))


def _parse(text, path):
    """(headers, level text, first level line, commands) or SaveError."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != MAGIC:
        _error(path, 1, "not a Malignus save (the first line must be %r)" % MAGIC)
    headers = {}
    i = 1
    while i < len(lines) and lines[i].strip() != "[level]":
        if lines[i].strip():
            key, sep, value = lines[i].partition(":")
            key, value = key.strip(), value.strip()
            if not sep or key not in _HEADER_KEYS:
                _error(path, i + 1, "expected one of %s, or [level]" % ", ".join(_HEADER_KEYS))
            if key in ("seed", "tick"):
                try:
                    value = int(value)
                except ValueError:
                    _error(path, i + 1, "%s must be a whole number, not %r" % (key, value))
            headers[key] = (value, i + 1)
        i += 1
    for key in _HEADER_KEYS:
        if key not in headers:
            _error(path, i + 1, "the header has no %s: line" % key)
    if i >= len(lines):
        _error(path, i, "the save has no [level] section")
    level_first = i + 2
    level_lines = []
    i += 1
    while i < len(lines) and lines[i].strip() != "[commands]":
        if not lines[i].startswith("|"):
            _error(path, i + 1, "a line of the saved level must start with '|'")
        level_lines.append(lines[i][1:])
        i += 1
    if i >= len(lines):
        _error(path, i, "the save has no [commands] section")
    commands = []
    last_tick = 0
    for j in range(i + 1, len(lines)):
        line = lines[j].strip()
        if not line:
            continue
        tick_text, _, cmd_text = line.partition(" ")
        if not tick_text.startswith("@") or not tick_text[1:].isdigit():
            _error(path, j + 1, "a command line is '@TICK {json}'")
        tick = int(tick_text[1:])
        if tick < last_tick:
            _error(path, j + 1, "commands must be in tick order (%d after %d)" % (tick, last_tick))
        if tick > headers["tick"][0]:
            _error(path, j + 1, "a command at tick %d is after the save's tick %d"
                   % (tick, headers["tick"][0]))
        try:
            cmd = json.loads(cmd_text)
        except ValueError as exc:
            _error(path, j + 1, "the command is not valid JSON (%s)" % exc)
        if not isinstance(cmd, dict):
            _error(path, j + 1, "a command must be a JSON object")
        commands.append((tick, cmd))
        last_tick = tick
    return headers, "\n".join(level_lines), level_first, commands


def loads(text, path="save"):
    """The Game a save text holds, replayed and checked against its hash."""
    headers, level_text, level_first, commands = _parse(text, path)
    source = headers["source"][0]
    try:
        game = load_text(level_text, source, headers["seed"][0])
    except LevelError as exc:
        # The level's own line numbers, moved to where those lines stand in the save.
        _, _, rest = str(exc).partition(":")
        line_text, _, message = rest.partition(":")
        offset = int(line_text) if line_text.isdigit() else 0
        _error(path, level_first + max(offset, 1) - 1, "in the saved level:" + message)
    for tick, cmd in commands:
        while game.tick < tick:
            game.step()
        game.command(cmd)
    while game.tick < headers["tick"][0]:
        game.step()
    game.apply_pending()
    game.take_events()
    saved_hash, hash_line = headers["hash"]
    if game.state_hash() != saved_hash:
        _error(path, hash_line, "the save does not replay to the game it was saved from "
               "(made by another version of the rules, or edited)")
    return game


def save_file(game, path):
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(game))


def load_file(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise SaveError("%s:0: cannot read the save (%s)" % (path, exc.strerror))
    except UnicodeDecodeError:
        raise SaveError("%s:1: not a Malignus save (not UTF-8 text)" % path)
    return loads(text, str(path))
