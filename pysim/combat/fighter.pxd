# Typed fields of Fighter (see fighter.py): combat reads them for every fighter every tick.
# Other compiled modules get C-speed access with `from pysim.combat.fighter cimport Fighter`
# in their .pxd and `f: Fighter` in their .py. Flags (waiting, captured, ...) stay Python
# objects, as the pure build stores them, so the state hash is the same in both builds.
cimport cython
from pysim.core.entities cimport Entity
from pysim.combat.wounds cimport total_points
from pysim.combat.stats cimport StatBlock

cdef class Fighter:
    cdef public StatBlock stats
    cdef public object subtype, wounds
    cdef public int bleeding_since, stance, action
    cdef public dict known, bonus
    cdef public int target, ordered_target, next_attack
    cdef public int wake_tick, down_tick, carried_by, carrying, kills, near
    cdef public object waiting, captured, starving, bed, task, rooted
    cpdef int wound_points(self) except? -1
    cpdef bint bleeding(self)
    cpdef int stat(self, name) except? -1

@cython.locals(e=Entity, f=Fighter)
cpdef bint conscious(entity) except -1

@cython.locals(e=Entity, f=Fighter)
cpdef bint unable_to_fight(entity) except -1

@cython.locals(e=Entity, f=Fighter)
cpdef bint can_fight(entity) except -1

@cython.locals(e=Entity)
cpdef bint fit_to_help(entity) except -1

@cython.locals(e=Entity)
cpdef bint counts_on(entity, ally) except -1

# asked of every minion every tick (duties, sleep): C calls
cpdef object fighter_of(entity)

cdef int _UP, _IDLE

@cython.locals(f=Fighter, e=Entity)
cpdef bint engaged(entity) except -1
