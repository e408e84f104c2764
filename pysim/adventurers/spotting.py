"""Spotting triggers (SPOT-01..03). Decisions: docs/rules/adventurers.md, "Spotting".

SPOT-01 Every LOOK_PERIOD ticks each party's conscious members, in ascending id order, look
        for built triggers within SPOT_RANGE tiles (Chebyshev) that they can see (line of
        sight through pysim/combat/awareness.sight_blocked: walls, rock and closed doors
        block it). The first member who sees a trigger the party never rolled for rolls to
        spot it (a trigger that member already knows is nothing to spot: no roll).
SPOT-02 The roll is the opposed 2d6 of pysim/core/dice.py: Hunt + SHODDY_BONUS (a Shoddy
        trigger) - the darkness penalty (the light on the trigger's tile) +
        mind_hooks.spot_bonus (Cautious, learned bonuses) against SPOT_DIFFICULTY.
        A botch is a failure.
SPOT-03 The party's roll is kept (`rolled`): after it, success or not, the party never
        rolls for that trigger again.
A success teaches the spotter and every conscious adventurer within 10 tiles of it
(KNOW-03), emits `trap_spotted`, and calls mind_hooks.SPOTTED_HOOKS.
"""
from pysim.adventurers import knowledge as K, mind_hooks
from pysim.combat import awareness, fighter as F
from pysim.combat.sight import line_of_sight
from pysim.core import dice, entities, systems
from pysim.core.parties import PartyIndex
from pysim.traps import trap_parts as tp, trap_state

SPOT_RANGE = 6
SPOT_DIFFICULTY = 4
SHODDY_BONUS = 2
LOOK_PERIOD = 5
BUCKET = 8          # the triggers are kept in BUCKET x BUCKET squares to find the near ones

# SPOT-02: the light (0..255) on the trigger's tile below each bound costs one point more
DARK_BOUNDS = (128, 32)


def darkness_penalty(light):
    """0 in light of 128 and more, 1 in dim light (32..127), 2 in the dark (below 32)."""
    n = 0
    for bound in DARK_BOUNDS:
        if int(light) < bound:
            n += 1
    return n


def spot_total(hunt, shoddy, light, bonus=0):
    """The spotter's total in the SPOT-02 roll."""
    return int(hunt) + (SHODDY_BONUS if shoddy else 0) - darkness_penalty(light) + int(bonus)


def spot_chance(hunt, shoddy, light, bonus=0):
    """Exact chance that one spot roll succeeds (SPOT-02)."""
    return dice.outcome_chances(spot_total(hunt, shoddy, light, bonus),
                                SPOT_DIFFICULTY)[dice.SUCCESS]


class _Buckets(object):
    key = None
    cells = None


_buckets = _Buckets()


def _trigger_cells(game):
    """{(bx, by): [trigger ids]} of every built trigger but levers; cached per layout."""
    st = trap_state.state_of(game)
    key = (game.serial, st.layout, st.version)
    if _buckets.key != key:
        cells = {}
        for pid in sorted(st.parts):
            p = st.parts[pid]
            if not tp.is_trigger(p.kind) or p.kind == tp.LEVER or not p.built:
                continue
            cells.setdefault((p.x // BUCKET, p.y // BUCKET), []).append(pid)
        _buckets.cells = cells
        _buckets.key = key
    return _buckets.cells


def triggers_near(game, x, y, r):
    """Built triggers (not levers) within r tiles (Chebyshev) of (x, y), by id."""
    cells = _trigger_cells(game)
    if not cells:
        return []
    st = trap_state.state_of(game)
    out = []
    for by in range((y - r) // BUCKET, (y + r) // BUCKET + 1):
        for bx in range((x - r) // BUCKET, (x + r) // BUCKET + 1):
            for pid in cells.get((bx, by), ()):
                p = st.parts[pid]
                if max(abs(p.x - x), abs(p.y - y)) <= r:
                    out.append(pid)
    out.sort()
    return out


def roll_spot(game, party_id, spotter, part):
    """SPOT-02/03: the party's one roll for `part`. Returns True on a spot."""
    ks = K.state_of(game)
    rolled = ks.rolled.setdefault(party_id, [])
    rolled.append(part.id)
    rolled.sort()
    total = spot_total(F.stat(spotter, "hunt"), part.shoddy,
                       game.grid.light[part.y, part.x],
                       mind_hooks.spot_bonus(game, spotter, tp.trigger_kind(part.kind)))
    outcome, _ = dice.opposed_roll(game.rng.stream("spotting"), total, SPOT_DIFFICULTY)
    if outcome != dice.SUCCESS:
        return False
    game.emit("trap_spotted", entity=spotter.id, party=party_id, part=part.id,
              kind=part.kind, x=part.x, y=part.y)
    K.learn(game, spotter, part, "spotted")
    K.teach_near(game, spotter.x, spotter.y, part, "spotted")
    for fn in list(mind_hooks.SPOTTED_HOOKS):
        fn(game, party_id, spotter.id, part.id)
    return True


def look(game):
    if not _trigger_cells(game):
        return
    st = trap_state.state_of(game)
    ks = K.state_of(game)
    idx = PartyIndex(game)
    blocked = None
    for party_id in sorted(idx.members):
        rolled = ks.rolled.get(party_id, ())
        for e in idx.of(party_id):
            if e.state != entities.UP:
                continue
            near = triggers_near(game, e.x, e.y, SPOT_RANGE)
            for pid in near:
                if pid in rolled or K.knows(game, e.id, pid):
                    continue
                if blocked is None:
                    blocked = awareness.sight_blocked(game)
                p = st.parts[pid]
                if not line_of_sight(blocked, e.x, e.y, p.x, p.y):
                    continue
                roll_spot(game, party_id, e, p)
                rolled = ks.rolled[party_id]


@systems.system("spotting", 160)
def tick(game):
    K.forget_the_departed(game)
    if game.tick % LOOK_PERIOD == 0:
        look(game)
