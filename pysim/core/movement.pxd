from pysim.core.entities cimport Entity
from pysim.core.buckets cimport CellBuckets

cdef class _Holders:
    cdef public object game
    cdef CellBuckets b
    cdef bint built
    cdef int size, next_id
