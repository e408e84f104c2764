"""Waking up (WAKE-01, WAKE-02).

Someone knocked out can be carried, healed, captured or killed (the commands are in
pysim/combat/afterwards.py). Someone not bleeding wakes on their own within 4 game hours: when they
fall (or stop bleeding) a wake tick is drawn uniformly from 1..WAKE_TICKS after that tick.
A minion (not bleeding) carried to its own bed wakes within 1 game hour: a second draw from
1..BED_WAKE_TICKS, and the earlier of the two counts. A bleeding body gets no wake tick
until its bleeding stops (healing), and dies after 8 hours of bleeding (pysim/combat/wounds.py).
"""
import cython

TICKS_PER_HOUR = 600
WAKE_TICKS = 4 * TICKS_PER_HOUR
BED_WAKE_TICKS = 1 * TICKS_PER_HOUR
NO_WAKE = -1


def draw_wake_tick(rng, now, limit):
    """A wake tick within `limit` ticks after `now` (1..limit inclusive, uniform)."""
    return int(now) + int(rng.integers(1, int(limit) + 1))


def schedule(rng, fighter, now):
    """Give a knocked-out, non-bleeding fighter its wake tick (4 game hours at most).
    A bleeding one gets NO_WAKE."""
    if fighter.bleeding_since >= 0:
        fighter.wake_tick = NO_WAKE
    else:
        fighter.wake_tick = draw_wake_tick(rng, now, WAKE_TICKS)
    return fighter.wake_tick


def put_in_bed(rng, fighter, now):
    """WAKE-02: a non-bleeding minion carried to its own bed wakes within 1 hour."""
    if fighter.bleeding_since >= 0:
        return fighter.wake_tick
    t = draw_wake_tick(rng, now, BED_WAKE_TICKS)
    if fighter.wake_tick == NO_WAKE or t < fighter.wake_tick:
        fighter.wake_tick = t
    return fighter.wake_tick


def should_wake(fighter, now) -> cython.bint:
    return fighter.wake_tick != NO_WAKE and int(now) >= fighter.wake_tick
