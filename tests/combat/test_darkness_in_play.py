"""AWARE-01 "Darkness does not shorten this", in play (the helper alone is tested in
test_combat_rules.py): a fighter in the dark notices an enemy at its full range."""
import pytest

from pysim.combat import awareness as A
from pysim.core import entities as E

from combat_helpers import events, freeze, level


DARK = ["##############",
        "#m...........#",
        "##############"]


@pytest.mark.rule("AWARE-01")
def test_darkness_does_not_shorten_sight_in_play():
    """Watcher and enemy in the dark, the enemy at the very edge of the notice range."""
    g = level(DARK, seed=2)
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    r = A.notice_range(m)
    a = g.spawn(E.ADVENTURER, m.x + r, m.y, subtype="peasant")
    g.grid.light[:, :] = 0
    for e in (m, a):
        freeze(e)
        e.fighter.rooted = True
    g.run(2 * A.LOOK_PERIOD)
    assert a.id in m.fighter.known
    assert [ev for ev in events(g, "noticed") if ev["entity"] == m.id and ev["enemy"] == a.id]
