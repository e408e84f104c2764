"""The Invasion indicator's chance (INV-04) is kept between frames: the kept
answer always equals scheduler.hour_chance asked afresh, through the hours, a storm, a way
in walled off and opened again, and an invasion."""
import pytest

from invkit import small_game
from pysim.core import clock, terrain
from pysim.invasions import invasion_snapshot as IS, scheduler as SCH

H = clock.TICKS_PER_HOUR


def _same(g):
    st = SCH.state_of(g)
    assert IS.chance(g, st) == SCH.hour_chance(g, st), g.tick
    return IS.chance(g, st)


@pytest.mark.rule("INV-04")
@pytest.mark.rule("INV-05")
def test_the_kept_chance_equals_the_chance_asked_afresh():
    g = small_game(seed=3, treasure=5)
    seen = set()
    g.run(24 * H - 3)
    for _ in range(6):                      # into day 2: the chance starts
        g.step()
        seen.add(_same(g))
    st = SCH.state_of(g)
    g.command({"type": "rite_of_storms"})   # a storm: 0 until it blows over
    g.step()
    assert st.storm_until > g.tick and _same(g) == 0
    st.storm_until = g.tick + 1
    g.step()
    seen.add(_same(g))
    g.grid.set_terrain(1, 1, terrain.WALL)  # the portal walled off: no way in
    assert _same(g) == 0
    g.grid.set_terrain(1, 1, terrain.FLOOR)
    seen.add(_same(g))
    for _ in range(3 * H):                  # hours pass; one may come
        g.step()
        if g.tick % 50 == 0 or st.phase == SCH.UNDERWAY:
            seen.add(_same(g))
    assert len(seen) >= 2 and max(seen) > 0
