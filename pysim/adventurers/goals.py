"""Party goals (GOAL-01..03): what an invading party came for and what it does when the goal
is done or gone.

- kill_boss (most parties): the default adventurer brain (head for the sanctum; combat
  fights the Boss). When the Boss is dead, or the sanctum cannot be reached, the survivors
  spread out for treasure and leave (GOAL-03).
- steal_treasure: walk to the nearest pile, take what they can carry, leave (GOAL-01). If no
  pile is left before they get one, the party hunts the Boss (GOAL-02: goal_changed).
- rescue_prisoners (pysim/adventurers/prisoners.py) and smash_altar (altars.py) register
  their brain in GOAL_BRAINS and their share in GOAL_CHOICES.
Only parties sent by the invasion scheduler have a goal; scripted parties (spawn_party,
level things) keep the default brain. The "goals" area exists once a goal is set.
"""
from pysim.adventurers import treasure
from pysim.core import brains, entities, snapshot, terrain

KILL_BOSS = "kill_boss"
STEAL_TREASURE = "steal_treasure"
STEAL_PCT = 25        # of parties, when the dungeon has treasure on the floor
OTHER_PCT = 20        # each further goal's share, when it can be had (prisoners, altars)
GOAL_BRAINS = {}      # goal -> fn(game, e, prev_brain) for goals defined in other modules
GOAL_CHOICES = []     # [(goal, fn(game) -> bool: it can be had)] in share order


class GoalState(object):
    def __init__(self):
        self.goals = {}      # party id -> goal name

    def hash_state(self):
        return sorted(self.goals.items())


def goal_of(game, pid):
    st = game.areas.get("goals")
    return st.goals.get(pid) if st is not None else None


def set_goal(game, pid, goal):
    st = game.areas.get("goals")
    if st is None:
        st = game.areas["goals"] = GoalState()
    old = st.goals.get(pid)
    st.goals[pid] = goal
    if old is not None and old != goal:
        game.emit("goal_changed", party=pid, goal=goal, was=old)


def choose_goal(game, kind, rng=None):
    """GOAL-01: a mob always comes for the Boss; others steal treasure STEAL_PCT% of the time
    when there is treasure on the floor; then each goal of GOAL_CHOICES (rescue prisoners,
    smash an altar, in that order) OTHER_PCT% of the time when it can be had; else they come
    for the Boss. One roll, from `rng` (a war party's own stream) or the "invasions" one."""
    if rng is None:
        rng = game.rng.stream("invasions")
    roll = int(rng.integers(0, 100))
    if kind == "mob":
        return KILL_BOSS
    if roll < STEAL_PCT:
        return STEAL_TREASURE if treasure.total_on_floor(game) > 0 else KILL_BOSS
    lo = STEAL_PCT
    for goal, available in sorted(GOAL_CHOICES):
        if lo <= roll < lo + OTHER_PCT:
            return goal if available(game) else KILL_BOSS
        lo += OTHER_PCT
    return KILL_BOSS


def boss_alive(game):
    for e in game.live():
        if e.kind == entities.BOSS and e.state != entities.DEAD:
            return True
    return False


def leave(game, e):
    e.leaving = True
    e.idle = 1


_leave = leave


def grab_and_leave(game, e):
    """Go to the nearest pile and take what it can carry; leave when full or none is left."""
    from pysim.core import movement
    if treasure.carried(game, e) >= treasure.capacity(e):
        _leave(game, e)
        return
    pile = treasure.nearest_pile(game, e.x, e.y)
    if pile is None:
        _leave(game, e)
        return
    if (e.x, e.y) == pile:
        treasure.take(game, e)
        if treasure.carried(game, e) >= treasure.capacity(e) or \
                treasure.nearest_pile(game, e.x, e.y) is None:
            _leave(game, e)
        return
    if not movement.go_to(game, e, pile[0], pile[1]):
        _leave(game, e)


def _wrap_brain():
    prev = brains.BRAINS.get(entities.ADVENTURER)
    if getattr(prev, "_goals_wrapped", False):
        return

    def adventurer_brain(game, e):
        goal = goal_of(game, getattr(e, "party", -1))
        if goal is None or getattr(e, "leaving", False):
            return prev(game, e)
        if goal in GOAL_BRAINS:
            return GOAL_BRAINS[goal](game, e, prev)
        if goal == STEAL_TREASURE:
            if treasure.carried(game, e) == 0 and treasure.nearest_pile(game, e.x, e.y) is None:
                set_goal(game, e.party, KILL_BOSS)      # GOAL-02: the goal is gone
                return prev(game, e)
            grab_and_leave(game, e)
            return
        # kill_boss: GOAL-03 once the Boss is dead or the sanctum out of reach (the
        # default brain found no path to it and rests)
        if not boss_alive(game):
            grab_and_leave(game, e)
            return
        prev(game, e)
        if e.path is None and not _at_sanctum(game, e):
            grab_and_leave(game, e)

    adventurer_brain._goals_wrapped = True
    brains.BRAINS[entities.ADVENTURER] = adventurer_brain


def _at_sanctum(game, e):
    return int(game.grid.terrain[e.y, e.x]) == terrain.SANCTUM


_wrap_brain()


GOAL_WORDS = {KILL_BOSS: "kill your Boss", STEAL_TREASURE: "steal your treasure",
              "rescue_prisoners": "rescue your prisoners",
              "smash_altar": "smash one of your altars"}


@snapshot.describe_part
def describe_goal(game, e, info):
    """GOAL-02, for an adventurer of a party with a goal: party_goal (the goal's name) and
    party_goal_words ("kill your Boss", ...). Absent for scripted parties (no goal)."""
    if e.kind != entities.ADVENTURER:
        return
    goal = goal_of(game, getattr(e, "party", -1))
    if goal is not None:
        info["party_goal"] = goal
        info["party_goal_words"] = GOAL_WORDS.get(goal, goal.replace("_", " "))
