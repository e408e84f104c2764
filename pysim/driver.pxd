# Typed fields of the driver (driver.py): the frames without the sim thread (Session.step and
# frame) check what is due at C speed. Public: the tests read and set them.

cdef class Driver:
    cdef public object game, frames, game_lock, box, _lock, _mail, _thread, _last_error
    cdef public long long _acc, _raw, _handed
    cdef public double _posted_at
    cdef public list _outbox
    cdef public long _applying, _unposted, _wakes
    cdef public bint _stop, _busy, fail_next
    cpdef long long _due(self, long long real_us)
    cpdef _count_raw(self, long long real_us)
