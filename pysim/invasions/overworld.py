"""A small overworld for war parties (INV-06, PARTY-05).

A level lists it in an [overworld] section, one line each:
    settlement NAME travel=HOURS        a faction with a home, HOURS of travel to the dungeon
    camp NAME travel=HOURS [hostile]    an evil camp; hostile ones send their warriors
Decided (docs/rules/invasions.md): an ordinary invasion comes from one of the settlements
(drawn; its faction); every member of a settlement's party that dies in the dungeon adds 1 to
its grudge, each of its Mapmakers who escapes alive 1, each raid on it 2 (raid_settlement, a
stand-in), and at GRUDGE_WAR the settlement sends a war party (grudge back to 0). A camp
sends its warriors when it turns Hostile (the level's `hostile`, or the command
set_camp_hostile), once. A war party leaves at once and arrives after its travel time,
instead of the next invasion; if an invasion is underway then, it waits until that one ends.
"""
import re

from pysim.adventurers import leaving
from pysim.core import clock, hooks, level
from pysim.core.commands import command, need_str
from pysim.invasions import arrival
from pysim.invasions.invasion_state import state_of

GRUDGE_WAR = 3
RAID_GRUDGE = 2         # a raid on the settlement
MAPMAKER_GRUDGE = 1     # one of its Mapmakers escaped alive and told of the dungeon
MAX_TRAVEL_HOURS = 240
_LINE = re.compile(r"^(settlement|camp)\s+([A-Za-z][A-Za-z0-9_]*)\s+travel=(\d{1,3})"
                   r"(\s+hostile)?$")


def _section(ctx, lines):
    st = state_of(ctx.game)
    if st is None:
        raise ValueError("[overworld] needs the header invasions: on")
    world = {"settlements": {}, "camps": {}}
    for lineno, text in lines:
        m = _LINE.match(text.strip())
        if not m or int(m.group(3)) > MAX_TRAVEL_HOURS:
            ctx.error(lineno, "expected 'settlement NAME travel=HOURS' or "
                      "'camp NAME travel=HOURS [hostile]' (HOURS up to %d)" % MAX_TRAVEL_HOURS)
        kind, name, travel, hostile = m.group(1), m.group(2), int(m.group(3)), bool(m.group(4))
        if kind == "settlement":
            world["settlements"][name] = {"travel": travel, "grudge": 0}
        else:
            world["camps"][name] = {"travel": travel, "hostile": False, "sent": False}
    st.overworld = world
    for name in sorted(world["camps"]):
        if any(n == name and h for n, h in _hostile_lines(lines)):
            turn_hostile(ctx.game, name)


def _hostile_lines(lines):
    for _, text in lines:
        m = _LINE.match(text.strip())
        if m and m.group(1) == "camp":
            yield m.group(2), bool(m.group(4))


level.SECTIONS["overworld"] = _section


def send_war_party(game, st, faction, camp, travel):
    st.pending.append(arrival.muster(game, st, {
        "faction": faction, "camp": camp,
        "arrive": game.tick + travel * clock.TICKS_PER_HOUR}))
    game.emit("party_departed", faction=faction, camp=camp, hours=travel, chasing="")


def turn_hostile(game, name):
    st = state_of(game)
    camp = st.overworld["camps"][name]
    camp["hostile"] = True
    if not camp["sent"]:
        camp["sent"] = True
        send_war_party(game, st, name, True, camp["travel"])


def count_dead(game, st, faction, dead):
    """An invasion from `faction` ended with `dead` members dead: the grudge grows."""
    add_grudge(game, faction, dead, "dead")


def add_grudge(game, faction, amount, cause):
    """The settlement `faction` holds `amount` more against the dungeon (cause: "dead",
    "mapmaker", "raid"); at GRUDGE_WAR it sends a war party and the grudge is back to 0."""
    st = state_of(game)
    if st is None or st.overworld is None or faction not in st.overworld["settlements"] \
            or amount <= 0:
        return
    s = st.overworld["settlements"][faction]
    s["grudge"] += int(amount)
    game.emit("grudge_grew", settlement=faction, amount=int(amount), cause=cause,
              grudge=s["grudge"])
    if s["grudge"] >= GRUDGE_WAR:
        s["grudge"] = 0
        send_war_party(game, st, faction, False, s["travel"])


def _mapmaker_escaped(game, e, faction):
    """One of the settlement's Mapmakers escaped alive and told of the dungeon."""
    add_grudge(game, faction, MAPMAKER_GRUDGE, "mapmaker")


hooks.add(leaving.MAPMAKER_ESCAPE_HOOKS, _mapmaker_escaped)


@command("raid_settlement")
class RaidSettlement:
    """A stand-in until overworld raids exist: the dungeon raids a settlement, which adds
    RAID_GRUDGE to its grudge."""
    def check(game, cmd):
        st = state_of(game)
        if st is None or st.overworld is None or not st.overworld["settlements"]:
            return "This level has no settlements."
        return need_str(cmd, "settlement", sorted(st.overworld["settlements"]))

    def apply(game, cmd):
        add_grudge(game, cmd["settlement"], RAID_GRUDGE, "raid")


@command("set_camp_hostile")
class SetCampHostile:
    def check(game, cmd):
        st = state_of(game)
        if st is None or st.overworld is None or not st.overworld["camps"]:
            return "This level has no evil camps."
        return need_str(cmd, "camp", sorted(st.overworld["camps"]))

    def apply(game, cmd):
        turn_hostile(game, cmd["camp"])
