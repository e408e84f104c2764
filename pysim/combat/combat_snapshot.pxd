# Typed table pass of combat_snapshot.py (read every frame over every entity).
from pysim.combat.fighter cimport Fighter, fighter_of
