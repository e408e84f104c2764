"""What the front end sees of combat: the per-entity rows of the snapshot and describe's
"combat" (moved out of combat.py, which registers them where it did, so the keys keep their
place among the other parts).

Per-frame data only from what changed: one typed pass a frame reads every
entity's shown fighter fields into a (7, n) int32 table; each row that equals last frame's
hands out the very array it handed out then (Frames.changes stops at its identity, the
front end is not sent it again); only a changed row makes a new array. The table is a cache
beside the game (never state, never hashed), compared by value, so it always equals a
rebuild.
"""
import cython
import numpy as np

from pysim.combat import fighter as F, stance as ST, striking as SK, wounds as W
from pysim.combat.fighter import Fighter, fighter_of
from pysim.core import snapshot

# (key, dtype), in the table's row order (_fill writes the rows)
ROWS = (("ent_wound_points", np.int32), ("ent_stance", np.int32), ("ent_action", np.int32),
        ("ent_target", np.int32), ("ent_bleeding", np.uint8), ("ent_captured", np.uint8),
        ("ent_carried_by", np.int32))


class CombatRows(snapshot.KeptRows):
    """Last frame's table and the arrays made of it, and the shots (a cache beside the game)."""

    def __init__(self):
        snapshot.KeptRows.__init__(self, [dtype for (_, dtype) in ROWS])
        self.shots = ()
        self.shots_array = np.zeros((0, 4), dtype=np.float32)


@cython.boundscheck(False)
@cython.wraparound(False)
def _fill(ents: list, table: cython.int[:, ::1]):
    """Row r, column i: entity i's r-th shown fighter field (ROWS; 0 / -1 where an entity
    does not fight)."""
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = len(ents)
    f: Fighter
    for i in range(n):
        fo = fighter_of(ents[i])
        if fo is None:
            table[0, i] = 0
            table[1, i] = -1
            table[2, i] = 0
            table[3, i] = -1
            table[4, i] = 0
            table[5, i] = 0
            table[6, i] = -1
            continue
        f = fo
        table[0, i] = f.wound_points()
        table[1, i] = f.stance
        table[2, i] = f.action
        table[3, i] = f.target
        table[4, i] = 1 if f.bleeding() else 0
        table[5, i] = 1 if f.captured else 0
        table[6, i] = f.carried_by


def rows_of(game):
    rows = getattr(game, "combat_rows", None)
    if rows is None:
        rows = CombatRows()
        game.combat_rows = rows
    return rows


def snapshot_part(game, snap):
    """Per entity, in ent_id order (-1 / 0 where an entity does not fight):
    ent_wound_points int32, ent_stance int32 (0 flee .. 4 aggressive), ent_action int32
    (stance.ACTION_NAMES), ent_target int32 (entity id or -1), ent_bleeding uint8,
    ent_captured uint8 (a prisoner), ent_carried_by int32.
    combat_shots float32 (N, 4): x0, y0, x1, y1 of shots fired in the last 5 ticks.
    wound_unable_at int: the wound points that leave a body unable to fight (KO-01; the
    map's wound bars are drawn against it)."""
    rows = rows_of(game)
    ents = list(game.entities.values())
    table = rows.table(len(ents))
    _fill(ents, table)
    for (key, _), array in zip(ROWS, rows.hand_out(table)):
        snap[key] = array
    shots = tuple([(s[3], s[4], s[5], s[6]) for s in SK.state(game).shots])
    if shots != rows.shots:
        rows.shots = shots
        rows.shots_array = np.array(shots, dtype=np.float32).reshape(-1, 4)
    snap["combat_shots"] = rows.shots_array
    snap["wound_unable_at"] = W.UNABLE_AT


def describe_part(game, e, info):
    """describe(id)["combat"]: stats, weapon, armour, wounds with locations and points,
    wound_points, unable_at, stance (name and index), action, target, bleeding, wake_tick,
    captured, carried_by, known enemies."""
    f = F.fighter_of(e)
    if f is None:
        return
    info["combat"] = {
        "stats": f.stats.to_dict(),
        "wounds": [w.to_dict() for w in f.wounds],
        "wound_points": f.wound_points(),
        "unable_at": W.UNABLE_AT,
        "stance": f.stance,
        "stance_name": ST.NAMES[f.stance],
        "stances": list(ST.NAMES),
        "action": ST.ACTION_NAMES[f.action],
        "target": f.target,
        "ordered_target": f.ordered_target,
        "bleeding": f.bleeding(),
        "wake_tick": f.wake_tick,
        "captured": f.captured,
        "carried_by": f.carried_by,
        "carrying": f.carrying,
        "known_enemies": sorted(f.known),
        "kills": f.kills,
        "task": list(f.task) if f.task else None,
    }
