cimport cython
from pysim.core.entities cimport Entity
from pysim.combat.fighter cimport Fighter, can_fight, conscious
from pysim.combat.sight cimport cheb, dist2, line_of_sight

cdef class Walkable:
    cdef const int[:, ::1] cost
    cdef int w, h

cpdef bint small(Entity e) except -1
@cython.locals(b=Entity)
cpdef hold(e)

# action codes and UP, set from stance.py and entities.py (see reaching.py)
cdef int IDLE, FIGHT, UP
