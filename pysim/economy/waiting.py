"""MINE-05: a trap or furniture blueprint that waits for metal says so, once.

When a blueprint still wants metal (less on site and on its way than it needs) and no
stock pile holds any, the event `blueprint_waiting_for_metal` names it, once per blueprint
(the player learns why nothing happens; repeating it every hour would drown the log).
The part's panel shows it as long as it holds (describe_part's `waiting_for_metal`).
Furniture blueprints (pysim/economy/furniture.py) say it with `furniture_waiting_for_metal`,
padlock blueprints (pysim/doors/locks.py) with `padlock_waiting_for_metal`.
Checked every WAIT_CHECK_TICKS (a game minute).
"""
from pysim.core import hooks, systems
from pysim.economy import econ_state as S
from pysim.traps import trap_view

WAIT_CHECK_TICKS = 10


def waiting_ids(game):
    """Ids of the blueprints that want metal while no pile holds any (sorted)."""
    traps = game.areas["traps"]
    if not traps.parts or S.metal_total(game) > 0:
        return []
    return sorted(traps.work_lists()[2])


@systems.system("economy_waiting", 470)
def tick(game):
    if game.tick % WAIT_CHECK_TICKS:
        return
    traps = game.areas["traps"]
    st = S.state_of(game)
    if st.waited:
        kept = [i for i in st.waited if i in traps.parts]
        if kept != st.waited:
            st.waited = kept
    for pid in waiting_ids(game):
        if pid in st.waited:
            continue
        p = traps.parts[pid]
        st.waited.append(pid)
        from pysim.traps import trap_parts as tp
        game.emit("blueprint_waiting_for_metal", part=pid, kind=p.kind, name=tp.NAMES[p.kind],
                  x=p.x, y=p.y, needed=tp.METAL[p.kind] - p.metal)
    _furniture(game, st)
    _padlocks(game, st)


def _padlocks(game, st):
    doors = game.areas.get("doors")
    if doors is None or (not st.waited_padlocks and S.metal_total(game) > 0):
        return
    from pysim.doors.doors import PADLOCK_BLUEPRINT, PADLOCK_METAL
    if st.waited_padlocks:
        # a padlock built (or taken off) since: a later blueprint there may say it again
        kept = [i for i in st.waited_padlocks
                if doors.get(i) is not None and doors.get(i).padlock == PADLOCK_BLUEPRINT]
        if kept != st.waited_padlocks:
            st.waited_padlocks = kept
    if S.metal_total(game) > 0:
        return
    for d in doors.sorted_doors():
        if (d.padlock != PADLOCK_BLUEPRINT or d.metal + d.haulers >= PADLOCK_METAL
                or d.id in st.waited_padlocks):
            continue
        st.waited_padlocks.append(d.id)
        game.emit("padlock_waiting_for_metal", door=d.id, x=d.x, y=d.y,
                  needed=PADLOCK_METAL - d.metal)


def _furniture(game, st):
    from pysim.economy import furniture
    if st.waited_furniture:
        kept = [i for i in st.waited_furniture if i in st.blueprints]
        if kept != st.waited_furniture:
            st.waited_furniture = kept
    if not st.blueprints or S.metal_total(game) > 0:
        return
    for bid in furniture.wanting_metal(game):
        if bid in st.waited_furniture:
            continue
        st.waited_furniture.append(bid)
        b = st.blueprints[bid]
        k = furniture.KINDS[b[0]]
        game.emit("furniture_waiting_for_metal", blueprint=bid, kind=k.name, name=k.label,
                  x=b[1], y=b[2], needed=k.cost - b[3])


def _part_waiting(game, part, d):
    """A part's panel: waiting_for_metal, while its blueprint waits (MINE-05)."""
    if not d.get("built"):
        d["waiting_for_metal"] = part.id in waiting_ids(game)


hooks.add(trap_view.PART_FACTS, _part_waiting)
