"""Breaching a locked door (BREACH-01..06).

An adventurer party stopped at a locked door (closed, padlock armed) breaches it:
- BREACH-01 pick: Craft vs the lock's strength; bash: Battle vs the door's strength.
  Bashing takes twice as long.
- BREACH-02 the party picks with chance PICK_RATE (70%), else bashes, and sends its best
  member for that method (highest Craft for pick, highest Battle for bash; ties: the lowest
  entity id). Time per roll: `attempt_ticks(method, stat)` = ceil(240 / (stat + 4)) ticks
  for a pick, twice that for a bash: strictly shorter for every higher stat.
- BREACH-03 a party with a Locksmith always picks; otherwise one with a Doorbreaker always
  bashes (the 70% draw is then not made).
- BREACH-04 after FAILS_PER_METHOD (5) failed rolls the party switches to the other method
  (its best member for it); after 5 failed rolls with that one too (10 in all) it gives up
  on that door: the door goes into the party's `gave_up` set, which its route planning
  treats as a wall (decision). With no other way, the party's goal is out of reach and it
  heads back to a portal (GOAL-03 handles what happens then).
- A botch counts as a failed roll (decision: nothing worse happens at a lock).
- BREACH-05 success: the door is left open and its padlock disarmed (state "breached").
  A Drudgery-duty minion later closes the door and arms the padlock again.
- BREACH-06 every failed bash (not a failed pick: picking is quiet) makes a noise at the
  door (AWARE-04).

This module holds the pure decision logic and the Breach record; pysim/doors/breaching.py
runs it each tick.
"""
import cython

from pysim.combat import stats
from pysim.core import dice

PICK = "pick"
BASH = "bash"
METHODS = (PICK, BASH)
PICK_RATE = 0.7
FAILS_PER_METHOD = 5
SPEED_NUMERATOR = 240   # pick ticks per roll = ceil(240 / (stat + 4))

# default strengths (the opponent's total in the opposed roll)
LOCK_STRENGTH = 3
DOOR_STRENGTH = 4


def other(method):
    return BASH if method == PICK else PICK


def _fighter(entity):
    if getattr(entity, "fighter", None) is None:
        return None
    from pysim.combat import fighter as F
    return F.fighter_of(entity)       # re-syncs stats with a subtype set after spawning


def _stats(entity):
    f = _fighter(entity)
    if f is not None:
        return f.stats
    return getattr(entity, "stats", None)


def has_trait(entity, trait):
    st = _stats(entity)
    if st is not None and hasattr(st, "has"):
        return bool(st.has(trait))
    return trait in getattr(entity, "traits", ())


def stat_for(entity, method):
    name = "craft" if method == PICK else "battle"
    f = _fighter(entity)
    if f is not None:
        return int(f.stat(name))
    st = getattr(entity, "stats", None)
    if st is not None:
        return int(getattr(st, name))
    return int(getattr(entity, name, 0))


def pick_chance(members):
    """Exact chance that the party picks (BREACH-02/03): 1, 0 or PICK_RATE."""
    if any(has_trait(m, stats.LOCKSMITH) for m in members):
        return 1.0
    if any(has_trait(m, stats.DOORBREAKER) for m in members):
        return 0.0
    return PICK_RATE


def choose_method(members, rng):
    """The party's first method. Draws from `rng` only when neither trait decides."""
    p = pick_chance(members)
    if p >= 1.0:
        return PICK
    if p <= 0.0:
        return BASH
    return PICK if float(rng.random()) < p else BASH


def best_member(members, method):
    """The member with the highest stat for `method`; ties go to the lowest id."""
    best = None
    best_stat = 0
    for m in sorted(members, key=lambda e: int(e.id)):
        s = stat_for(m, method)
        if best is None or s > best_stat:
            best = m
            best_stat = s
    return best


def attempt_ticks(method, stat) -> cython.int:
    """Ticks one roll takes: ceil(240 / (stat + 4)) to pick, twice that to bash."""
    s: cython.int = int(stat)
    if s < 0:
        s = 0
    t: cython.int = (SPEED_NUMERATOR + s + 3) // (s + 4)
    if method == BASH:
        t *= 2
    return t


class Breach(object):
    """One party working on one door."""

    def __init__(self, party, door_id, method, worker_id, ticks_needed):
        self.party = int(party)
        self.door = int(door_id)
        self.first_method = method
        self.method = method
        self.worker = int(worker_id)
        self.progress = 0
        self.ticks_needed = int(ticks_needed)
        self.failures = 0          # failed rolls with the current method
        self.total_failures = 0
        self.rolls = 0
        self.approach = (-1, -1)   # the tile the party was stopped on

    def state(self):
        return (self.party, self.door, self.first_method, self.method, self.worker,
                self.progress, self.ticks_needed, self.failures, self.total_failures,
                self.rolls, tuple(self.approach))

    def to_dict(self):
        return {"party": self.party, "door": self.door, "first_method": self.first_method,
                "method": self.method, "worker": self.worker, "progress": self.progress,
                "ticks_needed": self.ticks_needed, "failures": self.failures,
                "total_failures": self.total_failures, "rolls": self.rolls,
                "approach": list(self.approach)}

    @staticmethod
    def from_dict(d):
        b = Breach(d["party"], d["door"], d["method"], d["worker"], d["ticks_needed"])
        b.first_method = d["first_method"]
        b.progress = int(d["progress"])
        b.failures = int(d["failures"])
        b.total_failures = int(d["total_failures"])
        b.rolls = int(d["rolls"])
        b.approach = tuple(d.get("approach", (-1, -1)))
        return b


# outcomes of one finished roll
ROLL_SUCCESS = "success"
ROLL_FAILED = "failed"
ROLL_SWITCH = "switch"
ROLL_GIVE_UP = "give_up"


def record_failure(b):
    """Count a failed roll: returns ROLL_FAILED, ROLL_SWITCH (5th failure of the first
    method: switch now) or ROLL_GIVE_UP (5th failure of the second method)."""
    b.failures += 1
    b.total_failures += 1
    if b.failures < FAILS_PER_METHOD:
        return ROLL_FAILED
    if b.method == b.first_method:
        b.method = other(b.method)
        b.failures = 0
        return ROLL_SWITCH
    return ROLL_GIVE_UP


def roll(rng, b, worker, lock_strength, door_strength):
    """One roll by `worker` with the breach's current method: (outcome, dice outcome)."""
    if b.method == PICK:
        res, _ = dice.opposed_roll(rng, stat_for(worker, PICK), lock_strength)
    else:
        res, _ = dice.opposed_roll(rng, stat_for(worker, BASH), door_strength)
    b.rolls += 1
    if res == dice.SUCCESS:
        return ROLL_SUCCESS, res
    return record_failure(b), res
