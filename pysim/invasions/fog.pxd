# Typed entity walk of fog.py (spotters: every tick over every body).
from pysim.core.entities cimport Entity
from pysim.combat.awareness cimport notice_range
