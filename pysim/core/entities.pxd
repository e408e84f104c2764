cimport cython
# Typed fields of Entity (see entities.py). Other modules get C-speed access by
# `from pysim.core.entities cimport Entity` in their own .pxd.
cdef class Entity:
    cdef public int id, kind, side
    cdef public int x, y, nx, ny, home_x, home_y
    cdef public int step_t, step_len, pace, facing, state
    cdef public object path
    cdef public int path_i, path_version, goal_x, goal_y, idle
    cdef public str name, subtype
    # the combat component (a pysim.combat.fighter.Fighter) or None: see entities.py
    cdef public object fighter

@cython.locals(e=Entity, dead=int)
cpdef list alive_in(dict ents, list bodies)
