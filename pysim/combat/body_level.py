"""The args of the bodies' level things (docs/level-format.md), checked before a body is
placed and listed by the level editor: `adventurer:CLASS[:LEVEL]` (a class of
pysim/combat/stats.py, level 1..5), `creature:KIND` and `dungeon_creature:KIND` (a creature
of stats.CREATURES; kobold when left out). The bodies themselves are placed by
pysim/core/level.py; their stat blocks come from fighter.stats_for.

`down:STATE` puts the body before it on its tile in a state a fight leaves (the states of
pysim/combat/body_orders.py): knocked_out (it wakes within 4 game hours, WAKE-02), bleeding
(knocked out with a Major sword wound, bleeding: it bleeds out in 8 hours unless healed),
captured (an adventurer only: a prisoner where it lies, or in the cell on its tile) or dead.
A level starts from the aftermath of a fight without playing it (tests, tutorials).
"""
from pysim.combat import fighter as F, knockouts as KO, stats as S, waking, wounds as W
from pysim.core import entities as E, level

DOWN_STATES = ("knocked_out", "bleeding", "captured", "dead")


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


def _down_arg(arg):
    if arg not in DOWN_STATES:
        raise ValueError("down takes one of: %s, like down:captured" % ", ".join(DOWN_STATES))


def _place_down(game, x, y, arg):
    _down_arg(arg)
    bodies = [e for e in game.entities.values() if (e.x, e.y) == (x, y) and F.fighter_of(e)]
    if not bodies:
        raise ValueError("put a body before down:%s on its tile" % arg)
    e = bodies[-1]
    if arg == "captured" and e.kind != E.ADVENTURER:
        raise ValueError("only an adventurer can be captured")
    if e.kind == E.BOSS and arg != "dead":
        raise ValueError("the Boss is never knocked out (KO-04)")
    f = e.fighter
    if arg == "dead":
        KO._fall(e, E.DEAD)       # quietly: nobody died this game (no death, no noise)
        return
    KO._fall(e, E.KNOCKED_OUT)
    if arg == "bleeding":
        f.wounds.append(W.Wound(W.MAJOR, W.TORSO, 0, False))
        f.bleeding_since = 0
    f.captured = arg == "captured"
    waking.schedule(game.rng.stream("combat"), f, game.tick)


level.THINGS["down"] = _place_down
level.catalog("down", "The body before it on this tile starts knocked out, bleeding, captured "
              "(an adventurer) or dead.", level.ON_A_BODY, DOWN_STATES, check=_down_arg)
