from pysim.core.entities cimport Entity
from pysim.combat.sight cimport cheb, dist2, line_of_sight
from pysim.combat.fighter cimport Fighter, can_fight
