"""Striking (REACH-01, DICE-01): one attack is one opposed roll (pysim/core/dice.py): the
attacker's Battle against the defender's Block (+ armour's block bonus). Success lands a
wound whose level comes from the margin plus the weapon's damage (wounds.level_from_margin)
at a rolled body location; a botch makes the attacker stumble (its next attack comes a full
weapon cycle later); a failure is a miss. A ranged attack first finds who takes the shot
(shots.py, REACH-03).

All rolls come from game.rng.stream("combat").

ATTACK_HOOKS: fn(game, attacker, victim) after every attack roll, hit or not (a fight is
going on between them: the Cautious status ends, CAUT-03).
"""
import cython

from pysim.combat import awareness as A, fighter as F, knockouts as KO, shots, stats as S, \
    wounds as W
from pysim.combat.sight import cheb
from pysim.core import dice, hooks, movement
from pysim.core.entities import Entity
from pysim.core.game import register_area


ATTACK_HOOKS = []


def add_attack_hook(fn):
    return hooks.add(ATTACK_HOOKS, fn)


class CombatState(object):
    def __init__(self, game):
        self.shots = []      # (tick, shooter, hit id, x0, y0, x1, y1)
        self.fights = 0      # attacks made so far

    def hash_state(self):
        return (self.shots, self.fights)


register_area("combat", CombatState)


def state(game):
    return game.areas["combat"]


def attack_total(e):
    return F.stat(e, "battle")


def defence_total(e):
    f = e.fighter
    return f.stat("block") + S.ARMOUR_BLOCK_BONUS[f.stats.armour]


def resolve_attack(game, a, t, occ=None):
    """a attacks t now (reach already checked). Returns the entity actually attacked."""
    fa = a.fighter
    weapon = fa.stats.weapon
    rng = game.rng.stream("combat")
    cs = state(game)
    cs.fights += 1
    fa.next_attack = game.tick + weapon.attack_ticks
    victim = t
    if weapon.ranged and cheb(a.x, a.y, t.x, t.y) > 1:
        victim = shots.stray_victim(game, rng, occ, a, t)
        shots.record_shot(game, cs.shots, a, t, victim)
    outcome, margin = dice.opposed_roll(rng, attack_total(a), defence_total(victim))
    name = "hit" if outcome == dice.SUCCESS else ("botch" if outcome == dice.BOTCH else "miss")
    game.emit("attack", attacker=a.id, target=victim.id, ranged=weapon.ranged, outcome=name,
              margin=int(margin), x0=a.x, y0=a.y, x1=victim.x, y1=victim.y)
    for fn in ATTACK_HOOKS:
        fn(game, a, victim)
    if outcome == dice.BOTCH:
        fa.next_attack += weapon.attack_ticks     # stumbles: loses its next attack
        return victim
    if outcome != dice.SUCCESS:
        return victim
    fv = victim.fighter
    level = W.level_from_margin(margin, weapon.damage)
    loc = W.roll_location(rng)
    res = W.land_wound(rng, fv, level, loc, weapon.blunt, game.tick, fv.starving)
    A.reveal(game, victim, a)                     # AWARE-02
    game.emit("wound", entity=victim.id, by=a.id, level=W.LEVEL_NAMES[level],
              location=W.LOCATION_NAMES[loc], points=W.WOUND_POINTS[level],
              total=fv.wound_points(), bleeding=fv.bleeding(), x=victim.x, y=victim.y)
    if res == W.KNOCKED_OUT:
        KO.knock_out(game, victim, a.id)
    elif res == W.KILLED:
        KO.kill(game, victim, a.id)
    return victim


def can_melee(a: Entity, t: Entity) -> cython.bint:
    """REACH-01: next to the target (not mid-step)."""
    return a.step_len == 0 and t.step_len == 0 and cheb(a.x, a.y, t.x, t.y) == 1


def face(a: Entity, t: Entity):
    face_tile(a, t.x, t.y)


def face_tile(a: Entity, x: cython.int, y: cython.int):
    dx: cython.int = x - a.x
    dy: cython.int = y - a.y
    dx = (dx > 0) - (dx < 0)
    dy = (dy > 0) - (dy < 0)
    if dx or dy:
        a.facing = movement.facing_of(dx, dy)
