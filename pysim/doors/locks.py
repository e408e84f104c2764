"""Padlocks (LOCK-01..04): who may unlock a locked door.

A padlock sits on one door (pysim/doors/doors.py keeps it in the door record: `padlock` 0 none,
1 blueprint (being built), 2 built; `armed` True = locked).
- LOCK-01 a padlock is built in place (metal brought, then Traps-duty work:
  pysim/doors/door_jobs.py); a new padlock starts armed.
- LOCK-02 Disarm Lock makes it a normal door; Arm Lock locks it again (commands in
  pysim/doors/door_commands.py).
- LOCK-03 your minions, your Boss, your dungeon's creatures and visiting traders unlock a
  locked door and walk through; adventurers can't (they breach, pysim/doors/breaching.py).
- LOCK-04 during an invasion a minion unlocks a door to reach an enemy only if you ordered
  that attack; your creatures never unlock a door to reach an enemy; your Boss always can.

`may_unlock(entity, purpose, invasion)` is the one pure function that movement's per-walker
cost views use. Purposes:
  WALK     ordinary business (work, hauling, going home, trading)
  ENEMY    reaching an enemy on its own initiative
  ORDERED  reaching an enemy the player ordered it to attack
Decision: outside an invasion a minion reaching an enemy (a wild creature, a rampaging
minion) may unlock (LOCK-04 names invasions only); creatures never unlock to reach an
enemy at any time.
"""
from pysim.core import entities as E

WALK = 0
ENEMY = 1
ORDERED = 2


def is_trader(entity):
    return bool(getattr(entity, "trader", False)) or getattr(entity, "subtype", "") == "trader"


def may_unlock(entity, purpose=WALK, invasion=False):
    """True when `entity` unlocks a locked door (and walks through) for `purpose`."""
    if is_trader(entity):
        return purpose == WALK
    if int(entity.side) != E.DUNGEON:
        return False   # adventurers, wild creatures, a rampaging minion: breach or stay out
    kind = int(entity.kind)
    if kind == E.BOSS:
        return True
    if kind == E.MINION:
        if purpose == WALK or purpose == ORDERED:
            return True
        return not invasion
    if kind == E.CREATURE:
        return purpose == WALK
    return False
