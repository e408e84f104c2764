from pysim.core.entities cimport Entity

# asked of every minion every frame (sleep_view.sleepers, the snapshot's version of its
# sleep rows): a C call
cpdef bint asleep(e) except -1
