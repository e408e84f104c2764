"""WAKE-02 in play, whatever stands on the body: a knocked-out body that is not bleeding gets
up within 4 game hours even when a fighter stands on its tile (beside it, on a free tile;
where it lies when none is free), and wandering walkers never choose a body's tile."""
import pytest

from pysim.combat import awareness as A, fighter as F, knockouts as KO
from pysim.core import entities as E, movement

from combat_helpers import events, level

# A priest knocked out at (5, 3); a knight shut in a pocket two tiles east, behind a wall:
# a minion standing on the priest tracks the knight for good (within 2 tiles it follows its
# target out of sight) and never moves off.
POCKET = ["#########",
          "#.....###",
          "#.....###",
          "#....P#A#",
          "#.....###",
          "#########"]
LEGEND = "P = floor adventurer:priest:1\nA = floor adventurer:knight:1"


def _by_class(g, cls):
    return [e for e in g.entities.values() if e.subtype.startswith(cls)][0]


def _stand_on_the_priest(seed):
    """The reported game: the priest goes down (not bleeding), a minion walks onto its tile
    (as its wander goal once was) and stays there in a fight with the knight it cannot
    reach. Returns (game, priest, minion)."""
    g = level(POCKET, legend=LEGEND, seed=seed)
    priest = _by_class(g, "priest")
    knight = _by_class(g, "knight")
    m = g.spawn(E.MINION, 2, 1)
    KO.knock_out(g, priest)
    assert not priest.fighter.bleeding()
    movement.go_to(g, m, 5, 3)
    g.run(60)
    assert (m.x, m.y) == (5, 3) and m.step_len == 0
    A.learn(m.fighter, knight, g.tick)     # it saw the knight before the wall hid it
    g.run(20)
    assert F.engaged(m) and m.fighter.target == knight.id, "the minion tracks the knight"
    g.take_events()
    return g, priest, m


@pytest.mark.rule("WAKE-02")
def test_a_body_with_a_fighter_standing_on_it_wakes_on_time_beside_it():
    for seed in range(1, 7):
        g, priest, m = _stand_on_the_priest(seed)
        due = priest.fighter.wake_tick
        assert 0 < due - priest.fighter.down_tick <= 4 * 600      # within 4 game hours
        stood = True
        while g.tick <= due:
            g.step()
            if g.tick <= due:
                stood = stood and (m.x, m.y) == (5, 3)
        assert stood, "seed %d: the minion left the body's tile of its own" % seed
        woke = events(g, "woke")
        assert priest.state == E.UP, "seed %d: the priest never woke under the minion" % seed
        assert woke and woke[0]["entity"] == priest.id and woke[0]["tick"] == due
        # beside its tile, on a free one: never under the minion
        assert max(abs(priest.x - 5), abs(priest.y - 3)) == 1
        assert (priest.x, priest.y) != (m.x, m.y)
        assert g.grid.walk_cost()[priest.y, priest.x] > 0
        assert woke[0]["under"] == m.id and (woke[0]["x"], woke[0]["y"]) == (priest.x, priest.y)


@pytest.mark.rule("WAKE-02")
def test_with_no_free_tile_beside_it_a_body_still_wakes_on_time_where_it_lies():
    """A dead end one tile wide: the body at its end, a minion on it and another on the
    only tile beside it. It gets up where it lies, on time; while the two stand there the
    minion, the second on the tile, never strikes from it (CROWD-01: the first, keeping the
    tile, may)."""
    g = level(["#####",
               "#P..#",
               "#####"], legend="P = floor adventurer:priest:1", seed=2)
    priest = _by_class(g, "priest")
    KO.knock_out(g, priest)
    on = g.spawn(E.MINION, 1, 1)
    beside = g.spawn(E.MINION, 2, 1)
    for e in (on, beside):
        e.idle = 10 ** 9
        e.fighter.rooted = True          # held in place (as a web holds): no room is made
    due = priest.fighter.wake_tick
    g.run(due + 1 - g.tick)
    woke = events(g, "woke")
    assert woke and woke[0]["tick"] == due and priest.state == E.UP
    assert (priest.x, priest.y) == (1, 1) and woke[0]["under"] == on.id
    g.take_events()
    for _ in range(60):
        g.step()
        for ev in g.take_events():
            if ev["type"] == "attack":
                assert ev["attacker"] != on.id or (priest.x, priest.y) != (on.x, on.y), ev


@pytest.mark.rule("WAKE-02")
def test_a_carried_body_wakes_on_time_beside_its_carrier():
    """A carrier stands on the body it carries: the body still wakes on time (the carrier
    lets go) and gets up beside it."""
    g = level(["##########",
               "#........#",
               "#........#",
               "##########"], seed=4)
    body = g.spawn(E.MINION, 2, 1)
    carrier = g.spawn(E.MINION, 3, 1)
    KO.knock_out(g, body)
    due = body.fighter.wake_tick
    g.command({"type": "carry", "entity": carrier.id, "body": body.id, "x": 8, "y": 2})
    g.run(30)
    assert body.fighter.carried_by == carrier.id
    body.fighter.wake_tick = due = g.tick + 5      # it comes to on the way
    g.run(10)
    assert body.state == E.UP and body.fighter.carried_by == -1
    assert events(g, "woke")[0]["tick"] == due
    assert (body.x, body.y) != (carrier.x, carrier.y)
    assert max(abs(body.x - carrier.x), abs(body.y - carrier.y)) == 1


ROOM = ["#########",
        "#.......#",
        "#.......#",
        "#.......#",
        "#.......#",
        "#########"]


@pytest.mark.rule("WAKE-02")
def test_wanderers_never_choose_a_tile_where_a_body_lies():
    """Six knocked-out minions on a small room's floor, four more wandering it for two game
    hours: every wander goal they choose is a tile no body lies on."""
    bodies_at = [(2, 1), (4, 2), (6, 3), (3, 4), (7, 1), (5, 4)]
    chosen = 0
    for seed in (1, 2, 3):
        g = level(ROOM, seed=seed)
        bodies = []
        for x, y in bodies_at:
            b = g.spawn(E.MINION, x, y)
            KO.knock_out(g, b)
            b.fighter.wake_tick = 10 ** 9      # they stay down for the test
            bodies.append(b)
        walkers = [g.spawn(E.MINION, x, 2) for x in (1, 3, 5, 7)]
        goals = {w.id: (w.goal_x, w.goal_y) for w in walkers}
        for _ in range(1200):
            g.step()
            lying = {(b.x, b.y) for b in bodies if b.state == E.KNOCKED_OUT}
            for w in walkers:
                goal = (w.goal_x, w.goal_y)
                if goal != goals[w.id] and goal[0] >= 0:
                    chosen += 1
                    assert goal not in lying, "seed %d: %d chose %s" % (seed, w.id, goal)
                goals[w.id] = goal
    assert chosen > 100
