"""The fighter component: every minion, adventurer, creature and the Boss gets
`entity.fighter` (a Fighter) when spawned (entities.SPAWN_HOOKS). It holds the combat
state the rule modules share: stats, wounds, stance, knowledge of enemies, target, timers.

Other rule areas read it through the helpers here:
  fighter_of(e)        the Fighter (None for things that never fight)
  stat(e, "hunt")      a stat with the fighter's bonuses (trap learning, Cautious...)
  has_trait(e, t)      traits (scout, mapmaker, locksmith, doorbreaker, ...)
  engaged(e)           True while combat steers this body: AIs leave its path alone
  conscious(e)         up (not knocked out or dead) and not carried or captured
"""
import cython

from pysim.combat import stance as _stance, stats as S, wounds as W
from pysim.combat.stats import StatBlock
from pysim.combat.wounds import total_points
from pysim.core import duties, entities as E, hooks
from pysim.core.entities import Entity

NO_WAKE = -1


class Fighter(object):
    """Compiled, the fields are typed (fighter.pxd): no other attributes may be added."""

    def __init__(self, stats, stance=_stance.BALANCED, subtype=""):
        self.stats = stats
        self.subtype = subtype      # the entity subtype the stats were built for
        self.wounds = []
        self.bleeding_since = -1
        self.stance = int(stance)
        self.action = _stance.IDLE
        self.known = {}            # enemy id -> (x, y, tick seen)
        self.target = -1
        self.ordered_target = -1
        self.next_attack = 0
        self.waiting = False
        self.wake_tick = NO_WAKE
        self.down_tick = -1
        self.carried_by = -1
        self.carrying = -1
        self.captured = False
        self.starving = False
        self.bed = None             # (x, y) of this minion's own bed, if any
        self.task = None            # afterwards.py order: (kind, body id, x, y)
        self.bonus = {}             # stat name -> bonus added by other rule areas
        self.kills = 0
        self.near = 0               # known enemies within 5 tiles at the last target choice
        self.rooted = False         # held in place (a web, a test): fights but never walks

    def wound_points(self):
        return total_points(self.wounds)

    def bleeding(self):
        return self.bleeding_since >= 0

    def stat(self, name):
        st: StatBlock = self.stats
        # the four rolled stats read in C (a getattr by name is a Python lookup)
        if name == "hunt":
            v = st.hunt
        elif name == "craft":
            v = st.craft
        elif name == "battle":
            v = st.battle
        elif name == "block":
            v = st.block
        else:
            v = int(getattr(st, name))
        bonus = self.bonus
        if not bonus:
            return v
        return v + int(bonus.get(name, 0))

    def hash_state(self):
        return (self.subtype, self.stats.to_dict(), [w.state() for w in self.wounds], self.bleeding_since,
                self.stance, self.action, sorted(self.known.items()), self.target,
                self.ordered_target, self.next_attack, self.waiting, self.wake_tick,
                self.down_tick, self.carried_by, self.carrying, self.captured, self.starving,
                self.bed, self.task, sorted(self.bonus.items()), self.kills, self.rooted, self.near)

    # canonical form for game.canon / state_hash
    def __getstate__(self):
        return self.hash_state()


def stats_for(entity):
    """The stat block an entity starts with, from its kind and subtype
    (adventurer subtype 'warrior' or 'warrior:3' for a level; creature subtype 'troll')."""
    k = entity.kind
    sub = getattr(entity, "subtype", "") or ""
    if k == E.MINION:
        return S.minion()
    if k == E.BOSS:
        return S.boss()
    if k == E.ADVENTURER:
        cls, _, lv = sub.partition(":")
        cls = cls if cls in S.CLASS_NAMES else "peasant"
        # ASCII digits only: '²'.isdigit() is true, and int('²') raises.
        if lv.isascii() and lv.isdigit() and len(lv) < 3:
            level = int(lv)
        else:
            level = int(getattr(entity, "level", 1) or 1)
        return S.adventurer(cls, level)
    if k == E.CREATURE:
        return S.creature(sub if sub in S.CREATURES else "kobold")
    return S.minion()


def default_stance(entity):
    if entity.kind == E.MINION:
        return _stance.BALANCED
    if entity.kind == E.ADVENTURER:
        return _stance.BALANCED
    return _stance.AGGRESSIVE


def attach(game, entity):
    """Spawn hook: give every fighting body its Fighter (idempotent)."""
    if entity.fighter is None:
        st = stats_for(entity)
        entity.fighter = Fighter(st, default_stance(entity), entity.subtype or "")


def fighter_of(entity):
    """The entity's Fighter, or None. A read: it never changes the game (snapshots and
    panels call it, and a save replays without them). Its stats were built from the
    subtype the entity was spawned with: spawn with `game.spawn(kind, x, y, subtype=...)`."""
    if isinstance(entity, Entity):
        return cython.cast(Entity, entity).fighter   # the typed slot: a C read
    return getattr(entity, "fighter", None)          # (tests' stand-ins)


def stat(entity, name):
    f = fighter_of(entity)
    return f.stat(name) if f is not None else 0


def has_trait(entity, trait):
    f = fighter_of(entity)
    return f is not None and f.stats.has(trait)


def conscious(entity):
    e = entity
    if e.state != E.UP:
        return False
    f = e.fighter
    return f is None or (f.carried_by < 0 and not f.captured)


def unable_to_fight(entity):
    """KO-01: up (woken after a knockout) with wounds adding up to UNABLE_AT points or more.
    Such a body may move (it runs from enemies it knows of) but never attacks, and nobody
    counts it as an enemy to fight, until healing brings it below UNABLE_AT."""
    e = entity
    f = e.fighter
    return f is not None and e.state == E.UP and f.wound_points() >= W.UNABLE_AT


def fit_to_help(entity):
    """STANCE-01 (decision): an ally a hurt Balanced fighter regroups with: able to fight and
    not hurt as much itself (below BALANCED_HURT wound points). Two hurt adventurers who
    regrouped with each other stood together for ever, their only known enemies the Traps
    crew running from them (docs/rules/combat.md, "Stances")."""
    e = entity
    return can_fight(e) and (e.fighter is None or
                             e.fighter.wound_points() < _stance.BALANCED_HURT)


def counts_on(entity, ally):
    """Does `entity`'s stance count on `ally` (allies near, the ally REGROUP walks to)? An
    ally able to fight (one unable to fight is no help, KO-01); for a Balanced fighter, which
    regroups only when hurt, one fit to help."""
    e = entity
    if e.fighter is not None and e.fighter.stance == _stance.BALANCED:
        return fit_to_help(ally)
    return can_fight(ally)


def can_fight(entity):
    """Conscious and not unable to fight (KO-01): may attack and be fought.
    (conscious() and not unable_to_fight(), with one look at the fighter: targets ask it
    of every known enemy.)"""
    e = entity
    if e.state != E.UP:
        return False
    f = e.fighter
    return f is None or (f.carried_by < 0 and not f.captured and
                         f.wound_points() < W.UNABLE_AT)


# (C ints compiled, fighter.pxd: engaged() is asked of every minion every tick)
_UP = E.UP
_IDLE = _stance.IDLE


def engaged(entity):
    f = fighter_of(entity)
    if f is None:
        return False
    e = entity
    return e.state == _UP and f.action != _IDLE


def hostile(a, b):
    """Enemies are bodies on different sides."""
    return a.side != b.side


def register():
    if attach not in E.SPAWN_HOOKS:
        E.SPAWN_HOOKS.append(attach)
    hooks.add(duties.BUSY_HOOKS, engaged)    # a fighting minion drops its job


register()
