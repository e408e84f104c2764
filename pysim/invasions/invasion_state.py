"""The invasions area: the state the scheduler (when the next invasion comes), arrival
(how it comes) and the overworld (where war parties come from) share, and what each reads
of it. A level turns it on with the header `invasions: on` (pysim/invasions/scheduler.py).
"""
from pysim.core import clock, level

WAITING_FIRST = "waiting_first"
WAITING = "waiting"
UNDERWAY = "underway"


class InvasionState(object):
    def __init__(self, game):
        self.phase = WAITING_FIRST
        # INV-01: the hour on day 2, drawn once at the start
        self.first_tick = clock.TICKS_PER_DAY + clock.TICKS_PER_HOUR * int(
            game.rng.stream("invasions").integers(0, clock.HOURS_PER_DAY))
        self.count = 0              # invasions sent so far
        self.hours = 0              # hours of the current limit gone by
        self.limit = 0              # the current limit, hours (0 before the first)
        self.party = -1             # the party underway
        self.faction = ""           # its home settlement (overworld), "" for none
        self.members = []           # its adventurers' ids
        self.storm_until = -1       # tick a Rite of Storms ends (INV-05)
        self.pending = []           # war parties waiting to leave (pysim/invasions/overworld)
        self.overworld = None       # set by overworld.setup when the level has one

    def hash_state(self):
        return (self.phase, self.first_tick, self.count, self.hours, self.limit, self.party,
                self.faction,
                self.members, self.storm_until, self.pending, self.overworld)


def state_of(game):
    """The invasions area, or None when the level has invasions off."""
    return game.areas.get("invasions")


def _header(ctx, value, lineno):
    if value not in ("on", "off"):
        raise ValueError("invasions must be on or off, not %r" % value)
    if value == "on":
        ctx.game.areas["invasions"] = InvasionState(ctx.game)


level.HEADERS["invasions"] = _header


def storming(game, st):
    return st.storm_until > game.tick


def home_of_next_party(game, st):
    """The settlement an ordinary invasion comes from (its faction), "" without any."""
    if st.overworld is None or not st.overworld["settlements"]:
        return ""
    names = sorted(st.overworld["settlements"])
    return names[int(game.rng.stream("invasions").integers(0, len(names)))]


def travel_hours(st, faction):
    """Hours from a settlement to the dungeon (ARRIVE-01); 0 for no home (the map's edge)."""
    if st.overworld is None or faction not in st.overworld["settlements"]:
        return 0
    return int(st.overworld["settlements"][faction]["travel"])
