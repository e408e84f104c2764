"""Parties: which adventurers walk together, and the index of parties the doors system uses.

An adventurer's party is its `party` attribute (spawn_party, the level thing `party:N`);
without one it is a party of its own. A party's door decisions (route choice, given-up
breaches) are kept in the doors area (pysim/doors/routes.PartyRoutes), registered here when
the doors system first sees the party.
"""
import cython

from pysim.adventurers import factions
from pysim.core import entities
from pysim.core.entities import Entity
from pysim.doors.doors import area


def party_of(e):
    p = getattr(e, "party", None)
    if p is None or int(p) < 0:
        return int(e.id)
    return int(p)


class PartyIndex(object):
    """The living adventurers by party, from one pass over game.live() (ascending id). Built
    at the start of the doors system and dropped at its end (membership cannot change in
    between: nothing there spawns, removes or re-parties anyone). The dead of earlier ticks
    are left out (live() drops them at a tick's start): every user asks only of the members
    up (or conscious, or not dead), and over a long game the dead come to outnumber the
    living (step time flat over 30 days)."""

    def __init__(self, game):
        self.advs = []       # [(adventurer, party id)] by ascending id
        self.members = {}    # party id -> [adventurers] by ascending id
        members: dict = self.members
        adv: cython.int = entities.ADVENTURER
        e: Entity
        for e in game.live():
            if e.kind != adv:
                continue
            pid = party_of(e)
            self.advs.append((e, pid))
            lst = members.get(pid)
            if lst is None:
                members[pid] = [e]
            else:
                lst.append(e)

    def of(self, pid):
        """The party's adventurers (ascending id); callers must not change the list."""
        return self.members.get(pid, ())


def party_index(game):
    """The doors system's index while it runs, else a new one."""
    idx = area(game).index
    return idx if idx is not None else PartyIndex(game)


def register_party(game, pid, members):
    """The party's door record, made when the doors system first sees the party."""
    a = area(game)
    r = a.parties.get(pid)
    if r is not None:
        return r
    faction = factions.faction_of(members[0])
    r = a.party(pid, faction)
    if factions.use_mapmaker_memory(game, faction):
        r.direct = True                     # DOOR-03: this is the faction's next party
        game.emit("party_direct", party=pid, faction=faction)
    return r
