from pysim.core.entities cimport Entity
from pysim.combat.fighter cimport can_fight

cdef class Occupancy:
    cdef long w, h
    cdef int[::1] first
    cdef long long[::1] ids
    cdef int[::1] small
    cdef int[::1] nxt
    cdef int[::1] cell
    cdef Py_ssize_t n
    cdef _grow(self, Py_ssize_t rows)
    cdef Py_ssize_t _cell(self, long x, long y) noexcept
    cpdef clear(self)
    cpdef add(self, long eid, long x, long y, bint small)
    cpdef remove(self, long eid, long x, long y)
    cpdef bint room_for(self, long x, long y, bint small, long eid=*)
    cpdef bint may_stay(self, long x, long y, long eid)
    cpdef list ids_at(self, long x, long y)

cpdef Occupancy occupancy_for(game)
