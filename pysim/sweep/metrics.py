"""Per-run metrics: small registered functions of a run's event stream and final game.

    from pysim.sweep.metrics import metric

    @metric("doors_breached", kind="count", help="doors the invaders broke open")
    def doors_breached(events, game):
        return sum(1 for ev in events if ev["type"] == "door_breached")

`events` is every event of the run in order (plain dicts with "type" and "tick"), `game`
the game at the end. A metric returns:
- kind "rate": 1/0 (True/False) per run; the summary gives the share with a 95% interval;
- kind "count": a number (None when it does not apply to this run, e.g. no breach); the
  summary gives the median and the 90% range;
- kind "label": a short word (the outcome); the summary gives each label's share;
- kind "per_trap": a dict {key: number}; one CSV column per key ("trap_hits.3_blades").
A designer adds a metric in this module (or in any module imported before the sweep); a
metric must be deterministic (no wall clock, no unordered iteration over sets).
"""
import math

from pysim.core import clock, entities

METRICS = {}
KINDS = ("rate", "count", "label", "per_trap")

# The events these metrics count: a party spotting a trigger and disarming one
# (pysim/adventurers/spotting.py, disarming.py), and treasure carried off the map, lost to the
# player (pysim/adventurers/treasure.py; picking it up is not losing it yet).
SPOTTED_EVENTS = ("trap_spotted",)
DISARMED_EVENTS = ("disarm_succeeded",)
TREASURE_EVENTS = ("party_left_with_treasure",)


class Metric:
    def __init__(self, name, kind, fn, help_text):
        self.name = name
        self.kind = kind
        self.fn = fn
        self.help = help_text


def metric(name, kind="count", help=""):
    """Register fn(events, game) as metric `name` (a later registration of the same name
    replaces it, so a designer can redefine a built-in)."""
    if kind not in KINDS:
        raise ValueError("metric kind %r is not one of %s" % (kind, ", ".join(KINDS)))

    def register(fn):
        METRICS[name] = Metric(name, kind, fn, help or (fn.__doc__ or "").strip())
        return fn
    return register


def names():
    return list(METRICS)


def chosen(wanted=None):
    """The metrics to compute: `wanted` names in that order, or every registered one."""
    if not wanted:
        return list(METRICS.values())
    unknown = [n for n in wanted if n not in METRICS]
    if unknown:
        raise KeyError("unknown metric(s): %s (known: %s)"
                       % (", ".join(unknown), ", ".join(METRICS)))
    return [METRICS[n] for n in wanted]


def compute(events, game, wanted=None):
    """{metric name: value} for one run."""
    return {m.name: m.fn(events, game) for m in chosen(wanted)}


# -- who is who -----------------------------------------------------------------------------

def kinds_of(events, game):
    """{entity id: kind name} for every body of the run: the ones still on the map, the
    spawned ones and the ones that escaped (escaping removes a body from the game)."""
    kinds = {}
    for ev in events:
        if ev["type"] == "spawned":
            kinds[ev["entity"]] = ev["kind"]
        elif ev["type"] == "adventurer_escaped":
            kinds[ev["entity"]] = "adventurer"
    for eid in sorted(game.entities):
        kinds[eid] = game.entities[eid].kind_name
    return kinds


def _distinct(events, type_, kind, kinds):
    return len({ev["entity"] for ev in events
                if ev["type"] == type_ and kinds.get(ev["entity"]) == kind})


def _count_types(events, types):
    return sum(1 for ev in events if ev["type"] in types)


# -- outcome --------------------------------------------------------------------------------

def _boss(game):
    for eid in sorted(game.entities):
        e = game.entities[eid]
        if e.kind == entities.BOSS:
            return e
    return None


def party_outcome(events, game):
    """What became of the invaders, all parties of the run taken together:
    no_party (none came), escaped (someone left the map alive), beaten (every one is dead,
    captured or down), gave_up (a breach was given up and they are still about), inside
    (still up in the dungeon when the run ended)."""
    kinds = kinds_of(events, game)
    invaders = [eid for eid, k in sorted(kinds.items()) if k == "adventurer"]
    if not invaders:
        return "no_party"
    if any(ev["type"] == "adventurer_escaped" for ev in events):
        return "escaped"
    captured = {ev["entity"] for ev in events if ev["type"] == "captured"}
    up = [eid for eid in invaders if eid in game.entities and eid not in captured
          and game.entities[eid].state == entities.UP]
    if not up:
        return "beaten"
    if any(ev["type"] == "breach_given_up" for ev in events):
        return "gave_up"
    return "inside"


@metric("outcome", kind="label",
        help="boss_killed, else the party's fate: beaten, escaped, gave_up, inside, no_party")
def outcome(events, game):
    boss = _boss(game)
    if boss is not None and boss.state == entities.DEAD:
        return "boss_killed"
    return party_outcome(events, game)


@metric("boss_alive", kind="rate", help="the Boss is alive at the end (blank: no Boss)")
def boss_alive(events, game):
    boss = _boss(game)
    if boss is None:
        return None
    return int(boss.state != entities.DEAD)


@metric("party_beaten", kind="rate", help="every invader dead, captured or down at the end")
def party_beaten(events, game):
    return int(party_outcome(events, game) == "beaten")


@metric("party_escaped", kind="rate", help="an invader left the map alive")
def party_escaped(events, game):
    return int(party_outcome(events, game) == "escaped")


@metric("party_gave_up", kind="rate", help="a breach was given up and the party is still about")
def party_gave_up(events, game):
    return int(party_outcome(events, game) == "gave_up")


# -- counts ---------------------------------------------------------------------------------

@metric("first_breach_h", kind="count", help="game hours to the first door breached (blank: none)")
def first_breach_h(events, game):
    for ev in events:
        if ev["type"] == "door_breached":
            return round(ev["tick"] / clock.TICKS_PER_HOUR, 3)
    return None


@metric("adv_knocked_out", kind="count", help="adventurers knocked out at least once")
def adv_knocked_out(events, game):
    return _distinct(events, "knockout", "adventurer", kinds_of(events, game))


@metric("adv_killed", kind="count", help="adventurers killed")
def adv_killed(events, game):
    return _distinct(events, "death", "adventurer", kinds_of(events, game))


@metric("adv_captured", kind="count", help="adventurers captured")
def adv_captured(events, game):
    return _distinct(events, "captured", "adventurer", kinds_of(events, game))


@metric("minions_lost", kind="count", help="minions killed")
def minions_lost(events, game):
    return _distinct(events, "death", "minion", kinds_of(events, game))


@metric("traps_triggered", kind="count",
        help="triggers set off by a body (levers thrown by the player and botched resets left out)")
def traps_triggered(events, game):
    return sum(1 for ev in events if ev["type"] == "trap_triggered" and ev.get("who", -1) != -1)


@metric("traps_spotted", kind="count", help="triggers spotted (%s events)" % "/".join(SPOTTED_EVENTS))
def traps_spotted(events, game):
    return _count_types(events, SPOTTED_EVENTS)


@metric("traps_disarmed", kind="count", help="traps disarmed (%s events)" % "/".join(DISARMED_EVENTS))
def traps_disarmed(events, game):
    return _count_types(events, DISARMED_EVENTS)


@metric("treasure_lost", kind="count",
        help="treasure carried off (%s events, their 'amount' or 1)" % "/".join(TREASURE_EVENTS))
def treasure_lost(events, game):
    total = 0
    for ev in events:
        if ev["type"] in TREASURE_EVENTS:
            total += ev.get("amount", 1)
    return total


# -- the challenge curve (a keeper policy playing: pysim/keepers) ---------------------------

@metric("days_survived", kind="count",
        help="game days from the start to the Boss's death, or the run's length if the Boss "
             "lives (blank: no Boss)")
def days_survived(events, game):
    """Fractional days (3 decimals): the tick the Boss died in (END-01, the game's own end)
    over the ticks of a day. END-02's tally counts whole days (the end screen); this keeps
    the part day so "alive by day N" is days_survived >= N."""
    from pysim.economy import ending
    if _boss(game) is None:
        return None
    st = ending.state_of(game)
    tick = st.over_tick if st.over else game.tick
    return round(tick / clock.TICKS_PER_DAY, 3)


@metric("invasions_beaten", kind="count",
        help="invasions that ended while the Boss lived (END-02's tally: nobody of the party "
             "up on the map)")
def invasions_beaten(events, game):
    from pysim.economy import ending
    return ending.state_of(game).tally["invasions_beaten"]


def first_invasion(events):
    """The first invasion_arrived event, or None."""
    for ev in events:
        if ev["type"] == "invasion_arrived":
            return ev
    return None


@metric("first_invasion_trapped", kind="rate",
        help="a member of the first invasion set off one of the keeper's traps or was hit by "
             "one (blank: no invasion came)")
def first_invasion_trapped(events, game):
    first = first_invasion(events)
    if first is None:
        return None
    members = set(first["members"])
    for ev in events:
        if ev["type"] == "trap_triggered" and ev.get("who", -1) in members:
            return 1
        if ev["type"] == "trap_hit" and ev.get("entity", -1) in members:
            return 1
    return 0


@metric("first_invasion_h", kind="count", help="game hours to the first invasion's arrival "
        "(blank: none came)")
def first_invasion_h(events, game):
    first = first_invasion(events)
    return None if first is None else round(first["tick"] / clock.TICKS_PER_HOUR, 3)


# The work the keeper's orders give the minions: mining, digging, building.
WORK_EVENTS = ("metal_mined", "dug", "part_built", "furniture_built")


@metric("idle_till_invasion_h", kind="count",
        help="game hours between the last work done (%s) and the first invasion's arrival "
             "(blank: no invasion; the hours to it when no work was done)" % "/".join(WORK_EVENTS))
def idle_till_invasion_h(events, game):
    first = first_invasion(events)
    if first is None:
        return None
    last = 0
    for ev in events:
        if ev["tick"] >= first["tick"]:
            break
        if ev["type"] in WORK_EVENTS:
            last = ev["tick"]
    return round((first["tick"] - last) / clock.TICKS_PER_HOUR, 3)


@metric("longest_invasion_h", kind="count",
        help="game hours of the longest invasion, from its arrival to its end (or to the "
             "run's end while underway; blank: none came): a day or more is a stalled fight")
def longest_invasion_h(events, game):
    came = {}
    longest = None
    for ev in events:
        if ev["type"] == "invasion_arrived":
            came[ev["party"]] = ev["tick"]
        elif ev["type"] == "invasion_ended" and ev["party"] in came:
            took = ev["tick"] - came.pop(ev["party"])
            longest = took if longest is None else max(longest, took)
    for party in sorted(came):
        took = game.tick - came[party]
        longest = took if longest is None else max(longest, took)
    return None if longest is None else round(longest / clock.TICKS_PER_HOUR, 3)


# What ends the Boss (it is always killed, never knocked out) is its wounds adding up to 10
# points: the parties that reach it and wound it, and how early the first does.
def _boss_wounds(events, boss):
    """The wound events on `boss` ([] for None: no Boss)."""
    if boss is None:
        return []
    return [ev for ev in events if ev["type"] == "wound" and ev.get("entity") == boss.id]


@metric("boss_first_wound_h", kind="count",
        help="game hours to the Boss's first wound (blank: never wounded, or no Boss)")
def boss_first_wound_h(events, game):
    wounds = _boss_wounds(events, _boss(game))
    return round(wounds[0]["tick"] / clock.TICKS_PER_HOUR, 3) if wounds else None


@metric("invasions_wounding_boss", kind="count",
        help="invasions a member of which wounded the Boss (blank: no Boss)")
def invasions_wounding_boss(events, game):
    boss = _boss(game)
    if boss is None:
        return None
    party_of = {}
    for ev in events:
        if ev["type"] == "invasion_arrived":
            for member in ev["members"]:
                party_of[member] = ev["party"]
    return len({party_of[ev["by"]] for ev in _boss_wounds(events, boss)
                if ev.get("by") in party_of})


@metric("commands_refused", kind="count",
        help="commands the game refused (a keeper policy's, and the level script's if any)")
def commands_refused(events, game):
    return _count_types(events, ("refused",))


# -- per trap -------------------------------------------------------------------------------

def trap_mechanisms(game):
    """{part id: kind} of every trap mechanism on the map at the end."""
    from pysim.traps import trap_parts as tp
    from pysim.traps.trap_state import state_of
    parts = state_of(game).parts
    return {pid: parts[pid].kind for pid in sorted(parts) if tp.is_mechanism(parts[pid].kind)}


def trap_key(pid, kind):
    return "%d_%s" % (pid, kind)


@metric("trap_hits", kind="per_trap", help="wounds landed by each trap mechanism (part id_kind)")
def trap_hits(events, game):
    """A trap_hit names its mechanism's kind, not its part: it is counted for the last
    mechanism of that kind that fired (the same tick for blades, darts and blasts; gas hits
    later, on the sprayer that last fired)."""
    hits = {trap_key(pid, kind): 0 for pid, kind in trap_mechanisms(game).items()}
    last = {}
    for ev in events:
        if ev["type"] == "mechanism_fired":
            last[ev["kind"]] = trap_key(ev["part"], ev["kind"])
        elif ev["type"] == "trap_hit":
            key = last.get(ev["mechanism"], "unknown_%s" % ev["mechanism"])
            hits[key] = hits.get(key, 0) + 1
    return hits


def is_missing(value):
    return value is None or (isinstance(value, float) and math.isnan(value))
