"""Learned bonuses (LEARN-01..06). Decisions: docs/rules/adventurers.md, "Learned bonuses".

When a body sets a trap off (a lever pulled or a botched reset teaches nothing), the adventurer who set it off and every adventurer up (not knocked
out, not dead) within LEARN_RANGE tiles (Chebyshev) of the trigger at that moment learn
from it: +1 to spot that kind of trigger (trap_parts.trigger_kind: a wide tripwire is a
tripwire; a lever is never spotted, so it teaches no spot bonus) and +1 Block against that
kind of mechanism (none when the trigger reaches no mechanism), each per kind up to
MAX_BONUS. The lesson is handed out after the traps system of that tick, so the trap that
teaches it is not resisted better. Any party's adventurers learn, and prisoners keep what
they learned; the bonuses live on the adventurer (its `learned` attribute, hashed with
it) and go when it leaves the map.

Events: bonus_learned {entity, bonus: "spot" | "block", kind, name, value}.
"""
from pysim.adventurers import caution, mind_hooks
from pysim.core import entities, snapshot, systems
from pysim.traps import trap_parts as tp, trap_state

LEARN_RANGE = 10
MAX_BONUS = 2
SPOT_KINDS = (tp.TRIPWIRE, tp.PRESSURE_PLATE, tp.SENSOR)


def learned_of(e):
    return getattr(e, "learned", None)


def spot_learned(e, trigger_kind):
    L = learned_of(e)
    return L["spot"].get(tp.trigger_kind(trigger_kind), 0) if L else 0


def block_learned(e, mechanism_kind):
    L = learned_of(e)
    return L["block"].get(mechanism_kind, 0) if L else 0


def _learners(game, part, who):
    out = []
    for eid in sorted(game.entities):
        e = game.entities[eid]
        if e.kind != entities.ADVENTURER:
            continue
        if eid == who or (e.state == entities.UP and
                          max(abs(e.x - part.x), abs(e.y - part.y)) <= LEARN_RANGE):
            out.append(eid)
    return out


def _triggered(game, part, mech_kind, who):
    if who < 0:
        return      # a lever pulled or a botched reset: nobody saw a trigger work
    caution.state_of(game).lessons.append(
        [tp.trigger_kind(part.kind), mech_kind, _learners(game, part, int(who))])


trap_state.add_triggered_hook(_triggered)


def _raise(game, e, bonus, kind):
    L = learned_of(e)
    if L is None:
        L = {"spot": {}, "block": {}}
        e.learned = L
    have = L[bonus].get(kind, 0)
    if have >= MAX_BONUS:
        return
    L[bonus][kind] = have + 1
    game.emit("bonus_learned", entity=e.id, bonus=bonus, kind=kind, name=tp.NAMES[kind],
              value=have + 1)


def teach(game, trigger_kind, mech_kind, learner_ids):
    for eid in learner_ids:
        e = game.entities.get(eid)
        if e is None or e.state == entities.DEAD:
            continue
        if trigger_kind in SPOT_KINDS:
            _raise(game, e, "spot", trigger_kind)
        if mech_kind is not None:
            _raise(game, e, "block", mech_kind)


@systems.system("learning", 360)
def tick(game):
    c = caution.state_of(game)
    if not c.lessons:
        return
    lessons = c.lessons
    c.lessons = []
    for trig, mech, ids in lessons:
        teach(game, trig, mech, ids)


def spot_bonus(game, adventurer, trigger_kind):
    return spot_learned(adventurer, trigger_kind)


def block_bonus(game, target, mechanism_kind):
    return block_learned(target, mechanism_kind)


mind_hooks.add_spot_bonus(spot_bonus)
trap_state.add_block_bonus(block_bonus)


def _named(d):
    return [{"kind": k, "name": tp.NAMES[k], "value": d[k]} for k in sorted(d)]


@snapshot.describe_part
def describe_part(game, e, info):
    """For an adventurer: learned {"spot": {kind: n}, "block": {kind: n}} and learned_named
    {"spot": [{kind, name, value}], "block": [...]} (kinds sorted, display names)."""
    if e.kind != entities.ADVENTURER:
        return
    L = learned_of(e) or {"spot": {}, "block": {}}
    info["learned"] = {"spot": dict(L["spot"]), "block": dict(L["block"])}
    info["learned_named"] = {"spot": _named(L["spot"]), "block": _named(L["block"])}
