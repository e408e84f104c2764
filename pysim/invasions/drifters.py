"""Drifters (PARTY-06): a drifter asks to hide in the dungeon; if the player lets them in,
the adventurers who chase them are the next invasion, never a mob, weaker or stronger.

Decided (docs/rules/invasions.md):
- From day ASK_FROM_DAY, at ASK_HOUR each day, a drifter asks with chance ASK_PCT (the
  "drifters" random stream), when invasions are on and no letter is waiting: the letter
  `drifter_asks` (name, hours to answer). The command `send_drifter` makes one ask now (level
  scripts, tests, the console).
- The player answers with `answer_drifter {"accept": true|false}` within ANSWER_HOURS; no
  answer is a no (`drifter_gone`).
- Yes (`drifter_let_in`): the drifter joins the dungeon: a minion of that name walks in
  through the first portal on Drudgery duty (no portal: they hide, unseen), and their
  chasers set off at once (`party_departed`, chasers) and reach the map edge CHASE_HOURS
  later. They come instead of the next invasion, through the war party queue (pysim/
  invasions/scheduler: pending; they wait for an invasion underway to end), generated as
  that invasion would be but always of the normal sort. A new limit starts after them.
The "drifters" area exists once a drifter has asked.
"""
from pysim.core import clock, systems
from pysim.core.commands import command
from pysim.core.snapshot import snapshot_part
from pysim.invasions import scheduler as SCH

ASK_FROM_DAY = 3
ASK_HOUR = 12
ASK_PCT = 15
ANSWER_HOURS = 6
CHASE_HOURS = 4
NAMES = ("Wenna the tinker", "Old Harl", "Brisk Tamsin", "Corvin the runaway", "Mags Oddfoot",
         "Pell the poacher", "Sister Ysolde", "Dunny Fletch")


class DrifterState(object):
    def __init__(self):
        self.name = ""          # the drifter whose letter waits for an answer ("" none)
        self.until = -1         # tick the letter goes unanswered
        self.hiding = []        # drifters let in

    def hash_state(self):
        return (self.name, self.until, self.hiding)


def state_of(game, make=False):
    st = game.areas.get("drifters")
    if st is None and make:
        st = game.areas["drifters"] = DrifterState()
    return st


def waiting(game):
    st = state_of(game)
    return st is not None and st.name != ""


def ask(game):
    st = state_of(game, True)
    st.name = NAMES[int(game.rng.stream("drifters").integers(0, len(NAMES)))]
    st.until = game.tick + ANSWER_HOURS * clock.TICKS_PER_HOUR
    game.emit("drifter_asks", name=st.name, hours=ANSWER_HOURS)


def answer(game, accept):
    st = state_of(game)
    name = st.name
    st.name = ""
    st.until = -1
    if not accept:
        game.emit("drifter_turned_away", name=name)
        return
    st.hiding.append(name)
    inv = SCH.state_of(game)
    from pysim.invasions import arrival
    inv.pending.append(arrival.muster(game, inv, {
        "faction": "", "camp": False, "drifter": name,
        "arrive": max(game.tick + CHASE_HOURS * clock.TICKS_PER_HOUR,
                      clock.TICKS_PER_DAY)}))      # INV-01: none on day 1
    game.emit("drifter_let_in", name=name, entity=_join(game, name))
    game.emit("party_departed", faction="", camp=False, hours=CHASE_HOURS, chasing=name)


def _join(game, name):
    """The drifter joins the dungeon (the design's "let them join your dungeon"): a minion
    who works like the others, so the player sees whom the chasers come for."""
    from pysim.core import duties, entities, names, terrain
    walk = game.grid.walk_cost()
    for x, y in game.grid.tiles_of(terrain.PORTAL):
        if walk[y, x] > 0:
            ent = game.spawn(entities.MINION, x, y)
            ent.name = names.unique(name, names.names_in_use(game, ent))
            duties.set_duty_now(game, ent, duties.DRUDGERY)
            return ent.id
    return -1


@systems.system("drifters", 510)
def drifters_system(game):
    if game.tick % clock.TICKS_PER_HOUR != 0 or SCH.state_of(game) is None:
        return
    st = state_of(game)
    if st is not None and st.name and game.tick >= st.until:
        name = st.name
        st.name = ""
        st.until = -1
        game.emit("drifter_gone", name=name)
    day, hour, _ = game.clock()
    if day < ASK_FROM_DAY or hour != ASK_HOUR or waiting(game):
        return
    if int(game.rng.stream("drifters").integers(0, 100)) < ASK_PCT:
        ask(game)


@command("send_drifter")
class SendDrifter:
    def check(game, cmd):
        if SCH.state_of(game) is None:
            return "This level has invasions off."
        if waiting(game):
            return "A drifter is already waiting for your answer."
        return None

    def apply(game, cmd):
        ask(game)


@command("answer_drifter")
class AnswerDrifter:
    def check(game, cmd):
        if not waiting(game):
            return "No drifter is waiting for an answer."
        if cmd.get("accept") not in (True, False):
            return "Answer yes or no (accept: true or false)."
        return None

    def apply(game, cmd):
        answer(game, bool(cmd["accept"]))


@snapshot_part
def drifter_snapshot(game, snap):
    """drifter_letter: the name of the drifter waiting for an answer ("" none);
    drifter_hours_left: hours left to answer (0 none)."""
    st = state_of(game)
    waiting_name = st.name if st is not None else ""
    snap["drifter_letter"] = waiting_name
    left = max(0, st.until - game.tick) if waiting_name else 0
    snap["drifter_hours_left"] = -(-left // clock.TICKS_PER_HOUR)
