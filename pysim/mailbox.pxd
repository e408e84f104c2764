# Typed fields of the mailbox in Python (mailbox.py). Public: the tests read and set them.

cdef class PyMailbox:
    cdef public object _lock, _cv
    cdef public long long _raw, _wake_at
    cdef public bint _waiting, _poked, _closed
    cdef public list _items
