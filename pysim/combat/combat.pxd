from pysim.core.entities cimport Entity
from pysim.combat.sight cimport cheb
from pysim.combat.fighter cimport Fighter
from pysim.combat.reaching cimport hold, small
from pysim.combat.targets cimport choose_target
from pysim.combat.crowding cimport Occupancy

# stance and action codes, set from stance.py (see combat.py)
cdef int IDLE, FIGHT, KEEP_DISTANCE, REGROUP, RUN, DEFENSIVE, BALANCED, KEEP_DISTANCE_TILES
cdef int UNABLE_AT, NEAR_TILES

# a fighter's turn: C calls from tick (ten arguments packed into a Python call cost as much
# as a short turn); still callable from Python
cpdef _act(game, Entity e, Fighter f, fighters, blocked, occ, walkable, rechoose, spot, int i,
           needed)
cpdef _fight(game, Entity e, Fighter f, Entity t, blocked, occ, walkable)
