"""A Rogue's Detect Traps (KNOW-04). Decisions: docs/rules/adventurers.md, "Knowledge".

An adventurer with the Detect Traps trait (pysim/combat/stats.py DETECT_TRAPS: every Rogue)
uses it whenever it is conscious and the ability is ready: at once when first seen on the
map, then again every COOLDOWN ticks (half a game hour). It shows every built trigger
(levers aside) within DETECT_RANGE tiles (Chebyshev) of the Rogue, walls or not, to every
living member of its party, wherever they stand: the one way knowledge goes by party.
`detect_traps` is emitted when a use finds at least one trigger.
"""
import cython

from pysim.adventurers import knowledge as K
from pysim.adventurers.spotting import triggers_near
from pysim.combat import fighter as F, stats as S
from pysim.core import entities, systems
from pysim.core.entities import Entity
from pysim.core.parties import PartyIndex, party_of
from pysim.traps import trap_state

DETECT_RANGE = 7
COOLDOWN = 300


def use(game, rogue, idx=None):
    """The Rogue detects now: its party learns every trigger within DETECT_RANGE."""
    ks = K.state_of(game)
    ks.detect_at[rogue.id] = game.tick + COOLDOWN
    found = triggers_near(game, rogue.x, rogue.y, DETECT_RANGE)
    if not found:
        return []
    pid = party_of(rogue)
    if idx is None:
        idx = PartyIndex(game)
    game.emit("detect_traps", entity=rogue.id, party=pid, parts=list(found))
    st = trap_state.state_of(game)
    for e in idx.of(pid):
        if e.state == entities.DEAD:
            continue
        for part_id in found:
            K.learn(game, e, st.parts[part_id], "detected")
    return found


@systems.system("detect_traps", 150)
def tick(game):
    ks = K.state_of(game)
    idx = None
    # typed: this walks every body every tick
    e: Entity
    adventurer: cython.int = entities.ADVENTURER
    up: cython.int = entities.UP
    for e in list(game.live()):
        if e.kind != adventurer or e.state != up:
            continue
        eid = e.id
        if ks.detect_at.get(eid, 0) > game.tick or not F.has_trait(e, S.DETECT_TRAPS):
            continue
        if idx is None:
            idx = PartyIndex(game)
        use(game, e, idx)
