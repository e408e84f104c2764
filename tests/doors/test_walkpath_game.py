"""PATH-01 through the commands: build_wall, dig, build_door, padlocks and cave-ins never
cut the last walking path from a map-edge portal to the sanctum."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pysim.core import terrain as T
from pysim.doors import digging, walkpath

from doorkit import cmd, door, game, of, refused

ONE_WAY = """
[legend]
L = floor door padlock
[map]
###P#####
#.......#
#.#####.#
#.#...#.#
#...S...#
#########
"""


@pytest.mark.rule("PATH-01")
def test_wall_refused_on_the_last_path_allowed_elsewhere():
    g = game(ONE_WAY)
    ok = cmd(g, {"type": "build_wall", "x": 1, "y": 2})    # the left way; the right stays
    assert not refused(ok) and g.grid.terrain[2, 1] == T.WALL
    before = g.grid.terrain.copy()
    v = g.grid.version
    r = refused(cmd(g, {"type": "build_wall", "x": 7, "y": 2}))
    assert r and r[0]["reason"] == walkpath.REASON_CUT
    assert (g.grid.terrain == before).all() and g.grid.version == v   # nothing changed
    assert digging.path_exists(g)


@pytest.mark.rule("PATH-01")
def test_a_locked_door_counts_as_open():
    g = game(ONE_WAY.replace("#.#####.#", "#L#####.#"))
    assert door(g, 1, 2).locked()
    assert not refused(cmd(g, {"type": "build_wall", "x": 7, "y": 2}))
    # the only path now runs through the locked door: walls beside it are fine, on it no
    assert refused(cmd(g, {"type": "build_wall", "x": 1, "y": 3}))
    assert refused(cmd(g, {"type": "build_wall", "x": 1, "y": 2}))   # a door is there


@pytest.mark.rule("PATH-01")
def test_cave_in_leaves_the_last_path_standing():
    g = game(ONE_WAY)
    evs = cmd(g, {"type": "cave_in", "tiles": [[1, 2], [7, 2], [5, 1]]})
    ev = of(evs, "cave_in")[0]
    # (1, 2) falls; then the right way is the last one: (7, 2) and (5, 1) on it hold
    assert ev["fallen"] == [[1, 2]] and ev["held"] == [[7, 2], [5, 1]]
    assert digging.path_exists(g)


@pytest.mark.rule("PATH-01")
def test_dig_opens_rock():
    # `dig` marks (a Drudgery job digs it out: DIG-01..04, tests/economy/test_digging.py);
    # dig_out is the opening itself
    g = game(ONE_WAY)
    assert not refused(cmd(g, {"type": "dig", "x": 2, "y": 3}))
    assert digging.dig_reason(g, 2, 3) is None
    digging.dig_out(g, 2, 3)
    assert g.grid.terrain[3, 2] == T.FLOOR
    assert refused(cmd(g, {"type": "dig", "x": 0, "y": 3}))        # map edge
    assert refused(cmd(g, {"type": "dig", "x": 1, "y": 1}))        # floor


BIG = """
[map]
####P######
#.........#
#.........#
#.........#
#.........#
#....S....#
###########
"""

coords = st.tuples(st.integers(1, 9), st.integers(1, 5))
actions = st.one_of(
    st.tuples(st.just("build_wall"), coords),
    st.tuples(st.just("dig"), coords),
    st.tuples(st.just("dig_out"), coords),
    st.tuples(st.just("build_door"), coords),
    st.tuples(st.just("build_padlock"), coords),
    st.tuples(st.just("arm_lock"), coords),
    st.tuples(st.just("disarm_lock"), coords),
    st.tuples(st.just("cave_in"), st.lists(coords, min_size=1, max_size=4)),
)


def reachable(g):
    """Independent 4-way flood fill: doors (any state) walkable."""
    ter = g.grid.terrain
    h, w = ter.shape
    walk = np.isin(ter, (T.FLOOR, T.PORTAL, T.SANCTUM))
    for (x, y) in g.areas["doors"].by_pos:
        walk[y, x] = True
    seen = set()
    todo = [(x, y) for y in range(h) for x in range(w) if ter[y, x] == T.SANCTUM]
    seen.update(todo)
    while todo:
        x, y = todo.pop()
        if ter[y, x] == T.PORTAL:
            return True
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < w and 0 <= ny < h and walk[ny, nx] and (nx, ny) not in seen:
                seen.add((nx, ny))
                todo.append((nx, ny))
    return False


@pytest.mark.rule("PATH-01")
@settings(max_examples=60, deadline=None)
@given(st.lists(actions, min_size=1, max_size=40))
def test_no_command_sequence_cuts_the_path(seq):
    g = game(BIG)
    assert reachable(g)
    for kind, arg in seq:
        if kind == "dig_out":
            # what a finished dig job does to a tile dig_reason allows
            if digging.dig_reason(g, arg[0], arg[1]) is None:
                digging.dig_out(g, arg[0], arg[1])
        elif kind == "cave_in":
            g.command({"type": "cave_in", "tiles": [list(t) for t in arg]})
        elif kind in ("build_padlock", "arm_lock", "disarm_lock"):
            g.command({"type": kind, "x": arg[0], "y": arg[1]})
        else:
            g.command({"type": kind, "x": arg[0], "y": arg[1]})
        g.step()
        g.take_events()
        assert reachable(g)
