"""Helpers for the Cautious and learned-bonus tests (tests/adventurers/): small levels with a
party walking to the sanctum, events by type, a party's mind."""
from pysim.adventurers import caution, parties
from pysim.core import entities as E
from trapkit import make, of_type, run  # noqa: F401

# a = an adventurer of party 1, b = one of party 2 (both walk to the sanctum S)
PARTY_LEGEND = {"a": "floor adventurer party:1", "b": "floor adventurer party:2",
                "z": "floor adventurer party:2"}


def level(rows, wires=(), legend=None, seed=1, extra=""):
    leg = dict(PARTY_LEGEND)
    leg.update(legend or {})
    return make(rows, legend=leg, wires=wires, seed=seed, extra=extra)


def advs(game):
    return [game.entities[k] for k in sorted(game.entities)
            if game.entities[k].kind == E.ADVENTURER]


def mind(game, pid):
    return caution.state_of(game).parties.get(pid)


def cautious(game, pid):
    m = mind(game, pid)
    return m is not None and m.cautious


def run_until(game, pred, limit=3000):
    """Step until pred(events so far) is true; return the events."""
    evs = []
    for _ in range(limit):
        game.step()
        evs += game.take_events()
        if pred(evs):
            return evs
    raise AssertionError("not reached in %d ticks" % limit)


def party_of(e):
    return parties.party_of(e)
