"""The dice (DICE-01): one opposed roll used by every rule that rolls.

Each side rolls 2d6 and adds its total (stat + bonuses). The actor (the side trying to
do something: hit, reset, spot, pick, bash) wins only with a strictly higher total, so a
tie keeps things as they are. If the actor's two dice both show 1 it is a botch,
whatever the totals: a distinct outcome, rarer (1/36) than a failure.

Exact probabilities for any pair of totals come from `outcome_chances`, which tests and
the rules document use; the table in docs/rules/dice.md is printed from it.
"""
import cython

from pysim.core import draws

SUCCESS = 1
FAILURE = 0
BOTCH = -1

_SIDES = 6


def roll_2d6(rng):
    """Two dice from a numpy Generator; returns (die1, die2)."""
    d = draws.ints(rng, 1, _SIDES + 1, 2)   # rng.integers(1, 7, size=2), the same draws
    return d[0], d[1]


def judge(actor_dice, opponent_dice, actor: cython.int, opponent: cython.int):
    """Outcome and margin of an opposed roll whose dice are already known."""
    a1, a2 = actor_dice
    margin: cython.int = (a1 + a2 + actor) - (opponent_dice[0] + opponent_dice[1] + opponent)
    if a1 == 1 and a2 == 1:
        return BOTCH, margin
    if margin > 0:
        return SUCCESS, margin
    return FAILURE, margin


def opposed_roll(rng, actor, opponent):
    """Roll actor (stat + bonuses) against opponent (stat + bonuses).

    Returns (outcome, margin) with outcome SUCCESS, FAILURE or BOTCH. The actor's dice are
    drawn first, so a given stream gives the same result for the same call sequence.
    """
    actor_dice = roll_2d6(rng)
    opponent_dice = roll_2d6(rng)
    return judge(actor_dice, opponent_dice, int(actor), int(opponent))


def outcome_chances(actor, opponent):
    """Exact chances {SUCCESS: p, FAILURE: p, BOTCH: p} by enumerating all 1296 rolls."""
    counts = {SUCCESS: 0, FAILURE: 0, BOTCH: 0}
    faces = range(1, _SIDES + 1)
    for a1 in faces:
        for a2 in faces:
            for b1 in faces:
                for b2 in faces:
                    outcome, _ = judge((a1, a2), (b1, b2), int(actor), int(opponent))
                    counts[outcome] += 1
    total = float(_SIDES ** 4)
    return {k: v / total for k, v in counts.items()}


def success_chance(actor, opponent):
    """Chance that the actor succeeds (neither fails nor botches)."""
    return outcome_chances(actor, opponent)[SUCCESS]
