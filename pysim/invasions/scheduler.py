"""When the next invasion comes (INV-01..03, INV-05) and when one ends.

A level turns invasions on with the header `invasions: on` (default off: every level made
before this rule keeps its scripted parties only, and its state hash). Only then does the
game hold an "invasions" area; without it nothing here runs.

- Day 1: none. The first invasion comes on day 2 at an hour drawn at the start (INV-01).
- An invasion ends when no member is up on the map: each is dead, knocked out (taken as
  captured until prisoners exist) or gone from the map. Then a limit starts (limit_hours,
  by the day it ended: INV-03) and every hour rolls chance_pct (INV-02).
- While no invasion can come (a Rite of Storms, or no walking way from a map-edge portal
  to the sanctum: INV-05) no roll is made; the limit still counts down, and if it runs out
  then, no invasion comes and a new limit of the same length starts.
The checks run at the start of each game hour (order 500, after combat).
"""
from pysim.core import clock, systems
from pysim.core.entities import KNOCKED_OUT, UP
from pysim.invasions import arrival, overworld
# state_of and the phases are read as scheduler.* too
from pysim.invasions.invasion_state import (  # noqa: F401
    UNDERWAY, WAITING, WAITING_FIRST, state_of, storming)

LIMIT_FIRST_DAYS = 2        # ended on day 2 (or before): 48 h
LIMIT_MAX_HOURS = 48
LIMIT_MIN_HOURS = 30        # ended on day 7 or later
LIMIT_MIN_DAY = 7
START_PCT = 2               # the chance in the first hour after an invasion ends


def limit_hours(day):
    """INV-03: 48 h if the last invasion ended on day 2, 30 h from day 7, in between 3.6 h
    less per day (rounded): 48, 44, 41, 37, 34, 30."""
    day = int(day)
    if day <= LIMIT_FIRST_DAYS:
        return LIMIT_MAX_HOURS
    if day >= LIMIT_MIN_DAY:
        return LIMIT_MIN_HOURS
    drop = (LIMIT_MAX_HOURS - LIMIT_MIN_HOURS) * (day - LIMIT_FIRST_DAYS)
    span = LIMIT_MIN_DAY - LIMIT_FIRST_DAYS
    return LIMIT_MAX_HOURS - (2 * drop + span) // (2 * span)


def chance_pct(hour, limit):
    """INV-02: the chance (percent) that the next invasion comes in hour `hour` (1 = the
    first hour after the end) of a limit of `limit` hours: 2% in hour 1, rising every hour
    (by at least 1 point for limits up to 48 h) along a half-linear, half-square curve to
    100% in the last hour (INV-03): slow at first, steep near the limit."""
    hour = max(1, min(int(hour), int(limit)))
    if limit <= 1:
        return 100
    k = hour - 1
    n = limit - 1
    return START_PCT + (100 - START_PCT) * k * (k + n) // (2 * n * n)


def can_come(game, st):
    """INV-05: no Rite of Storms, and a walking way from a map-edge portal to the sanctum."""
    if storming(game, st):
        return False
    from pysim.doors.digging import path_exists
    return path_exists(game)


def start_limit(game, st, hours=None):
    st.phase = WAITING
    st.hours = 0
    st.limit = limit_hours(game.clock()[0]) if hours is None else int(hours)
    game.emit("invasion_limit_started", hours=st.limit)


def hour_chance(game, st):
    """The chance (percent) that an invasion comes at the next hourly check: what the
    Invasion indicator shows (INV-04). 0 on day 1, while one is underway, and while none
    can come. Before the first, the chance that the drawn hour on day 2 is the next one."""
    if st.phase == UNDERWAY:
        return 0
    if st.pending:
        return 100 if war_ready(game, st) and can_come(game, st) else 0
    if st.phase == WAITING_FIRST:
        if game.tick < clock.TICKS_PER_DAY or not can_come(game, st):
            return 0
        left = (2 * clock.TICKS_PER_DAY - game.tick + clock.TICKS_PER_HOUR - 1) \
            // clock.TICKS_PER_HOUR
        return 100 // max(1, left)
    if not can_come(game, st):
        return 0
    return chance_pct(st.hours + 1, st.limit)


def _hourly(game, st):
    if st.phase == UNDERWAY:
        return
    if st.pending:
        # INV-06: instead of the next invasion (no roll meanwhile)
        if war_ready(game, st) and can_come(game, st):
            arrival.send(game, st, st.pending.pop(0))
        return
    if st.phase == WAITING_FIRST:
        if game.tick != st.first_tick:
            return
        if can_come(game, st):
            arrival.send(game, st, None)
        else:
            game.emit("invasion_held_off", hours=LIMIT_MAX_HOURS)
            start_limit(game, st, LIMIT_MAX_HOURS)
        return
    st.hours += 1
    if not can_come(game, st):
        if st.hours >= st.limit:
            game.emit("invasion_held_off", hours=st.limit)
            start_limit(game, st, st.limit)
        return
    pct = chance_pct(st.hours, st.limit)
    if pct >= 100 or int(game.rng.stream("invasions").integers(0, 100)) < pct:
        arrival.send(game, st, None)


def war_ready(game, st):
    """The first war party on its way has arrived at the map edge."""
    return bool(st.pending) and st.pending[0]["arrive"] <= game.tick


def party_over(game, st):
    """True when no member of the party underway is up and able to fight on the map (one
    unable to fight only runs: it counts as knocked out, so a cornered runner cannot hold
    every later invasion back)."""
    from pysim.combat.fighter import unable_to_fight
    ents: dict = game.entities   # (typed: its get is a C call)
    for eid in st.members:
        e = ents.get(eid)
        if e is not None and e.state == UP and not unable_to_fight(e):
            return False
    return True


def _end(game, st):
    from pysim.combat.fighter import unable_to_fight
    dead = gone = down = 0
    ents: dict = game.entities   # (typed: its get is a C call)
    for eid in st.members:
        e = ents.get(eid)
        if e is None:
            gone += 1
        elif e.state == UP and not unable_to_fight(e):
            pass
        elif e.state == KNOCKED_OUT or e.state == UP:
            down += 1
        else:
            dead += 1
    game.emit("invasion_ended", party=st.party, dead=dead, knocked_out=down, gone=gone)
    overworld.count_dead(game, st, st.faction, dead)
    st.members = []
    st.party = -1
    start_limit(game, st)


@systems.system("invasions", 500)
def invasions_system(game):
    st = game.areas.get("invasions")
    if st is None:
        return
    if st.phase == UNDERWAY:
        if party_over(game, st):
            _end(game, st)
            if st.pending and war_ready(game, st) and can_come(game, st):
                arrival.send(game, st, st.pending.pop(0))   # INV-06: waited for this end
    if game.tick > 0 and game.tick % clock.TICKS_PER_HOUR == 0:
        _hourly(game, st)
