"""Bounded integer draws from a numpy Generator without numpy's per-call cost.

`ints(gen, lo, hi, n)` gives exactly `gen.integers(lo, hi, size=n)` (as a list of ints) and
`int_in(gen, lo, hi)` exactly `int(gen.integers(lo, hi))`: the same values and the same
stream position afterwards, so replays, saves and state hashes do not move. Compiled,
they draw from the bit generator's C interface with numpy's own method for int64 ranges
under 2**32 (Lemire's multiply-and-reject on the stream's 32-bit outputs, one output per
value when nothing is rejected); uncompiled, and for any other range, they call numpy.
tests/core/test_draws.py holds both to numpy over many ranges and draws.
"""
import cython
import numpy as np

_SPAN_MAX = 0xFFFFFFFE     # wider ranges (and zero-width ones) go to numpy
_GENERATOR = np.random.Generator   # anything else (a test's rigged dice) is asked itself


def _bounded(bg, span):
    """A uniform integer in [0, span] from the bit generator `bg` (span < 2**32 - 1)."""
    excl = span + 1
    m = bg.next_uint32(bg.state) * excl
    low = m & 0xFFFFFFFF
    if low < excl:
        floor = (0xFFFFFFFF - span) % excl
        while low < floor:
            m = bg.next_uint32(bg.state) * excl
            low = m & 0xFFFFFFFF
    return m >> 32


def _bitgen(gen):
    return cython.cast(bitgen_ptr,
                       PyCapsule_GetPointer(gen.bit_generator.capsule, b"BitGenerator"))


def ints(gen, lo, hi, n):
    """gen.integers(lo, hi, size=n) as a list of Python ints (the same draws)."""
    if cython.compiled:
        span = hi - lo - 1
        if 0 < span <= _SPAN_MAX and type(gen) is _GENERATOR:
            bg = _bitgen(gen)
            out = []
            for _ in range(n):
                out.append(lo + cython.cast(cython.longlong, _bounded(bg, span)))
            return out
    return [int(v) for v in gen.integers(lo, hi, size=n)]


def int_in(gen, lo, hi):
    """int(gen.integers(lo, hi)) (the same draw)."""
    if cython.compiled:
        span = hi - lo - 1
        if 0 < span <= _SPAN_MAX and type(gen) is _GENERATOR:
            return lo + cython.cast(cython.longlong, _bounded(_bitgen(gen), span))
    return int(gen.integers(lo, hi))
