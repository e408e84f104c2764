"""Helpers for the doors tests: ASCII maps into games, stepping, event filters."""
from pysim.core import entities as E, level


def game(text, seed=1):
    return level.load_text(text, "test", seed)


def run(g, ticks):
    evs = []
    for _ in range(int(ticks)):
        g.step()
        evs.extend(g.take_events())
    return evs


def cmd(g, c):
    """Queue, apply at the next tick; returns that tick's events."""
    g.command(c)
    return run(g, 1)


def refused(evs, command=None):
    return [e for e in evs if e["type"] == "refused" and (command is None or e["command"] == command)]


def of(evs, kind):
    return [e for e in evs if e["type"] == kind]


def doors(g):
    return g.areas["doors"]


def door(g, x, y):
    return g.areas["doors"].at(x, y)


def adventurers(g):
    return [e for e in g.entities.values() if e.kind == E.ADVENTURER]
