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


def _party_arg(arg):
    digits = (arg or "").lstrip("-")
    # ASCII digits, within 32 bits: the party id is an entity id, and the snapshot is int32.
    if not (digits.isascii() and digits.isdigit()) or abs(int(arg)) >= 1 << 31:
        raise ValueError("party needs a number, like party:1")
    return int(arg)


def _place_party(game, x, y, arg):
    _entity_at(game, x, y).party = _party_arg(arg)


def _faction_arg(arg):
    if not arg:
        raise ValueError("faction needs a name, like faction:north")


def _place_faction(game, x, y, arg):
    _faction_arg(arg)
    _entity_at(game, x, y).faction = arg


TRAITS = (S.SCOUT, S.MAPMAKER, S.LOCKSMITH, S.DOORBREAKER, S.DETECT_TRAPS, S.SMALL)


def _trait_arg(arg):
    if arg not in TRAITS:
        raise ValueError("unknown trait %r (known: %s)" % (arg, ", ".join(TRAITS)))


def _place_trait(game, x, y, arg):
    _trait_arg(arg)
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
level.catalog("party", "The party of the body before it on this tile.", level.ON_A_BODY,
              ("1", "2"), "N: the party's number", check=_party_arg)
level.catalog("faction", "The faction of the body before it on this tile.", level.ON_A_BODY,
              (), "a name without spaces, like north", check=_faction_arg)
level.catalog("trait", "A trait for the body before it on this tile.", level.ON_A_BODY,
              TRAITS, check=_trait_arg)
