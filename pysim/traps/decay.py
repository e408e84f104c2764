"""The 2-day clock of trap parts (DECAY-01..04): a part stops working exactly DECAY_TICKS
after its last reset; the count of parts waiting for a Traps-duty minion."""

from pysim.core.clock import TICKS_PER_HOUR
from pysim.traps import trap_parts as tp
from pysim.traps.trap_state import state_of

DECAY_TICKS = 2 * 24 * TICKS_PER_HOUR    # DECAY-01: exactly 2 game days


def decay(game):
    """DECAY-01..03: a part stops working exactly DECAY_TICKS after its last reset."""
    st = state_of(game)
    now = game.tick
    if now < st.next_decay:
        return
    nxt = 1 << 62
    for pid in sorted(st.parts):
        p = st.parts[pid]
        if not p.built or p.expired or not tp.decays(p.kind):
            continue
        due = p.last_reset + DECAY_TICKS
        if due <= now:
            p.expired = True
            st.changed()
            game.emit("part_expired", part=p.id, kind=p.kind, x=p.x, y=p.y)
        elif due < nxt:
            nxt = due
    st.next_decay = nxt


def note_reset(st, part, now):
    part.last_reset = int(now)
    due = part.last_reset + DECAY_TICKS
    if tp.decays(part.kind) and due < st.next_decay:
        st.next_decay = due


# -- counts for the UI (DECAY-04) -------------------------------------------------------------

def reset_workload(game):
    """Parts waiting for a Traps-duty minion: needing a reset or expired."""
    n = 0
    for p in state_of(game).parts.values():
        if p.needs_work():
            n += 1
    return n
