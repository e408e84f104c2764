"""Goals for a new keeper (KEEP-01..05; docs/rules/economy.md, "Goals for a new keeper").

A level may carry a short ordered list of goals, its `[goals]` section, one goal a line:

    [goals]
    ; KIND [ARGS]: the advice shown while it is the current goal
    mine 6: Pick Mine vein and click the orange-flecked rock: Drudgery minions mine it.
    trap: With Build Trap lay a pressure plate and a dart thrower, then wire them.
    beds: Two of your minions sleep on the floor: build them beds.
    build treasury: Build a treasury deep behind your traps.
    survive: Hold out until the first invasion is beaten.

KEEP-01 The kinds (KINDS, each with its numbers; N left out is 1 where it may be):
         mine N            metal mined (each `metal_mined`) since the level began
         dig N             a room of N tiles you opened (dug out, or veins mined out), each
                           touching another orthogonally
         trap [N]          N whole traps: a built trigger wired, straight or through timers,
                           to a built mechanism (wired parts count once, whatever their number)
         beds              a built bed for every minion of yours that is not dead
         build KIND [N]    N built pieces of a furniture kind (bed, treasury, scrapper_table,
                           pyre, cell, altar, guardpost, scrying_pool)
         survive [N]       invasions beaten (the end tally's, END-02)
         capture [N]       adventurers captured (the end tally's)
         kill [N]          adventurers killed (the end tally's)
         day N             the Boss alive when day N begins
KEEP-02 Goals only read the game: no goal changes a rule, sends a command or writes into
         another area's state. Every goal not met is checked from the level's start, whatever
         its place in the list (what the player does out of order counts): on the tick of an
         event that may meet one (NOW_EVENTS: metal mined, a tile opened, something built or
         wired, a death, a capture, an invasion's end) and every game minute (CHECK_TICKS).
         A goal met stays met whatever happens later (a bed lost, a trap scrapped).
KEEP-03 The current goal is the first not met; its advice is what the Goals panel shows.
KEEP-04 Events: `goal_met` (goal: its index, kind, title) when a goal is met;
         `goal_current` (goal, kind, title, advice) when another goal becomes the current one
         (the first one on the level's first tick); `goals_done` (goals: how many) when the
         last is met. Several met on one tick: their goal_met in list order, then the one
         goal_current.
KEEP-05 The goals are part of the game state (area "keeper_goals": each goal's progress, the
         tick it was met, the current goal), so a save (a replay) and the state hash carry
         them. A level without goals adds nothing to the state hash (`unused`), so adding
         goals to the game left every other level's hash alone.

The snapshot (keyed on the area's version): goal_kind, goal_title, goal_advice (strings), goal_met (0/1),
goal_progress, goal_target (ints), one each a goal in list order, and goal_current (the index
of the current goal; the number of goals once all are met).
"""
from pysim.combat import afterwards
from pysim.core import clock, entities, level, systems
from pysim.core.game import load_rule_modules, register_area
from pysim.economy import ending, furniture
from pysim.traps import trap_parts as tp, trap_state

MAX_GOALS = 20            # a short list: the panel shows them all
MAX_ADVICE = 240          # characters of advice (two lines of the panel)
MAX_NUMBER = 100000
SECTION = "goals"


class GoalKind(object):
    """One kind of goal: its word, what it is (the editor's list), the args it takes
    (NONE, COUNT: [N] with 1 when left out, NUMBER: N, FURNITURE: KIND [N]), the least N,
    and its title in words."""

    def __init__(self, name, about, takes, title, least=1):
        self.name = name
        self.about = about
        self.takes = takes
        self.title = title
        self.least = least

    def to_dict(self):
        return {"kind": self.name, "about": self.about, "takes": self.takes,
                "least": self.least, "most": MAX_NUMBER,
                "choices": list(furniture.KIND_ORDER) if self.takes == FURNITURE else []}


NONE, COUNT, NUMBER, FURNITURE = "nothing", "count", "number", "furniture"


def _a_or_n(n, one, many):
    return one if n == 1 else "%d %s" % (n, many)


def _furniture_words(what, n):
    label = furniture.KINDS[what].label.lower() if what in furniture.KINDS else what
    if n == 1:
        return "a%s %s" % ("n" if label[:1] in "aeiou" else "", label)
    return "%d %s" % (n, label + ("es" if label.endswith("s") else "s"))


KINDS = {}
for _kind in (
        GoalKind("mine", "Mine N metal from veins, counted from the level's start.", NUMBER,
                 lambda g: "Mine %d metal" % g.target),
        GoalKind("dig", "Dig out a room of N tiles: tiles you dug out (or mined out) that "
                 "touch each other.", NUMBER, lambda g: "Dig out a room of %d tiles" % g.target,
                 least=2),
        GoalKind("trap", "Build and wire N traps (1 when left out): a built trigger wired to "
                 "a built mechanism, straight or through timers.", COUNT,
                 lambda g: "Build and wire %s" % _a_or_n(g.target, "a trap", "traps")),
        GoalKind("beds", "A built bed for every minion of yours.", NONE,
                 lambda g: "Build a bed for every minion"),
        GoalKind("build", "Build N pieces of a furniture kind (1 when left out): build "
                 "treasury, build scrapper_table 2.", FURNITURE,
                 lambda g: "Build %s" % _furniture_words(g.what, g.target)),
        GoalKind("survive", "Beat N invasions (1 when left out): each invasion that ended "
                 "with its party's nobody up on the map.", COUNT,
                 lambda g: "Survive %s" % _a_or_n(g.target, "the first invasion", "invasions")),
        GoalKind("capture", "Capture N adventurers (1 when left out).", COUNT,
                 lambda g: "Capture %s" % _a_or_n(g.target, "an adventurer", "adventurers")),
        GoalKind("kill", "Kill N adventurers (1 when left out).", COUNT,
                 lambda g: "Kill %s" % _a_or_n(g.target, "an adventurer", "adventurers")),
        GoalKind("day", "Keep the Boss alive until day N begins.", NUMBER,
                 lambda g: "Live to see day %d" % g.target, least=2)):
    KINDS[_kind.name] = _kind


class Goal(object):
    """One goal of the list: its kind, N, the furniture kind (build), the advice; and what
    the game made of it: its progress (for beds, target follows the minions) and the tick it
    was met (-1: not yet)."""

    def __init__(self, kind, target, what, advice):
        self.kind = kind
        self.target = target
        self.what = what
        self.advice = advice
        self.progress = 0
        self.met_tick = -1

    def title(self):
        return KINDS[self.kind].title(self)

    def hash_state(self):
        return (self.kind, self.target, self.what, self.progress, self.met_tick)


class KeeperGoals(object):
    def __init__(self, game):
        self.goals = []
        self.current = -1      # the goal the player was last told of (-1: none yet)
        self.opened = []       # [x, y] tiles dug or mined out, in order (while a dig goal waits)
        self.version = 0       # bumps when anything shown moved (the snapshot's key)
        self._traps_key = None     # derived: the traps' version the trap count was made at
        self._traps_count = 0

    @property
    def unused(self):
        """True for a level without goals: the state hash leaves the area out."""
        return not self.goals

    def hash_state(self):
        return (tuple(g.hash_state() for g in self.goals), self.current, self.opened)


register_area("keeper_goals", KeeperGoals)


def state_of(game):
    return game.areas["keeper_goals"]


# -- the [goals] section ---------------------------------------------------------------------

def parse_goal(text):
    """A Goal from one [goals] line, `KIND [ARGS]: advice`; ValueError with the reason."""
    spec, sep, advice = text.partition(":")
    advice = advice.strip()
    words = spec.split()
    if not sep or not words:
        raise ValueError("a goal reads KIND [N]: advice (kinds: %s)" % ", ".join(KINDS))
    name, args = words[0], words[1:]
    kind = KINDS.get(name)
    if kind is None:
        raise ValueError("unknown goal %r (known: %s)" % (name, ", ".join(KINDS)))
    what = ""
    if kind.takes == FURNITURE:
        if not args or args[0] not in furniture.KINDS:
            raise ValueError("build takes a furniture kind (%s), then N if more than one"
                             % ", ".join(furniture.KIND_ORDER))
        what, args = args[0], args[1:]
    if kind.takes == NONE and args:
        raise ValueError("%s takes no number" % name)
    if len(args) > 1 or (kind.takes == NUMBER and not args):
        raise ValueError("%s takes %s" % (name, "N" if kind.takes == NUMBER else "one N at most"))
    target = 1
    if args:
        n = args[0]
        if not (n.isascii() and n.isdigit()) or not kind.least <= int(n) <= MAX_NUMBER:
            raise ValueError("%s's N must be a whole number from %d to %d, not %r"
                             % (name, kind.least, MAX_NUMBER, n))
        target = int(n)
    if not advice:
        raise ValueError("the goal needs a line of advice after ':' (shown while it is the "
                         "current goal)")
    if len(advice) > MAX_ADVICE:
        raise ValueError("the advice is %d characters long; the most is %d"
                         % (len(advice), MAX_ADVICE))
    return Goal(name, target, what, advice)


def goal_reason(text):
    """"" when text is a [goals] line the level takes, else why not (the editor's check)."""
    try:
        parse_goal(str(text))
    except ValueError as exc:
        return str(exc)
    return ""


def goal_catalog():
    """Every goal kind, in the order the editor lists them: [{kind, about, takes (nothing,
    count, number, furniture), least, most, choices (the furniture kinds, for build)}]."""
    load_rule_modules()
    return [KINDS[name].to_dict() for name in KINDS]


def _section(ctx, lines):
    st = state_of(ctx.game)
    if len(lines) > MAX_GOALS:
        ctx.error(lines[MAX_GOALS][0], "a level may have at most %d goals" % MAX_GOALS)
    for lineno, text in lines:
        try:
            st.goals.append(parse_goal(text))
        except ValueError as exc:
            ctx.error(lineno, str(exc))
    st.version += 1


level.SECTIONS[SECTION] = _section


# -- measuring -------------------------------------------------------------------------------

def whole_traps(game, st):
    """How many whole traps stand: networks with a built trigger and a built mechanism (made
    again only when a trap part or wire changed)."""
    traps = trap_state.state_of(game)
    key = (traps.version, traps.wires.version)
    if st._traps_key != key:
        net = trap_state.network(game)
        seen = set()
        count = 0
        for pid in sorted(traps.parts):
            p = traps.parts[pid]
            if not (p.built and tp.is_trigger(p.kind)) or pid in seen:
                continue
            parts = trap_state.trap_parts_of(game, p, net)
            seen.update(q.id for q in parts)
            if any(q.built and tp.is_mechanism(q.kind) for q in parts):
                count += 1
        st._traps_key = key
        st._traps_count = count
    return st._traps_count


def largest_room(tiles):
    """The most tiles of `tiles` ([x, y]) that touch each other orthogonally."""
    left = set((t[0], t[1]) for t in tiles)
    best = 0
    while left:
        todo = [min(left)]
        left.discard(todo[0])
        size = 0
        while todo:
            x, y = todo.pop()
            size += 1
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in left:
                    left.discard(n)
                    todo.append(n)
        best = max(best, size)
    return best


def _minions(game):
    return sum(1 for e in game.live() if e.kind == entities.MINION
               and e.state != entities.DEAD and e.side == entities.DUNGEON)


def _measure(game, st, g, mined, room):
    """The goal's progress now (and, for beds, its target): `mined` the metal mined this
    tick, `room` the largest room opened (-1: no tile opened this tick, as it was)."""
    kind = g.kind
    if kind == "mine":
        return g.progress + mined
    if kind == "dig":
        return g.progress if room < 0 else room
    if kind == "trap":
        return whole_traps(game, st)
    if kind == "beds":
        g.target = max(1, _minions(game))
        return len(afterwards.area(game).beds)
    if kind == "build":
        return len(furniture.KINDS[g.what].exists(game))
    if kind == "day":
        return 1 + int(game.tick) // clock.TICKS_PER_DAY
    tally = ending.state_of(game).tally
    return tally[{"survive": "invasions_beaten", "capture": "captured", "kill": "killed"}[kind]]


# The goals are measured on a tick with an event that may meet one (metal mined, a tile opened,
# something built or wired, a death, a capture, an invasion's end), and every CHECK_TICKS
# ticks: what they read changes with these, and measuring a dozen goals on every tick of a long
# sweep cost a third of a small level's tick.
CHECK_TICKS = 10
NOW_EVENTS = frozenset(("metal_mined", "dug", "vein_exhausted", "furniture_built", "part_built",
                        "wired", "death", "captured", "invasion_ended"))


@systems.system("keeper_goals", 1000)
def tick(game):
    """After the end's tally (999): the goals not met measured, met ones said, the current
    one said when it moved (KEEP-02..04)."""
    st = state_of(game)
    if not st.goals or st.current >= len(st.goals) or ending.over(game):
        return
    mined = 0
    opened = []
    now = st.current < 0 or game.tick % CHECK_TICKS == 0
    for ev in ending.this_ticks_events(game):
        kind = ev["type"]
        if kind in NOW_EVENTS:
            now = True
            if kind == "metal_mined":
                mined += 1
            elif kind == "dug" or kind == "vein_exhausted":
                opened.append([int(ev["x"]), int(ev["y"])])
    if not now:
        return
    room = -1
    if opened and any(g.kind == "dig" and g.met_tick < 0 for g in st.goals):
        # the room measured again only when a tile opened (a walk over all of them)
        st.opened.extend(opened)
        room = largest_room(st.opened)
    for i, g in enumerate(st.goals):
        if g.met_tick >= 0:
            continue
        was = (g.progress, g.target)
        g.progress = _measure(game, st, g, mined, room)
        if g.progress >= g.target:
            g.progress = g.target
            g.met_tick = int(game.tick)
            game.emit("goal_met", goal=i, kind=g.kind, title=g.title())
        if (g.progress, g.target) != was or g.met_tick >= 0:
            st.version += 1
    if st.opened and not any(g.kind == "dig" and g.met_tick < 0 for g in st.goals):
        st.opened = []          # nobody waits for them any more
    current = first_unmet(st)
    if current != st.current:
        st.current = current
        st.version += 1
        if current < len(st.goals):
            g = st.goals[current]
            game.emit("goal_current", goal=current, kind=g.kind, title=g.title(),
                      advice=g.advice)
        else:
            game.emit("goals_done", goals=len(st.goals))


def first_unmet(st):
    for i, g in enumerate(st.goals):
        if g.met_tick < 0:
            return i
    return len(st.goals)


# -- the front end ---------------------------------------------------------------------------

def _shown(game):
    st = state_of(game)
    return (len(st.goals), st.version)


def _front(game, snap):
    """goal_kind, goal_title, goal_advice [str]; goal_met [0/1]; goal_progress, goal_target
    [int], one a goal in list order; goal_current int (the first goal not met, KEEP-03; len
    once all are met)."""
    st = state_of(game)
    snap["goal_kind"] = [g.kind for g in st.goals]
    snap["goal_title"] = [g.title() for g in st.goals]
    snap["goal_advice"] = [g.advice for g in st.goals]
    snap["goal_met"] = [1 if g.met_tick >= 0 else 0 for g in st.goals]
    snap["goal_progress"] = [int(g.progress) for g in st.goals]
    snap["goal_target"] = [int(g.target) for g in st.goals]
    snap["goal_current"] = first_unmet(st)


def _register():
    from pysim.core import snapshot
    snapshot.keyed_part(_shown)(_front)


_register()
