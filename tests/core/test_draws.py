"""pysim.core.draws gives numpy's own bounded draws (the same values and the same
stream position), so the brains and the dice could drop numpy's per-call cost without moving
a replay or a state hash. Held to numpy in whichever build the tests import."""
import numpy as np

from pysim.core import draws

RANGES = [(-5, 6), (1, 7), (0, 100), (0, 12), (-2, 3), (10, 31), (0, 2), (5, 6), (7, 9),
          (0, 1 << 31), (-(1 << 40), 1 << 40), (0, 1 << 32), (0, (1 << 32) - 1), (-1, 1 << 31)]


def _pair(seed):
    a = np.random.Generator(np.random.PCG64(seed))
    b = np.random.Generator(np.random.PCG64(seed))
    a.random()      # leave a half-used 32-bit output in the stream, as a game would
    b.random()
    return a, b


def test_ints_and_int_in_draw_what_numpy_draws():
    for lo, hi in RANGES:
        for n in (1, 2, 5):
            a, b = _pair(abs(lo * 7 + hi + n))
            for _ in range(1500):
                assert draws.ints(a, lo, hi, n) == [int(v) for v in b.integers(lo, hi, size=n)]
                assert draws.int_in(a, lo, hi) == int(b.integers(lo, hi))
                if _ % 7 == 0:           # mixed with numpy's own calls on the same stream
                    assert int(a.integers(0, 10)) == int(b.integers(0, 10))
            assert a.bit_generator.state == b.bit_generator.state, (lo, hi, n)


def test_draws_are_plain_python_ints():
    a, _ = _pair(1)
    assert all(type(v) is int for v in draws.ints(a, 1, 7, 2))
    assert type(draws.int_in(a, 1, 7)) is int


def test_anything_else_with_integers_is_asked_itself():
    class Rigged:
        def integers(self, lo, hi, size=None):
            return np.array([3] * size) if size else 4
    assert draws.ints(Rigged(), 1, 7, 2) == [3, 3]
    assert draws.int_in(Rigged(), 1, 7) == 4
