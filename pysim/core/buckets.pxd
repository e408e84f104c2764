# Typed fields of CellBuckets (see buckets.py): other compiled modules read them at C speed
# with `from pysim.core.buckets cimport CellBuckets` in their .pxd.
# Entity cimported: __init__ reads every body's x, y and side from the C slots (without it
# `e: Entity` is a plain object and each read a generic attribute lookup).
from pysim.core.entities cimport Entity

cdef class CellBuckets:
    cdef public list ents
    cdef int n, size, cw, ch
    cdef int[::1] xs, ys, sides, start, items
    cdef int _cell(self, int x, int y)
