"""The end of the game and its score (END-01..03).

END-01 The game is lost when the Boss dies: at the end of that tick the event `game_over`
       (with the tally) is emitted once and the state says over. The clock stops (speed 0,
       so the front end's steps run no tick) and every later command is refused with
       REASON_OVER (set_speed too), so the end screen's numbers stay true.
END-02 The tally counts, from the start: days survived (the day the game ended on, minus
       one, as whole days lived through), invasions beaten (invasion_ended: the party has
       nobody up on the map), adventurers captured, adventurers killed, treasure lost
       (taken off the map by leaving parties).
END-03 (decision) There is no winning: Malignus is a survival game, like its genre's
       endless modes. The score is what the tally is worth:
         100 per day survived + 50 per invasion beaten + 30 per adventurer captured
         + 20 per adventurer killed - 1 per treasure lost (never below 0).
       A capture is worth more than a kill (prisoners are harder and serve the dungeon).
A level without a Boss can never be lost (test maps, sandboxes).
"""
from pysim.core import clock, commands, entities, systems
from pysim.core.game import register_area

REASON_OVER = "The Boss is dead: the game is over."
SCORE = {"days": 100, "invasions_beaten": 50, "captured": 30, "killed": 20,
         "treasure_lost": -1}


class EndState(object):
    def __init__(self, game):
        self.over = False
        self.over_tick = -1
        self.tally = {"invasions_beaten": 0, "captured": 0, "killed": 0, "treasure_lost": 0}

    def hash_state(self):
        return (self.over, self.over_tick, self.tally)


register_area("ending", EndState)


def state_of(game):
    return game.areas["ending"]


def days_survived(game):
    st = state_of(game)
    tick = st.over_tick if st.over else game.tick
    return int(tick) // clock.TICKS_PER_DAY


def tally(game):
    """The end screen's numbers and the score (END-02, END-03)."""
    st = state_of(game)
    t = dict(st.tally)
    t["days"] = days_survived(game)
    t["score"] = max(0, sum(SCORE[k] * t[k] for k in SCORE))
    t["over"] = st.over
    return t


def _count(game, st, ev):
    kind = ev["type"]
    t = st.tally
    if kind == "invasion_ended":
        t["invasions_beaten"] += 1
    elif kind == "captured":
        t["captured"] += 1
    elif kind == "party_left_with_treasure":
        t["treasure_lost"] += int(ev.get("amount", 0))
    elif kind == "death":
        e = game.entities.get(ev.get("entity"))
        if e is None:
            return
        if e.kind == entities.ADVENTURER:
            t["killed"] += 1
        elif e.kind == entities.BOSS and not st.over:
            st.over = True
            st.over_tick = game.tick


def this_ticks_events(game):
    """The events emitted during this tick (game.events may still hold older ones that the
    front end has not taken yet: only the tail belongs to this tick)."""
    evs = game.events
    i = len(evs)
    while i > 0 and evs[i - 1]["tick"] == game.tick:
        i -= 1
    return evs[i:]


@systems.system("ending", 999)
def tick(game):
    st = state_of(game)
    if st.over:
        return
    for ev in this_ticks_events(game):
        _count(game, st, ev)
        if st.over:
            break
    if st.over:
        game.speed = 0
        t = tally(game)
        game.emit("game_over", days=t["days"], invasions_beaten=t["invasions_beaten"],
                  captured=t["captured"], killed=t["killed"],
                  treasure_lost=t["treasure_lost"], score=t["score"])


def _refuse_when_over(game, cmd):
    """END-01: once over, every command is refused with the reason (set_speed included:
    the clock has stopped)."""
    return REASON_OVER if over(game) else None


commands.GUARDS.append(_refuse_when_over)


def over(game):
    return "ending" in game.areas and state_of(game).over


def _shown(game):
    """Everything _front shows is made of (the over flag, the days, the tally): its version,
    so the end screen's numbers are made again only when one of them moved."""
    st = state_of(game)
    return (st.over, days_survived(game), tuple(st.tally.items()))


def _front(game, snap):
    """game_over bool; score_* ints: days, invasions_beaten, captured, killed,
    treasure_lost, score (the end screen, END-02/03)."""
    snap["game_over"] = over(game)
    for k, v in tally(game).items():
        if k != "over":
            snap["score_" + k] = int(v)


def _register():
    from pysim.core import snapshot
    snapshot.keyed_part(_shown)(_front)


_register()
