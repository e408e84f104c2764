"""What the game shows of doors: the snapshot rows and the door panel's details.

Snapshot keys (one row per door, by door id):
  door_id int32, door_pos float32 (N, 2), door_open uint8, door_state uint8
  (0 closed, 1 open, 2 held, 3 locked, 4 breached), door_held uint8, door_padlock uint8
  (0 none, 1 being built, 2 built), door_armed uint8, door_locked uint8 (stops
  adventurers now), door_trigger int32 (wired trigger
  part id or -1), door_trigger_on uint8.
  Breaches: breach_door, breach_worker, breach_method (0 pick, 1 bash), breach_progress,
  breach_needed, breach_failures, breach_total_failures (int32 arrays).
"""
import numpy as np

from pysim.core.snapshot import snapshot_part
from pysim.doors import breach as BR
from pysim.doors.doors import STATE_NAMES, area
from pysim.doors.wired_doors import trigger_of
from pysim.traps import trap_state


@snapshot_part
def door_snapshot(game, snap):
    a = area(game)
    doors = a.sorted_doors()
    st = trap_state.state_of(game)
    # the wired triggers change only with the wiring layout (the network's own cache key)
    key = (len(doors), st.layout, st.wires.version, id(st))
    cached = getattr(a, "_snap_triggers", None)
    if cached is not None and cached[0] == key:
        trig = cached[1]
    else:
        net = trap_state.network(game) if doors and st.wires.wires else None
        trig = []
        for d in doors:
            t = trigger_of(game, d, net) if net is not None else None
            trig.append(-1 if t is None else t.id)
        a._snap_triggers = (key, trig)
    snap["door_id"] = np.array([d.id for d in doors], dtype=np.int32)
    snap["door_pos"] = np.array([[d.x, d.y] for d in doors], dtype=np.float32).reshape(-1, 2)
    snap["door_open"] = np.array([1 if d.open else 0 for d in doors], dtype=np.uint8)
    snap["door_state"] = np.array([d.state_code() for d in doors], dtype=np.uint8)
    snap["door_held"] = np.array([1 if d.held else 0 for d in doors], dtype=np.uint8)
    # for world/DoorLayer.gd: a padlock that stops adventurers now
    snap["door_locked"] = np.array([1 if d.stops() else 0 for d in doors], dtype=np.uint8)
    snap["door_padlock"] = np.array([d.padlock for d in doors], dtype=np.uint8)
    snap["door_armed"] = np.array([1 if d.armed else 0 for d in doors], dtype=np.uint8)
    snap["door_trigger"] = np.array(trig, dtype=np.int32)
    snap["door_trigger_on"] = np.array([1 if d.trigger_on else 0 for d in doors],
                                       dtype=np.uint8)
    bs = a.breaches
    snap["breach_door"] = np.array([b.door for b in bs], dtype=np.int32)
    snap["breach_worker"] = np.array([b.worker for b in bs], dtype=np.int32)
    snap["breach_method"] = np.array([0 if b.method == BR.PICK else 1 for b in bs],
                                     dtype=np.int32)
    snap["breach_progress"] = np.array([b.progress for b in bs], dtype=np.int32)
    snap["breach_needed"] = np.array([b.ticks_needed for b in bs], dtype=np.int32)
    snap["breach_failures"] = np.array([b.failures for b in bs], dtype=np.int32)
    snap["breach_total_failures"] = np.array([b.total_failures for b in bs], dtype=np.int32)


def describe_door(game, door):
    """Details for the door panel (plain values)."""
    a = area(game)
    b = a.breach_at(door.id)
    t = trigger_of(game, door)
    return {"door": door.id, "x": door.x, "y": door.y, "state": STATE_NAMES[door.state_code()],
            "open": door.open, "held": door.held, "padlock": door.padlock,
            "armed": door.armed, "breached": door.breached,
            "trigger": -1 if t is None else t.id, "trigger_on": door.trigger_on,
            "breach": None if b is None else b.to_dict()}
