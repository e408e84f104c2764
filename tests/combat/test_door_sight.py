"""AWARE-01 / REACH-02 with doors: a closed door blocks sight and the line of fire; an open
one does not."""
import pytest

from pysim.combat import awareness as A
from pysim.core import entities as E

from combat_helpers import events, freeze, level

HALL = ["##########",
        "#m...D..a#",
        "##########"]


def _door(g):
    return list(g.areas["doors"].by_id.values())[0]


@pytest.mark.rule("AWARE-01")
def test_minion_does_not_notice_through_a_closed_door_does_when_it_opens():
    g = level(HALL, legend="a = floor adventurer:rogue:1")
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    a = [e for e in g.entities.values() if e.kind == E.ADVENTURER][0]
    assert A.notice_range(m) ** 2 >= (a.x - m.x) ** 2
    for e in (m, a):
        freeze(e)
        e.fighter.rooted = True
    g.run(5 * A.LOOK_PERIOD)
    assert not _door(g).open
    assert a.id not in m.fighter.known
    assert not [ev for ev in events(g, "noticed") if ev["entity"] == m.id]
    g.command({"type": "hold_door_open", "door": _door(g).id})
    g.run(2 * A.LOOK_PERIOD)
    assert _door(g).open
    assert a.id in m.fighter.known
    assert [ev for ev in events(g, "noticed") if ev["entity"] == m.id and ev["enemy"] == a.id]


@pytest.mark.rule("AWARE-01")
@pytest.mark.rule("REACH-02")
def test_no_shot_through_a_closed_door():
    g = level(HALL, legend="a = floor adventurer:scout:1")
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    s = [e for e in g.entities.values() if e.kind == E.ADVENTURER][0]
    assert s.fighter.stats.weapon.ranged and s.fighter.stats.weapon.reach >= s.x - m.x
    for e in (m, s):
        freeze(e)
        e.fighter.rooted = True
    A.learn(s.fighter, m, 0)        # the scout knows where the minion is
    g.take_events()
    for _ in range(60):
        g.step()
        A.learn(s.fighter, m, g.tick)
    assert not events(g, "shot"), "a shot through a closed door"
    g.command({"type": "hold_door_open", "door": _door(g).id})
    g.run(60)
    assert [ev for ev in events(g, "shot") if ev["attacker"] == s.id]
