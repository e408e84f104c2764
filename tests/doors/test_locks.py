"""LOCK-03/04: who unlocks a locked door (pure part)."""
import pytest

from pysim.core import entities as E
from pysim.doors import locks as L


def ent(kind, side):
    e = E.CLASSES[kind](1, 1)
    e.side = side
    return e


@pytest.mark.rule("LOCK-03")
def test_dungeon_side_and_traders_unlock_adventurers_do_not():
    assert L.may_unlock(ent(E.MINION, E.DUNGEON))
    assert L.may_unlock(ent(E.BOSS, E.DUNGEON))
    assert L.may_unlock(ent(E.CREATURE, E.DUNGEON))
    assert not L.may_unlock(ent(E.CREATURE, E.WILD))
    assert not L.may_unlock(ent(E.ADVENTURER, E.INVADERS))
    assert not L.may_unlock(ent(E.MINION, E.INVADERS))     # a minion on a rampage
    trader = ent(E.ADVENTURER, E.WILD)
    trader.subtype = "trader"
    assert L.may_unlock(trader)
    for p in (L.WALK, L.ENEMY, L.ORDERED):
        assert not L.may_unlock(ent(E.ADVENTURER, E.INVADERS), p, True)


@pytest.mark.rule("LOCK-04")
def test_reaching_an_enemy_during_an_invasion():
    m = ent(E.MINION, E.DUNGEON)
    c = ent(E.CREATURE, E.DUNGEON)
    b = ent(E.BOSS, E.DUNGEON)
    assert not L.may_unlock(m, L.ENEMY, invasion=True)
    assert L.may_unlock(m, L.ORDERED, invasion=True)
    assert not L.may_unlock(c, L.ENEMY, invasion=True)
    assert not L.may_unlock(c, L.ORDERED, invasion=True)
    assert L.may_unlock(b, L.ENEMY, invasion=True)
    assert L.may_unlock(b, L.ORDERED, invasion=True)
    # walking on ordinary business still unlocks during an invasion
    assert L.may_unlock(m, L.WALK, invasion=True) and L.may_unlock(c, L.WALK, invasion=True)
