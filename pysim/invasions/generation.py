"""Who comes: a party's members (class, level) from the game day and the invasion's number
(PARTY-01..04, PARTY-07). Pure functions of (rng, day, number): nothing else (treasure,
rooms, raids) changes a party (PARTY-07). Tables and reasons: docs/rules/invasions.md.
"""
NORMAL = "normal"
FIRST = "first"
MOB = "mob"
WEAKER = "weaker"
STRONGER = "stronger"

PEASANT = "peasant"
# Classes of trained adventurers, with weights (peasants are chosen apart, by day).
CLASS_WEIGHTS = (("warrior", 30), ("rogue", 20), ("scout", 20), ("priest", 15),
                 ("knight", 15))
MOB_SHARE = (1, 8)          # PARTY-03: from the 3rd invasion
WEAKER_SHARE = (1, 5)       # PARTY-04: from the 4th invasion
STRONGER_SHARE = (1, 5)
MAX_MEMBERS = 5             # a normal party grows to 5, then its members gain levels
MOB_MAX = 12
# (first day a level can come, day from which every trained member has it)
# Levels come only once parties are full (5 members from day 8): level 2 from day 8.
LEVEL_DAYS = ((2, 8, 10), (3, 10, 15), (4, 15, 30), (5, 30, 50))


class Party(object):
    def __init__(self, kind, members):
        self.kind = kind
        self.members = members      # [(class, level)]; peasants have level 0

    def __repr__(self):
        return "Party(%s, %r)" % (self.kind, self.members)


def base_size(day):
    """PARTY-02: members of a normal party on this day: 2 on days 2-3, +1 every 2 days, 5
    from day 8."""
    return max(2, min(MAX_MEMBERS, 2 + (int(day) - 2) // 2))


def peasant_pct(day):
    """Chance (percent) that a member of a normal party is a peasant: 70% on day 2, 10
    points less each day, none from day 9 (early parties are mostly peasants)."""
    return max(0, 70 - 10 * (int(day) - 2))


def top_level(day):
    """The highest level that can come on this day and its share (percent) of trained
    members: the share starts at 25% on the day the level first comes and reaches 100% on
    the day the next level starts (level 5: day 50)."""
    day = int(day)
    top, share = 1, 100
    for lv, start, full in LEVEL_DAYS:
        if day >= start:
            top = lv
            share = min(100, 25 + 75 * (day - start) // (full - start))
    return top, share


def mob_size(day, rng):
    """PARTY-03: 2-3 peasants early (15%: one more), one more every 6 days, up to 12."""
    lo = min(MOB_MAX - 1, 2 + (int(day) - 2) // 6)
    n = lo + int(rng.integers(0, 2))
    if rng.integers(0, 100) < 15:
        n += 1
    return min(MOB_MAX, n)


def _class(rng):
    total = sum(w for _, w in CLASS_WEIGHTS)
    r = int(rng.integers(0, total))
    for name, w in CLASS_WEIGHTS:
        if r < w:
            return name
        r -= w
    return CLASS_WEIGHTS[-1][0]


def _member(day, rng, level_shift=0, at_top=False):
    """One member: a peasant (by day), else a trained class at the day's top level (its
    share) or one below; `level_shift` -1 a weaker party's (never below 1), `at_top` a
    stronger party's: every trained member at the day's top level, never above it."""
    if rng.integers(0, 100) < peasant_pct(day):
        return (PEASANT, 0)
    top, share = top_level(day)
    lv = top if rng.integers(0, 100) < share else top - 1
    if at_top:
        lv = top
    return (_class(rng), max(1, min(top, lv + level_shift)))


def kind_of(number, rng):
    """Which sort of invasion number `number` (1-based) is: one draw, so the shares are
    exact: [0, 1/8) mob from the 3rd, then 1/5 weaker and 1/5 stronger from the 4th."""
    if number == 1:
        return FIRST
    u = float(rng.random())
    if number >= 3 and u < MOB_SHARE[0] / MOB_SHARE[1]:
        return MOB
    u -= MOB_SHARE[0] / MOB_SHARE[1]
    if number >= 4 and 0 <= u < WEAKER_SHARE[0] / WEAKER_SHARE[1]:
        return WEAKER
    u -= WEAKER_SHARE[0] / WEAKER_SHARE[1]
    if number >= 4 and 0 <= u < STRONGER_SHARE[0] / STRONGER_SHARE[1]:
        return STRONGER
    return NORMAL


def generate(rng, day, number, kind=None):
    """The party of invasion `number` (1-based) on game day `day`. `kind` forces a sort
    (war parties and drifters' chasers pass NORMAL: never a mob, weaker or stronger)."""
    day = max(2, int(day))
    if kind is None:
        kind = kind_of(number, rng)
    if kind == FIRST:
        return Party(FIRST, [(PEASANT, 0)])
    if kind == MOB:
        return Party(MOB, [(PEASANT, 0)] * mob_size(day, rng))
    size = base_size(day)
    if number == 2:
        size = 1 + int(rng.integers(0, 2))          # PARTY-01: 1 or 2, 50% each
    shift = 0
    at_top = False
    if kind == WEAKER:
        # still growing: one member fewer (never below 2); full size: a level lower
        if size < MAX_MEMBERS:
            size = max(2, size - 1)
        else:
            shift = -1
    elif kind == STRONGER:
        # still growing: one member more; full size: every trained member at the day's
        # top level (PARTY-02's bounds hold: never above it); where every one already is
        # (day 50 on), one member more
        if size < MAX_MEMBERS or top_level(day)[1] >= 100:
            size += 1
        else:
            at_top = True
    members = [_member(day, rng, shift, at_top) for _ in range(size)]
    return Party(kind, members)


def as_warriors(party):
    """PARTY-05: a Hostile camp's warriors for this invasion: one warrior per member, none
    below level 1."""
    return Party(party.kind, [("warrior", max(1, lv)) for _, lv in party.members])


def subtype(member):
    cls, lv = member
    return cls if cls == PEASANT else "%s:%d" % (cls, lv)
