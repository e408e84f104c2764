"""Reading level and save files safely, and the limits on what a file may ask for.

A level or a save may come from anywhere (a download, a broken disk, a fuzzer), so the work
it can cause is bounded before anything is built from it: only regular files, at most
MAX_*_BYTES, UTF-8 text (a byte-order mark is dropped; CR LF and old Mac CR line ends read
as LF, the same in the runner and in the game), JSON at most MAX_JSON_DEPTH deep. Every
refusal is a LevelError whose message starts "FILE:LINE: ", the one error the player sees.
"""
import json
import os
import stat

from pysim.core.clock import MAX_TICK as MAX_SAVE_TICK  # noqa: F401 (a limit of saves)
from pysim.core.errors import LevelError

MAX_LEVEL_BYTES = 1 << 20           # 1 MiB: a 512 x 512 map with its legend and script
MAX_SCENE_BYTES = 8 << 20           # 8 MiB: a level scene; its tile_data is one long line
MAX_SAVE_BYTES = 64 << 20           # 64 MiB: months of play at a command every few seconds
MAX_MAP_SIDE = 512                  # tiles, either way
MAX_SCRIPT_COMMANDS = 10000         # scripted commands in a level
MAX_LINE_CHARS = 20000              # one line of a level or a save
MAX_JSON_DEPTH = 8                  # nesting of one command (the deepest real one is 3)
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


def error(path, lineno, message):
    raise LevelError("%s:%d: %s" % (path, lineno, message))


def read_text(path, what, max_bytes):
    """The text of a regular file of at most max_bytes, decoded and with LF line ends.

    `what` names the file for the player ("level", "save")."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        error(path, 0, "cannot read the %s (%s)" % (what, exc.strerror))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            error(path, 0, "the %s is not a regular file" % what)
        if info.st_size > max_bytes:
            error(path, 0, "the %s is %d bytes; the most a %s may be is %d"
                  % (what, info.st_size, what, max_bytes))
        chunks = []
        size = 0
        while True:
            # Read at most one byte past the limit: a file that grows while read is caught too.
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                error(path, 0, "the %s is over %d bytes" % (what, max_bytes))
    except OSError as exc:
        error(path, 0, "cannot read the %s (%s)" % (what, exc.strerror))
    finally:
        os.close(fd)
    return decode(b"".join(chunks), path, what)


def decode(data, path, what):
    """UTF-8 bytes -> text with LF line ends, or the line of the first byte that is not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        lineno = data.count(b"\n", 0, exc.start) + 1
        error(path, lineno, "the %s is not UTF-8 text (byte 0x%02x)" % (what, data[exc.start]))
    return normalise(text)


def normalise(text):
    """Drop a byte-order mark; CR LF and lone CR become LF."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def whole_number(text):
    """int of plain ASCII digits (an optional leading '-'), else ValueError.

    str.isdigit() and int() accept other scripts' digits and superscripts ('²'), which
    int() then refuses or reads: file formats take 0-9 only."""
    body = text[1:] if text.startswith("-") else text
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError("%r is not a whole number" % text)
    return int(text)


def json_depth_ok(text, limit=MAX_JSON_DEPTH):
    """Is the bracket nesting of a JSON text at most `limit`? A linear scan that skips
    strings, so a hostile line costs no recursion (json.loads recurses per level)."""
    depth = 0
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def load_json(text, what="command"):
    """One JSON value of a file's line, bounded: at most MAX_LINE_CHARS long and
    MAX_JSON_DEPTH deep, no NaN or Infinity; ValueError with a readable reason."""
    if len(text) > MAX_LINE_CHARS:
        raise ValueError("the %s is %d characters long; the most is %d"
                         % (what, len(text), MAX_LINE_CHARS))
    if not json_depth_ok(text):
        raise ValueError("the %s is nested more than %d deep" % (what, MAX_JSON_DEPTH))
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ValueError("bad JSON: %s" % exc)


def load_command(text):
    """One command from its JSON text: a dict, or ValueError with a readable reason."""
    cmd = load_json(text, "command")
    if not isinstance(cmd, dict):
        raise ValueError("a command must be a JSON object")
    return cmd


def _no_constant(name):
    # NaN and Infinity are not JSON, and no command field takes them.
    raise ValueError("%s is not a number a file can hold" % name)
