"""What each adventurer knows about the dungeon's triggers (KNOW-01..03). Decisions:
docs/rules/adventurers.md, "Knowledge".

KNOW-01 Knowledge is per adventurer: `known[adventurer id] = {part id: [x, y, kind]}`, the
        tile where the trigger was when it was learned, and its kind. A trigger moved since is known at its
        old tile (which no longer holds anything to avoid) until it is learned again.
KNOW-02 A trigger set off teaches every conscious adventurer within LEARN_RADIUS tiles
        (Chebyshev, the walking metric) of it, of any party (TRIGGERED_HOOKS).
KNOW-03 A spot teaches every conscious adventurer within LEARN_RADIUS of the spotter
        (pysim/adventurers/spotting.py calls `teach_near`).
Knowledge is never shared by party membership alone (KNOW-04 Detect Traps is the one
exception the design gives: detect_traps.py). A body keeps what it knew (a knocked-out or
dead adventurer neither learns nor forgets); an adventurer who leaves the map is gone, and
its knowledge with it. Levers are never learned: nobody sets them off by walking.

The state also holds the spotting and disarming records (one area, one hash entry):
`rolled[party id]` sorted part ids the party rolled to spot (SPOT-03), `detect_at[rogue id]`
the tick its Detect Traps is ready again (KNOW-04), `disarms[party id]` the disarm under way
(KNOW-05). Everything is keyed by int and holds lists: canonical, no sets.
"""
from pysim.core import entities, snapshot
from pysim.core.game import register_area
from pysim.traps import trap_parts as tp, trap_state

LEARN_RADIUS = 10

# fn(game, adventurer, part) after an adventurer learns a trigger (avoiding.py re-plans)
LEARN_HOOKS = []


def add_learn_hook(fn):
    key = (fn.__module__, fn.__qualname__)
    for i, old in enumerate(LEARN_HOOKS):
        if (old.__module__, old.__qualname__) == key:
            LEARN_HOOKS[i] = fn
            return fn
    LEARN_HOOKS.append(fn)
    return fn


class KnowledgeState(object):
    def __init__(self, game=None):
        self.known = {}        # adventurer id -> {part id: [x, y, kind]}
        self.rolled = {}       # party id -> sorted [part id] (SPOT-03)
        self.detect_at = {}    # rogue id -> tick Detect Traps is ready again (KNOW-04)
        self.disarms = {}      # party id -> [worker id, part id, done tick] (KNOW-05)
        self.version = 0       # bumps when anyone learns: the cost views' cache key

    def hash_state(self):
        return (self.known, self.rolled, self.detect_at, self.disarms)


register_area("knowledge", KnowledgeState)


def state_of(game):
    return game.areas["knowledge"]


def knows(game, adv_id, part_id):
    k = state_of(game).known.get(int(adv_id))
    return k is not None and int(part_id) in k


def known_of(game, adv_id):
    """{part id: [x, y, kind]} the adventurer knows (do not change it)."""
    return state_of(game).known.get(int(adv_id), {})


def learn(game, adv, part, how):
    """Adventurer `adv` learns where trigger `part` is. Returns True if it was news."""
    if part.kind == tp.LEVER:
        return False
    ks = state_of(game)
    mine = ks.known.get(adv.id)
    if mine is None:
        mine = ks.known[adv.id] = {}
    old = mine.get(part.id)
    if old is not None and old[0] == part.x and old[1] == part.y:
        return False
    mine[part.id] = [part.x, part.y, part.kind]
    ks.version += 1
    game.emit("trap_learned", entity=adv.id, part=part.id, kind=part.kind, x=part.x,
              y=part.y, how=how)
    for fn in LEARN_HOOKS:
        fn(game, adv, part)
    return True


def conscious_adventurers_near(game, x, y, radius):
    """Conscious adventurers within `radius` tiles (Chebyshev) of (x, y), by id."""
    out = []
    for e in game.live():
        if e.kind != entities.ADVENTURER or e.state != entities.UP:
            continue
        if max(abs(e.x - x), abs(e.y - y)) <= radius:
            out.append(e)
    return out


def teach_near(game, x, y, part, how):
    """KNOW-02/03: every conscious adventurer within LEARN_RADIUS of (x, y) learns `part`."""
    for e in conscious_adventurers_near(game, x, y, LEARN_RADIUS):
        learn(game, e, part, how)


def _on_triggered(game, part, mechanism_kind, who_id):
    teach_near(game, part.x, part.y, part, "triggered")


trap_state.add_triggered_hook(_on_triggered)


def forget_the_departed(game):
    """Drop what adventurers no longer on the map knew (left, or removed)."""
    ks = state_of(game)
    gone = [k for k in ks.known if k not in game.entities]
    for k in sorted(gone):
        del ks.known[k]
        ks.version += 1
    for k in sorted(d for d in ks.detect_at if d not in game.entities):
        del ks.detect_at[k]


def live_trigger_at(game, part_id, xy):
    """The trigger `part_id` if it still stands where it was learned (xy), else None."""
    p = trap_state.state_of(game).parts.get(part_id)
    if p is None or p.x != xy[0] or p.y != xy[1] or not tp.is_trigger(p.kind):
        return None
    return p


@snapshot.describe_part
def describe_part(game, e, info):
    """"known_triggers": [{"part", "kind", "name", "x", "y"}] by part id, for an adventurer:
    what it knows, at the tile where it learned it."""
    if e.kind != entities.ADVENTURER:
        return
    out = []
    mine = known_of(game, e.id)
    for pid in sorted(mine):
        xy = mine[pid]
        kind = xy[2]
        out.append({"part": pid, "kind": kind, "name": tp.NAMES.get(kind, "Trigger"),
                    "x": xy[0], "y": xy[1]})
    info["known_triggers"] = out
