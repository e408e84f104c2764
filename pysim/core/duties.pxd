from pysim.core.entities cimport Entity

# octile ranks every candidate of every idle minion's look: a C call
cpdef int octile(int ax, int ay, int bx, int by) noexcept

# asked of every minion every frame (trap_view's traps_duty) and every tick: a C call
cpdef object duty_of(e)
