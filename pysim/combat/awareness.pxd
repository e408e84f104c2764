from pysim.core.entities cimport Entity
from pysim.combat.sight cimport line_of_sight
from pysim.combat.fighter cimport Fighter, can_fight, unable_to_fight

cdef class Spotter:
    cdef public list ents
    cdef int n, cw, ch
    cdef unsigned char[:, ::1] blocked
    cdef int[::1] xs, ys, sides, start, items
    cdef int _cell(self, int x, int y)

cpdef int notice_range(entity)
