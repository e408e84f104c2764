"""CROWD-01 in play: bodies out of the fight never hold a fight up for ever
(docs/rules/combat.md, "Bodies out of the fight"). An idle ally steps aside for a fighter
that needs its tile; a body unable to fight holds no tile; a claim is made one step away
only, so a fighter round the corner of a door keeps no tile from the one in front of it."""
import pytest

from pysim.combat import awareness as A, wounds as W
from pysim.core import entities as E

from combat_helpers import freeze, level


def _ten_points(e):
    e.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False), W.Wound(W.EXTREME, W.LEGS, 0, False),
                        W.Wound(W.MINOR, W.ARMS, 0, False), W.Wound(W.MINOR, W.HEAD, 0, False)]
    assert e.fighter.wound_points() == 10


def _attacks(g, ticks, a, b):
    """Attack events between a and b (either way) over `ticks` ticks."""
    out = []
    for _ in range(ticks):
        g.step()
        out += [ev for ev in g.take_events() if ev["type"] == "attack" and
                {ev["attacker"], ev["target"]} == {a.id, b.id}]
    return out


# The Lair's chamber door: a one-tile corridor ends in a closed door (D) at (6, 2); the
# chamber behind it. The fighter stands round the door's corner at (7, 3) (the diagonal to
# the door cuts the wall's corner: two steps), its idle ally in front of the door at (7, 2).
CHAMBER = ["##########",
           "#######..#",
           "#.....D..#",
           "#######..#",
           "##########"]


@pytest.mark.rule("CROWD-01")
def test_an_idle_ally_in_the_doorway_steps_aside_for_the_fighter_behind_it():
    """Passive seed 4 on The Lair, rebuilt: an adventurer at the chamber's door, a fighter
    that knows of it round the door's corner, an ally that does not (the door is shut) on
    the only tile in between. The ally steps aside, the fighter goes through and fights."""
    for seed in range(1, 6):
        g = level(CHAMBER, seed=seed)
        k = g.spawn(E.ADVENTURER, 5, 2, subtype="peasant")
        m = g.spawn(E.MINION, 7, 3)       # the fighter
        idle = g.spawn(E.MINION, 7, 2)    # the ally in front of the door, in no fight
        for e in (k, m, idle):
            freeze(e)
        k.fighter.rooted = True          # it waits in the corridor
        A.learn_at(m.fighter, k.id, k.x, k.y, g.tick)
        g.take_events()
        hits = _attacks(g, 600, m, k)
        assert (idle.x, idle.y) != (7, 2), "seed %d: the idle ally never stepped aside" % seed
        assert any(ev["attacker"] == m.id for ev in hits), \
            "seed %d: the fighter never reached the adventurer" % seed


WEDGE = ["#########",
         "#.......#",
         "#########"]


@pytest.mark.rule("CROWD-01")
def test_a_body_unable_to_fight_between_two_fighters_holds_no_tile():
    """Trapper seed 1 on The Lair, rebuilt: in a one-tile corridor a minion unable to fight
    stands between a peasant and the Boss; it has nowhere to run. The two fighters reach
    each other over it, as over a knocked-out body, and fight."""
    g = level(WEDGE, seed=3)
    k = g.spawn(E.ADVENTURER, 2, 1, subtype="peasant")
    u = g.spawn(E.MINION, 3, 1)
    b = g.spawn(E.BOSS, 4, 1)
    for e in (k, u, b):
        freeze(e)
    _ten_points(u)
    g.take_events()
    hits = _attacks(g, 300, k, b)
    assert hits, "the peasant and the Boss never fought past the body unable to fight"
    assert not [ev for ev in hits if ev["attacker"] == u.id or ev["target"] == u.id]


CORNER = ["#########",
          "######..#",
          "#....D..#",
          "######..#",
          "#########"]


@pytest.mark.rule("CROWD-01")
def test_a_fighter_round_the_door_corner_claims_no_tile_from_the_one_in_front():
    """Passive seeds 6, 7 and 9 on The Lair, rebuilt: an adventurer just outside the
    chamber's door, one fighter in front of the door and one round its corner (lower id:
    it chooses first). The one round the corner is two steps from the door tile and does
    not claim it; the one in front takes it and fights."""
    for seed in range(1, 6):
        g = level(CORNER, seed=seed)
        corner = g.spawn(E.MINION, 6, 1)
        front = g.spawn(E.MINION, 6, 2)
        k = g.spawn(E.ADVENTURER, 4, 2, subtype="peasant")
        for e in (corner, front, k):
            freeze(e)
        for e in (corner, front):
            A.learn_at(e.fighter, k.id, k.x, k.y, g.tick)
        A.learn_at(k.fighter, front.id, front.x, front.y, g.tick)
        k.fighter.rooted = True
        g.take_events()
        hits = _attacks(g, 600, front, k)
        assert [ev for ev in hits if ev["attacker"] == front.id], \
            "seed %d: the one in front of the door never went through to fight" % seed
