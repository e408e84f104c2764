"""Pathfinding: same costs as python-tcod (cardinal 2, diagonal 3, no corner cutting)."""
import random

import numpy as np
import pytest
import tcod.path

from pysim.core import pathing
from pysim.core.pathing import find_path, path_cost
from tcod_reference import tcod_graph


def tcod_path(graph, start, goal):
    pf = tcod.path.Pathfinder(graph)
    pf.add_root((start[1], start[0]))
    p = pf.path_to((goal[1], goal[0]))
    return p[:, ::-1]


def random_map(rng, h, w, density):
    cost = rng.integers(1, 4, size=(h, w)).astype(np.int32)
    cost[rng.random((h, w)) < density] = 0
    return cost


def check_path_valid(cost, path, start, goal, cut_corners=False):
    assert tuple(path[0]) == tuple(start) and tuple(path[-1]) == tuple(goal)
    for (x0, y0), (x1, y1) in zip(path[:-1], path[1:]):
        assert max(abs(x1 - x0), abs(y1 - y0)) == 1
        assert cost[y1, x1] > 0
        if x0 != x1 and y0 != y1 and not cut_corners:
            assert cost[y0, x1] > 0 and cost[y1, x0] > 0


@pytest.mark.parametrize("cut_corners", [False, True])
def test_costs_match_tcod_on_random_maps(cut_corners):
    rng = np.random.default_rng(7)
    checked = 0
    for trial in range(25):
        cost = random_map(rng, int(rng.integers(8, 40)), int(rng.integers(8, 40)), 0.3)
        h, w = cost.shape
        graph = tcod_graph(cost, cut_corners)
        for _ in range(8):
            sx, sy, gx, gy = (int(rng.integers(0, w)), int(rng.integers(0, h)),
                              int(rng.integers(0, w)), int(rng.integers(0, h)))
            cost[sy, sx] = max(cost[sy, sx], 1)
            cost[gy, gx] = max(cost[gy, gx], 1)
            graph = tcod_graph(cost, cut_corners)
            ours = find_path(cost, (sx, sy), (gx, gy), cut_corners=cut_corners)
            theirs = tcod_path(graph, (sx, sy), (gx, gy))
            if len(theirs) == 0 or (len(theirs) == 1 and (sx, sy) != (gx, gy)):
                assert len(ours) == 0
                continue
            check_path_valid(cost, ours, (sx, sy), (gx, gy), cut_corners)
            assert path_cost(cost, ours) == path_cost(cost, theirs)
            checked += 1
    assert checked > 100


def test_no_corner_cutting_between_two_walls():
    cost = np.ones((3, 3), dtype=np.int32)
    cost[0, 1] = 0
    cost[1, 0] = 0
    assert len(find_path(cost, (0, 0), (1, 1))) == 0
    assert len(find_path(cost, (0, 0), (1, 1), cut_corners=True)) == 2
    cost[1, 0] = 1  # one side open: still no squeezing past the wall corner
    path = find_path(cost, (0, 0), (1, 1))
    assert [tuple(p) for p in path] == [(0, 0), (0, 1), (1, 1)]


def test_unreachable_and_blocked_goals_give_empty_paths():
    cost = np.ones((5, 5), dtype=np.int32)
    cost[:, 2] = 0
    assert find_path(cost, (0, 0), (4, 4)).shape == (0, 2)
    assert find_path(cost, (0, 0), (2, 2)).shape == (0, 2)   # goal is a wall
    assert find_path(cost, (0, 0), (9, 9)).shape == (0, 2)   # off the map
    assert find_path(cost, (0, 0), (0, 0)).tolist() == [[0, 0]]


def test_path_format_and_preference_for_cheap_tiles():
    cost = np.ones((3, 7), dtype=np.int32)
    cost[1, 1:6] = 9  # the straight row is expensive: go round it
    path = find_path(cost, (0, 1), (6, 1))
    assert path.dtype == np.int32 and path.shape[1] == 2
    assert all(cost[y, x] == 1 for x, y in path)


def test_repeated_queries_do_not_leak_state():
    rng = np.random.default_rng(3)
    cost = random_map(rng, 30, 30, 0.25)
    cost[0, 0] = cost[29, 29] = 1
    first = find_path(cost, (0, 0), (29, 29))
    for _ in range(20):
        find_path(cost, (int(rng.integers(0, 30)), 0), (int(rng.integers(0, 30)), 29))
    assert np.array_equal(find_path(cost, (0, 0), (29, 29)), first)


def test_numpy_integer_coordinates_are_accepted():
    cost = np.ones((4, 4), dtype=np.int32)
    path = find_path(cost, (np.int64(0), np.int32(0)), np.array([3, 3]))
    assert len(path) == 4


# Before searching, find_path floods from both ends in turn and answers "no path"
# when one flood runs dry (a failed search explores the whole of the start's side). It
# must never change an answer: the same paths as the search alone, corners and all.
@pytest.mark.parametrize("first", [0, 1, 7, 40])
def test_pocket_check_gives_the_same_answers_as_the_search_alone(monkeypatch, first):
    """`first`: the tiles a search expands before the pocket check (SEARCH_BEFORE_POCKET;
    0: the check first): the search stopped there and gone on with after the check finds
    what it finds in one go."""
    from pysim.core import pathing
    monkeypatch.setattr(pathing, "SEARCH_BEFORE_POCKET", first)
    rng = np.random.default_rng(15)
    for trial in range(150):
        h, w = int(rng.integers(4, 24)), int(rng.integers(4, 24))
        cost = random_map(rng, h, w, float(rng.choice([0.2, 0.35, 0.5])))
        cut = bool(trial % 3 == 0)
        pairs = [((int(rng.integers(0, w)), int(rng.integers(0, h))),
                  (int(rng.integers(0, w)), int(rng.integers(0, h)))) for _ in range(6)]
        monkeypatch.setattr(pathing, "POCKET_BUDGET", 0)
        plain = [find_path(cost, s, g, cut_corners=cut) for s, g in pairs]
        monkeypatch.setattr(pathing, "POCKET_BUDGET", 4096)
        for (s, g), want in zip(pairs, plain):
            got = find_path(cost, s, g, cut_corners=cut)
            assert np.array_equal(got, want), (trial, s, g)


def test_a_goal_cut_off_only_by_corners_is_out_of_reach():
    # the room's door tile (2, 3) is blocked: the corridor below reaches the room only
    # diagonally past wall corners, which nobody squeezes through
    rows = ["#.....#",
            "#.....#",
            "#.....#",
            "###x###",
            "###.###",
            "###.###"]
    cost = np.array([[0 if c in "#x" else 1 for c in r] for r in rows], dtype=np.int32)
    assert len(find_path(cost, (3, 5), (3, 1))) == 0
    assert len(find_path(cost, (3, 5), (3, 1), cut_corners=True)) == 0
    cost[3, 3] = 1
    assert len(find_path(cost, (3, 5), (3, 1))) == 5


def test_a_search_that_ends_early_never_asks_the_pocket_check(monkeypatch):
    """The check is asked only once a search has expanded SEARCH_BEFORE_POCKET
    tiles; a walled-off goal is still answered by it, not by a search of the whole map."""
    from pysim.core import pathing
    monkeypatch.setattr(pathing, "SEARCH_BEFORE_POCKET", 50)
    cost = np.ones((40, 40), dtype=np.int32)

    def checks():
        return pathing._scratch[40 * 40].pgen       # one more each time the check runs

    find_path(cost, (1, 1), (2, 2))
    before = checks()
    assert len(find_path(cost, (1, 1), (5, 4))) == 5        # a few tiles: no check
    assert checks() == before
    cost[10:13, 10:13] = 0
    cost[11, 11] = 1                                        # a tile walled in
    assert len(find_path(cost, (1, 1), (11, 11))) == 0
    assert checks() == before + 1                           # the check said so


def test_the_stamps_start_again_at_their_limit(monkeypatch):
    """A search's marks and the pocket check's are told apart from older ones by a stamp
    that grows with each search; at _GEN_LIMIT it starts again at 1 and the marks are
    cleared (left as they were, the first search's would read as this one's)."""
    from pysim.core import pathing
    monkeypatch.setattr(pathing, "SEARCH_BEFORE_POCKET", 1)   # the check runs too
    cost = np.ones((30, 31), dtype=np.int32)
    cost[5:25, 15] = 0
    want = find_path(cost, (2, 2), (28, 27))
    scratch = pathing._scratch[30 * 31]
    scratch.gen = scratch.pgen = pathing._GEN_LIMIT - 1
    got = find_path(cost, (2, 2), (28, 27))
    assert scratch.gen == 1 and scratch.pgen == 1
    assert len(want) > 0 and np.array_equal(got, want)


# A long search's answer is kept (pathing.REMEMBER_FROM): a kept answer is only ever the
# answer the search would give.
def open_maze(seed, size=96):
    """A big walkable map with scattered walls: long searches, hundreds of tiles expanded."""
    rng = np.random.default_rng(seed)
    cost = rng.integers(1, 4, size=(size, size)).astype(np.int32)
    cost[rng.random((size, size)) < 0.25] = 0
    cost[0, 0] = cost[size - 1, size - 1] = 1
    return cost


def fresh_answer(cost, start, goal):
    """The search itself, with no kept answer (the cache off for this one call)."""
    kept = pathing.REMEMBER_FROM
    pathing.REMEMBER_FROM = 1 << 30
    try:
        return pathing.find_path(cost, start, goal)
    finally:
        pathing.REMEMBER_FROM = kept


def test_a_kept_answer_is_the_search_answer_and_a_changed_grid_is_searched_again():
    cost = open_maze(3)
    pathing._answers.clear()
    first = pathing.find_path(cost, (0, 0), (95, 95))
    again = pathing.find_path(cost, (0, 0), (95, 95))
    assert np.array_equal(first, again)
    again[0, 0] = 77                       # a caller's change does not reach the kept copy
    assert np.array_equal(pathing.find_path(cost, (0, 0), (95, 95)), first)
    # wall off the middle of the path found: the same ends on the new grid are searched anew
    changed = cost.copy()
    for x, y in first[len(first) // 2 - 2: len(first) // 2 + 3]:
        changed[y, x] = 0
    new = pathing.find_path(changed, (0, 0), (95, 95))
    assert np.array_equal(new, fresh_answer(changed, (0, 0), (95, 95)))
    assert not np.array_equal(new, first)
    # and a grid edited in place after its answer was kept is not served the old answer
    cost[first[10][1], first[10][0]] = 0
    assert np.array_equal(pathing.find_path(cost, (0, 0), (95, 95)),
                          fresh_answer(cost, (0, 0), (95, 95)))


def test_many_random_searches_with_kept_answers_equal_fresh_searches():
    rng = random.Random(4)
    grids = [open_maze(s, 64) for s in range(3)]
    pathing._answers.clear()
    for _ in range(300):
        cost = grids[rng.randrange(3)]
        start = (rng.randrange(8), rng.randrange(64))
        goal = (rng.randrange(40, 64), rng.randrange(64))
        assert np.array_equal(pathing.find_path(cost, start, goal),
                              fresh_answer(cost, start, goal))
