# Typed entity walk of unseen.py (ent_unseen: every snapshot over every body).
from pysim.core.entities cimport Entity
cimport cython

cdef bint _hidden(Entity e, unsigned char[:, ::1] visible)
