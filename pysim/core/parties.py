"""Parties and factions: which adventurers walk together and where they come from, read by
the doors (route choice, breaches) and the adventurers (caution, spotting, leaving) alike.

An adventurer's party is its `party` attribute (spawn_party, the level thing `party:N`);
without one it is a party of its own. Its faction is its `faction` attribute (spawn_party's
"faction", the level thing `faction:NAME`); "" for none. A party's door decisions (route
choice, given-up breaches) are kept in the doors area (pysim/doors/routes.PartyRoutes),
registered by pysim/doors/route_choice.py when the doors system first sees the party.
"""
import cython

from pysim.core import entities
from pysim.core.entities import Entity


def faction_of(e):
    return str(getattr(e, "faction", "") or "")


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
