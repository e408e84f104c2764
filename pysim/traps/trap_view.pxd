# Typed entity walk of trap_view.py (traps_duty: every frame over every body).
from pysim.core.entities cimport Entity
from pysim.core.duties cimport duty_of
