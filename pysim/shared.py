"""The constants the Godot game shares with pysim, in one place (docs/architecture.md,
"Constants shared with GDScript"). Each value is read from the module that owns it, so the
rule code stays their one source; `make build` writes them as GDScript constants into
godot_project/core/Shared.gd (gdscript(), build/gen_shared.py), and GDScript reads them
there: `const Shared := preload("res://core/Shared.gd")`, then `Shared.TRAP_KINDS`.
tests/test_shared_constants.py fails if the file or a GDScript copy differs from pysim.
"""
import json


def constants():
    """[(name, value, what it is)] in the order they are written. Values: int, float, str,
    or a list of str or int."""
    from pysim.core import game
    game.load_rule_modules()      # (the furniture kinds' order is made as they register)
    from pysim import mailbox
    from pysim.adventurers import altars
    from pysim.combat import stance, stats
    from pysim.core import clock, duties, entities, snapshot, terrain
    from pysim.doors import doors
    from pysim.economy import furniture
    from pysim.traps import trap_parts
    out = [
        ("TICKS_PER_MINUTE", clock.TICKS_PER_MINUTE, "game time (pysim/core/clock.py)"),
        ("TICKS_PER_HOUR", clock.TICKS_PER_HOUR, ""),
        ("HOURS_PER_DAY", clock.HOURS_PER_DAY, ""),
        ("TICKS_PER_SECOND_1X", clock.TICKS_PER_SECOND_1X, "ticks a real second at 1x"),
        ("SPEEDS", list(clock.SPEEDS), "the speeds set_speed takes (0: paused)"),
        ("MAX_FRAME_SECONDS", mailbox.MAX_FRAME_MICROS / 1e6,
         "the most real time one frame hands over (pysim/mailbox.py)"),
        ("SNAPSHOT_FULL_KEY", snapshot.FULL_KEY,
         "snapshot changes: the whole snapshot, replace (pysim/core/snapshot.py)"),
        ("SNAPSHOT_GONE_KEY", snapshot.GONE_KEY, "snapshot changes: keys no longer made"),
        ("TERRAIN_NAMES", list(terrain.NAMES),
         "the snapshot's terrain codes, by code (pysim/core/terrain.py)"),
    ]
    out += _codes("TERRAIN_", terrain.NAMES)
    out += [("BODY_KINDS", list(entities.KIND_NAMES),
             "the snapshot's ent_kind codes, by code (pysim/core/entities.py)")]
    out += _codes("", entities.KIND_NAMES)
    out += [("BODY_STATES", [s.replace(" ", "_") for s in entities.STATE_NAMES],
             "the snapshot's ent_state codes, by code")]
    out += _codes("STATE_", entities.STATE_NAMES)
    out += [("SIDES", list(entities.SIDE_NAMES), "the snapshot's ent_side codes, by code")]
    out += _codes("SIDE_", entities.SIDE_NAMES)
    out += [
        ("ADVENTURER_CLASSES", list(stats.CLASS_NAMES),
         "an adventurer's class (Session.names() \"classes\"; pysim/combat/stats.py)"),
        ("CREATURE_KINDS", sorted(stats.CREATURES), "a creature's subtype"),
        ("STANCES", list(stance.NAMES),
         "the snapshot's ent_stance codes, by code (pysim/combat/stance.py)"),
        ("DUTIES", list(duties.DUTIES), "a minion's duties (pysim/core/duties.py)"),
        ("DOOR_STATES", list(doors.STATE_NAMES),
         "the snapshot's door_state codes, by code (pysim/doors/doors.py)"),
    ]
    out += _codes("DOOR_", doors.STATE_NAMES)
    out += [
        ("TRAP_KINDS", list(trap_parts.ALL_KINDS),
         "the snapshot's part_kind codes, by code (pysim/traps/trap_parts.py)"),
        ("FURNITURE_KINDS", list(furniture.KIND_ORDER),
         "the snapshot's furn_kind codes, by code (pysim/economy/furniture.py)"),
        ("ALTAR_HITS", altars.ALTAR_HITS, "the hits that break an altar (pysim/adventurers/altars.py)"),
    ]
    return out


def _codes(prefix, names):
    """One int constant a name: PREFIX + the name in capitals, its index."""
    return [(prefix + name.upper().replace(" ", "_"), code, "") for code, name in enumerate(names)]


def gdscript():
    """The text of godot_project/core/Shared.gd."""
    lines = [
        "# Generated from pysim/shared.py by `make build` (build/gen_shared.py): do not edit.",
        "# The constants the game shares with pysim (docs/architecture.md, \"Constants shared",
        "# with GDScript\"): const Shared := preload(\"res://core/Shared.gd\"), then Shared.NAME.",
        "extends Reference",
        "",
    ]
    for name, value, what in constants():
        if what:
            lines.append("# " + what)
        lines.append("const %s := %s" % (name, _literal(value)))
    return "\n".join(lines) + "\n"


def _literal(value):
    """A GDScript literal of value (JSON's, which GDScript reads for these types)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, list)):
        raise TypeError("no GDScript literal for %r" % (value,))
    if isinstance(value, float):
        return repr(value)
    text = json.dumps(value)
    if isinstance(value, list) and len(text) > 80:
        # (a long list: a few items a line, as GDScript reads a list over lines)
        items = [json.dumps(v) for v in value]
        rows, row = [], []
        for item in items:
            if row and len(", ".join(row + [item])) > 80:
                rows.append(", ".join(row))
                row = []
            row.append(item)
        rows.append(", ".join(row))
        text = "[\n\t" + ",\n\t".join(rows) + ",\n]"
    return text
