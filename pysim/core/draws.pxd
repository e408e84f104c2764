from libc.stdint cimport uint64_t, int64_t
from cpython.pycapsule cimport PyCapsule_GetPointer
from numpy.random cimport bitgen_t

ctypedef bitgen_t *bitgen_ptr

@cython.locals(excl=uint64_t, m=uint64_t, low=uint64_t, floor=uint64_t)
cdef uint64_t _bounded(bitgen_t *bg, uint64_t span) noexcept

cdef bitgen_t *_bitgen(gen) except NULL

@cython.locals(span=int64_t, bg=bitgen_ptr)
cpdef list ints(gen, int64_t lo, int64_t hi, int n)

@cython.locals(span=int64_t)
cpdef int64_t int_in(gen, int64_t lo, int64_t hi) except? -1
