"""Adventurers: what belongs to adventurers and their parties rather than to one structure:
party membership and the party index, factions, the Mapmaker memory, leaving the map."""
