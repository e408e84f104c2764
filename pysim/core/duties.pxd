from pysim.core.entities cimport Entity
from pysim.combat.fighter cimport engaged

# octile ranks every candidate of every idle minion's look (issue 15): a C call
cpdef int octile(int ax, int ay, int bx, int by) noexcept
