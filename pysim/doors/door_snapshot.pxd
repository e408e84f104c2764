from pysim.doors.doors cimport Door
