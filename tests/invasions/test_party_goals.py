"""Party goals in play (GOAL-01..03): steal treasure and leave with it (lost to the player),
hunt the Boss when the goal is gone, grab treasure and leave when the Boss is dead."""
import pytest

from invkit import run_hours
from pysim.adventurers import goals, treasure
from pysim.core import movement
from pysim.level import load_text

LONG = """\
name: goal test
seed: 1
domain: all

[legend]
t = floor treasure:3

[map]
##################################
P..t...........................SS#
#..............................S%s#
##################################
"""


def game_with_party(subtypes, goal, boss=True):
    g = load_text(LONG % ("b" if boss else "S"))
    g.command({"type": "spawn_party", "members": len(subtypes), "subtypes": subtypes})
    g.step()
    pid = [e for e in g.take_events() if e["type"] == "party_arrived"][0]["members"][0]
    goals.set_goal(g, pid, goal)
    for e in g.entities.values():          # the default brain planned before the goal
        if e.kind == 1:
            movement.stop(e)
    return g, pid


@pytest.mark.rule("GOAL-01")
def test_thieves_take_what_they_can_carry_and_leave_with_it():
    g, pid = game_with_party(["rogue:1"], goals.STEAL_TREASURE)
    run_hours(g, 1)
    evs = g.take_events()
    taken = [e for e in evs if e["type"] == "treasure_taken"]
    # a trained adventurer carries 2 (docs/rules/invasions.md, "Treasure")
    assert taken and taken[0]["amount"] == 2
    left = [e for e in evs if e["type"] == "party_left_with_treasure"]
    assert left == [dict(left[0], entity=pid, amount=2)]
    assert pid not in g.entities
    assert treasure.total_on_floor(g) == 1       # 3 on the floor, 2 lost to the player


@pytest.mark.rule("GOAL-01")
def test_a_peasant_carries_one():
    g, pid = game_with_party(["peasant"], goals.STEAL_TREASURE)
    run_hours(g, 1)
    evs = g.take_events()
    assert [e["amount"] for e in evs if e["type"] == "treasure_taken"] == [1]
    assert [e["amount"] for e in evs if e["type"] == "party_left_with_treasure"] == [1]
    assert treasure.total_on_floor(g) == 2


@pytest.mark.rule("GOAL-01")
def test_thieves_go_for_the_nearest_pile_by_walking_distance():
    """Two piles: one 3 tiles east and 3 south of the thief, one 4 tiles east. Walking
    (diagonal steps cost half as much again: octile 9 against 8) the east one is nearer,
    though it is farther by tiles counted in any direction (3 against 4)."""
    wide = "#" * 34
    rows = [wide,
            "P....t" + "." * 27 + "#",       # the east pile at (5, 1)
            "#" + "." * 32 + "#",
            "#" + "." * 32 + "#",
            "#...t" + "." * 28 + "#",        # the south-east one at (4, 4)
            "#" + "." * 30 + "SS#",
            "#" + "." * 30 + "Sb#",
            wide]
    text = "name: t\nseed: 1\ndomain: all\n[legend]\nt = floor treasure:2\n[map]\n" + \
        "\n".join(rows) + "\n"
    g = load_text(text)
    g.command({"type": "spawn_party", "members": 1, "subtypes": ["rogue:1"]})
    g.step()
    pid = [e for e in g.take_events() if e["type"] == "party_arrived"][0]["members"][0]
    goals.set_goal(g, pid, goals.STEAL_TREASURE)
    movement.stop(g.entities[pid])
    run_hours(g, 1)
    taken = [e for e in g.take_events() if e["type"] == "treasure_taken"]
    assert [(e["x"], e["y"], e["amount"]) for e in taken] == [(5, 1, 2)]


@pytest.mark.rule("GOAL-02")
def test_goal_gone_hunts_the_boss():
    g, pid = game_with_party(["warrior:1"], goals.STEAL_TREASURE)
    treasure.state_of(g).piles.clear()
    run_hours(g, 1)
    evs = g.take_events()
    changed = [e for e in evs if e["type"] == "goal_changed"]
    assert changed and changed[0]["goal"] == goals.KILL_BOSS and changed[0]["was"] == \
        goals.STEAL_TREASURE
    assert goals.goal_of(g, pid) == goals.KILL_BOSS
    assert pid in g.entities and g.entities[pid].x > 10            # off towards the sanctum


@pytest.mark.rule("GOAL-03")
def test_boss_dead_survivors_grab_treasure_and_leave():
    g, pid = game_with_party(["warrior:1", "warrior:1"], goals.KILL_BOSS, boss=False)
    run_hours(g, 1)
    evs = g.take_events()
    assert sum(e["amount"] for e in evs if e["type"] == "treasure_taken") == 3
    assert sum(e["amount"] for e in evs if e["type"] == "party_left_with_treasure") == 3
    assert not [e for e in g.entities.values() if e.kind == 1]


@pytest.mark.rule("GOAL-01")
def test_kill_boss_party_heads_for_the_sanctum():
    g, pid = game_with_party(["warrior:1"], goals.KILL_BOSS)
    run_hours(g, 1)
    assert g.entities[pid].x > 20
    assert treasure.total_on_floor(g) == 3


@pytest.mark.rule("GOAL-01")
def test_fallen_carrier_drops_the_treasure():
    g, pid = game_with_party(["rogue:1"], goals.STEAL_TREASURE)
    while not [e for e in g.take_events() if e["type"] == "treasure_taken"]:
        g.step()
    e = g.entities[pid]
    e.state = 2
    g.step()
    st = treasure.state_of(g)
    assert st.piles.get((e.x, e.y)) == 3 and not st.carried   # back on the pile it stood on


SIDE_ROOM = """\
name: boss away
seed: 1
domain: all

[map]
##########################
P.....................SS##
#.....................Sb##
#####.####################
#####.####################
#####.####################
#####.####################
#.....####################
##########################
"""


def _boss(g):
    return [e for e in g.entities.values() if e.kind == 3][0]


def _put(e, x, y):
    """A fight took the body here (the tests place it: no fight needed to say where)."""
    movement.stop(e)
    e.x = e.nx = x
    e.y = e.ny = y


@pytest.mark.rule("GOAL-01")
def test_the_boss_walks_back_to_its_place_in_the_sanctum():
    """Decided (docs/rules/invasions.md, "Goals"): the Boss keeps to the tile it started
    on; away from it (a fight took it to the side room) it walks back once idle."""
    g = load_text(SIDE_ROOM)
    boss = _boss(g)
    assert (boss.x, boss.y) == (23, 2)
    _put(boss, 1, 7)
    run_hours(g, 1)
    assert (boss.x, boss.y) == (23, 2)


@pytest.mark.rule("GOAL-01")
def test_a_party_come_for_the_boss_meets_it_when_a_fight_had_taken_it_away():
    """In play: the Boss is out of sight in the side room (taken there by a fight) when a
    party come to kill it walks in. The party no longer waits in the empty sanctum for ever
    (an invasion that never ended, seen in the sweeps): the Boss comes back and they fight."""
    g = load_text(SIDE_ROOM)
    boss = _boss(g)
    _put(boss, 1, 7)
    g.command({"type": "spawn_party", "members": 2, "subtypes": ["warrior:1", "warrior:1"]})
    g.step()
    pid = [e for e in g.take_events() if e["type"] == "party_arrived"][0]["members"][0]
    goals.set_goal(g, pid, goals.KILL_BOSS)
    run_hours(g, 6)
    fights = [e for e in g.take_events()
              if e["type"] == "attack" and boss.id in (e["attacker"], e["target"])]
    assert fights
