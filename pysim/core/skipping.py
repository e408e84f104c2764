"""Skip ahead: time runs as fast as the machine holds until something the player should
see happens, then at the speed the player had (docs/architecture.md, "Speeds and skip").

A command, so a save replays it: {"type": "skip_ahead"} starts it (`skip_started`), at
any speed, paused too; {"type": "stop_skip"} ends it (`skip_stopped`, reason "stopped").
While it runs, the game's speed stays the player's: the front end's driver runs the ticks
at pace(game), SKIP_PACE, instead of the speed (pysim/driver.py), and
due ticks are kept up to a second of real time (most_due), so the sim thread never waits
for the clock: as fast as the machine holds. Nothing else reads it: the rules, the
headless runner and the sweeps play every tick the same way, skipping or not.

It stops (the system "skipping", after every other, so it sees the whole tick) at the end
of the first tick in which:
- one of STOPS happened (an event of that type, and for some only when one of ours is in
  it: a fight with one of ours, a body of ours down or one of ours downing one): a party
  spotted, a letter, a trap going off, a fight, a body down, a job done or refused, a
  reset needed, the invasion's end, the game's end, a simulation error;
- morning came (MORNING_HOUR: the first tick of 06:00);
- the player set a speed (set_speed, even the same one) after asking for the skip, or the
  speed changed (a rule pauses the game: the spotting letter).
`skip_stopped` (reason, cause: the event type that stopped it, "" for the others;
ticks: how long it ran). The events it reads are those the tick's systems emitted (a
command's, applied before the tick, are the player's own doing), so a replay stops at the
same tick. The "skip" area exists once a skip was asked for (older saves hash as before).
"""
from pysim.core import clock, entities
from pysim.core.commands import command
from pysim.core.snapshot import snapshot_part
from pysim.core import systems

# How fast the driver runs a skip: far more than any machine holds (at full scale a tick
# is ~0.3 ms: ~300x), so it runs flat out, held back only by most_due.
SKIP_PACE = 1000
MORNING_HOUR = 6

# What stops a skip: event type -> the reason (the front end words it:
# godot_project/hud/EventText.gd SKIP_REASONS). OURS_IN: the types that stop only when a
# body of the dungeon's side is in them under one of the keys listed.
STOPS = {
    "party_spotted": "spotted", "invasion_ended": "invasion_over",
    "letter": "letter", "drifter_asks": "letter", "party_departed": "letter",
    "trap_triggered": "trap", "mechanism_fired": "trap", "alarm": "trap",
    "attack": "fight", "shot": "fight",
    "knockout": "down", "death": "down",
    "part_built": "job_done", "door_built": "job_done", "padlock_built": "job_done",
    "furniture_built": "job_done", "vein_exhausted": "job_done", "digging_done": "job_done",
    "task_done": "job_done",
    "task_failed": "job_refused", "blueprint_waiting_for_metal": "job_refused",
    "furniture_waiting_for_metal": "job_refused", "padlock_waiting_for_metal": "job_refused",
    "dig_waiting": "job_refused", "path_lost": "job_refused",
    "part_expired": "reset", "trap_dud": "reset", "reset_botched": "reset",
    "reset_failed": "reset", "disarm_succeeded": "reset",
    "treasure_taken": "theft", "altar_smashed": "theft", "prisoner_escaped": "theft",
    "game_over": "game_over", "error": "error",
}
OURS_IN = {"attack": ("attacker", "target"), "shot": ("attacker", "target", "hit"),
           "knockout": ("entity", "by"), "death": ("entity", "by"), "path_lost": ("entity",)}


class SkipState(object):
    def __init__(self, game=None):
        self.on = False
        self.since = -1         # the tick it started at
        self.speed = 0          # the game's speed when it started (or last stopped)
        self.commands = 0       # the player's commands (game.log) looked at so far

    def hash_state(self):
        return (self.on, self.since, self.speed, self.commands)


def state_of(game, make=False):
    st = game.areas.get("skip")
    if st is None and make:
        st = game.areas["skip"] = SkipState()
    return st


def skipping(game):
    st = game.areas.get("skip")
    return st is not None and st.on


def pace(game):
    """The speed the driver runs the ticks at: SKIP_PACE while skipping, else the game's."""
    return SKIP_PACE if skipping(game) else game.speed


def drop_due(before, now):
    """Must a driver drop the time due at pace `before`, now that the pace is `now`? When
    paused, and when a skip ended (it was due at the skip's pace, not the player's)."""
    return now <= 0 or (before == SKIP_PACE and now != before)


def most_due(pace_now, usual):
    """Ticks a driver keeps due: `usual` at 1x (a second of real time: a machine too slow
    for the speed plays slower), times the pace: a second of real time at any speed, and
    while skipping a second at SKIP_PACE, so the driver never waits for the clock: as fast
    as the machine holds."""
    return max(1, int(pace_now)) * usual


def _ours(game, ev, keys):
    for k in keys:
        e = game.entities.get(ev.get(k, -1)) if isinstance(ev.get(k), int) else None
        if e is not None and e.side == entities.DUNGEON:
            return True
    return False


def stop_reason(game, ev):
    """The reason `ev` stops a skip, or None."""
    reason = STOPS.get(ev.get("type"))
    if reason is None:
        return None
    keys = OURS_IN.get(ev["type"])
    if keys is not None and not _ours(game, ev, keys):
        return None
    return reason


def _start_check(game, cmd):
    return "Already skipping ahead." if skipping(game) else None


@command("skip_ahead", check=_start_check)
def _start(game, cmd):
    st = state_of(game, True)
    st.on, st.since, st.speed = True, int(game.tick), int(game.speed)
    st.commands = len(game.log)         # (this command is the last of them)
    game.emit("skip_started", speed=int(game.speed))


def _stop_check(game, cmd):
    return None if skipping(game) else "Not skipping ahead."


@command("stop_skip", check=_stop_check)
def _stop_cmd(game, cmd):
    stop(game, "stopped", "")


def stop(game, reason, cause):
    st = state_of(game)
    st.on = False
    game.emit("skip_stopped", reason=reason, cause=cause, ticks=int(game.tick + 1 - st.since),
              speed=int(game.speed))
    st.speed = int(game.speed)


@systems.system("skip_mark", -1000)
def skip_mark_system(game):
    """First of all: note where the tick's own events begin (game.skip_mark: the list and
    the index; not state, it only tells this tick's events from a command's)."""
    if skipping(game):
        game.skip_mark = (game.events, len(game.events))


@systems.system("skipping", 1000)
def skipping_system(game):
    """Last of all: stop the skip on what this tick brought (see the module's words)."""
    if not skipping(game):
        return
    st = state_of(game)
    evs = game.events
    mark = getattr(game, "skip_mark", None)
    start = mark[1] if mark is not None and mark[0] is evs else 0
    game.skip_mark = None
    for ev in evs[start:]:
        reason = stop_reason(game, ev)
        if reason is not None:
            stop(game, reason, ev["type"])
            return
    if _speed_set_since(game, st) or game.speed != st.speed:
        stop(game, "speed", "")
        return
    if game.tick % clock.TICKS_PER_DAY == MORNING_HOUR * clock.TICKS_PER_HOUR:
        stop(game, "morning", "")


def _speed_set_since(game, st):
    """Did the player set a speed (the same one too) since the skip began or was last
    looked at?"""
    log = game.log
    seen, st.commands = st.commands, len(log)
    for i in range(seen, len(log)):
        cmd = log[i][1]
        if isinstance(cmd, dict) and cmd.get("type") == "set_speed":
            return True
    return False


@snapshot_part
def skip_snapshot(game, snap):
    """skipping: True while a skip runs (the top bar says so)."""
    snap["skipping"] = skipping(game)
