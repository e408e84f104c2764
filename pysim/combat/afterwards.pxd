from pysim.core.entities cimport Entity
from pysim.combat.fighter cimport Fighter
