from pysim.core.entities cimport Entity
from pysim.combat.sight cimport cheb
