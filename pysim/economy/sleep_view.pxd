# Typed body walk of sleep_view.py (every frame over every live body).
from pysim.core.entities cimport Entity
from pysim.economy.sleep cimport asleep
