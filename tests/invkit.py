"""Small levels for the invasion tests (tests/invasions/)."""
from pysim.core import clock
from pysim.level import load_text

# A corridor from a west-edge portal to a sanctum with the Boss; `t` a treasure pile.
SMALL = """\
name: invasion test
seed: %(seed)d
domain: all
invasions: %(on)s

[legend]
t = floor treasure:%(treasure)d

[map]
##############
P......t...SS#
#..........Sb#
##############
"""


def small_game(seed=1, on="on", treasure=3):
    return load_text(SMALL % {"seed": seed, "on": on, "treasure": treasure})


def run_hours(game, hours):
    game.run(int(hours) * clock.TICKS_PER_HOUR)


def events_of(game, kind, evs):
    return [e for e in evs if e["type"] == kind]


def drive_schedule(game, hours, rng_end=None):
    """Run only the invasion scheduler for `hours` game hours: at every hour boundary the
    system runs; a party that arrives is removed from the map at once (it ends on the next
    tick, or `rng_end` picks a tick within the hour). Returns [(kind, tick, data)] for
    arrivals, ends, limits and holds. Much faster than stepping the whole game."""
    from pysim.invasions import scheduler
    out = []
    end_at = None
    for _ in range(int(hours)):
        nxt = (game.tick // clock.TICKS_PER_HOUR + 1) * clock.TICKS_PER_HOUR
        if end_at is not None and end_at < nxt:
            game.tick = end_at
            for eid in list(scheduler.state_of(game).members):
                game.entities.pop(eid, None)
            scheduler.invasions_system(game)
            end_at = None
        game.tick = nxt
        scheduler.invasions_system(game)
        for ev in game.take_events():
            if ev["type"].startswith("invasion"):
                out.append((ev["type"], ev["tick"], ev))
            if ev["type"] == "invasion_arrived":
                off = 1 if rng_end is None else int(rng_end.integers(1, clock.TICKS_PER_HOUR))
                end_at = game.tick + off
    return out
