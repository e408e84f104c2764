"""Line of sight vs the stricter line of fire (AWARE-01, REACH-02)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pysim.combat import sight


def _find(rows, ch):
    for y, row in enumerate(rows):
        x = row.find(ch)
        if x >= 0:
            return x, y
    raise AssertionError(ch)


@pytest.mark.rule("REACH-02")
@pytest.mark.parametrize("rows, fire, wall", [
    # the view slips along the top row past the wall's corner; the shot's line crosses it
    (["A..",
      ".#B"], False, (1, 1)),
    # the line passes exactly through a corner: a shot needs both side tiles open
    (["A#",
      ".B"], False, (1, 0)),
    # A at (1,1), B at (3,3): the straight diagonal (2,2) is open: both see and shoot
    (["#####",
      "#A..#",
      "#...#",
      "#..B#",
      "#####"], True, None),
    # A (1,1) to B (3,2) in the alcove round the wall corner (2,2): seen, not shootable
    (["######",
      "#A...#",
      "###B.#",
      "###..#",
      "######"], False, None),
], ids=["past_a_corner", "exact_corner", "diagonal_open", "alcove"])
def test_wall_corners_block_fire_not_sight(rows, fire, wall):
    b = sight.blocked_from_ascii(rows)
    ax, ay = _find(rows, "A")
    bx, by = _find(rows, "B")
    assert sight.line_of_sight(b, ax, ay, bx, by)
    assert sight.line_of_sight(b, bx, by, ax, ay)
    assert sight.line_of_fire(b, ax, ay, bx, by) is fire
    assert sight.line_of_fire(b, bx, by, ax, ay) is fire
    if wall is not None:
        b[wall[1], wall[0]] = 0          # without that wall the shot is clear
        assert sight.line_of_fire(b, ax, ay, bx, by)


@pytest.mark.rule("AWARE-01")
def test_wall_blocks_sight():
    rows = [
        "A.#.B",
    ]
    b = sight.blocked_from_ascii(rows)
    assert not sight.line_of_sight(b, 0, 0, 4, 0)
    assert sight.line_of_sight(b, 0, 0, 1, 0)


def _supercover_float(x0, y0, x1, y1):
    """Reference: every tile whose closed square the centre-to-centre segment meets
    (exact rational arithmetic; meeting only a corner point counts)."""
    from fractions import Fraction as Fr
    tiles = set()
    for X in range(min(x0, x1), max(x0, x1) + 1):
        for Y in range(min(y0, y1), max(y0, y1) + 1):
            lo, hi = Fr(0), Fr(1)
            for a0, d, A in ((x0, x1 - x0, X), (y0, y1 - y0, Y)):
                p = Fr(2 * a0 + 1, 2)
                if d == 0:
                    if not (A <= p <= A + 1):
                        lo, hi = Fr(1), Fr(0)
                    continue
                t1 = (Fr(A) - p) / d
                t2 = (Fr(A + 1) - p) / d
                lo = max(lo, min(t1, t2))
                hi = min(hi, max(t1, t2))
            if lo <= hi:
                tiles.add((X, Y))
    return tiles


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9), st.integers(0, 9),
       st.integers(0, 2 ** 30))
def test_fire_is_supercover_and_stricter_than_sight(x0, y0, x1, y1, seed):
    rng = np.random.default_rng(seed)
    b = (rng.random((10, 10)) < 0.2).astype(np.uint8)
    b[y0, x0] = 0
    b[y1, x1] = 0
    fire = sight.line_of_fire(b, x0, y0, x1, y1)
    touched = _supercover_float(x0, y0, x1, y1) - {(x0, y0), (x1, y1)}
    ref = all(b[y, x] == 0 for (x, y) in touched if 0 <= x < 10 and 0 <= y < 10)
    assert fire == ref
    assert fire == sight.line_of_fire(b, x1, y1, x0, y0)
    assert sight.line_of_sight(b, x0, y0, x1, y1) == sight.line_of_sight(b, x1, y1, x0, y0)
    if fire:
        assert sight.line_of_sight(b, x0, y0, x1, y1)
    tiles = set(sight.fire_tiles(x0, y0, x1, y1))
    assert tiles == touched
