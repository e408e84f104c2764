from pysim.core.entities cimport Entity
from pysim.doors.doors cimport Door
