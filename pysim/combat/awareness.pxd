from pysim.core.entities cimport Entity
from pysim.core.buckets cimport CellBuckets
from pysim.combat.sight cimport line_of_sight
from pysim.combat.stats cimport sight_range
from pysim.combat.fighter cimport Fighter, can_fight, fighter_of, unable_to_fight

cdef class Spotter(CellBuckets):
    cdef unsigned char[:, ::1] blocked

cpdef int notice_range(entity)
