"""The Cautious status of a party (CAUT-01..04). Decisions: docs/rules/adventurers.md,
"Cautious".

A party becomes Cautious when a member sets off a trap, walks onto a corridor tile
(pysim/adventurers/areas.py), or arrives in an area with old blood or old scorch marks
(pysim/adventurers/marks.py) it has not seen marks in before. While Cautious its members'
steps take 5/4 as long (rounded up) and they get the party's bonus (+1, +2 after a trap set
off while already Cautious) to spot, disarm and resist traps (mind_hooks, trap_state
BLOCK_BONUS_FNS), except while standing in gas (LEARN-05). The first attack roll involving
a member (striking.ATTACK_HOOKS) ends it; so does spotting a trap, after which corridors no
longer make that party Cautious (CAUT-04).

A trap set off during the traps system is acted on after it (this module's system, just
after the traps'), so the trap that makes a party Cautious is not itself resisted better.

State (game.areas["caution"]): party id -> PartyMind, created when a party first becomes
Cautious or sees marks. Events: party_cautious {party, reason, bonus, who}, party_calm
{party, cause}.
"""
import numpy as np

from pysim.adventurers import areas, marks, mind_hooks
from pysim.combat import striking
from pysim.core import entities, movement, snapshot, systems
from pysim.core.game import register_area
from pysim.core.parties import party_of
from pysim.traps import mechanisms, trap_state

TRAP = "trap"
CORRIDOR = "corridor"
OLD_BLOOD = "old blood"
OLD_SCORCH = "old scorch"
FIGHT = "fight"
SPOTTED = "spotted"
SLOW_NUM, SLOW_DEN = 5, 4      # a Cautious step takes 5/4 as long: 20% slower


class PartyMind(object):
    def __init__(self):
        self.cautious = False
        self.bonus = 0                # 1, or 2 after a trap while already Cautious
        self.reason = ""              # what made it Cautious last
        self.corridors_off = False    # CAUT-04: it spotted a trap while Cautious
        self.mark_areas = []          # sorted area ids where it has seen old marks

    def hash_state(self):
        return (self.cautious, self.bonus, self.reason, self.corridors_off, self.mark_areas)


class Caution(object):
    def __init__(self, game=None):
        self.parties = {}             # party id -> PartyMind
        # Within one tick only (empty between ticks, so never hashed): who set off a trap
        # during the traps system; and the lessons learning.py hands out after it.
        self.pending = []
        self.lessons = []
        self._snap = None             # (cautious party ids, next_id, cautious_ids): a view cache

    def hash_state(self):
        return self.parties


register_area("caution", Caution)


def state_of(game):
    return game.areas["caution"]


def mind_of(game, pid, create=False):
    c = state_of(game)
    m = c.parties.get(pid)
    if m is None and create:
        m = c.parties[pid] = PartyMind()
    return m


def is_cautious(game, e):
    m = state_of(game).parties.get(party_of(e))
    return m is not None and m.cautious


def caution_bonus(game, e):
    """The Cautious bonus an adventurer gets now: 0 when not Cautious or standing in gas."""
    if e.kind != entities.ADVENTURER:
        return 0
    m = state_of(game).parties.get(party_of(e))
    if m is None or not m.cautious:
        return 0
    if mechanisms.in_gas(game, e.x, e.y):
        return 0
    return m.bonus


def make_cautious(game, pid, reason, who=-1):
    m = mind_of(game, pid, True)
    if m.cautious:
        if reason != TRAP or m.bonus >= 2:
            return False
        m.bonus = 2
    else:
        m.cautious = True
        m.bonus = 1
    m.reason = reason
    game.emit("party_cautious", party=int(pid), reason=reason, bonus=m.bonus, who=int(who))
    return True


def calm(game, pid, cause):
    m = state_of(game).parties.get(pid)
    if m is None or not m.cautious:
        return False
    m.cautious = False
    m.bonus = 0
    game.emit("party_calm", party=int(pid), cause=cause)
    return True


# --- what makes a party Cautious --------------------------------------------------------------
def _triggered(game, part, mech_kind, who):
    state_of(game).pending.append(int(who))


trap_state.add_triggered_hook(_triggered)


@systems.system("caution", 361)
def tick(game):
    c = state_of(game)
    if not c.pending:
        return
    pending = c.pending
    c.pending = []
    for who_id in pending:
        who = game.entities.get(who_id)
        if who is not None and who.kind == entities.ADVENTURER:
            make_cautious(game, party_of(who), TRAP, who.id)


def _arrived(game, e, x, y):
    """CAUT-01: onto a corridor tile, or into an area with old marks not seen before."""
    if e.kind != entities.ADVENTURER:
        return
    pid = party_of(e)
    m = state_of(game).parties.get(pid)
    corridor, area_map = areas.maps(game)
    if corridor[y, x] and (m is None or not (m.cautious or m.corridors_off)):
        make_cautious(game, pid, CORRIDOR, e.id)
        m = mind_of(game, pid)
    a = int(area_map[y, x])
    if a < 0 or (m is not None and a in m.mark_areas):
        return
    kinds = marks.old_kinds_in(game, a)
    if not kinds:
        return
    m = mind_of(game, pid, True)
    m.mark_areas.append(a)
    m.mark_areas.sort()
    make_cautious(game, pid, OLD_BLOOD if kinds[0] == marks.BLOOD else OLD_SCORCH, e.id)


movement.add(movement.ENTER_HOOKS, "caution.arrived", _arrived, 300)


def _slow_step(game, e, nx, ny):
    """CAUT-02: 20% slower."""
    if e.kind == entities.ADVENTURER and is_cautious(game, e):
        e.step_len = (e.step_len * SLOW_NUM + SLOW_DEN - 1) // SLOW_DEN


movement.add(movement.STEP_HOOKS, "caution.slow", _slow_step, 300)


# --- what ends it ----------------------------------------------------------------------------
def _attack(game, a, victim):
    """CAUT-03: any attack roll involving a member is the party's fight."""
    for e in (a, victim):
        if e.kind == entities.ADVENTURER:
            calm(game, party_of(e), FIGHT)


striking.add_attack_hook(_attack)


def _spotted(game, party_id, spotter_id, part_id):
    """CAUT-04."""
    m = state_of(game).parties.get(party_id)
    if m is not None and m.cautious:
        calm(game, party_id, SPOTTED)
        m.corridors_off = True


mind_hooks.add_spotted_hook(_spotted)


# --- the bonuses -------------------------------------------------------------------------------
def spot_bonus(game, adventurer, trigger_kind):
    return caution_bonus(game, adventurer)


def disarm_bonus(game, adventurer, trigger_kind):
    return caution_bonus(game, adventurer)


def resist_bonus(game, target, mechanism_kind):
    return caution_bonus(game, target)


mind_hooks.add_spot_bonus(spot_bonus)
mind_hooks.add_disarm_bonus(disarm_bonus)
trap_state.add_block_bonus(resist_bonus)


_NO_IDS = np.zeros(0, dtype=np.int32)


@snapshot.snapshot_part
def snapshot_part(game, snap):
    """cautious_ids int32: the adventurers whose party is Cautious now (the map marks them);
    rebuilt only when the Cautious parties or the bodies change."""
    c = state_of(game)
    pids = tuple(sorted(pid for pid, m in c.parties.items() if m.cautious))
    if not pids:
        snap["cautious_ids"] = _NO_IDS
        return
    cached = getattr(c, "_snap", None)
    if cached is None or cached[0] != pids or cached[1] != game.next_id:
        ids = [e.id for e in game.entities.values()
               if e.kind == entities.ADVENTURER and party_of(e) in pids]
        cached = (pids, game.next_id, np.array(ids, dtype=np.int32))
        c._snap = cached
    snap["cautious_ids"] = cached[2]


REASON_WORDS = {TRAP: "a trap went off", CORRIDOR: "a narrow corridor",
                OLD_BLOOD: "old blood on the floor", OLD_SCORCH: "old scorch marks"}


@snapshot.describe_part
def describe_part(game, e, info):
    """For an adventurer: cautious (bool), caution_bonus (int, what it gets now: 0 in gas),
    party_cautious_reason (str: trap, corridor, old blood, old scorch; "" when calm),
    party_cautious_words (the reason in words), corridors_off (bool)."""
    if e.kind != entities.ADVENTURER:
        return
    m = state_of(game).parties.get(party_of(e))
    cautious = m is not None and m.cautious
    info["cautious"] = cautious
    info["caution_bonus"] = caution_bonus(game, e)
    info["party_cautious_reason"] = m.reason if cautious else ""
    info["party_cautious_words"] = REASON_WORDS.get(m.reason, "") if cautious else ""
    info["corridors_off"] = bool(m is not None and m.corridors_off)
