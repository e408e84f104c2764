from pysim.core.entities cimport Entity
from pysim.combat.sight cimport cheb
from pysim.combat.fighter cimport Fighter
from pysim.combat.reaching cimport small
from pysim.combat.crowding cimport Occupancy
