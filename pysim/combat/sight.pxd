# C-level line tests (see sight.py). Other compiled modules call them without Python
# overhead with `from pysim.combat.sight cimport line_of_sight` in their .pxd (and the same name
# imported in their .py for the pure build).
cdef bint _bresenham_clear(unsigned char[:, ::1] blocked, int x0, int y0, int x1, int y1) noexcept
cpdef bint line_of_sight(unsigned char[:, ::1] blocked, int x0, int y0, int x1, int y1) noexcept
cpdef bint line_of_fire(unsigned char[:, ::1] blocked, int x0, int y0, int x1, int y1) noexcept
cpdef int cheb(int ax, int ay, int bx, int by) noexcept
cpdef int dist2(int ax, int ay, int bx, int by) noexcept
