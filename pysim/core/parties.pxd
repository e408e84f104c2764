from pysim.core.entities cimport Entity
