from pysim.entities cimport Entity
