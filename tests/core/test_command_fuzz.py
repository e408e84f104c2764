"""Bad input never crashes anything and never loses state: every command type, fed random
fields, is either applied or refused by its check with a reason the player can read. The
safety nets in commands.process ("Malformed ..." for a check that raised, "The command
failed ..." for an apply that raised, which could leave a half-applied change) must never
be what answers; and the game then saves and loads back into the same game."""
import inspect
import os
import re

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pysim.core import commands, level, save
from pysim.core.game import load_rule_modules

load_rule_modules()     # every rule area registers its commands when first imported

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "..", "godot_project", "levels", "trap_demo.level"),
          encoding="utf-8") as _f:
    LEVEL = _f.read()

# Field names the commands read (a union; each command ignores the ones it does not use).
FIELDS = ["x", "y", "speed", "kind", "entity", "target", "part", "door", "path", "delay",
          "on", "duty", "stance", "members", "portal", "subtype", "subtypes", "faction",
          "orient", "body", "to_x", "to_y", "wire", "held", "armed", "from", "to", "dest"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 40),
                    st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                    st.text(max_size=6), st.sampled_from(["minion", "traps", "lever",
                                                          "pressure_plate", "drudgery",
                                                          "spinning_blades", "timer"]))
# Mostly plausible values (small ids and map coordinates, known names, tile paths), so that
# many commands get past their checks and their apply runs too; the rest is junk.
plausible = st.one_of(st.integers(0, 17), st.booleans(),
                      st.sampled_from(["minion", "traps", "drudgery", "none", "lever",
                                       "pressure_plate", "tripwire", "spinning_blades",
                                       "timer", "web_trap", "attack", "kobold", "h", "v"]),
                      st.lists(st.tuples(st.integers(0, 17), st.integers(0, 6))
                               .map(list), min_size=1, max_size=6))
values = st.one_of(plausible, plausible, plausible, scalars, st.lists(scalars, max_size=4),
                   st.lists(st.lists(st.integers(-2, 20), max_size=3), max_size=6),
                   st.dictionaries(st.text(max_size=3), scalars, max_size=2))
_FIELD_RE = re.compile(r'cmd\[\s*"(\w+)"\s*\]|cmd\.get\(\s*"(\w+)"|\(\s*cmd\s*,\s*"(\w+)"')


def fields_read_by(kind):
    """The field names a command's check and apply read (found in their source), plus the
    ones helpers read for them (doors, entities, tiles)."""
    ct = commands.COMMANDS[kind]
    names = {"door", "entity", "x", "y"}
    for fn in (ct.check, ct.apply):
        try:
            src = inspect.getsource(fn)
        except (OSError, TypeError):        # compiled: no source; the shared list serves
            src = ""
        for match in _FIELD_RE.findall(src):
            names.update(n for n in match if n)
    return sorted(names)


def command_of(kind):
    """A command of this type: either every field it reads with a plausible value (so its
    apply runs often), or its fields sometimes missing and sometimes junk; plus a couple of
    fields it does not know."""
    names = fields_read_by(kind)
    likely = st.fixed_dictionaries({n: plausible for n in names})
    messy = st.fixed_dictionaries({}, optional={n: values for n in names})
    extra = st.dictionaries(st.sampled_from(FIELDS), values, max_size=2)
    return st.builds(lambda a, b: dict(b, **a, type=kind), st.one_of(likely, messy), extra)


command_dicts = st.sampled_from(sorted(commands.COMMANDS)).flatmap(command_of)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command_dicts, min_size=1, max_size=4))
@example([{"type": "set_speed", "speed": float("nan")},
          {"type": "wire", "path": [[1, float("-inf")]]}])
def test_random_commands_are_applied_or_refused_with_a_reason(cmds):
    game = level.load_text(LEVEL, "trap_demo.level", 3)
    for cmd in cmds:
        game.command(cmd)
    game.step()
    game.step()
    for ev in game.take_events():
        if ev["type"] == "refused":
            reason = ev["reason"]
            assert not reason.startswith("Malformed") and "command failed" not in reason, \
                (ev["command"], reason, ev.get("error", ""))
    # What a command may hold, a save may hold: the game saves and loads back the same.
    assert save.loads(save.dumps(game), "fuzz.msave").state_hash() == game.state_hash()
