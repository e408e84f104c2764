"""Level things for adventurers (docs/level-format.md), each after an adventurer (or minion)
on the same tile: `party:N`, `faction:NAME`, `trait:NAME` (scout, mapmaker, locksmith,
doorbreaker, detect_traps, small).
"""
from pysim.combat import fighter as F, stats as S
from pysim.core import level


def _entity_at(game, x, y):
    for eid in sorted(game.entities, reverse=True):
        e = game.entities[eid]
        if e.x == x and e.y == y:
            return e
    raise ValueError("put an adventurer (or minion) before this thing")


def _place_party(game, x, y, arg):
    digits = (arg or "").lstrip("-")
    # ASCII digits, within 32 bits: the party id is an entity id, and the snapshot is int32.
    if not (digits.isascii() and digits.isdigit()) or abs(int(arg)) >= 1 << 31:
        raise ValueError("party needs a number, like party:1")
    _entity_at(game, x, y).party = int(arg)


def _place_faction(game, x, y, arg):
    if not arg:
        raise ValueError("faction needs a name, like faction:north")
    _entity_at(game, x, y).faction = arg


def _place_trait(game, x, y, arg):
    if arg not in (S.SCOUT, S.MAPMAKER, S.LOCKSMITH, S.DOORBREAKER, S.DETECT_TRAPS, S.SMALL):
        raise ValueError("unknown trait %r" % arg)
    e = _entity_at(game, x, y)
    f = F.fighter_of(e)
    if f is None:
        F.attach(game, e)
        f = F.fighter_of(e)
    if arg not in f.stats.traits:
        f.stats.traits = tuple(f.stats.traits) + (arg,)


level.THINGS["party"] = _place_party
level.THINGS["faction"] = _place_faction
level.THINGS["trait"] = _place_trait
