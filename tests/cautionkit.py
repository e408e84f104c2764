"""Helpers for the Cautious and learned-bonus tests (tests/adventurers/): small levels with a
party walking to the sanctum, events by type, a party's mind."""
from pysim.adventurers import caution
from pysim.core import parties
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


def forget_traps(game):
    """These tests keep CAUT and LEARN apart from KNOW and SPOT (tests/adventurers/
    test_knowledge.py, test_spotting.py and the rest test those): the adventurers forget
    every trigger they learned, so they keep walking onto the same trap as if they had never
    met it, and every party counts as having rolled for every trigger already (SPOT-03), so
    no spot roll (and no CAUT-04 calm from a spot) comes between. Only the knowledge area
    changes; caution and learning keep all they had."""
    st = game.areas.get("knowledge")
    if st is None:
        return
    parts = sorted(game.areas["traps"].parts)
    pids = sorted({parties.party_of(e) for e in game.entities.values()
                   if e.kind == E.ADVENTURER})
    if st.known or st.disarms or any(st.rolled.get(pid) != parts for pid in pids):
        st.known.clear()
        st.disarms.clear()
        for pid in pids:
            st.rolled[pid] = list(parts)
        st.version += 1


def run_until(game, pred, limit=3000):
    """Step until pred(events so far) is true; return the events. Adventurers forget the
    triggers they learn (forget_traps)."""
    evs = []
    for _ in range(limit):
        game.step()
        forget_traps(game)
        evs += game.take_events()
        if pred(evs):
            return evs
    raise AssertionError("not reached in %d ticks" % limit)


def party_of(e):
    return parties.party_of(e)
