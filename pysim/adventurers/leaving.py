"""Leaving the map: an adventurer escapes alive through a portal on the map edge, and a
party that gave up breaching and has no way on heads back there (BREACH-04).

Decided (docs/rules/invasions.md): an adventurer unable to fight (KO-01: it only runs) who
stands on or next to a map-edge portal slips out through it. Without this a runner backed
into the entry corridor held the portal's only way in, and the next party waited forever.
A leaving adventurer heads for the nearest map-edge portal it has a way to (exits).
"""
from pysim.combat import fighter as F, stats as S
from pysim.core import entities, movement, systems
from pysim.core.parties import faction_of
from pysim.doors.route_choice import remember_mapmaker

SLIP_PERIOD = 10      # ticks between checks for runners at a portal
# fn(game, e, faction) when a Mapmaker of a faction escapes alive, before it is removed
# (pysim/invasions/overworld.py: the settlement's grudge grows)
MAPMAKER_ESCAPE_HOOKS = []


def escaped(game, e):
    """An adventurer leaves the map alive (DOOR-03 bookkeeping); removes it."""
    faction = faction_of(e)
    mapmaker = F.has_trait(e, S.MAPMAKER)
    game.emit("adventurer_escaped", entity=e.id, faction=faction, mapmaker=bool(mapmaker))
    if mapmaker and faction:
        remember_mapmaker(game, faction)
        for fn in MAPMAKER_ESCAPE_HOOKS:
            fn(game, e, faction)
    game.remove_entity(e.id)


def exits(game, e):
    """The map-edge portals, nearest first (Chebyshev distance, then row, column). One
    leaving takes the first it has a way to: a swimmer may swim back out the way it came
    (or walk out a nearer dry portal); a walker whose nearest portal lies across water
    walks to the next (it never waits for a way it cannot take)."""
    from pysim.core import terrain
    grid = game.grid
    found = [(max(abs(x - e.x), abs(y - e.y)), y, x) for (x, y) in grid.tiles_of(terrain.PORTAL)
             if grid.on_edge(x, y)]
    return [(x, y) for (_, y, x) in sorted(found)]


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
        if not any(movement.go_to(game, e, x, y) for (x, y) in exits(game, e)):
            e.idle = 60
    adventurer_brain._doors_wrapped = True
    brains.BRAINS[entities.ADVENTURER] = adventurer_brain


_wrap_brain()


@systems.system("slipping_out", 465)
def slip_out(game):
    """Runners (unable to fight) on or next to a map-edge portal leave the map."""
    if game.tick % SLIP_PERIOD != 0:
        return
    from pysim.core import terrain
    grid = game.grid
    for e in list(game.live()):     # a copy: a runner that slips out leaves the list
        if e.kind != entities.ADVENTURER or not F.unable_to_fight(e):
            continue
        f = e.fighter
        if f.captured or f.carried_by >= 0:
            continue
        if any(grid.in_bounds(e.x + dx, e.y + dy) and grid.on_edge(e.x + dx, e.y + dy)
               and int(grid.terrain[e.y + dy, e.x + dx]) == terrain.PORTAL
               for dy in (-1, 0, 1) for dx in (-1, 0, 1)):
            escaped(game, e)
