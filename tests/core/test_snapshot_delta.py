"""The snapshot reuses rows that did not change since the last frame (trap parts by
layout and shown writes, wires by wiring version, doors' wired triggers by layout). Every
reused row must equal a full rebuild, tick after tick, while traps fire, reset and get built.
"""
import numpy as np

from pysim.core.levelgen import full_level
from pysim.core.snapshot import Frames
from pysim.doors.doors import area
from pysim.session import Session
from pysim.traps import trap_state

TRAP_DEMO = "godot_project/levels/trap_demo.level"


def _forget(session):
    game = session.game
    trap_state.state_of(game)._snap_cache = None
    area(game)._snap_triggers = None
    area(game)._snap_rows = None
    area(game)._snap_breaches = None
    area(game)._snap_work = None
    game.combat_rows = None         # combat's table of last frame's fighter fields
    game.entity_rows = None         # movement.fill_arrays' table of last frame's ent_* rows
    session.driver.frames = Frames(game)    # the keyed parts' kept keys and the map layers


def _same(a, b):
    assert sorted(a) == sorted(b)
    for k in a:
        if isinstance(a[k], np.ndarray):
            assert a[k].dtype == b[k].dtype, k
            assert np.array_equal(a[k], b[k]), k
        else:
            assert a[k] == b[k], k


def _kept_and_rebuilt(session):
    """This frame's snapshot from the kept rows, and a rebuild with every cache dropped:
    they must be equal."""
    kept = session.snapshot()
    _forget(session)
    fresh = session.snapshot()
    _same(kept, fresh)
    return kept, fresh


def _check_every(session, ticks, every):
    changed = 0
    last = None
    for t in range(ticks):
        session.game.step()
        if t % every:
            continue
        kept = session.snapshot()
        _forget(session)
        fresh = session.snapshot()
        _same(kept, fresh)
        if last is not None and not np.array_equal(last, fresh["part_state"]):
            changed += 1
        last = fresh["part_state"]
    return changed


def test_snapshot_rows_kept_between_frames_equal_a_rebuild_on_the_trap_demo():
    with open(TRAP_DEMO) as f:
        s = Session(f.read(), TRAP_DEMO)
    changed = _check_every(s, 1200, 3)
    assert changed >= 2      # the plate fired and the parts were reset: rows really changed


def test_snapshot_rows_kept_between_frames_equal_a_rebuild_on_the_full_level():
    s = Session(full_level(), "full.level")
    _check_every(s, 600, 10)


def test_a_part_field_written_shows_on_the_next_snapshot():
    with open(TRAP_DEMO) as f:
        s = Session(f.read(), TRAP_DEMO)
    s.snapshot()
    st = trap_state.state_of(s.game)
    pid = sorted(st.parts)[0]
    st.parts[pid].needs_reset = True
    snap = s.snapshot()
    i = list(snap["part_id"]).index(pid)
    assert snap["part_state"][i] == 2
    assert snap["trap_workload"] >= 1


def test_a_fighter_field_written_is_sent_alone_on_the_next_frame():
    """combat_snapshot: a row whose values did not change is not sent again; a written
    fighter field is, with its new value, and nothing else of combat's rows."""
    s = Session(full_level(), "full.level")
    s.snapshot_changes()
    ids = list(s.snapshot()["ent_id"])
    e = next(e for e in s.game.live() if getattr(e, "fighter", None) is not None)
    i = ids.index(e.id)
    e.fighter.stance = (e.fighter.stance + 1) % 5
    e.fighter.target = ids[0] if e.fighter.target != ids[0] else ids[1]
    changes = s.snapshot_changes()
    assert changes["ent_stance"][i] == e.fighter.stance
    assert changes["ent_target"][i] == e.fighter.target
    rows = ("ent_wound_points", "ent_action", "ent_bleeding", "ent_captured", "ent_carried_by")
    assert not any(k in changes for k in rows)
    assert s.snapshot_changes() == {}


def test_sleepers_and_furniture_rows_follow_the_game():
    """The keyed sleep_* and furn_* rows (made again only when who sleeps where, or what
    furniture stands, moved) equal a rebuild while minions go to sleep and wake."""
    s = Session(full_level(), "full.level")
    slept = set()
    for t in range(3000):
        s.game.step()
        if t % 50:
            continue
        kept = s.snapshot()
        _forget(s)
        fresh = s.snapshot()
        _same(kept, fresh)
        slept.add(len(fresh["sleep_ids"]))
    assert len(slept) >= 2       # the sleepers really changed


def test_furniture_rows_follow_blueprints_built_and_bed_taken():
    """The keyed furn_* rows: a blueprint shows, its metal comes, it is built (a piece, no
    blueprint); every frame's rows equal a rebuild, and the changes merged equal them."""
    from trapkit import make
    s = Session(full_level(), "full.level")
    s.game = make(["########",
                   "#u..M..#",
                   "#......#",
                   "P...S..#",
                   "########"], legend={"M": "floor metal:3"})
    held = _merge({}, s.snapshot_changes())
    s.send({"type": "build_furniture", "kind": "bed", "x": 2, "y": 2})
    s.send({"type": "build_furniture", "kind": "scrapper_table", "x": 5, "y": 2})
    seen = []
    for t in range(900):
        s.game.step()
        held = _merge(held, s.snapshot_changes())
        if t % 5:
            continue
        kept = s.snapshot()
        _same(held, kept)
        _forget(s)
        held = _merge({}, s.snapshot_changes())
        _same(kept, held)
        rows = (len(kept["furn_bp_pos"]), len(kept["furn_pos"]), int(kept["furn_bp_metal"].sum()))
        if not seen or seen[-1] != rows:
            seen.append(rows)
    assert seen[0][:2] == (2, 0) and seen[-1][:2] == (0, 2), seen   # planned, then built
    assert any(r[2] > 0 for r in seen), seen                          # metal came on site


def _merge(held, changes):
    if changes.pop("snapshot_full", False):
        held = {}
    for k in changes.pop("snapshot_gone", []):
        held.pop(k, None)
    held.update(changes)
    return held


def test_changes_merged_frame_after_frame_are_the_whole_snapshot():
    """Session.snapshot_changes (SimClient's per-frame call): the keys that changed, merged
    over the earlier answers, equal snapshot() on every tick; most keys are not sent again."""
    s = Session(full_level(), "full.level")
    held = _merge({}, s.snapshot_changes())
    sent = []
    for _ in range(150):
        s.game.step()
        changes = s.snapshot_changes()
        sent.append(len(changes))
        held = _merge(held, changes)
        _same(held, s.snapshot())
    assert max(sent) < len(held) // 2 and "terrain" not in changes
    # another game: the first answer is whole again and replaces what was held
    s.load_level(full_level(), "full.level")
    first = s.snapshot_changes()
    assert first["snapshot_full"] and len(first) == len(held) + 1


def test_a_key_no_longer_made_is_said_gone():
    from pysim.core import snapshot
    s = Session(full_level(), "full.level")
    s.snapshot_changes()

    def extra(game, snap):
        snap["probe_key"] = np.arange(3, dtype=np.int32)
    snapshot.snapshot_part(extra)
    try:
        assert "probe_key" in s.snapshot_changes()
        assert "probe_key" not in s.snapshot_changes()      # unchanged: not sent again
    finally:
        snapshot.SNAPSHOT_PARTS.remove(extra)
    assert s.snapshot_changes()["snapshot_gone"] == ["probe_key"]


# A hall with treasure, an altar, a vein and a drudge (keyed parts' rows change in play):
# a party comes to steal, another to smash the altar; the drudge mines and digs.
HALL = """\
name: keyed parts
seed: 3
domain: all

[legend]
A = floor altar
t = floor treasure:3
V = rock vein:3
u = floor minion duty:drudgery
M = floor metal:9

[map]
##################################
P..t.........u.....M...........SS#
#.......A....u.....V...t.......S.#
##################...#############
##################################
"""

# the keyed parts of adventurers/ and economy/ whose rows the test must see change
KEYED_ROWS = ("treasure_amount", "treasure_total", "altar_hits", "cell_pos", "vein_metal",
              "vein_marked", "metal_total", "dig_pos", "dig_work", "dig_waiting", "score_killed")


def _value(v):
    return v.tobytes() if isinstance(v, np.ndarray) else v


def test_keyed_adventurer_and_economy_rows_follow_the_game():
    """treasure_*, altar_*, cell_pos, vein_*, metal_total, dig_* and score_* (keyed parts,
    made again only when what they show moved) equal a rebuild every frame while a party
    takes treasure, another strikes the altar, the drudge mines and digs, a cell is built
    and adventurers fall; each of these rows really changed on the way."""
    from pysim.adventurers import goals
    from pysim.core import entities as E
    s = Session(HALL, "hall.level")
    s.snapshot_changes()
    # one order a frame, so a version that misses what one of them changed shows
    orders = {50: {"type": "mine", "x": 19, "y": 2}, 100: {"type": "dig", "x": 21, "y": 3},
              150: {"type": "build_furniture", "kind": "cell", "x": 10, "y": 1}}
    seen = {k: set() for k in KEYED_ROWS}
    for t in range(4000):
        if t in orders:
            s.send(orders[t])
        if t in (1500, 1510):           # the minions worked in peace; now the parties
            s.game.command({"type": "spawn_party", "members": 2,
                            "subtypes": ["thief:1", "warrior:1"]})
            s.game.step()
            ids = [e for e in s.game.events if e["type"] == "party_arrived"][-1]["members"]
            goals.set_goal(s.game, ids[0], goals.STEAL_TREASURE if t == 1500 else "smash_altar")
        if t == 2000:                   # and wolves at the way out to meet them
            for x in range(2, 30, 3):
                s.game.spawn(E.CREATURE, x, 2, subtype="wolf")
        s.game.step()
        kept, fresh = _kept_and_rebuilt(s)
        for k in KEYED_ROWS:
            seen[k].add(_value(fresh[k]))
    assert not [k for k in KEYED_ROWS if len(seen[k]) < 2], sorted((k, len(v)) for k, v in seen.items())


ENT_ROWS = ("ent_id", "ent_kind", "ent_state", "ent_facing", "ent_side")


def test_entity_rows_kept_while_unchanged_equal_a_rebuild_every_frame():
    """movement.fill_arrays hands out last frame's ent_id/kind/state/facing/side arrays
    while no value in them moved (the front end is not sent them again); every frame they
    equal a rebuild, on the full level where bodies come, fall, turn and are carried off."""
    s = Session(full_level(), "full.level")
    kept_rows = changed_rows = 0
    last = s.snapshot()
    for t in range(600):
        s.game.step()
        kept, fresh = _kept_and_rebuilt(s)
        for k in ENT_ROWS:
            if kept[k] is last[k]:
                kept_rows += 1
            elif not np.array_equal(kept[k], last[k]):
                changed_rows += 1
            else:
                assert False, (k, t)    # equal values must be the very array of last frame
        last = s.snapshot()             # the cache _forget dropped, made again
    assert kept_rows > 0 and changed_rows > 0, (kept_rows, changed_rows)
