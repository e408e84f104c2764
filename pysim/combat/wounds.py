"""Wounds, wound points, knockout or death, head wounds, bleeding (KO-01..04, HEAD-01..02).

`ko_decision` is THE pure function deciding what a new wound does; every number it
returns is an integer percent so the tables can be tested exactly. `land_wound` applies a
wound to a fighter with a seeded stream and rolls those chances.

Bleeding (decision, docs/rules/combat.md): a Major or Extreme wound from an edged
(non-blunt) weapon starts bleeding. A conscious fighter stops bleeding on its own
BLEED_CLOT_TICKS (1 game hour) after the last bleeding wound; a knocked-out body keeps
bleeding until it is healed, and a body left bleeding for BLEED_DEATH_TICKS (8 game hours)
dies. Healing stops bleeding at once.
"""
import cython

from pysim.combat import stats as _stats

MINOR = 1
MAJOR = 2
EXTREME = 3
LEVEL_NAMES = {MINOR: "minor", MAJOR: "major", EXTREME: "extreme"}
# KO-01
WOUND_POINTS = {MINOR: 1, MAJOR: 2, EXTREME: 4}
UNABLE_AT = 10

HEAD = 0
TORSO = 1
ARMS = 2
LEGS = 3
LOCATION_NAMES = ("head", "torso", "arms", "legs")
# weights out of 12 for where a landed blow hits (decision)
LOCATION_WEIGHTS = (2, 5, 3, 2)

TICKS_PER_HOUR = 600
BLEED_CLOT_TICKS = 1 * TICKS_PER_HOUR
BLEED_DEATH_TICKS = 8 * TICKS_PER_HOUR

# KO-02: knockout percent by wound level, [edged, blunt-or-fists]
_KO_BASE_EDGED = {MINOR: 75, MAJOR: 50, EXTREME: 25}
_KO_BASE_BLUNT = {MINOR: 100, MAJOR: 75, EXTREME: 50}
# HEAD-02: after a disabling head wound (below 10 points), every weapon
_KO_HEAD = {MINOR: 0, MAJOR: 100, EXTREME: 50}

# outcomes of a wound
FIGHTS_ON = 0
KNOCKED_OUT = 1
KILLED = 2


def wound_points(level) -> cython.int:
    return WOUND_POINTS[int(level)]


def table_ko_pct(level, blunt, armour) -> cython.int:
    """KO-02 + KO-03: percent chance to be knocked out (not killed), capped at 100."""
    base = (_KO_BASE_BLUNT if blunt else _KO_BASE_EDGED)[int(level)]
    p: cython.int = base + _stats.ARMOUR_KO_BONUS[int(armour)]
    return 100 if p > 100 else p


def head_disable_pct(level, blunt, helmet, ko_rule) -> cython.int:
    """HEAD-01: percent chance a head wound of this level leaves the target unable to fight
    whatever its wound points. Only Major/Extreme; the Boss never; a helmet subtracts."""
    if int(level) == MINOR or int(ko_rule) == _stats.KO_BOSS:
        return 0
    p: cython.int = (50 if blunt else 25) - int(helmet)
    return 0 if p < 0 else p


def ko_decision(level, location, blunt, armour, helmet, ko_rule, points_before,
                starving=False):
    """What a new wound does. Returns (disable_pct, knockout_pct):

    disable_pct   percent chance that this wound leaves the target unable to fight;
    knockout_pct  if it does, percent chance they are knocked out (else killed).

    KO-01: reaching 10 wound points always disables (disable 100, the tables).
    HEAD-01/02: otherwise a Major/Extreme head wound disables with head_disable_pct, and the
    knockout chance is then 100% Major / 50% Extreme for every weapon and armour.
    KO-04: creatures and the Boss are always killed; the troll is knocked out unless starving.
    """
    lv = int(level)
    after = int(points_before) + WOUND_POINTS[lv]
    if after >= UNABLE_AT:
        disable = 100
        ko = table_ko_pct(lv, blunt, armour)
    elif int(location) == HEAD:
        disable = head_disable_pct(lv, blunt, helmet, ko_rule)
        ko = _KO_HEAD[lv] if disable > 0 else 0
    else:
        disable = 0
        ko = 0
    rule = int(ko_rule)
    if disable > 0:
        if rule == _stats.KO_KILLED or rule == _stats.KO_BOSS:
            ko = 0
        elif rule == _stats.KO_TROLL:
            ko = 0 if starving else 100
    return disable, ko


def outcome_chances(level, location, blunt, armour, helmet, ko_rule, points_before,
                    starving=False):
    """Exact chances {FIGHTS_ON, KNOCKED_OUT, KILLED} of one wound, as fractions."""
    d, k = ko_decision(level, location, blunt, armour, helmet, ko_rule, points_before, starving)
    pk = d * k / 10000.0
    pd = d / 100.0
    return {FIGHTS_ON: 1.0 - pd, KNOCKED_OUT: pk, KILLED: pd - pk}


def roll_pct(rng, pct) -> cython.bint:
    """True with probability pct/100 from a seeded numpy Generator (one draw always,
    so streams stay aligned whatever the percent)."""
    r = int(rng.integers(0, 100))
    return r < int(pct)


def roll_location(rng):
    r = int(rng.integers(0, 12))
    acc = 0
    for i in range(4):
        acc += LOCATION_WEIGHTS[i]
        if r < acc:
            return i
    return LEGS


def level_from_margin(margin, damage) -> cython.int:
    """An attack that succeeds by `margin` (>= 1) with a weapon of `damage` lands:
    Minor for 1..3, Major for 4..6, Extreme for 7+ (margin + damage, at least Minor)."""
    m: cython.int = int(margin) + int(damage)
    if m >= 7:
        return EXTREME
    if m >= 4:
        return MAJOR
    return MINOR


def starts_bleeding(level, blunt) -> cython.bint:
    """Bleeding decision: Major or Extreme from an edged weapon."""
    return (not blunt) and int(level) >= MAJOR


class Wound(object):
    """Compiled, a cdef class with typed fields (wounds.pxd)."""

    def __init__(self, level, location, tick, blunt):
        self.level = int(level)
        self.location = int(location)
        self.tick = int(tick)
        self.blunt = bool(blunt)

    def to_dict(self):
        return {"level": LEVEL_NAMES[self.level], "location": LOCATION_NAMES[self.location],
                "points": WOUND_POINTS[self.level], "tick": self.tick}

    def state(self):
        return (self.level, self.location, self.tick, int(self.blunt))


# WOUND_POINTS by level as a tuple, read by a typed index (KeyError beyond it, as before)
_POINTS_BY_LEVEL = tuple(WOUND_POINTS.get(lv, 0) for lv in range(max(WOUND_POINTS) + 1))


def total_points(wounds):
    t = 0
    for w in wounds:
        lv = w.level
        if 0 < lv < len(_POINTS_BY_LEVEL):
            t += _POINTS_BY_LEVEL[lv]
        else:
            t += WOUND_POINTS[lv]
    return t


def land_wound(rng, fighter, level, location, blunt, tick, starving=False):
    """Add a wound to `fighter` (needs .wounds list, .stats StatBlock, .bleeding_since) and
    roll what it does. Returns FIGHTS_ON, KNOCKED_OUT or KILLED. Always draws exactly two
    numbers from rng (disable, then knockout) so the stream stays aligned."""
    before = total_points(fighter.wounds)
    fighter.wounds.append(Wound(level, location, tick, blunt))
    if starts_bleeding(level, blunt):
        fighter.bleeding_since = int(tick)
    st = fighter.stats
    d, k = ko_decision(level, location, blunt, st.armour, st.helmet, st.ko_rule, before,
                       starving)
    disabled = roll_pct(rng, d)
    ko = roll_pct(rng, k)
    if not disabled:
        return FIGHTS_ON
    return KNOCKED_OUT if ko else KILLED
