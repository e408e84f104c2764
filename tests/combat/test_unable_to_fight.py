"""KO-01 in play: someone is unable to fight when their wounds add up to 10 wound points.
Woken after a knockout at 10+ points, a fighter may move but never attacks, and no enemy
fights it, until healing brings it below 10 (docs/rules/combat.md, "Unable to fight")."""
import pytest

from pysim.combat import fighter as F, knockouts as KO, wounds as W
from pysim.core import entities as E

from combat_helpers import events, freeze, open_game, spawn


def _ten_points(e):
    e.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False), W.Wound(W.EXTREME, W.LEGS, 0, False),
                        W.Wound(W.MINOR, W.ARMS, 0, False), W.Wound(W.MINOR, W.HEAD, 0, False)]
    assert e.fighter.wound_points() == 10


@pytest.mark.rule("KO-01")
def test_woken_at_ten_points_runs_and_is_not_knocked_out_again():
    g = open_game(w=24, h=10, seed=2)
    m = spawn(g, E.MINION, 5, 5)
    a = spawn(g, E.ADVENTURER, 6, 5, "warrior:2")
    for e in (m, a):
        freeze(e)
    _ten_points(m)
    KO.knock_out(g, m, a.id)
    m.fighter.wake_tick = g.tick + 20
    g.take_events()
    g.run(3 * 600)
    evs = g.take_events()
    assert [ev for ev in evs if ev["type"] == "woke" and ev["entity"] == m.id]
    assert m.state == E.UP and F.unable_to_fight(m)
    assert not [ev for ev in evs if ev["type"] == "attack" and ev["attacker"] == m.id]
    assert not [ev for ev in evs if ev["type"] == "attack" and ev["target"] == m.id]
    assert not [ev for ev in evs if ev["type"] == "knockout" and ev["entity"] == m.id]
    assert max(abs(m.x - a.x), abs(m.y - a.y)) > 3, "it got away from the enemy"
    # the player cannot send it to fight
    g.command({"type": "order_attack", "entity": m.id, "target": a.id})
    g.step()
    refused = events(g, "refused")
    assert refused and refused[-1]["reason"] == "That minion is in no state to fight."


@pytest.mark.rule("KO-01")
def test_healed_below_ten_fights_again():
    g = open_game(w=30, h=10, seed=3)
    m = spawn(g, E.MINION, 3, 5)
    healer = spawn(g, E.MINION, 3, 7)
    a = spawn(g, E.ADVENTURER, 20, 5, "warrior:1")
    for e in (m, healer, a):
        freeze(e)
    _ten_points(m)
    assert F.unable_to_fight(m) and not F.can_fight(m)
    g.command({"type": "heal", "entity": healer.id, "body": m.id})
    g.run(200)
    assert events(g, "healed")
    assert m.fighter.wound_points() == 8
    assert F.can_fight(m)
    g.command({"type": "order_attack", "entity": m.id, "target": a.id})
    g.run(600)
    assert [ev for ev in events(g, "attack") if ev["attacker"] == m.id]


@pytest.mark.rule("KO-01")
def test_an_enemy_unable_to_fight_can_be_captured():
    g = open_game(w=20, h=10, seed=4)
    m = spawn(g, E.MINION, 3, 5)
    a = spawn(g, E.ADVENTURER, 9, 5, "warrior:1")
    for e in (m, a):
        freeze(e)
    _ten_points(a)
    g.run(20)
    assert not [ev for ev in events(g, "attack")], "nobody fights someone unable to fight"
    g.command({"type": "capture", "entity": m.id, "body": a.id})
    g.run(400)
    assert a.fighter.captured
