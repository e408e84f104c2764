"""The args of the bodies' level things (docs/level-format.md), checked before a body is
placed and listed by the level editor: `adventurer:CLASS[:LEVEL]` (a class of
pysim/combat/stats.py, level 1..5), `creature:KIND` and `dungeon_creature:KIND` (a creature
of stats.CREATURES; kobold when left out). The bodies themselves are placed by
pysim/core/level.py; their stat blocks come from fighter.stats_for.
"""
from pysim.combat import stats as S
from pysim.core import level


def _adventurer_arg(arg):
    cls, sep, lv = arg.partition(":")
    if cls not in S.CLASS_NAMES + ("",):
        raise ValueError("unknown adventurer class %r (known: %s)" % (cls, ", ".join(S.CLASS_NAMES)))
    if sep and not (lv.isascii() and lv.isdigit() and len(lv) == 1 and 1 <= int(lv) <= S.MAX_LEVEL):
        raise ValueError("an adventurer's level is a whole number from 1 to %d, like "
                         "adventurer:warrior:3" % S.MAX_LEVEL)


def _creature_arg(arg):
    if arg not in tuple(S.CREATURES) + ("",):
        raise ValueError("unknown creature %r (known: %s)" % (arg, ", ".join(S.CREATURES)))


level.catalog("adventurer", "An adventurer (class and level 1-5; a peasant when left out). "
              "Put party, faction, trait and name after it on its tile.", level.BODIES,
              ("",) + S.CLASS_NAMES, "CLASS or CLASS:LEVEL (1-%d), like warrior:3" % S.MAX_LEVEL,
              check=_adventurer_arg)
level.catalog("creature", "A wild creature, on no one's side (a kobold when left out).",
              level.BODIES, ("",) + tuple(S.CREATURES), check=_creature_arg)
level.catalog("dungeon_creature", "A creature of your lair, on your side (a kobold when left "
              "out).", level.BODIES, ("",) + tuple(S.CREATURES), check=_creature_arg)
