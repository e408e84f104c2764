"""How an invasion arrives: the party is generated (generation), given a goal
(pysim/adventurers/goals) and walks in through a map-edge portal with a walking way to the
sanctum.

ARRIVE-01 travel (decided, docs/rules/invasions.md): an ordinary invasion from a settlement
of the level's [overworld] sets out when the scheduler sends it (`party_set_out`: its
members and goal are drawn then, so a scrying charge can show them) and arrives after the
settlement's travel time, through the pending list the war parties use (no roll meanwhile).
A party with no home comes from just beyond the map's edge and appears at once.

ARRIVE-04 for war parties and drifters' chasers (decided): their members and goal are drawn
when they set out (muster), from their own random stream ("war_parties"), as the invasion
they will be on the day they are due would be (PARTY-05): so a scrying charge shows their
size and goal, and drawing them early leaves the ordinary parties' stream alone.
"""
import numpy as np

from pysim.adventurers import goals
from pysim.core import entities, terrain
from pysim.invasions import generation as G
from pysim.invasions.invasion_state import home_of_next_party, travel_hours


def entry_portal(game):
    """A map-edge portal with a walking way to the sanctum, drawn among those that have one
    (ascending row, column order), or None."""
    from pysim.doors.digging import walk_mask
    from pysim.doors.walkpath import find_walk_path
    grid = game.grid
    walk = walk_mask(game)
    starts = np.flatnonzero((grid.terrain == terrain.SANCTUM) & (walk != 0))
    ok = []
    for (x, y) in sorted(grid.tiles_of(terrain.PORTAL), key=lambda p: (p[1], p[0])):
        if not grid.on_edge(x, y) or not walk[y, x]:
            continue
        goal = np.zeros(walk.shape, dtype=np.uint8)
        goal[y, x] = 1
        if find_walk_path(walk, goal, starts) is not None:
            ok.append((x, y))
    if not ok:
        return None
    return ok[int(game.rng.stream("invasions").integers(0, len(ok)))]


def next_party(game, st):
    """The party of the next ordinary invasion and its home settlement."""
    rng = game.rng.stream("invasions")
    return G.generate(rng, game.clock()[0], st.count + 1), home_of_next_party(game, st)


def muster(game, st, entry):
    """A war party or chasers setting out (`entry`, about to join st.pending): its members
    and goal, drawn now from the "war_parties" stream. It will be invasion count + 1 +
    the parties on their way ahead of it (the pending list arrives in order), as big and
    strong as that invasion on the day it is due, never a mob, weaker or stronger; a camp
    sends warriors (PARTY-05)."""
    from pysim.core import clock
    rng = game.rng.stream("war_parties")
    number = st.count + 1 + len(st.pending)
    day = clock.day_hour_minute(entry["arrive"])[0]
    party = G.generate(rng, day, number, kind=G.NORMAL if number > 1 else G.FIRST)
    if entry.get("camp"):
        party = G.as_warriors(party)
    entry["kind"] = party.kind
    entry["members"] = [list(m) for m in party.members]
    entry["goal"] = goals.choose_goal(game, party.kind, rng)
    return entry


def set_out(game, st, party, faction, hours):
    """ARRIVE-01: the next ordinary party leaves its home; it arrives in `hours`."""
    from pysim.core import clock
    goal = goals.choose_goal(game, party.kind)
    st.pending.append({"faction": faction, "camp": False, "ordinary": True,
                       "arrive": game.tick + hours * clock.TICKS_PER_HOUR,
                       "kind": party.kind, "members": [list(m) for m in party.members],
                       "goal": goal})
    game.emit("party_set_out", faction=faction, hours=hours, number=st.count + 1,
              members=len(party.members))


def send(game, st, war):
    """Invasion number count + 1 arrives now (or, from a settlement, sets out)."""
    portal = entry_portal(game)
    if portal is None:
        return False
    if war is None:
        party, faction = next_party(game, st)
        hours = travel_hours(st, faction)
        if hours > 0:
            set_out(game, st, party, faction, hours)
            return True
        goal = goals.choose_goal(game, party.kind)
    else:
        # drawn when it set out (set_out, muster)
        party = G.Party(war["kind"], [tuple(m) for m in war["members"]])
        faction = str(war.get("faction", ""))
        goal = war["goal"]
    st.count += 1
    from pysim.invasions import swimming
    (px, py), swims = swimming.maybe_wet(game, portal)
    ids = []
    for member in party.members:
        e = game.spawn(entities.ADVENTURER, px, py, subtype=G.subtype(member))
        if swims:
            e.swims = True
        e.party = ids[0] if ids else e.id
        e.faction = faction
        ids.append(e.id)
    st.phase = "underway"
    st.party = ids[0]
    st.members = ids
    st.faction = faction
    goals.set_goal(game, ids[0], goal)
    game.emit("invasion_arrived", party=ids[0], number=st.count, kind=party.kind,
              members=ids, classes=[G.subtype(m) for m in party.members], goal=goal,
              faction=faction, x=px, y=py, chasing=str((war or {}).get("drifter", "")))
    return True
