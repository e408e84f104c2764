"""Leaving the map: an adventurer escapes alive through a portal on the map edge, and a
party that gave up breaching and has no way on heads back there (BREACH-04).
"""
from pysim.adventurers import factions
from pysim.combat import fighter as F, stats as S
from pysim.core import entities, movement


def escaped(game, e):
    """An adventurer leaves the map alive (DOOR-03 bookkeeping); removes it."""
    faction = factions.faction_of(e)
    mapmaker = F.has_trait(e, S.MAPMAKER)
    game.emit("adventurer_escaped", entity=e.id, faction=faction, mapmaker=bool(mapmaker))
    if mapmaker and faction:
        factions.remember_mapmaker(game, faction)
        from pysim.invasions import overworld          # the settlement's grudge grows
        overworld.add_grudge(game, faction, overworld.MAPMAKER_GRUDGE, "mapmaker")
    if e.id in game.entities:
        del game.entities[e.id]


def _wrap_brain():
    from pysim.core import brains, terrain
    prev = brains.BRAINS.get(entities.ADVENTURER)
    if getattr(prev, "_doors_wrapped", False):
        return

    def adventurer_brain(game, e):
        if not getattr(e, "leaving", False):
            return prev(game, e) if prev is not None else None
        if game.grid.on_edge(e.x, e.y) and int(game.grid.terrain[e.y, e.x]) == terrain.PORTAL:
            escaped(game, e)
            return
        best = None
        for (x, y) in game.grid.tiles_of(terrain.PORTAL):
            if not game.grid.on_edge(x, y):
                continue
            key = (max(abs(x - e.x), abs(y - e.y)), y, x)
            if best is None or key < best:
                best = key
        if best is None or not movement.go_to(game, e, best[2], best[1]):
            e.idle = 60
    adventurer_brain._doors_wrapped = True
    brains.BRAINS[entities.ADVENTURER] = adventurer_brain


_wrap_brain()
