"""What the front end sees of the traps: the snapshot's part_* / wire_* / gas_* / web_* /
stock_* keys, a minion's duty and job in describe, and one part's details
(describe_part)."""

import cython

from pysim.core import duties, entities
from pysim.core.duties import duty_of
from pysim.core.entities import Entity
from pysim.traps import trap_parts as tp, triggering, wire_networks, wiring
from pysim.traps.decay import DECAY_TICKS
from pysim.traps.trap_state import network, state_of


def _pos_array(pairs):
    import numpy as np
    return np.array(pairs, dtype=np.float32).reshape(-1, 2)


def _snapshot(game, snap):
    """Keys (all numpy arrays unless noted; one row per part / wire tile / ...):
      part_id int32, part_kind int32 (trap_parts.KIND_CODES: ALL_KINDS order),
      part_pos float32 (N,2), part_state int32 (0 blueprint, 1 ready, 2 needs reset,
      3 expired), part_flags int32 (bit 0 rigged, 1 lever on, 2 shoddy, 3 trigger on,
      4 wide tripwire vertical, 5 a timer counting down, 6 not wired: a built part that is
      not in a whole trap and so does nothing, TRAP-04), part_delay int32 (timer ticks), part_metal int32
      (metal on site; blueprints), part_metal_need int32;
      wire_id int32, wire_net int32 (joined network id), wire_len int32 (tiles per wire),
      wire_tiles float32 (sum(wire_len), 2) the wires' tiles in order, concatenated;
      wire_bumps float32 (B,2) jump tiles, wire_bump_vertical uint8 (the jumping wire
      runs vertically there); wire_joins float32 (J,2) join points;
      gas_pos float32 (G,2), gas_radius int32; web_pos float32 (W,2);
      stock_pos float32 (S,2), stock_metal int32;
      part_work_pos float32 (K,2), part_work float32 (0..1 of the building, or of the
      reset attempt a minion is at), part_worker int32 (the minion at work there, -1:
      nobody): a row per part with building done or a minion at work on it;
      trap_workload int (parts waiting for a reset, DECAY-04), traps_duty int (minions
      on Traps duty), trap_version int (changes on any trap or wire edit)."""
    import numpy as np
    st = state_of(game)
    cache = _cache_of(st)
    # Rows that change only with the layout (parts placed or removed): ids, kinds, places.
    key = (st.layout, len(st.parts))
    if cache.get("layout") != key:
        parts = [st.parts[k] for k in sorted(st.parts)]
        cache["layout"] = key
        cache["parts"] = parts
        cache["static"] = {
            "part_id": np.array([p.id for p in parts], dtype=np.int32),
            "part_kind": np.array([tp.KIND_CODES[p.kind] for p in parts], dtype=np.int32),
            "part_pos": _pos_array([[p.x, p.y] for p in parts]),
            "part_metal_need": np.array([tp.METAL[p.kind] for p in parts], dtype=np.int32)}
        cache["shown"] = None
    parts = cache["parts"]
    # Rows that change when a part's shown field is written (trap_parts.SHOWN_WRITES) or a
    # timer starts or stops counting down (bit 5 of part_flags, from the pending firings).
    # (and, for bit 6, when a wire or door changed the networks)
    counting = frozenset([q[2] for q in st.pending])
    shown = (tp.SHOWN_WRITES[0], key, counting, st.wires.version)
    if cache.get("shown") != shown:
        cache["shown"] = shown
        cache["dynamic"] = _part_rows(parts, counting, _unwired(game, st, cache, parts))
    snap.update(cache["static"])
    snap.update(cache["dynamic"])
    ws = st.wires
    wkey = (st.layout, ws.version)
    if cache.get("wires") != wkey:
        cache["wires"] = wkey
        cache["wire_rows"] = _wire_rows(game, ws)
    snap.update(cache["wire_rows"])
    # gas clouds, webs and metal piles: made again only when one came, went or changed
    # (compared as they are, unsorted: sorting them every frame cost more than the rest)
    gas = [g[:3] for g in st.gas]
    seen = cache.get("loose")
    if seen is None or seen[0] != gas or seen[1] != st.webs.keys() or seen[2] != st.stock:
        cache["loose"] = (gas, frozenset(st.webs), dict(st.stock))
        cache["loose_rows"] = _loose_rows(tuple(tuple(g) for g in gas), tuple(sorted(st.webs)),
                                          tuple(sorted(st.stock.items())))
    snap.update(cache["loose_rows"])
    # the work on parts now: few rows (the work lists' parts), made again when one moved
    work = _work_now(game, st)
    if cache.get("work") != work:
        cache["work"] = work
        cache["work_rows"] = {"part_work_pos": _pos_array([[r[0], r[1]] for r in work]),
                              "part_work": np.array([r[2] for r in work], dtype=np.float32),
                              "part_worker": np.array([r[3] for r in work], dtype=np.int32)}
    snap.update(cache["work_rows"])
    snap["trap_workload"] = cache["dynamic"]["trap_workload"]
    snap["traps_duty"] = _count_on(game.live(), duties.TRAPS)
    snap["trap_version"] = st.version + 1000003 * st.wires.version


@cython.boundscheck(False)
def _count_on(live: list, duty) -> cython.int:
    """How many of `live` duties.minions_on(game, duty) would list (typed: every frame)."""
    e: Entity
    n: cython.int = 0
    minion: cython.int = entities.MINION
    up: cython.int = entities.UP
    for e in live:
        if e.kind == minion and e.state == up and duty_of(e) == duty:
            n += 1
    return n


def _work_now(game, st):
    """(x, y, share done, worker) of each part being built (work done or a builder at it)
    or reset (a minion at the attempt), by id within each list."""
    rows = []
    resets, builds, _ = st.work_lists()
    for pid in builds:
        p = st.parts[pid]
        job = duties.job_at_work(game, p.worker, ("build",), pid)
        if p.work > 0 or job is not None:
            rows.append((p.x, p.y, p.work / float(tp.BUILD_TICKS), -1 if job is None else p.worker))
    for pid in resets:
        p = st.parts[pid]
        job = duties.job_at_work(game, p.worker, ("reset",), pid)
        if job is not None:
            rows.append((p.x, p.y, job[3] / float(tp.RESET_TICKS), p.worker))
    return rows


def _loose_rows(gas, webs, piles):
    import numpy as np
    return {"gas_pos": _pos_array([[g[0], g[1]] for g in gas]),
            "gas_radius": np.array([g[2] for g in gas], dtype=np.int32),
            "web_pos": _pos_array([list(t) for t in webs]),
            "stock_pos": _pos_array([list(t) for t, _ in piles]),
            "stock_metal": np.array([n for _, n in piles], dtype=np.int32)}


def _cache_of(st):
    """The snapshot's rows kept between frames on the trap state (derived, never state)."""
    cache = getattr(st, "_snap_cache", None)
    if cache is None:
        cache = {}
        st._snap_cache = cache
    return cache


def _unwired(game, st, cache, parts):
    """The built parts not in a whole trap (TRAP-04), worked out again only when a part was
    placed, moved or built, or a wire or door changed the networks."""
    built = tuple([p.id for p in parts if p.built])
    key = (st.layout, st.wires.version, built)
    if cache.get("unwired_key") != key:
        net = network(game)
        cache["unwired_key"] = key
        cache["unwired"] = frozenset([p.id for p in parts
                                      if p.built and triggering.missing(game, p, net)])
    return cache["unwired"]


def _part_rows(parts, counting, unwired):
    import numpy as np
    n = len(parts)
    state = np.zeros(n, dtype=np.int32)
    flags = np.zeros(n, dtype=np.int32)
    delay = np.zeros(n, dtype=np.int32)
    metal = np.zeros(n, dtype=np.int32)
    codes = tp.STATE_CODES
    vertical = tp.ORIENT_V
    workload = 0
    for i in range(n):
        p = parts[i]
        state[i] = codes[p.state_name()]
        flags[i] = ((1 if p.rigged else 0) | (2 if p.lever_on else 0) | (4 if p.shoddy else 0)
                    | (8 if p.on else 0) | (16 if p.orient == vertical else 0)
                    | (32 if p.id in counting else 0) | (64 if p.id in unwired else 0))
        delay[i] = p.delay
        metal[i] = p.metal
        if p.built and (p.needs_reset or p.expired):    # Part.needs_work (DECAY-04)
            workload += 1
    return {"part_state": state, "part_flags": flags, "part_delay": delay, "part_metal": metal,
            "trap_workload": workload}


def _wire_rows(game, ws):
    import numpy as np
    wids = sorted(ws.wires)
    nets = wire_networks.wire_network_ids(game, ws, network(game)) if wids else {}
    tiles = []
    for w in wids:
        tiles.extend(ws.wires[w].tiles)
    vert = []
    for b in ws.bumps:
        w = ws.wires.get(b[2])
        v = 0
        if w is not None and (b[0], b[1]) in w.tiles:
            i = w.tiles.index((b[0], b[1]))
            v = 1 if wiring._shape_at(w.tiles, i) == "straight_v" else 0
        vert.append(v)
    return {"wire_id": np.array(wids, dtype=np.int32),
            "wire_net": np.array([nets[w] for w in wids], dtype=np.int32),
            "wire_len": np.array([len(ws.wires[w].tiles) for w in wids], dtype=np.int32),
            "wire_tiles": _pos_array(tiles),
            "wire_bumps": _pos_array([[b[0], b[1]] for b in ws.bumps]),
            "wire_bump_vertical": np.array(vert, dtype=np.uint8),
            "wire_joins": _pos_array([[j[0], j[1]] for j in ws.joins])}


def _describe(game, e, info):
    info["duty"] = getattr(e, "duty", "none") if e.kind == entities.MINION else ""
    job = getattr(e, "job", None)
    info["job"] = job[0] if job else ""
    # What the job is on, so the panel says "building the dart thrower in the west room"
    # rather than "idle": job_what (a part kind or "padlock") and job_at [x, y].
    if job:
        what = _job_object(game, job)
        if what is not None:
            info["job_what"], info["job_at"] = what[0], [what[1], what[2]]


# job kind -> fn(game, job) -> (what, x, y) the job is on, or None: the trap jobs' here, other
# areas add theirs (the padlock jobs: pysim/doors/door_jobs.py)
JOB_OBJECTS = {}


def _job_object(game, job):
    fn = JOB_OBJECTS.get(job[0])
    return None if fn is None else fn(game, job)


def _part_job_object(game, job):
    """A trap job's part (jobs.py: job[1] is a part id)."""
    p = state_of(game).parts.get(job[1])
    return None if p is None else (p.kind, p.x, p.y)


for _kind in ("build", "reset", "haul"):
    JOB_OBJECTS[_kind] = _part_job_object


# What a part not in a whole trap still needs (TRAP-04), by what it lacks (triggering.missing).
NEEDS_WORDS = {("trigger",): "needs a trigger wired to it",
               ("mechanism",): "needs a mechanism wired to it",
               ("trigger", "mechanism"): "needs a trigger and a mechanism wired to it"}
TRIGGER_NEEDS = "needs a mechanism (or a door) wired to it"


def needs(game, part, net=None):
    """"" when `part` is in a whole trap, else what it still needs in words."""
    lack = triggering.missing(game, part, net)
    if not lack:
        return ""
    return TRIGGER_NEEDS if tp.is_trigger(part.kind) else NEEDS_WORDS[lack]


# fn(game, part, details): other areas add their facts to a part's details (a blueprint
# waiting for metal: pysim/economy/waiting.py)
PART_FACTS = []


def describe_part(game, part_id):
    """Details of one trap part for a selection panel (the bridge calls it through
    Session.describe_part when the core exposes it). wired: in a whole trap (TRAP-04);
    needs: what it still needs to be in one, in words ("" when it is)."""
    st = state_of(game)
    p = st.parts.get(int(part_id))
    if p is None:
        return {}
    d = p.to_dict()
    d["name"] = tp.NAMES[p.kind]
    d["state"] = p.state_name()
    d["role"] = p.role
    if tp.is_mechanism(p.kind):
        d["does"] = tp.MECH[p.kind].note
    if p.built and tp.decays(p.kind) and not p.expired:
        d["expires_in"] = p.last_reset + DECAY_TICKS - game.tick
    d["metal_needed"] = tp.METAL[p.kind]
    d["needs"] = needs(game, p)
    d["wired"] = not d["needs"]
    fires = [q[0] for q in st.pending if q[2] == p.id]
    if fires:
        # A started timer needs a reset by rule (RESET-01) but is still counting: the panel
        # says so, not "Needs a reset".
        d["state"] = "counting"
        d["fires_in"] = min(fires) - game.tick
    for fn in PART_FACTS:
        fn(game, p, d)
    return d


# One line on what each trigger and the timer does, for the Build Trap picker (the mechanisms'
# lines are their own notes, trap_parts.MECH); the rules: docs/rules/traps.md.
PART_NOTES = {
    "tripwire": "Goes off when someone walks onto its tile. Wire it to a mechanism or a door.",
    "wide_tripwire": "A tripwire across 3 tiles: its own and the two beside it.",
    "pressure_plate": "Goes off while someone stands on it.",
    "sensor": "Goes off when someone comes within 1 tile of it.",
    "lever": "Goes off only when you switch it on (Traps tool).",
    "timer": "Wired between a trigger and a mechanism: passes the signal on after its delay.",
}


def part_kinds():
    """Every trap part the Build Trap tool offers, in its picker's order (trap_parts.ALL_KINDS,
    the order of the snapshot's part_kind codes): {"kinds", "names", "roles", "metal",
    "notes"}: what each costs and does."""
    kinds = list(tp.ALL_KINDS)
    return {"kinds": kinds, "names": [tp.NAMES[k] for k in kinds],
            "roles": ["trigger" if tp.is_trigger(k) else "mechanism" if tp.is_mechanism(k)
                      else "timer" for k in kinds],
            "metal": [tp.METAL[k] for k in kinds],
            "notes": [tp.MECH[k].note if k in tp.MECH else PART_NOTES.get(k, "")
                      for k in kinds]}


def _register_front():
    from pysim.core import snapshot
    snapshot.snapshot_part(_snapshot)
    snapshot.describe_part(_describe)


_register_front()
