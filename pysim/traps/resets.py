"""Resetting trap parts (RESET-01..06) and what a botched reset does.

A Traps-duty minion resets one part at a time (pysim/traps/jobs.py walks it there and spends
RESET_TICKS of work), then rolls its Craft against the part's difficulty
(trap_parts.RESET_DIFFICULTY) with the opposed 2d6 roll of pysim/core/dice.py:
  SUCCESS  the part works again: no reset needed, not expired, a rigged trigger is normal
           again (RESET-05), a plate/tripwire/sensor turns off (HOLD-03), and the 2-day
           clock restarts from zero (DECAY-02).
  FAILURE  nothing changes; the minion works and rolls again.
  BOTCH    one of two things, 50% each (RESET-03), drawn from the "traps" stream:
    "trigger"  the trap goes off at once: its mechanism acts right away (no timer delay,
               whatever its state, unless still a blueprint) and can hit the minion; every
               part of that trap then needs a reset, the botched part included.
    "rig"      the botched part counts as reset, but the trap's trigger becomes rigged:
               it reacts to anyone, your minions too, except the botcher (RESET-04).
  A lever can't be rigged, so on a trap with a lever a botch always triggers (RESET-06).
  A part that is not in a whole trap (no trigger in its network, or a trigger with no
  mechanism or door to work) never goes off (TRAP-04): there a botch is a failed roll.
"""
from pysim.combat import fighter
from pysim.core import dice
from pysim.traps import decay, mechanisms, trap_parts as tp, trap_state, triggering

BOTCH_TRIGGER = "trigger"
BOTCH_RIG = "rig"


def botch_chances(riggable):
    """RESET-03/06: exact chances of the two botch outcomes."""
    if riggable:
        return {BOTCH_TRIGGER: 0.5, BOTCH_RIG: 0.5}
    return {BOTCH_TRIGGER: 1.0, BOTCH_RIG: 0.0}


def draw_botch(rng, riggable):
    """One draw (always exactly one, so the stream stays aligned)."""
    r = float(rng.random())
    if riggable and r >= 0.5:
        return BOTCH_RIG
    return BOTCH_TRIGGER


def trigger_of(game, part, net=None):
    for q in trap_state.trap_parts_of(game, part, net):
        if tp.is_trigger(q.kind):
            return q
    return None


def reset_chances(craft, kind):
    """Exact {SUCCESS, FAILURE, BOTCH} of one reset roll."""
    return dice.outcome_chances(int(craft), tp.RESET_DIFFICULTY[kind])


def finish_reset(game, part, announce=True):
    """The part works again (a successful reset). announce=False: the caller words it (a
    botch that rigs counts as a reset, but the player reads one line, the botch, not "Reset
    done" beside it on the same tick)."""
    st = trap_state.state_of(game)
    part.needs_reset = False
    part.expired = False
    if part.rigged:
        part.rigged = False
        part.rigged_by = -1
    decay.note_reset(st, part, game.tick)
    st.changed()
    if announce:
        game.emit("part_reset", part=part.id, kind=part.kind, x=part.x, y=part.y)
    if tp.is_trigger(part.kind) and part.kind != tp.LEVER and part.on:
        triggering.set_on(game, part, False, -1)


def roll_reset(game, minion, part):
    """RESET-02: one reset roll by `minion` on `part`. Returns "reset", "failed",
    "botch_trigger" or "botch_rig"."""
    rng = game.rng.stream("traps")
    craft = fighter.stat(minion, "craft")
    outcome, margin = dice.opposed_roll(rng, craft, tp.RESET_DIFFICULTY[part.kind])
    if outcome == dice.SUCCESS:
        finish_reset(game, part)
        return "reset"
    difficulty = tp.RESET_DIFFICULTY[part.kind]
    if outcome == dice.FAILURE:
        # craft and difficulty: the player reads why it failed, and that it is only a roll
        game.emit("reset_failed", part=part.id, entity=minion.id, craft=int(craft),
                  difficulty=int(difficulty))
        return "failed"
    net = trap_state.network(game)
    if triggering.missing(game, part, net):
        # TRAP-04: a part that is not in a whole trap (a trigger and a mechanism or door it
        # works) can never go off, so its botch is only a failed roll
        game.emit("reset_failed", part=part.id, entity=minion.id, craft=int(craft),
                  difficulty=int(difficulty))
        return "failed"
    trig = trigger_of(game, part, net)
    riggable = trig.kind != tp.LEVER
    what = draw_botch(rng, riggable)
    if what == BOTCH_RIG:
        finish_reset(game, part, announce=False)
        trig.rigged = True
        trig.rigged_by = minion.id
        trap_state.state_of(game).changed()
        game.emit("reset_botched", part=part.id, entity=minion.id, outcome=BOTCH_RIG,
                  trigger=trig.id)
        return "botch_rig"
    game.emit("reset_botched", part=part.id, entity=minion.id, outcome=BOTCH_TRIGGER,
              trigger=trig.id)
    botch_fire(game, part, minion.id, net)
    return "botch_trigger"


def botch_fire(game, part, minion_id, net=None):
    """RESET-03 (a): the trap goes off at once and can hit the minion; all its parts
    need a reset afterwards (levers never do)."""
    st = trap_state.state_of(game)
    parts = trap_state.trap_parts_of(game, part, net)
    mech = None
    for q in parts:
        if tp.is_mechanism(q.kind):
            mech = q
    for q in parts:
        if q.built and tp.decays(q.kind):
            q.needs_reset = True
    st.changed()
    if mech is not None and mech.built:
        game.emit("mechanism_fired", part=mech.id, kind=mech.kind, x=mech.x, y=mech.y,
                  who=int(minion_id), trigger=-1, botch=True)
        mechanisms.EFFECTS[mech.kind](game, mech, minion_id)
