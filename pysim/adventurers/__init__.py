"""Adventurers: what belongs to adventurers and their parties rather than to one structure:
leaving the map (party membership and factions: pysim/core/parties.py)."""
