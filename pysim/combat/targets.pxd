from pysim.core.entities cimport Entity
from pysim.combat.sight cimport cheb, dist2, line_of_sight
from pysim.combat.fighter cimport Fighter, can_fight

# asked for every fighter's turn (combat._act): a C call
cpdef tuple choose_target(game, Entity e, Fighter f, rechoose=*)
