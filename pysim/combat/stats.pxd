# Typed fields of Weapon and StatBlock (see stats.py): combat reads a fighter's weapon and
# traits every tick (Fighter.stats is a StatBlock: fighter.pxd). Flags that the state hash
# encodes (blunt, ranged) are bints, read back as the same True / False.
cdef class Weapon:
    cdef public object name
    cdef public bint blunt, ranged
    cdef public int reach, damage, attack_ticks

cdef class StatBlock:
    cdef public object name
    cdef public int level, hunt, craft, battle, block, speed, armour, helmet, ko_rule
    cdef public Weapon weapon
    cdef public tuple traits
    cpdef int sight_range(self) except? -1

# AWARE-01's range is read for every eye every tick (fog, awareness): a C call there
cpdef int sight_range(hunt) except? -1
