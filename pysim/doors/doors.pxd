# Typed fields of Door (see doors.py): the doors system, the door jobs and the snapshot read
# every door every tick. Other compiled modules get C-speed access with
# `from pysim.doors.doors cimport Door` in their .pxd and `d: Door` in their .py. The shown
# fields (SHOWN_FIELDS) are properties over the underscored slots, so that every write to
# one counts in SHOWN_WRITES; flags stay Python objects, as the pure build stores them, so
# the state hash is the same in both builds. Typed code elsewhere may read an underscored
# slot (a C read, where the property is a Python call); it writes by the field's name.
cdef class Door:
    cdef public int id, x, y
    cdef object _open, _held, _trigger_on, _armed, _breached
    cdef int _padlock
    cdef public int close_at, metal, haulers, work, worker
    cpdef bint rest_open(self)
    cpdef bint locked(self)
    cpdef bint stops(self)
    cpdef int state_code(self)
