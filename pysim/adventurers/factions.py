"""Factions and the Mapmaker memory (DOOR-03).

An adventurer's faction is its `faction` attribute (spawn_party's "faction", the level thing
`faction:NAME`); "" for none. When an adventurer with the Mapmaker trait escapes alive, its
faction remembers the way: the next party of that faction the doors system sees never takes
the way around a door, and that party uses the memory up.

The memory (faction -> tick of the escape) is kept in the doors area's state (`factions`),
hashed there with the parties' door decisions.
"""
from pysim.doors.doors import area


def faction_of(e):
    return str(getattr(e, "faction", "") or "")


def remember_mapmaker(game, faction):
    """A Mapmaker of this faction escaped alive now."""
    area(game).factions[faction] = game.tick


def use_mapmaker_memory(game, faction):
    """True, and the memory used up, when a Mapmaker of this faction escaped since its last
    party arrived."""
    a = area(game)
    if faction and faction in a.factions:
        del a.factions[faction]
        return True
    return False
