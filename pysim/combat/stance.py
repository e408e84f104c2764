"""The stance slider (STANCE-01): a pure, dice-free choice of what a fighter does.

Positions, left to right on the Behavior tab: Flee, Evasive, Defensive, Balanced,
Aggressive. `decide` maps (stance, situation) to one action; the same situation always
gives the same action.

  action        what the fighter does this tick
  IDLE          no known enemy: carry on with its job
  FIGHT         go for its target and attack it
  KEEP_DISTANCE stay out of melee reach (shoot if ranged; step away if an enemy is close)
  REGROUP       walk to the nearest ally that is up
  RUN           move away from known enemies

Table (hurt = wound points >= the stance's limit; outnumbered = known enemies near > allies
near + 1; `ordered` = the player ordered this attack):
  Flee        RUN whenever an enemy is known.
  Evasive     KEEP_DISTANCE; RUN when hurt (>= 4 points).
  Defensive   FIGHT if ordered, or an enemy is within 1 tile, or not outnumbered;
              otherwise REGROUP (or KEEP_DISTANCE with a ranged weapon); RUN when hurt (>= 6).
  Balanced    FIGHT; REGROUP when hurt (>= 8) and an ally fit to help is near (not
              hurt as much itself: fighter.fit_to_help), else FIGHT.
  Aggressive  FIGHT always.
A ranged fighter on FIGHT with an enemy within 1 tile still fights (melee with it).
"""
import cython

FLEE = 0
EVASIVE = 1
DEFENSIVE = 2
BALANCED = 3
AGGRESSIVE = 4
NAMES = ("flee", "evasive", "defensive", "balanced", "aggressive")

IDLE = 0
FIGHT = 1
KEEP_DISTANCE = 2
REGROUP = 3
RUN = 4
ACTION_NAMES = ("idle", "fight", "keep_distance", "regroup", "run")

KEEP_DISTANCE_TILES = 3
BALANCED_HURT = 8      # Balanced: REGROUP from this many wound points (with an ally near)


def parse(value):
    """A stance from an int 0..4 or a name; None if neither (the command refuses)."""
    if isinstance(value, str):
        v = value.strip().lower()
        if v in NAMES:
            return NAMES.index(v)
        return None
    try:
        i = int(value)
    except (TypeError, ValueError):
        return None
    if 0 <= i <= AGGRESSIVE and float(value) == i:
        return i
    return None


def decide(stance, wound_points, enemies_near, allies_near, nearest_enemy_dist2,
           ordered=False) -> cython.int:
    """The stance decision. nearest_enemy_dist2: squared distance to the nearest known
    enemy (-1 when none known)."""
    s: cython.int = int(stance)
    wp: cython.int = int(wound_points)
    en: cython.int = int(enemies_near)
    al: cython.int = int(allies_near)
    d2: cython.int = int(nearest_enemy_dist2)
    if d2 < 0:
        return IDLE
    if s == FLEE:
        return RUN
    if s == EVASIVE:
        if wp >= 4:
            return RUN
        return KEEP_DISTANCE
    if s == DEFENSIVE:
        if wp >= 6:
            return RUN
        if ordered or d2 <= 2 or en <= al + 1:
            return FIGHT
        return REGROUP
    if s == BALANCED:
        if wp >= BALANCED_HURT and al > 0 and not ordered:
            return REGROUP
        return FIGHT
    return FIGHT
