"""Spotting the party (ARRIVE-02): the letter "Adventurers spotted in your dungeon".

The party underway is spotted, once, the first tick any of these holds (checked in this
order; the first gives `how`):
- "alarm": an alarm trap went off with a member among its enemies (traps' ALARM_HOOKS);
- "seen": a Boss, minion or creature of the dungeon's side that is up knows where a member
  is (AWARE-01 noticing; AWARE-02 a blow, AWARE-03 a death's noise count too: someone of
  ours then knows where the member is) - the spotter with the lowest id is `by`;
- "fight": a member that is up fights one of ours (its target is of the dungeon's side), or
  a blow passed between a member and one of ours this tick (striking's ATTACK_HOOKS), so a
  blow that knocks out or kills one of ours before it saw the party spots it too;
- "sanctum": a member stands in the sanctum;
- SPOT_CHECKS: more spotters (the ghostly eye, pysim/invasions/watch.py) give "eye".
A lit guardpost only un-fogs (ARRIVE-03): it never spots.

Then, in this order, all in the same tick: `party_spotted` (party, how, by, entity, x, y),
the game pauses (speed 0, `speed_changed`: it is game state, so a replay pauses at the same
tick; the headless runner ignores speed and keeps going) and `letter` (title, party, goal,
members: [{entity, name, class, level, abilities, ability_words}]). The front end shows the letter, then
the party screen with the same title; the game stays paused until the player resumes it.
The spotted parties are kept in the "sightings" area (made when the first party arrives, so
a level without invasions hashes as before).
"""
from pysim.core import entities as E, systems, terrain as T
from pysim.core.snapshot import snapshot_part

LETTER_TITLE = "Adventurers spotted in your dungeon"

# fn(game, members_up) -> (how, by_id, member) or None: more ways to spot (watch.py: eye).
SPOT_CHECKS = []


def add_spot_check(fn):
    if fn not in SPOT_CHECKS:
        SPOT_CHECKS.append(fn)


class Sightings(object):
    def __init__(self):
        self.spotted = []       # party ids spotted, in order
        self.alarm = []         # [(member id, alarm part id)] raised this tick
        # [(member id, our id)]: blows between them this tick, from the combat system to
        # this one's; emptied every tick, so never part of the state between ticks (not
        # hashed, not saved)
        self.fought = []

    def hash_state(self):
        return (self.spotted, self.alarm)


def area(game, make=False):
    st = game.areas.get("sightings")
    if st is None and make:
        st = game.areas["sightings"] = Sightings()
    return st


def _underway(game):
    from pysim.invasions import scheduler as SCH
    st = SCH.state_of(game)
    if st is None or st.phase != SCH.UNDERWAY or st.party < 0:
        return None
    return st


def _members_up(game, st):
    out = []
    for eid in st.members:
        e = game.entities.get(eid)
        if e is not None and e.state == E.UP:
            out.append(e)
    return out


def _ours(game):
    """The dungeon's Boss, minions and creatures that are up, by id."""
    return [e for e in game.live()
            if e.side == E.DUNGEON and e.state == E.UP and e.kind != E.ADVENTURER]


def find_spotting(game, members, sight):
    """(how, by, member) for the first way the party is spotted now, or None."""
    if sight.alarm:
        ids = [m.id for m in members]
        for (eid, part) in sight.alarm:
            if eid in ids:
                return ("alarm", part, game.entities[eid])
    ours = _ours(game)
    for o in ours:
        f = getattr(o, "fighter", None)
        if f is None:
            continue
        for m in members:
            if m.id in f.known:
                return ("seen", o.id, m)
    our_ids = [o.id for o in ours]
    for m in members:
        f = getattr(m, "fighter", None)
        if f is not None and f.target in our_ids:
            return ("fight", f.target, m)
    for (mid, oid) in sight.fought:
        if mid in game.entities:
            return ("fight", oid, game.entities[mid])
    terr = game.grid.terrain
    for m in members:
        if terr[m.y, m.x] == T.SANCTUM:
            return ("sanctum", -1, m)
    for fn in SPOT_CHECKS:
        found = fn(game, members)
        if found is not None:
            return found
    return None


def member_card(game, e):
    """What the party screen shows of one adventurer: class, level and abilities (the trait
    names, and each in words: ability_words [{name, words}], combat/stats.py TRAIT_WORDS)."""
    from pysim.combat import stats as S
    f = getattr(e, "fighter", None)
    stats = f.stats if f is not None else None
    traits = list(stats.traits) if stats is not None else []
    return {"entity": e.id, "name": e.name, "class": e.subtype,
            "level": int(stats.level) if stats is not None else 0,
            "abilities": traits, "ability_words": [S.trait_words(t) for t in traits]}


def spot(game, st, how, by, member):
    from pysim.adventurers import goals
    sight = area(game, True)
    sight.spotted.append(st.party)
    game.emit("party_spotted", party=st.party, how=how, by=by, entity=member.id,
              x=int(member.x), y=int(member.y))
    if game.speed != 0:
        game.speed = 0
        game.emit("speed_changed", speed=0)
    cards = []
    for eid in st.members:
        e = game.entities.get(eid)
        if e is not None:
            cards.append(member_card(game, e))
    game.emit("letter", title=LETTER_TITLE, party=st.party,
              goal=goals.goal_of(game, st.party) or "kill_boss", members=cards)


def _on_alarm(game, part, enemy_ids):
    if _underway(game) is None:
        return
    sight = area(game, True)
    for eid in enemy_ids:
        sight.alarm.append((int(eid), int(getattr(part, "id", -1))))


@systems.system("sighting", 520)
def sighting_system(game):
    st = _underway(game)
    if st is None:
        sight = area(game)
        if sight is not None and sight.fought:
            sight.fought = []            # (a blow in the tick the invasion ended)
        return
    sight = area(game, True)
    if st.party in sight.spotted:
        sight.alarm = []
        sight.fought = []
        return
    members = _members_up(game, st)
    found = find_spotting(game, members, sight) if members or sight.fought else None
    sight.alarm = []
    sight.fought = []
    if found is not None:
        spot(game, st, found[0], found[1], found[2])


def _on_blow(game, attacker, victim):
    """A blow between a member of the party underway and one of ours (either way)."""
    st = _underway(game)
    if st is None:
        return
    for m, o in ((attacker, victim), (victim, attacker)):
        if m.id in st.members and o.side == E.DUNGEON and o.kind != E.ADVENTURER:
            area(game, True).fought.append((int(m.id), int(o.id)))
            return


def _hook_alarm():
    from pysim.combat import striking
    from pysim.traps import trap_state
    trap_state.add_alarm_hook(_on_alarm)
    striking.add_attack_hook(_on_blow)


_hook_alarm()


@snapshot_part
def sighting_snapshot(game, snap):
    """invasion_party: the party underway (its first member's id, as in `letter`), -1 when
    none: the front end offers the party screen again for the party it was shown.
    invasion_party_hidden: with fog on, the party walks in hidden until it is spotted; the
    front end then makes no use of invasion_party_pos (the Underway click's camera jump)."""
    from pysim.invasions import fog
    st = _underway(game)
    snap["invasion_party"] = st.party if st is not None else -1
    hidden = False
    if st is not None and fog.fog_on(game):
        sight = area(game)
        hidden = sight is None or st.party not in sight.spotted
    snap["invasion_party_hidden"] = hidden
