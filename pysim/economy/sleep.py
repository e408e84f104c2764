"""Sleep: minions sleep and wake in their own beds (SLEEP-01..05; decisions in
docs/rules/economy.md).

SLEEP-01 Every minion sleeps once a day, at its slot's hour: minions take the slots
         SLOT_HOURS (22:00, 10:00, 16:00, 04:00) in the order they join the dungeon (the
         first two half a day apart), so with two minions or more somebody is always
         awake, and minions in beds sleep a quarter at a time.
         A night that began before the minion joined does not count (nobody sleeps at the
         start of a level; a drifter joining late waits for its next one).
SLEEP-02 At its hour, once it has finished the job in hand (and has no order, fight or
         body to carry), a minion walks to its own bed (afterwards.bed_of: beds go to
         minions in id order) and sleeps there until BED_HOURS after the hour. A minion
         without a bed, or whose bed it cannot reach, lies down where it is and sleeps
         FLOOR_HOURS: sleeping on the floor costs it two working hours a day (a bed is 1
         metal). Busy for the whole of BED_HOURS, it misses that night.
SLEEP-03 A sleeper does no work: no duty's job, no wandering (it holds the job "sleep").
SLEEP-04 A sleeper wakes: at its hour (rested); when it learns of an enemy (it notices one
         in sight, is struck, hears a death: AWARE-01..03); when it is hurt; when an alarm
         trap goes off (every sleeper); when the player gives it an order or a duty; when
         combat takes it over. Woken early, it does not sleep again that night.
SLEEP-05 WAKE-02 is unchanged: a knocked-out minion carried to its own bed wakes within
         the hour (pysim/combat/afterwards.py); knocked out is not asleep.

Events: fell_asleep (entity, x, y, in_bed), minion_woke (entity, reason: rested, enemy,
hurt, alarm, order, fight, x, y). Job list: ["sleep", night, phase (0 going to bed,
1 asleep), wake_tick, bed_x, bed_y (-1: on the floor), wound points then, tick begun].
"""
import cython

from pysim.combat import afterwards, body_orders, fighter as F
from pysim.core import clock, duties, entities, movement, systems
from pysim.core.entities import Entity
from pysim.economy import econ_state as S

SLOT_HOURS = (22, 10, 16, 4)
BED_HOURS = 6
FLOOR_HOURS = 8
NO_NIGHT = -(10 ** 9)


def night_of(slot, tick):
    """The tick the latest night of `slot` began at (at or before `tick`; may be < 0)."""
    start = SLOT_HOURS[slot] * clock.TICKS_PER_HOUR
    return int(tick) - (int(tick) - start) % clock.TICKS_PER_DAY


def asleep(e):
    """True while e lies asleep (not on its way to bed)."""
    job = getattr(e, "job", None)
    return job is not None and job[0] == "sleep" and job[2] == 1


def _new_record(game, st, e):
    """A minion met for the first time gets the next sleep slot."""
    rec = [st.next_slot % len(SLOT_HOURS), int(game.tick), NO_NIGHT]
    st.next_slot += 1
    st.sleepers[e.id] = rec
    st.changed()
    return rec


def _free(e):
    """Nothing in hand: no job, order, fight or body, not mid-step."""
    if getattr(e, "job", None) is not None or e.step_len > 0 or getattr(e, "rampage", False):
        return False
    f = F.fighter_of(e)
    return f is None or (F.conscious(e) and f.task is None and f.carrying < 0
                         and not F.engaged(e))


@systems.system("sleep", 88)
def tick(game):
    st = S.state_of(game)
    ents: dict = game.entities   # (typed: its get is a C call)
    now = int(game.tick)
    # typed, and each slot's night worked out once a tick, not once a minion: this walks
    # every body every tick
    e: Entity
    minion: cython.int = entities.MINION
    up: cython.int = entities.UP
    bed_ticks = BED_HOURS * clock.TICKS_PER_HOUR
    nights = [night_of(slot, now) for slot in range(len(SLOT_HOURS))]
    sleepers = st.sleepers
    for e in ents.values():       # dict order = id order (ids ascend with creation)
        if e.kind != minion:
            continue
        rec = sleepers.get(e.id)
        if rec is None:
            rec = _new_record(game, st, e)
        if e.state != up:
            continue
        night = nights[rec[0]]
        if night < rec[1] or night == rec[2] or now >= night + bed_ticks:
            continue
        if _free(e):
            _go_to_sleep(game, st, e, rec, night)
    if now % clock.TICKS_PER_HOUR == 0:
        gone = [eid for eid in sorted(st.sleepers) if eid not in ents]
        for eid in gone:           # scrapped or burnt: forget its slot, once an hour
            del st.sleepers[eid]
        if gone:
            st.changed()


def _wounds(e):
    f = F.fighter_of(e)
    return f.wound_points() if f is not None else 0


def _go_to_sleep(game, st, e, rec, night):
    rec[2] = night
    st.changed()
    bed = afterwards.bed_of(game, e) if F.fighter_of(e) is not None else None
    e.job = ["sleep", night, 0, night + BED_HOURS * clock.TICKS_PER_HOUR, -1, -1,
             _wounds(e), int(game.tick)]
    e.idle = 2
    if bed is not None and duties.go(game, e, bed):
        e.job[4], e.job[5] = bed[0], bed[1]
        if e.path is None:
            _fall_asleep(game, e)
        return
    _lie_down(game, e)


def _lie_down(game, e):
    movement.stop(e)
    e.job[4], e.job[5] = -1, -1
    e.job[3] = e.job[1] + FLOOR_HOURS * clock.TICKS_PER_HOUR
    _fall_asleep(game, e)


def _fall_asleep(game, e):
    e.job[2] = 1
    game.emit("fell_asleep", entity=e.id, x=e.x, y=e.y, in_bed=e.job[4] >= 0)


def _wake(game, e, reason):
    was_asleep = e.job[2] == 1
    e.job = None
    if was_asleep:
        game.emit("minion_woke", entity=e.id, reason=reason, x=e.x, y=e.y)


def _wake_reason(game, e):
    job = e.job
    if game.tick >= job[3]:
        return "rested"
    f = F.fighter_of(e)
    if f is None:
        return None
    if f.task is not None:
        return "order"
    if f.wound_points() > job[6]:
        return "hurt"
    for eid in sorted(f.known):
        if f.known[eid][2] >= job[7]:
            return "enemy"
    return None


def run_sleep(game, e):
    reason = _wake_reason(game, e)
    if reason is not None:
        _wake(game, e, reason)
        return
    job = e.job
    if job[2] == 1:
        return
    bed = (job[4], job[5])
    if duties.arrived(e, bed):
        _fall_asleep(game, e)
    elif e.step_len == 0 and e.path is None and not duties.plan(game, e, bed):
        _lie_down(game, e)


def _release(game, e):
    """Woken by someone else's rule (duties: combat took it over; a new duty)."""
    if e.job[2] == 1 and e.state == entities.UP:
        game.emit("minion_woke", entity=e.id, reason="fight" if F.engaged(e) else "order",
                  x=e.x, y=e.y)


duties.add_job("sleep", run_sleep, _release)


def _alarm(game, mech, enemy_ids):
    """SLEEP-04: an alarm trap wakes every sleeper."""
    for eid in sorted(game.entities):
        e = game.entities[eid]
        if e.kind == entities.MINION and asleep(e):
            _wake(game, e, "alarm")


def _register_alarm():
    from pysim.traps import trap_state
    trap_state.add_alarm_hook(_alarm)


_register_alarm()


def _asleep_state(game, e, state):
    """The body state "asleep" (pysim/combat/body_orders.py): up and asleep; the orders it
    takes are a body's that is up (an order given to it wakes it, SLEEP-04)."""
    return body_orders.ASLEEP if state == body_orders.UP and asleep(e) else state


body_orders.add_refine_hook(_asleep_state)
