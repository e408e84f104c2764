"""Commands in: plain dicts with a "type", queued by game.command() and applied at the
start of the next tick, in the order received.

Each type registers check(game, cmd) -> reason or None (must not change anything: it is
also the "can I?" test the UI may run) and apply(game, cmd). Register a class:

    @command("set_speed")
    class SetSpeed:
        def check(game, cmd): ...
        def apply(game, cmd): ...

or call command("type", check=fn, apply=fn). A type may also register note(game, cmd) -> advice
the player reads before giving a command its check takes ("" for none; like check, it never
changes the game): the placement preview shows it beside the green frame. A refused command
emits
{"type": "refused", "tick", "command", "reason"}; nothing raises out of process().
The need_* helpers below return player-readable reasons for malformed fields.
"""
import math
import traceback

from pysim.core import clock, files

COMMANDS = {}
# fn(game, cmd) -> reason or None, asked before any command's own check (a game that is
# over refuses everything: pysim/economy/ending.py)
GUARDS = []


class CommandType:
    def __init__(self, name, check, apply, note=None):
        self.name = name
        self.check = check
        self.apply = apply
        self.note = note


def _no_check(game, cmd):
    return None


def command(name, check=None, apply=None, note=None):
    if apply is not None:
        COMMANDS[name] = CommandType(name, check or _no_check, apply, note)
        return None

    def wrap(obj):
        if isinstance(obj, type):
            chk = getattr(obj, "check", None) or _no_check
            app = obj.apply
            nte = getattr(obj, "note", None)
        else:
            chk, app, nte = check or _no_check, obj, note
        COMMANDS[name] = CommandType(name, chk, app, nte)
        return obj
    return wrap


# What one command may hold: plain JSON-like values, this deep and this many, with whole
# numbers that fit 64 bits, finite numbers (NaN and Infinity are not JSON: a save could not
# hold them) and text of whole characters (no lone UTF-16 surrogate: a file could not hold
# it). A command comes from the player, a script or a save, and all three go through plain(),
# so what a command may hold and what a save may hold are the same set; a hostile or broken
# one is refused here, the same way in the pure and the compiled build (a cycle would
# otherwise recurse until the C stack overflows in the compiled one).
MAX_DEPTH = 8
MAX_VALUES = 10000
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


def plain(cmd):
    """A deep copy of a command as plain Python values (numpy scalars and arrays become
    int/float/list), or ValueError with the reason the player reads."""
    if not isinstance(cmd, dict):
        raise ValueError("A command must be a dictionary with a 'type'.")
    budget = [MAX_VALUES]
    return _plain(cmd, 0, budget)


def _plain(value, depth, budget):
    budget[0] -= 1
    if budget[0] < 0:
        raise ValueError("A command may hold at most %d values." % MAX_VALUES)
    if depth > MAX_DEPTH:
        raise ValueError("A command may be nested at most %d deep." % MAX_DEPTH)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise ValueError("A whole number in a command must fit in 64 bits.")
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("A number in a command must be finite (not %r)." % value)
        return float(value)
    if isinstance(value, dict):
        return {_text(str(k)): _plain(v, depth + 1, budget) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1, budget) for v in value]
    type_name = type(value).__module__ + "." + type(value).__name__
    if type_name == "numpy.ndarray":
        if value.size > budget[0]:
            raise ValueError("A command may hold at most %d values." % MAX_VALUES)
        return _plain(value.tolist(), depth, budget)
    if hasattr(value, "item") and type_name.startswith("numpy."):
        return _plain(value.item(), depth, budget)
    raise ValueError("A command must hold only plain values (not %s)." % type(value).__name__)


def _text(value):
    if files.half_character(value) is not None:
        raise ValueError("Text in a command must be whole characters (it holds half of one, "
                         "a lone surrogate).")
    return str(value)


def known(name):
    return name in COMMANDS


def check(game, cmd):
    """Reason the command would be refused now, or None. Never raises."""
    if not isinstance(cmd, dict):
        return "A command must be a dictionary with a 'type'."
    kind = cmd.get("type")
    if not isinstance(kind, str):
        return "A command needs a 'type' naming what to do."
    ct = COMMANDS.get(kind)
    if ct is None:
        return "Unknown command '%s'." % kind
    for guard in GUARDS:
        reason = guard(game, cmd)
        if reason:
            return reason
    try:
        return ct.check(game, cmd)
    except Exception as exc:  # a malformed field the check did not foresee
        return "Malformed '%s' command (%s)." % (kind, _short(exc))


def note(game, cmd):
    """Advice on a command its check takes now ("" for none): the command type's note. Never
    raises; asked only of a command check() takes."""
    ct = COMMANDS.get(cmd.get("type")) if isinstance(cmd, dict) else None
    if ct is None or ct.note is None:
        return ""
    try:
        return ct.note(game, cmd) or ""
    except Exception:       # advice only: a malformed field the check let by says nothing
        return ""


def process(game, cmd):
    """Check then apply one command; a refusal or failure becomes an event. True when the
    command was taken (its check passed, so its apply ran: an apply that failed part way may
    still have changed the game), False when refused."""
    kind = cmd.get("type") if isinstance(cmd, dict) else None
    name = kind if isinstance(kind, str) else ""
    reason = check(game, cmd)
    if reason:
        game.emit("refused", command=name, reason=reason)
        return False
    try:
        COMMANDS[kind].apply(game, cmd)
    except Exception as exc:
        # A bug in apply: report it as an event rather than kill the bridge's frame.
        game.emit("refused", command=name, reason="The command failed (%s)." % _short(exc),
                  error=traceback.format_exc())
    return True


def _short(exc):
    return "%s: %s" % (type(exc).__name__, exc)


# -- helpers for check functions: each returns a reason or None ----------------------

def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool) or type(v).__name__.startswith(("int", "uint"))


def need_int(cmd, key, lo=None, hi=None):
    if key not in cmd:
        return "'%s' needs '%s'." % (cmd.get("type"), key)
    v = cmd[key]
    if not _is_int(v):
        return "'%s' of '%s' must be a whole number." % (key, cmd.get("type"))
    if lo is not None and v < lo or hi is not None and v > hi:
        return "'%s' of '%s' must be between %s and %s." % (key, cmd.get("type"), lo, hi)
    return None


def need_str(cmd, key, choices=None):
    v = cmd.get(key)
    if not isinstance(v, str):
        return "'%s' needs '%s' (text)." % (cmd.get("type"), key)
    if choices is not None and v not in choices:
        return "'%s' of '%s' must be one of: %s." % (key, cmd.get("type"), ", ".join(choices))
    return None


def need_tile(game, cmd, xkey="x", ykey="y"):
    for key in (xkey, ykey):
        reason = need_int(cmd, key)
        if reason:
            return reason
    if not game.grid.in_bounds(int(cmd[xkey]), int(cmd[ykey])):
        return "That tile is outside the map."
    return None


def need_entity(game, cmd, key="entity"):
    reason = need_int(cmd, key)
    if reason:
        return reason
    if int(cmd[key]) not in game.entities:
        return "There is no such creature."
    return None


# -- core commands --------------------------------------------------------------------

@command("set_speed")
class SetSpeed:
    def check(game, cmd):
        if "speed" not in cmd:
            return "'set_speed' needs 'speed'."
        if not _is_int(cmd["speed"]) or int(cmd["speed"]) not in clock.SPEEDS:
            return "Speed must be one of %s." % ", ".join(str(s) for s in clock.SPEEDS)
        return None

    def apply(game, cmd):
        old = game.speed
        game.speed = int(cmd["speed"])
        if old != game.speed:
            game.emit("speed_changed", speed=game.speed)
