from pysim.core.entities cimport Entity

cdef class _Holders:
    cdef public object game
    cdef list ents
    cdef bint built
    cdef int n, cw, ch, size, next_id
    cdef int[::1] xs, ys, start, items
    cdef int _cell(self, int x, int y)
