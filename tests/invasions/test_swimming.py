"""ARRIVE-01: most parties take a portal with a walking way; some (20%) a portal across
water, and swim slowly."""
import pytest

from conftest import binomial_ok
from pysim.invasions import arrival, scheduler as SCH, swimming
from pysim.level import load_text

# The north portal walks to the sanctum; the south one (4, 3) only crosses the pool.
LEVEL = """\
name: wet
seed: %d
domain: all
invasions: on

[map]
###############################
P...........................SS#
###########################.S##
P...~~~~~...................Sb#
###############################
"""

DRY = LEVEL.replace("~", ".")


def test_the_wet_portal_is_found():
    g = load_text(LEVEL % 1)
    assert swimming.wet_portals(g) == [(0, 3)]
    assert swimming.wet_portals(load_text(DRY % 1)) == []
    assert arrival.entry_portal(g) == (0, 1)        # the walking way is the only dry one


@pytest.mark.rule("ARRIVE-01")
def test_one_party_in_five_takes_the_portal_across_water():
    import copy
    n = 400
    wet = 0
    for seed in range(n):
        g = load_text(LEVEL % seed)
        # the exact rule: the stream's draw of 0..99 is below 20
        draw = int(copy.deepcopy(g.rng.stream("arrival_water")).integers(0, 100))
        portal, swims = swimming.maybe_wet(g, (0, 1))
        assert swims == (portal == (0, 3)) == (draw < 20), seed
        wet += swims
    assert binomial_ok(wet, n, 0.20)                   # 1 party in 5


def _swimming_game():
    for seed in range(200):
        g = load_text(LEVEL % seed)
        g.command({"type": "send_invasion"})
        g.step()
        st = SCH.state_of(g)
        member = g.entities[st.members[0]]
        if getattr(member, "swims", False):
            return g, member
    raise AssertionError("no seed sent a party across the water")


@pytest.mark.rule("ARRIVE-01")
def test_the_party_swims_across_slowly_and_reaches_the_dungeon():
    g, member = _swimming_game()
    assert (member.x, member.y) == (0, 3)
    water_steps = []
    land_steps = []
    for _ in range(1200):
        g.step()
        if member.step_len > 0 and member.step_t == 0 and member.ny == member.y:
            wet = g.grid.terrain[member.ny, member.nx] == 3
            (water_steps if wet else land_steps).append(member.step_len)
        if member.x >= 12:
            break
    assert water_steps and land_steps
    # water costs a swimmer 3 to path over, land 1; nobody else may enter it
    from pysim.core import movement
    view = movement.cost_for(g, member)
    assert view[3, 5] == 3 and view[3, 2] == 1
    walker = g.spawn(1, 1, 1, subtype="warrior:1")
    assert movement.cost_for(g, walker)[3, 5] == 0
    assert set(water_steps) == {land_steps[0] * 3}     # a step into water takes 3 times as long
    assert member.x >= 12                               # across the pool, on its way in


@pytest.mark.rule("ARRIVE-01")
def test_no_one_else_enters_water():
    g = load_text(LEVEL.replace("P...~", "P..m~") % 1)
    for _ in range(600):
        g.step()
        for e in g.entities.values():
            assert g.grid.terrain[e.y, e.x] != 3


# No Boss: the party comes for the treasure and leaves with it (GOAL-03). The dry portal is
# far west; the wet one (26, 5) on the south edge, two tiles of water below the treasure room,
# is the nearest way out.
HOMEWARD = """\
name: homeward
seed: %d
domain: all
invasions: on

[legend]
$ = floor treasure:5

[map]
##############################
P.........................$.S#
#...........................S#
##########################~###
##########################~###
##########################P###
"""
WET_EXIT = (26, 5)


def _leaving(swimmer):
    """The first seed's game whose one-peasant party swims (or walks, swimmer False), run
    until it left the map: (entity, its tiles on the way, the tick it left, events)."""
    for seed in range(300):
        g = load_text(HOMEWARD % seed)
        g.command({"type": "send_invasion"})
        g.step()
        member = g.entities[SCH.state_of(g).members[0]]
        if getattr(member, "swims", False) != swimmer:
            continue
        tiles = []
        evs = []
        for _ in range(4000):
            g.step()
            evs += g.take_events()
            if member.id not in g.entities:
                return member, tiles, evs
            tiles.append((member.x, member.y))
        raise AssertionError("the party never left (seed %d)" % seed)
    raise AssertionError("no seed sent such a party")


@pytest.mark.rule("ARRIVE-01")
def test_a_party_that_swam_in_swims_back_out_the_nearest_way():
    member, tiles, evs = _leaving(True)
    took = [e for e in evs if e["type"] == "treasure_taken"]
    left = [e for e in evs if e["type"] == "party_left_with_treasure"]
    assert took and left and left[0]["entity"] == member.id
    assert tiles[-1] in (WET_EXIT, (26, 4))              # out through the wet portal
    last_in_room = max(i for i, t in enumerate(tiles) if t[1] <= 2)
    assert (26, 3) in tiles[last_in_room:]               # swam down the channel to it


@pytest.mark.rule("ARRIVE-01")
def test_a_walker_whose_nearest_portal_is_across_water_walks_out_the_dry_one():
    member, tiles, evs = _leaving(False)
    assert [e for e in evs if e["type"] == "party_left_with_treasure"]
    assert tiles[-1] in ((0, 1), (1, 1), (1, 2))         # the west portal, far off
    assert all(t[1] <= 2 for t in tiles)                 # never in the water
