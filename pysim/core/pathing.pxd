# The search's scratch buffers as typed memoryviews (see pathing.py): held by the cached
# _Scratch, so a query passes them to the C search without taking new views of the arrays
# (eight acquisitions a query, a fair share of a short search's time).
cdef class _Scratch:
    cdef int[::1] g, parent, mark, hidx, pmark, pqueue, state
    cdef long long[::1] hkey
    cdef const int[::1] dx, dy
    cdef public int gen, pgen    # (tests read and set them: the stamps' wrap, the checks run)
    cpdef int next_gen(self)
    cpdef int next_pgen(self)

# The heap key's layout and the pause spacing as C ints: the search reads them at every
# push, and a module attribute would be a dictionary lookup and Python arithmetic there.
cdef int _H_BITS, _H_MAX

cdef int _next_stamp(int[::1] marks, int gen) except? -1
