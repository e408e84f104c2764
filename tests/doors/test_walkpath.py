"""PATH-01: the last walking path from a map-edge portal to the sanctum can't be cut.

The guard itself (pysim.doors.walkpath) against an independent flood fill; the commands that use
it (build_wall, dig, build_door, build_padlock, cave-ins) are in tests/doors/test_doors_game.py
and the property test at the bottom of this file."""
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pysim.doors import walkpath as WP

PORTAL, SANCTUM = 4, 5


def reference_connected(walk, terrain):
    h, w = walk.shape
    seen = np.zeros_like(walk, dtype=bool)
    q = deque()
    for y in range(h):
        for x in range(w):
            if terrain[y, x] == SANCTUM and walk[y, x]:
                seen[y, x] = True
                q.append((x, y))
    while q:
        x, y = q.popleft()
        if terrain[y, x] == PORTAL and walk[y, x] and (x in (0, w - 1) or y in (0, h - 1)):
            return True
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and walk[ny, nx] and not seen[ny, nx]:
                seen[ny, nx] = True
                q.append((nx, ny))
    return False


def random_map(rng, h, w, density):
    terrain = np.where(rng.random((h, w)) < density, 0, 1).astype(np.uint8)
    terrain[0, :] = 0
    terrain[-1, :] = 0
    terrain[:, 0] = 0
    terrain[:, -1] = 0
    terrain[0, int(rng.integers(1, w - 1))] = PORTAL
    terrain[int(rng.integers(1, h - 1)), int(rng.integers(1, w - 1))] = SANCTUM
    return terrain


@pytest.mark.rule("PATH-01")
def test_flood_fills_agree_with_reference():
    rng = np.random.default_rng(5)
    for _ in range(60):
        t = random_map(rng, 12, 15, 0.35)
        walk = (t != 0).astype(np.uint8)
        g = WP.PathGuard()
        expect = reference_connected(walk, t)
        assert g.has_path(walk, t, PORTAL, SANCTUM) == expect
        # the typed BFS (run uncompiled here) and the tcod fallback agree too
        goal = WP.edge_portal_mask(t, PORTAL) & walk
        starts = np.flatnonzero((t == SANCTUM) & (walk != 0))
        assert (WP._path_typed(walk, goal, starts) is not None) == expect
        assert (WP._path_tcod(walk, goal, starts) is not None) == expect


@pytest.mark.rule("PATH-01")
def test_returned_path_is_a_real_walk():
    rng = np.random.default_rng(8)
    t = random_map(rng, 20, 20, 0.2)
    walk = (t != 0).astype(np.uint8)
    g = WP.PathGuard()
    if not g.has_path(walk, t, PORTAL, SANCTUM):
        pytest.skip("map without a path")
    p = g.path
    w = t.shape[1]
    assert {int(t.reshape(-1)[p[0]]), int(t.reshape(-1)[p[-1]])} == {SANCTUM, PORTAL}
    for a, b in zip(p, p[1:]):
        assert abs(a % w - b % w) + abs(a // w - b // w) == 1
        assert walk.reshape(-1)[b]


@pytest.mark.rule("PATH-01")
@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10 ** 6), st.lists(st.tuples(st.integers(0, 13), st.integers(0, 11)),
                                        min_size=1, max_size=3))
def test_would_cut_matches_reference(seed, blocked):
    rng = np.random.default_rng(seed)
    t = random_map(rng, 12, 14, 0.25)
    walk = (t != 0).astype(np.uint8)
    g = WP.PathGuard()
    before = reference_connected(walk, t)
    g.has_path(walk, t, PORTAL, SANCTUM)   # warm the kept path
    after = walk.copy()
    for x, y in blocked:
        after[y, x] = 0
    expect_cut = before and not reference_connected(after, t)
    assert g.would_cut(walk, t, PORTAL, SANCTUM, blocked) == expect_cut
    # the guard's kept path is still a valid path of the unchanged map
    if before:
        assert g.path is not None and walk.reshape(-1)[g.path].all()
