"""The contract between what an adventurer knows (knowledge, spotting, disarming: KNOW, SPOT)
and the party's Cautious status and learned bonuses (caution, learning: CAUT, LEARN).

Both sides only register here, so either can change without the other:
- SPOT_BONUS_FNS: fn(game, adventurer, trigger_kind) -> int, added to the adventurer's spot
  roll for a trigger of that kind (CAUT-02 +1/+2 while Cautious, LEARN-02 learned +1/+2).
- DISARM_BONUS_FNS: fn(game, adventurer, trigger_kind) -> int, added to a disarm roll
  (CAUT-02).
- SPOTTED_HOOKS: fn(game, party_id, spotter_id, part_id) after a party spots a trigger
  (CAUT-04: a Cautious party that spots a trap stops being Cautious).
- DISARMED_HOOKS: fn(game, party_id, worker_id, part_id, outcome) after a disarm attempt;
  outcome "disarmed", "failed" or "botched".
"Resist traps" and "Block against a mechanism" go through pysim/traps/trap_state.py
BLOCK_BONUS_FNS (fn(game, target, mechanism_kind) -> int), which every mechanism's roll
against its victim uses. Learned spot bonuses are kept per trap_parts.trigger_kind (a wide
tripwire is a tripwire).
"""

from pysim.core import hooks

SPOT_BONUS_FNS = []
DISARM_BONUS_FNS = []
SPOTTED_HOOKS = []
DISARMED_HOOKS = []


_add = hooks.add


def add_spot_bonus(fn):
    return _add(SPOT_BONUS_FNS, fn)


def add_disarm_bonus(fn):
    return _add(DISARM_BONUS_FNS, fn)


def add_spotted_hook(fn):
    return _add(SPOTTED_HOOKS, fn)


def add_disarmed_hook(fn):
    return _add(DISARMED_HOOKS, fn)


def spot_bonus(game, adventurer, trigger_kind):
    total = 0
    for fn in SPOT_BONUS_FNS:
        total += fn(game, adventurer, trigger_kind)
    return total


def disarm_bonus(game, adventurer, trigger_kind):
    total = 0
    for fn in DISARM_BONUS_FNS:
        total += fn(game, adventurer, trigger_kind)
    return total

