"""Helpers for the adventurers' minds tests (knowledge, spotting, disarming): ASCII maps
with adventurers in parties among trap parts."""
from pysim.adventurers import knowledge as K
from pysim.core import entities as E

from trapkit import make as trap_make, find, st  # noqa: F401

# adventurers by party: 1..4 peasants of party 1, 5..6 of party 2, r a rogue of party 1
MIND_LEGEND = {
    "1": "floor adventurer:peasant party:1",
    "2": "floor adventurer:peasant party:2",
    "3": "floor adventurer:peasant party:3",
    "4": "floor adventurer:peasant party:1",
    "r": "floor adventurer:rogue party:1",
    "W": "wall trap:dart_thrower",
}


def make(rows, legend=None, **kw):
    leg = dict(MIND_LEGEND)
    if legend:
        leg.update(legend)
    return trap_make(rows, legend=leg, **kw)


def advs(g):
    """Adventurers by id."""
    return [g.entities[k] for k in sorted(g.entities) if g.entities[k].kind == E.ADVENTURER]


def at(g, x, y):
    for e in advs(g):
        if (e.x, e.y) == (x, y):
            return e
    raise AssertionError("no adventurer at %d,%d" % (x, y))


def still(*ents):
    """Keep adventurers where they stand (no brain, no walking)."""
    for e in ents:
        e.idle = 10 ** 9
        e.path = None


def blind(*ents):
    """Adventurers who never spot anything (Hunt far below any roll)."""
    for e in ents:
        e.fighter.stats.hunt = -100


def keen(*ents):
    """Adventurers who always spot what they see."""
    for e in ents:
        e.fighter.stats.hunt = 100


def known(g, e):
    return sorted(K.known_of(g, e.id))
