"""Route choice at closed doors (DOOR-02, DOOR-03): the chances, the roll and what a party
decided. The choice in play and the Mapmaker memory: pysim/doors/route_choice.py.

DOOR-02: adventurers who see a closed door and another way around it take that way 50% of
the time, 25% with a Scout in the party; if the door is the only way they go through.
DOOR-03: if an adventurer with the Mapmaker trait escapes alive, their faction's next party
never takes the way around.

Decisions (docs/rules/doors.md):
- "See": a conscious party member has the door tile within its sight range (3 + 2 x Hunt,
  AWARE-01) and a clear line of sight to it (pysim/combat/sight.py; the door tile itself never
  blocks the view of itself), and the door lies on the party's planned path ahead of that
  member. Only closed doors count (closed, locked); open, held-open or breached doors are
  not a choice.
- "Another way around": a walking path from the member's tile to the party's current goal
  exists with that door, every door the party already chose to avoid, and every door it
  gave up breaching treated as walls. No length limit: a detour is a detour.
- One draw per party per door (stream "ai"): the choice is remembered, the party never
  re-rolls for the same door. When avoiding leaves no way at all later (another door
  closes the alternative), the avoided doors are forgotten and the door is the only way.
- DOOR-03: the faction remembers the escape; the next party of that faction to arrive
  (registered after the escape) gets `direct = True` and never detours; the flag is used
  up by that party.
"""
from pysim.combat import stats

DETOUR_RATE = 0.5
DETOUR_RATE_SCOUT = 0.25


def has_trait(entity, trait):
    f = None
    if getattr(entity, "fighter", None) is not None:
        from pysim.combat import fighter as F
        f = F.fighter_of(entity)
    st = f.stats if f is not None else getattr(entity, "stats", None)
    if st is not None and hasattr(st, "has"):
        return bool(st.has(trait))
    return trait in getattr(entity, "traits", ())


def detour_chance(members, direct=False):
    """Exact chance that the party takes the way around a closed door it sees."""
    if direct:
        return 0.0
    if any(has_trait(m, stats.SCOUT) for m in members):
        return DETOUR_RATE_SCOUT
    return DETOUR_RATE


def decide_detour(rng, members, direct=False, way_around=True):
    """True = take the way around. Draws once from `rng` only when there is a real choice
    (a way around exists and the chance is neither 0 nor 1)."""
    if not way_around:
        return False
    p = detour_chance(members, direct)
    if p <= 0.0:
        return False
    return float(rng.random()) < p


class PartyRoutes(object):
    """What one party decided about doors."""

    def __init__(self, party, faction="", direct=False):
        self.party = int(party)
        self.faction = str(faction)
        self.direct = bool(direct)
        self.avoid = []      # door ids it chose to walk around (sorted list)
        self.through = []    # door ids it chose to go through
        self.gave_up = []    # door ids it gave up breaching (BREACH-04)

    def decided(self, door_id):
        return door_id in self.avoid or door_id in self.through

    def blocked_doors(self):
        return sorted(set(self.avoid) | set(self.gave_up))

    def state(self):
        return (self.party, self.faction, self.direct, tuple(self.avoid), tuple(self.through),
                tuple(self.gave_up))

    def to_dict(self):
        return {"party": self.party, "faction": self.faction, "direct": self.direct,
                "avoid": list(self.avoid), "through": list(self.through),
                "gave_up": list(self.gave_up)}

    @staticmethod
    def from_dict(d):
        r = PartyRoutes(d["party"], d.get("faction", ""), d.get("direct", False))
        r.avoid = [int(i) for i in d.get("avoid", [])]
        r.through = [int(i) for i in d.get("through", [])]
        r.gave_up = [int(i) for i in d.get("gave_up", [])]
        return r


def _insert(lst, v):
    if v not in lst:
        lst.append(v)
        lst.sort()
