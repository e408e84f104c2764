# AWARE-01's range is read for every eye every tick (fog, awareness): a C call there
cpdef int sight_range(hunt) except? -1
