from pysim.entities cimport Entity
from pysim.sight cimport line_of_sight
