"""Shots (REACH-02, REACH-03): a ranged weapon needs range and a clear line of fire
(sight.line_of_fire); each body standing on the line, nearest first, takes the shot
instead with STRAY_PCT percent. The shots fired in the last SHOT_MEMORY_TICKS ticks are
kept for the front end to draw (CombatState.shots, striking.py).
"""
import cython

from pysim.combat import fighter as F, sight, wounds as W
from pysim.combat.sight import dist2
from pysim.core.entities import Entity

STRAY_PCT = 25
SHOT_MEMORY_TICKS = 5   # shots kept for the snapshot


def can_shoot(blocked, a: Entity, t: Entity) -> cython.bint:
    """REACH-02: within the weapon's range with a clear line of fire."""
    r: cython.int = a.fighter.stats.weapon.reach
    if a.step_len != 0:
        return False
    if dist2(a.x, a.y, t.x, t.y) > r * r:
        return False
    return sight.line_of_fire(blocked, a.x, a.y, t.x, t.y)


def bodies_at(game, occ, x, y):
    """Ids of the conscious fighters on (x, y), in id order (occ: this tick's Occupancy)."""
    if occ is not None:
        return occ.ids_at(x, y)
    out = []
    for e in game.live():
        if e.x == x and e.y == y and F.conscious(e) and F.fighter_of(e) is not None:
            out.append(e.id)
    return out


def stray_victim(game, rng, occ, a, t):
    """REACH-03: who takes a's shot at t: a body in the way (one draw per body, nearest
    first) or t itself."""
    for (x, y) in sight.fire_tiles(a.x, a.y, t.x, t.y):
        for oid in bodies_at(game, occ, x, y):
            if oid == a.id or oid == t.id:
                continue
            if W.roll_pct(rng, STRAY_PCT):
                return game.entities[oid]
    return t


def record_shot(game, shots, a, t, victim):
    """Keep the shot for the snapshot and tell the front end."""
    shots.append((game.tick, a.id, victim.id, a.x, a.y, victim.x, victim.y))
    game.emit("shot", attacker=a.id, target=t.id, hit=victim.id, x0=a.x, y0=a.y,
              x1=victim.x, y1=victim.y)


def forget_old_shots(game, shots):
    return [s for s in shots if game.tick - s[0] < SHOT_MEMORY_TICKS]
