"""Invasions: when the next party comes (scheduler), who comes (generation) and how it
arrives (arrival); the Rite of Storms (storms). What a party does on the map is in
pysim/adventurers/ (goals, treasure). Rules: docs/rules/invasions.md."""
