cimport cython
# Typed Wound (see wounds.py): wound points are summed over every fighter's wounds many
# times a tick (can_fight asks them of every known enemy).
cdef class Wound:
    cdef public int level, location, tick
    cdef public object blunt

cdef tuple _POINTS_BY_LEVEL

@cython.locals(w=Wound, t=int, lv=int)
cpdef int total_points(wounds) except? -1
