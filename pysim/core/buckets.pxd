# Typed fields of CellBuckets (see buckets.py): other compiled modules read them at C speed
# with `from pysim.core.buckets cimport CellBuckets` in their .pxd.
cdef class CellBuckets:
    cdef public list ents
    cdef int n, size, cw, ch
    cdef int[::1] xs, ys, sides, start, items
    cdef int _cell(self, int x, int y)
