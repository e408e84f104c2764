from pysim.core.entities cimport Entity
from pysim.combat.fighter cimport conscious

cdef class Occupancy:
    cdef public dict tiles
    cpdef add(self, long eid, long x, long y, bint small)
    cpdef remove(self, long eid, long x, long y)
    cpdef bint room_for(self, long x, long y, bint small, long eid=*)
    cpdef bint may_stay(self, long x, long y, long eid)
    cpdef list ids_at(self, long x, long y)

cdef long _key(long x, long y) noexcept
