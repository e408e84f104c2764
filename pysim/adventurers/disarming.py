"""Disarming a known plate or sensor in the way (KNOW-05). Decisions:
docs/rules/adventurers.md, "Disarming".

An adventurer about to step where a pressure plate or sensor it knows would notice it (and
still works, where it was learned) only does so when its plan found no other way (the
high cost of avoiding.py). It stops there and its party disarms: that adventurer works
DISARM_TICKS, then rolls Craft + mind_hooks.disarm_bonus against the trigger's difficulty
(disarm_difficulty: the reset difficulty + 1, Shoddy 2 less) with the opposed 2d6:
  SUCCESS  `disarm_succeeded`: the trigger needs a reset (it does nothing until your
           minions reset it); the party walks on.
  FAILURE  `disarm_failed`: time lost; it works DISARM_TICKS more and rolls again.
  BOTCH    `disarm_botched`: the trap goes off on the disarmer (triggering.set_off).
One disarm per party at a time; the party's other members do not step onto that trigger
meanwhile. A disarmer who is knocked out, dies, leaves or is moved more than REACH tiles away (a
fight) ends the attempt, as does the trigger ceasing to work (a minion's reset does not restart it: it was already working).
mind_hooks.DISARMED_HOOKS get every outcome.
"""
from pysim.adventurers import avoiding, knowledge as K, mind_hooks
from pysim.combat import fighter as F
from pysim.core import dice, entities, movement, systems
from pysim.core.parties import party_of
from pysim.traps import trap_parts as tp, trap_state, triggering

DISARM_TICKS = 30
REACH = 2        # a disarmer works from at most this far (beside a sensor's 3x3 square)
SHODDY_EASIER = 2

DISARMED = "disarmed"
FAILED = "failed"
BOTCHED = "botched"


def disarm_difficulty(kind, shoddy):
    d = tp.RESET_DIFFICULTY[kind] + 1
    return d - SHODDY_EASIER if shoddy else d


def disarm_chances(craft, kind, shoddy, bonus=0):
    """Exact {SUCCESS, FAILURE, BOTCH} of one disarm roll."""
    return dice.outcome_chances(int(craft) + int(bonus), disarm_difficulty(kind, shoddy))


def _known_in_way(game, e, nx, ny):
    """The known, working plate or sensor that would notice `e` on (nx, ny) but not where
    it stands now, else None."""
    for p in avoiding.known_live(game, e.id, avoiding.AVOIDED):
        tiles = p.sense_tiles()
        if (nx, ny) in tiles and (e.x, e.y) not in tiles:
            return p
    return None


def _step_check(game, e, nx, ny):
    if e.kind != entities.ADVENTURER:
        return True
    ks = K.state_of(game)
    if not ks.known.get(e.id):
        return True
    p = _known_in_way(game, e, nx, ny)
    if p is None:
        return True
    party = party_of(e)
    job = ks.disarms.get(party)
    if job is None:
        ks.disarms[party] = [e.id, p.id, game.tick + DISARM_TICKS]
        game.emit("disarm_started", entity=e.id, party=party, part=p.id, kind=p.kind,
                  x=p.x, y=p.y)
    return False


movement.add(movement.STEP_CHECKS, "disarming", _step_check, order=450)


def _finish(game, party, worker, part):
    ks = K.state_of(game)
    kind = tp.trigger_kind(part.kind)
    total = F.stat(worker, "craft") + mind_hooks.disarm_bonus(game, worker, kind)
    outcome, _ = dice.opposed_roll(game.rng.stream("disarming"), total,
                                   disarm_difficulty(part.kind, part.shoddy))
    if outcome == dice.SUCCESS:
        del ks.disarms[party]
        part.needs_reset = True
        trap_state.state_of(game).changed()
        game.emit("disarm_succeeded", entity=worker.id, party=party, part=part.id,
                  kind=part.kind, x=part.x, y=part.y)
        result = DISARMED
    elif outcome == dice.FAILURE:
        ks.disarms[party][2] = game.tick + DISARM_TICKS
        game.emit("disarm_failed", entity=worker.id, party=party, part=part.id,
                  kind=part.kind, x=part.x, y=part.y)
        result = FAILED
    else:
        del ks.disarms[party]
        game.emit("disarm_botched", entity=worker.id, party=party, part=part.id,
                  kind=part.kind, x=part.x, y=part.y)
        triggering.set_off(game, part, worker.id)
        result = BOTCHED
    for fn in list(mind_hooks.DISARMED_HOOKS):
        fn(game, party, worker.id, part.id, result)


@systems.system("disarming", 170)
def tick(game):
    ks = K.state_of(game)
    if not ks.disarms:
        return
    st = trap_state.state_of(game)
    for party in sorted(ks.disarms):
        worker_id, part_id, due = ks.disarms[party]
        worker = game.entities.get(worker_id)
        part = st.parts.get(part_id)
        if worker is None or worker.state != entities.UP or part is None or \
                not part.works() or max(abs(worker.x - part.x), abs(worker.y - part.y)) > REACH:
            del ks.disarms[party]
            continue
        if due <= game.tick:
            _finish(game, party, worker, part)
