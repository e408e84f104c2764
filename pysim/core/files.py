"""Reading level and save files safely, the limits on what a file may ask for, and writing
files atomically (write_atomic: saves, converted levels, the sweeps' tables, the README's).

A level or a save may come from anywhere (a download, a broken disk, a fuzzer), so the work
it can cause is bounded before anything is built from it: only regular files, at most
MAX_*_BYTES, UTF-8 text (a byte-order mark is dropped; CR LF and old Mac CR line ends read
as LF, the same in the runner and in the game), JSON at most MAX_JSON_DEPTH deep. Every
refusal is a LevelError whose message starts "FILE:LINE: ", the one error the player sees.
"""
import json
import math
import os
import re
import stat
import tempfile

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
    raise LevelError(path, lineno, message)


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
    return normalise(text, path)


_SURROGATE = re.compile("[\ud800-\udfff]")


def normalise(text, path):
    """Drop a byte-order mark; CR LF and lone CR become LF. Text handed over already
    decoded (by the game, a tool) that holds half a character, a lone UTF-16 surrogate, is
    refused at its line: no file can hold it, so it could never be saved."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    bad = half_character(text)
    if bad is not None:
        error(path, text.count("\n", 0, bad) + 1, "the text holds half a character (a lone "
              "surrogate, U+%04X)" % ord(text[bad]))
    return text


def half_character(text):
    """Where text holds half a character (a lone UTF-16 surrogate, which Python's str allows
    and UTF-8 cannot hold), or None: for files and commands alike."""
    if text.isascii():
        return None
    bad = _SURROGATE.search(text)
    return None if bad is None else bad.start()


def whole_number(text):
    """int of plain ASCII digits (an optional leading '-'), else ValueError saying what the
    text is instead ("must be a whole number, not %s" % exc reads well).

    str.isdigit() and int() accept other scripts' digits and superscripts ('²'), which
    int() then refuses or reads: file formats take 0-9 only. At most 19 digits: past 64
    bits anyway, and Python refuses int() of thousands of digits with an error of its own."""
    body = text[1:] if text.startswith("-") else text
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError(shown(text))
    if len(body) > 19:
        raise ValueError("one of %d digits (at most 19)" % len(body))
    return int(text)


def shown(text, most=40):
    """A file's text quoted for a message, cut short: a line may be 20,000 characters."""
    return repr(text) if len(text) <= most else "%r... (%d characters)" % (text[:most], len(text))


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
        # NaN, Infinity and 1e999 are no JSON number a file can hold (a command's are
        # refused again by commands.plain, the check a command from the player meets)
        return json.loads(text, parse_constant=_not_finite, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        raise ValueError("bad JSON: %s" % exc)


def load_command(text):
    """One command from its JSON text: a dict, or ValueError with a readable reason."""
    cmd = load_json(text, "command")
    if not isinstance(cmd, dict):
        raise ValueError("a command must be a JSON object")
    return cmd


def _not_finite(name):
    raise ValueError("%s is not a finite number" % name)


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        _not_finite(text if len(text) <= 40 else text[:40] + "...")
    return value


def write_atomic(path, text):
    """Write text to path through a temporary file beside it (.NAME.XXXXXXXX.tmp), renamed
    over path once whole; then remove what killed writes of the same path left."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".%s." % os.path.basename(path), suffix=".tmp",
                               dir=folder)
    try:
        # (the file system's own clock: the leftovers' times come from it too)
        started = os.fstat(fd).st_mtime_ns
        # mkstemp makes the file private (0600); a save or a level is an ordinary file.
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    # The rename itself reaches the disk only when the folder is synced.
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        dir_fd = None
    if dir_fd is not None:
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)
    _remove_leftovers(folder, os.path.basename(path), started)


def _remove_leftovers(folder, name, started):
    """A write killed mid-way leaves its temporary file: remove those of this path (the
    name mkstemp gives: .NAME. + 8 of [a-z0-9_] + .tmp) older than the write that just
    finished, so a write of the same path under way in another process keeps its own."""
    pattern = re.compile(r"\.%s\.[a-z0-9_]{8}\.tmp\Z" % re.escape(name))
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for other in names:
        if not pattern.match(other):
            continue
        leftover = os.path.join(folder, other)
        try:
            info = os.lstat(leftover)
            if stat.S_ISREG(info.st_mode) and info.st_mtime_ns < started:
                os.unlink(leftover)
        except OSError:
            pass        # gone already, or not ours to remove: the save itself is whole
