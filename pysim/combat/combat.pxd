from pysim.core.entities cimport Entity
from pysim.combat.sight cimport cheb
from pysim.combat.fighter cimport Fighter
from pysim.combat.reaching cimport small
from pysim.combat.crowding cimport Occupancy

# stance and action codes, set from stance.py (see combat.py)
cdef int IDLE, FIGHT, KEEP_DISTANCE, REGROUP, RUN, DEFENSIVE, BALANCED, KEEP_DISTANCE_TILES
cdef int UNABLE_AT, NEAR_TILES
