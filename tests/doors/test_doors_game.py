"""Doors in the running game: DOOR-01..03, LOCK-01..04, HOLD-01..07, WIRE-10/11,
BREACH-01..06 end to end (the pure decision logic is in test_breach/test_routes/test_locks).
"""
import json
import os
import subprocess
import sys

import pytest

from conftest import binomial_ok

from pysim.adventurers.leaving import escaped
from pysim.core import entities as E, movement
from pysim.doors import breach as BR, doors as D
from pysim.doors.wired_doors import trigger_of
from pysim.traps import resets, trap_state

from doorkit import adventurers, cmd, door, game, of, refused, run

# tests/: the shared scenario levels live in tests/levels
TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CORRIDOR = """
[legend]
L = floor door padlock
u = floor minion duty:drudgery
[map]
#####P#####
#....D....#
#.........#
#....S....#
###########
"""


def corridor(extra_legend="", rows=None, seed=1, wires=()):
    """A game from map rows with the doors tests' legend (plus `extra_legend` lines) and
    optional [wires] lines."""
    text = """
[legend]
L = floor door padlock
K = floor door padlock:disarmed
H = floor door:held
Q = floor door:held padlock
u = floor minion duty:drudgery
n = floor minion duty:traps
M = floor metal:5
v = floor trap:lever
p = floor trap:pressure_plate
b = floor trap:spinning_blades
%s
[map]
%s
""" % (extra_legend, "\n".join(rows))
    if wires:
        text += "[wires]\n%s\n" % "\n".join(wires)
    return game(text, seed)


def one_row(row, extra_legend="", **kw):
    """corridor() of one map row between two rows of wall."""
    return corridor(extra_legend, rows=["#" * len(row), row, "#" * len(row)], **kw)


def walk(g, e, x, y, ticks=200):
    movement.go_to(g, e, x, y)
    return run(g, ticks)


def minion_and_door():
    g = one_row("#m..D...#")
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    return g, m, door(g, 4, 1)


# -- DOOR-01 ----------------------------------------------------------------------------------

@pytest.mark.rule("DOOR-01")
def test_door_opens_for_a_walker_and_closes_behind():
    g, m, d = minion_and_door()
    assert not d.open
    movement.go_to(g, m, 7, 1)
    opened = closed = None
    for t in range(200):
        g.step()
        if d.open and opened is None:
            opened = g.tick
        if opened is not None and not d.open and closed is None:
            closed = g.tick
    assert opened is not None and closed is not None and closed > opened
    assert (m.x, m.y) == (7, 1) and not d.open


# -- HOLD-01 --------------------------------------------------------------------------------

@pytest.mark.rule("HOLD-01")
def test_hold_door_open_keeps_it_open():
    g, m, d = minion_and_door()
    evs = cmd(g, {"type": "hold_door_open", "door": d.id})
    assert of(evs, "door_held") and d.open
    walk(g, m, 7, 1, 300)
    assert d.open and d.state_code() == D.STATE_HELD
    assert refused(cmd(g, {"type": "hold_door_open", "door": d.id}))
    cmd(g, {"type": "release_door", "x": 4, "y": 1})
    run(g, D.CLOSE_DELAY + 2)
    assert not d.open and d.state_code() == D.STATE_CLOSED


# -- HOLD-02/03/04: wired triggers ------------------------------------------------------------

def lever_door(held, padlock=""):
    g = one_row("#v..D...#",
                "D = floor door%s%s" % (":held" if held else "", " " + padlock if padlock else ""),
                wires=["1,1 4,1"])
    return g, door(g, 4, 1), trap_state.state_of(g).parts[1]


@pytest.mark.rule("HOLD-02")
@pytest.mark.rule("WIRE-10")
def test_trigger_opens_a_door_and_closes_a_held_one():
    g, d, lever = lever_door(held=False)
    assert trigger_of(g, d).id == lever.id
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, 300)
    assert d.open and d.trigger_on                  # opens and stays open
    g, d, lever = lever_door(held=True)
    run(g, 2)
    assert d.open
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, D.CLOSE_DELAY + 2)
    assert not d.open                               # held: the trigger closes it instead


@pytest.mark.rule("HOLD-04")
def test_trigger_off_restores_the_door():
    g, d, lever = lever_door(held=False)
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, 5)
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": False})
    run(g, D.CLOSE_DELAY + 2)
    assert not d.open
    g, d, lever = lever_door(held=True)
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, D.CLOSE_DELAY + 2)
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": False})
    run(g, 2)
    assert d.open and d.held


@pytest.mark.rule("HOLD-03")
def test_lever_stays_on_plate_stays_on_until_reset():
    g, d, lever = lever_door(held=False)
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, 3000)
    assert lever.on and d.open
    # a pressure plate: on when stepped on, still on after they leave, off after a reset
    g = corridor(rows=["###P######",
                       "#........#",
                       "#.p..H...#",
                       "#........#",
                       "#..S.....#",
                       "##########"],
                 wires=["2,2 5,2"])
    d = door(g, 5, 2)
    plate = trap_state.state_of(g).parts[1]
    a = g.spawn(E.ADVENTURER, 1, 2)
    walk(g, a, 3, 2, 60)
    assert plate.on and d.trigger_on
    walk(g, a, 8, 4, 600)
    assert plate.on and not d.open                  # stays on: the held door stays shut
    resets.finish_reset(g, plate)                   # a Traps-duty minion's reset
    run(g, 2)
    assert not plate.on and d.open


@pytest.mark.rule("HOLD-05")
def test_trigger_sets_the_padlock_at_each_turn():
    g, d, lever = lever_door(held=False, padlock="padlock")
    assert d.armed
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    assert d.open and not d.armed                   # opening unlocks
    cmd(g, {"type": "arm_lock", "door": d.id})
    assert d.armed                                  # by hand still works
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": False})
    run(g, D.CLOSE_DELAY + 2)
    assert not d.open and d.armed                   # off: closes and locks again
    cmd(g, {"type": "disarm_lock", "door": d.id})
    assert not d.armed
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": False})
    assert d.armed                                  # the trigger set it again
    # held door: on closes and locks, off opens and unlocks
    g, d, lever = lever_door(held=True, padlock="padlock:disarmed")
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    assert d.armed
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": False})
    assert d.open and not d.armed


@pytest.mark.rule("HOLD-06")
def test_a_closed_door_is_not_a_locked_door():
    # held + lever on = closed by the trigger; no padlock: an adventurer walks through
    g, d, lever = lever_door(held=True)
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, D.CLOSE_DELAY + 2)
    assert not d.open
    a = g.spawn(E.ADVENTURER, 2, 1)
    evs = walk(g, a, 7, 1, 200)
    assert (a.x, a.y) == (7, 1) and not of(evs, "breach_started")
    assert not d.open                               # closed again behind them
    # the same with an armed padlock: the adventurer is stopped and must breach
    g, d, lever = lever_door(held=True, padlock="padlock")
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, D.CLOSE_DELAY + 2)
    a = g.spawn(E.ADVENTURER, 2, 1)
    evs = walk(g, a, 7, 1, 30)
    assert of(evs, "breach_started") and a.x < 4


def _runner(path, hours=0.5, seed=None):
    from conftest import pysim_env
    args = [sys.executable, "-P", "-m", "pysim", "run", path, "--events", "--hours", str(hours)]
    if seed is not None:
        args += ["--seed", str(seed)]
    out = subprocess.run(args, capture_output=True, text=True, env=pysim_env(), timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().split("\n")
    assert lines[-1].startswith("final tick")
    return [json.loads(l) for l in lines[:-1]], lines[-1]


@pytest.mark.rule("HOLD-07")
def test_room_trap_scenario_through_the_headless_runner():
    evs, last = _runner(os.path.join(TESTS, "levels", "room_trap.txt"), hours=0.3)
    kinds = [e["type"] for e in evs]
    i_on = kinds.index("trigger_on")
    trig = [e for e in evs if e["type"] == "door_triggered" and e["on"]]
    assert trig and trig[0]["locked"] and not trig[0]["rest_open"]
    assert trig[0]["tick"] == evs[i_on]["tick"]
    closed = [e for e in evs[i_on:] if e["type"] == "door_closed" and e["door"] == 1]
    assert closed                                   # the entrance closed behind them
    # shut in: the way on is a locked door they must breach
    started = [e for e in evs if e["type"] == "breach_started"]
    assert started and started[0]["door"] == 2 and started[0]["tick"] > evs[i_on]["tick"]
    # and the same run replays identically
    evs2, last2 = _runner(os.path.join(TESTS, "levels", "room_trap.txt"), hours=0.3)
    assert last == last2


@pytest.mark.rule("HOLD-07")
def test_room_trap_in_process_locks_the_party_in():
    with open(os.path.join(TESTS, "levels", "room_trap.txt")) as f:
        g = game(f.read(), seed=3)
    d = door(g, 3, 2)
    seen = False
    for _ in range(400):
        g.step()
        g.take_events()
        if d.trigger_on and not d.open:
            seen = True
            ins = [a for a in adventurers(g) if 2 < a.y < 6]
            assert ins and d.locked() and d.stops()
            break
    assert seen


# -- LOCK-01..04 ------------------------------------------------------------------------------

@pytest.mark.rule("LOCK-01")
def test_padlock_is_built_in_place_and_starts_armed():
    g = one_row("#nM.D....#")
    d = door(g, 4, 1)
    evs = cmd(g, {"type": "build_padlock", "door": d.id})
    assert of(evs, "padlock_placed") and d.padlock == D.PADLOCK_BLUEPRINT
    assert refused(cmd(g, {"type": "arm_lock", "door": d.id}))   # not built yet
    evs = run(g, 1500)
    built = of(evs, "padlock_built")
    assert of(evs, "metal_delivered") and built
    assert d.padlock == D.PADLOCK_BUILT and d.armed
    assert refused(cmd(g, {"type": "build_padlock", "door": d.id}))


@pytest.mark.rule("LOCK-01")
def test_padlock_needs_metal_and_a_traps_minion():
    g = one_row("#u..D....#")
    d = door(g, 4, 1)
    cmd(g, {"type": "build_padlock", "door": d.id})
    run(g, 1500)
    assert d.padlock == D.PADLOCK_BLUEPRINT         # no metal, no Traps duty: nothing


@pytest.mark.rule("LOCK-02")
def test_disarm_and_arm_lock():
    g = one_row("#...L...#")
    d = door(g, 4, 1)
    assert d.locked()
    evs = cmd(g, {"type": "disarm_lock", "door": d.id})
    assert of(evs, "lock_disarmed") and not d.locked()
    a = g.spawn(E.ADVENTURER, 2, 1)
    evs = walk(g, a, 7, 1, 100)
    assert (a.x, a.y) == (7, 1) and not of(evs, "breach_started")   # a normal door
    evs = cmd(g, {"type": "arm_lock", "door": d.id})
    assert of(evs, "lock_armed") and d.locked()
    assert refused(cmd(g, {"type": "arm_lock", "door": d.id}))
    assert refused(cmd(g, {"type": "arm_lock", "door": 99}))
    g2 = one_row("#...D...#")
    r = refused(cmd(g2, {"type": "arm_lock", "x": 4, "y": 1}))
    assert r and r[0]["reason"] == "That door has no padlock."


@pytest.mark.rule("LOCK-03")
def test_dungeon_side_walks_through_adventurers_are_stopped():
    g = one_row("#...L...#")
    d = door(g, 4, 1)
    for kind, side in ((E.MINION, E.DUNGEON), (E.BOSS, E.DUNGEON), (E.CREATURE, E.DUNGEON)):
        e = g.spawn(kind, 2, 1)
        e.side = side
        e.home_x = 7    # the Boss walks back to its place when idle (docs/rules/invasions.md)
        evs = walk(g, e, 7, 1, 200)
        assert e.x > 4, kind                        # through the door (creatures wander on)
        assert d.armed and of(evs, "door_unlocked")
        del g.entities[e.id]
    trader = g.spawn(E.CREATURE, 2, 1, side=E.WILD, subtype="trader")
    walk(g, trader, 7, 1, 200)
    assert (trader.x, trader.y) == (7, 1)
    del g.entities[trader.id]
    wild = g.spawn(E.CREATURE, 2, 1)
    wild.side = E.WILD
    assert not movement.go_to(g, wild, 7, 1)        # the lock is a wall to it
    del g.entities[wild.id]
    a = g.spawn(E.ADVENTURER, 2, 1)
    evs = walk(g, a, 7, 1, 20)
    assert a.x < 4 and of(evs, "breach_started")


@pytest.mark.rule("LOCK-04")
def test_reaching_an_enemy_through_a_locked_door():
    g = one_row("#...L...#")
    enemy = g.spawn(E.ADVENTURER, 7, 1)               # an invasion is under way
    m = g.spawn(E.MINION, 2, 1)
    c = g.spawn(E.CREATURE, 2, 1)
    c.side = E.DUNGEON
    b = g.spawn(E.BOSS, 2, 1)
    for e in (m, c, b):
        e.fighter.target = enemy.id
    assert not movement.go_to(g, m, 6, 1)             # not ordered: stays
    assert not movement.go_to(g, c, 6, 1)             # creatures never
    assert movement.go_to(g, b, 6, 1)                 # the Boss always
    m.fighter.ordered_target = enemy.id
    assert movement.go_to(g, m, 6, 1)                 # ordered: unlocks
    c.fighter.ordered_target = enemy.id
    assert not movement.go_to(g, c, 6, 1)


# -- WIRE-10/11 -----------------------------------------------------------------------------

@pytest.mark.rule("WIRE-10")
def test_a_drag_through_a_door_does_not_connect_it():
    g = one_row("#v..D...b#")
    d = door(g, 4, 1)
    evs = cmd(g, {"type": "wire", "path": [[x, 1] for x in range(1, 9)]})
    assert not refused(evs)
    assert trigger_of(g, d) is None
    lever = trap_state.state_of(g).parts[1]
    cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    run(g, 50)
    assert not d.trigger_on and not d.open
    # ending the drag on the door connects it
    evs = cmd(g, {"type": "wire", "path": [[4, 1], [4, 0]]})   # ends in the wall: refused
    evs = cmd(g, {"type": "wire", "path": [[1, 1]]})
    g2 = one_row("#v..D....#")
    assert not refused(cmd(g2, {"type": "wire", "path": [[x, 1] for x in range(1, 5)]}))
    assert trigger_of(g2, door(g2, 4, 1)) is not None
    g3 = one_row("#v..D....#")
    assert not refused(cmd(g3, {"type": "wire", "path": [[x, 1] for x in range(4, 0, -1)]}))
    assert trigger_of(g3, door(g3, 4, 1)) is not None    # starting on the door also works


@pytest.mark.rule("WIRE-11")
def test_one_trigger_one_trap_and_many_doors():
    g = corridor(rows=["###########",
                       "#b.v......#",
                       "#.........#",
                       "#.D.D.D...#",
                       "###########"],
                 wires=["3,1 1,1",
                        "3,1 3,2 2,2 2,3",
                        "3,2 4,2 4,3",
                        "4,2 6,2 6,3"])
    lever = trap_state.state_of(g).parts[2]
    doors = [door(g, 2, 3), door(g, 4, 3), door(g, 6, 3)]
    assert all(trigger_of(g, d).id == lever.id for d in doors)
    evs = cmd(g, {"type": "switch_lever", "part": lever.id, "on": True})
    assert of(evs, "mechanism_fired")
    assert all(d.open and d.trigger_on for d in doors)


# -- BREACH in the game ---------------------------------------------------------------------

def breach_game(seed=1, subtypes=None, members=1):
    g = corridor(rows=["#####P#####",
                       "#.........#",
                       "#####L#####",
                       "#.........#",
                       "#....S...u#",
                       "###########"], seed=seed)
    c = {"type": "spawn_party", "members": members}
    if subtypes:
        c["subtypes"] = subtypes
    g.command(c)
    return g, door(g, 5, 2)


@pytest.mark.rule("BREACH-04")
@pytest.mark.rule("BREACH-06")
def test_five_failures_switch_five_more_give_up_exactly(monkeypatch):
    monkeypatch.setattr(BR, "LOCK_STRENGTH", 100)
    monkeypatch.setattr(BR, "DOOR_STRENGTH", 100)
    noises = []
    from pysim.combat import awareness
    real = awareness.make_noise
    monkeypatch.setattr(awareness, "make_noise",
                        lambda g, x, y, cause="noise": noises.append((x, y)) or real(g, x, y, cause))
    g, d = breach_game(seed=4)
    evs = run(g, 6000)
    rolls = of(evs, "breach_roll")
    assert len(rolls) == 10
    first = rolls[0]["method"]
    second = BR.other(first)
    assert [r["method"] for r in rolls] == [first] * 5 + [second] * 5
    assert len(of(evs, "breach_switched")) == 1
    gave = of(evs, "breach_given_up")
    assert len(gave) == 1 and gave[0]["failures"] == 10
    assert gave[0]["tick"] == rolls[-1]["tick"]
    # BREACH-06: exactly the failed bashes made a noise
    assert len(noises) == 5 and all(n == (5, 2) for n in noises)
    assert len([e for e in evs if e["type"] == "noise" and e["cause"] == "bash"]) == 5
    # given up: no more rolls at that door; with no other way the party heads home
    assert d.id in g.areas["doors"].parties[rolls[0]["party"]].gave_up
    assert of(evs, "adventurer_escaped")


@pytest.mark.rule("BREACH-01")
def test_roll_timing_in_game_bash_twice_as_long(monkeypatch):
    monkeypatch.setattr(BR, "LOCK_STRENGTH", 100)
    monkeypatch.setattr(BR, "DOOR_STRENGTH", 100)
    g, d = breach_game(seed=4)
    evs = run(g, 6000)
    rolls = of(evs, "breach_roll")
    start = of(evs, "breach_started")[0]
    ticks = [rolls[0]["tick"] - start["tick"]] + [b["tick"] - a["tick"]
                                                  for a, b in zip(rolls, rolls[1:])]
    picks = [t for t, r in zip(ticks[1:], rolls[1:]) if r["method"] == BR.PICK
             and rolls[rolls.index(r) - 1]["method"] == BR.PICK]
    bashes = [t for t, r in zip(ticks[1:], rolls[1:]) if r["method"] == BR.BASH
              and rolls[rolls.index(r) - 1]["method"] == BR.BASH]
    # a peasant: craft 1, battle 1 -> pick 48 ticks, bash 96
    assert set(picks) == {BR.attempt_ticks(BR.PICK, 1)}
    assert set(bashes) == {BR.attempt_ticks(BR.BASH, 1)} == {2 * BR.attempt_ticks(BR.PICK, 1)}


@pytest.mark.rule("BREACH-02")
def test_best_member_goes_and_the_party_picks_about_70_percent():
    # a rogue (craft 3) and a warrior (battle 3): level 1, no traits
    n = 0
    picks = 0
    for seed in range(120):
        g, d = breach_game(seed=seed, subtypes=["warrior", "rogue"], members=2)
        evs = run(g, 20)
        st = of(evs, "breach_started")
        if not st:
            continue
        n += 1
        w = g.entities[st[0]["entity"]]
        if st[0]["method"] == BR.PICK:
            picks += 1
            assert w.subtype == "rogue"
        else:
            assert w.subtype == "warrior"
    assert n == 120
    assert binomial_ok(picks, n, 0.7), picks


@pytest.mark.rule("BREACH-03")
def test_locksmith_party_picks_doorbreaker_party_bashes_in_game():
    for seed in range(20):
        g, d = breach_game(seed=seed, subtypes=["rogue:3", "warrior:3"], members=2)
        st = of(run(g, 20), "breach_started")[0]
        assert st["method"] == BR.PICK
        g, d = breach_game(seed=seed, subtypes=["peasant", "warrior:3"], members=2)
        st = of(run(g, 20), "breach_started")[0]
        assert st["method"] == BR.BASH


@pytest.mark.rule("BREACH-05")
def test_breach_leaves_door_open_and_disarmed_drudgery_rearms():
    g, d = breach_game(seed=2)
    evs = []
    for _ in range(4000):
        g.step()
        evs.extend(g.take_events())
        if of(evs, "door_breached"):
            break
    assert d.breached and d.open and not d.armed and d.state_code() == D.STATE_BREACHED
    # The party stays: the Drudgery minion fights its way to the door and re-arms it.
    evs = run(g, 3000)
    re = of(evs, "door_rearmed")
    assert re
    u = g.entities[re[0]["entity"]]
    assert u.kind == E.MINION and u.duty == "drudgery"
    assert not d.breached and d.armed
    run(g, 50)
    assert not d.open and d.locked()


# -- DOOR-02/03 in the game -----------------------------------------------------------------

TWO_WAYS = """
[legend]
D = floor door
[map]
#####P#####
#.........#
#.#.....#.#
#.###D###.#
#.#.....#.#
#.#..S..#.#
#.###.###.#
#.........#
###########
"""


def route_choice(seed, subtypes=None, faction=""):
    g = game(TWO_WAYS, seed)
    c = {"type": "spawn_party", "members": 2, "faction": faction}
    if subtypes:
        c["subtypes"] = subtypes
    g.command(c)
    return g


@pytest.mark.rule("DOOR-02")
@pytest.mark.parametrize("subtypes,p", [(["peasant", "peasant"], 0.5),
                                        (["peasant", "scout"], 0.25)])
def test_way_around_rate_in_game(subtypes, p):
    # the only way at first is the corridor through the door room: the door is seen with
    # a way around (the outer ring)
    n = 0
    det = 0
    for seed in range(160):
        g = route_choice(seed, subtypes)
        evs = run(g, 120)
        ch = [e for e in of(evs, "door_route") if e["way_around"]]
        if not ch:
            continue
        n += 1
        assert ch[0]["chance"] == p
        det += bool(ch[0]["detour"])
    assert n >= 150
    assert binomial_ok(det, n, p), (det, n)


@pytest.mark.rule("DOOR-02")
def test_the_only_way_goes_through():
    g = corridor(rows=["#####P#####",
                       "#.........#",
                       "#####D#####",
                       "#.........#",
                       "#....S....#",
                       "###########"], seed=5)
    g.command({"type": "spawn_party", "members": 2})
    evs = run(g, 300)
    ch = of(evs, "door_route")
    assert ch and not ch[0]["way_around"] and not ch[0]["detour"]
    assert any(a.y > 2 for a in adventurers(g))


@pytest.mark.rule("DOOR-02")
def test_detouring_party_walks_around():
    for seed in range(40):
        g = route_choice(seed)
        evs = run(g, 5)
        ch = of(evs, "door_route")
        if ch and ch[0]["detour"]:
            d = door(g, 5, 3)
            r = g.areas["doors"].parties[ch[0]["party"]]
            assert d.id in r.avoid
            for a in adventurers(g):
                if a.path is not None:
                    assert not any((int(x), int(y)) == (5, 4) for x, y in a.path)
            return
    pytest.fail("no detour in 40 seeds")


@pytest.mark.rule("DOOR-03")
def test_mapmaker_escape_makes_the_next_party_go_straight():
    g = game(TWO_WAYS, 1)
    mm = g.spawn(E.ADVENTURER, 5, 1, subtype="scout:3")   # a level-3 scout is a Mapmaker
    mm.faction = "north"
    escaped(g, mm)
    assert g.areas["doors"].factions == {"north": g.tick}
    for seed in range(30):
        g2 = game(TWO_WAYS, seed)
        g2.areas["doors"].factions["north"] = 0
        g2.command({"type": "spawn_party", "members": 2, "faction": "north"})
        evs = run(g2, 10)
        ch = of(evs, "door_route")
        assert ch and ch[0]["way_around"] and ch[0]["chance"] == 0.0 and not ch[0]["detour"]
        assert "north" not in g2.areas["doors"].factions     # only the next party
        # the party after that chooses normally again
        g2.command({"type": "spawn_party", "members": 1, "faction": "north"})
        evs = run(g2, 10)
        later = [e for e in of(evs, "door_route") if e["party"] != ch[0]["party"]]
        assert later and later[0]["chance"] == 0.5
    # a non-Mapmaker escaping changes nothing
    g3 = game(TWO_WAYS, 1)
    a = g3.spawn(E.ADVENTURER, 5, 1)
    a.faction = "north"
    escaped(g3, a)
    assert g3.areas["doors"].factions == {}


# -- snapshot ---------------------------------------------------------------------------------

def test_snapshot_keys():
    from pysim.session import Session
    s = Session(CORRIDOR.replace("D", "L"), "t", 1)
    s.send({"type": "spawn_party", "members": 1})
    for _ in range(20):
        s.step(0.1)
    snap = s.snapshot()
    assert list(snap["door_id"]) == [1]
    assert snap["door_state"][0] in (D.STATE_LOCKED, D.STATE_BREACHED)
    assert snap["door_padlock"][0] == D.PADLOCK_BUILT
    if len(snap["breach_door"]):
        assert snap["breach_door"][0] == 1 and snap["breach_needed"][0] > 0


def test_the_party_index_holds_the_living_by_party_in_id_order():
    """The doors system's PartyIndex (route choice, breaches, spotting, detect traps): the
    party's living members in ascending id, knocked out or not; the dead of earlier ticks
    left out (every user asks only of the up, the conscious or the not dead)."""
    from pysim.core.parties import PartyIndex, party_of
    g = route_choice(3)
    run(g, 2)
    party = sorted(adventurers(g), key=lambda e: e.id)
    assert len(party) == 2
    pid = party_of(party[0])
    assert [e.id for e in PartyIndex(g).of(pid)] == [e.id for e in party]
    party[1].state = E.KNOCKED_OUT
    assert [e.id for e in PartyIndex(g).of(pid)] == [e.id for e in party]
    party[0].state = E.DEAD
    g.step()            # (game.live() drops the dead at a tick's start; users skip by state)
    idx = PartyIndex(g)
    assert [e.id for e in idx.of(pid)] == [party[1].id]
    assert [(e.id, p) for e, p in idx.advs] == [(party[1].id, pid)]
