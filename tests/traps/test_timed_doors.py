"""Doors behind timers (WIRE-04 with HOLD-02/04/07): a door wired on a timer's
output side takes the trigger's turns after the timer's delay, like a mechanism there; a
door on the trigger's own wires turns at once. Decision: docs/rules/traps.md (Timers)."""
import pytest

from pysim.core import entities as E
from doorkit import door, game, of, run

DELAY = 30

# lever v; its wires: to door N (at once) and into timer t; the timer's output: door S and
# the spinning blades b
LEVER_ROWS = ["###########",
              "#v...t...S#",
              "#.........#",
              "#...N.b...#",
              "###########"]
LEVER_WIRES = ["1,1 5,1",            # lever -> timer input (the drag ends on the timer)
               "5,1 9,1",            # timer output -> door S (the drag starts on the timer)
               "5,1 5,3 6,3",        # timer output -> blades
               "1,1 1,3 4,3"]        # lever -> door N


def _game(rows, wires, legend, seed=1):
    text = "[legend]\n%s\n[map]\n%s\n[wires]\n%s\n" % (
        "\n".join(legend), "\n".join(rows), "\n".join(wires))
    return game(text, seed)


def _lever_game():
    return _game(LEVER_ROWS, LEVER_WIRES,
                 ["v = floor trap:lever", "t = floor trap:timer/delay=%d" % DELAY,
                  "b = floor trap:spinning_blades", "N = floor door", "S = floor door"])


def _switch(g, lever, on):
    g.command({"type": "switch_lever", "part": lever.id, "on": on})
    return run(g, DELAY + 5)


def _turn_ticks(evs, d):
    return [(e["tick"], e["on"]) for e in of(evs, "door_triggered") if e["door"] == d.id]


@pytest.mark.rule("WIRE-04")
@pytest.mark.rule("HOLD-02")
@pytest.mark.rule("HOLD-04")
def test_a_timer_delays_the_door_behind_it_and_not_the_one_before_it():
    g = _lever_game()
    near, far = door(g, 4, 3), door(g, 9, 1)
    lever = g.areas["traps"].part_at(1, 1)
    evs = _switch(g, lever, True)
    t_on = of(evs, "lever_switched")[0]["tick"]
    assert _turn_ticks(evs, near) == [(t_on, True)]           # trigger's side: at once
    assert _turn_ticks(evs, far) == [(t_on + DELAY, True)]    # behind the timer: waits
    fired = of(evs, "mechanism_fired")
    assert fired and fired[0]["tick"] == t_on + DELAY         # with the blades beside it
    assert near.open and far.open and far.trigger_on
    # the turn off waits the same way (even though the timer now needs a reset)
    evs = _switch(g, lever, False)
    t_off = of(evs, "lever_switched")[0]["tick"]
    assert _turn_ticks(evs, near) == [(t_off, False)]
    assert _turn_ticks(evs, far) == [(t_off + DELAY, False)]
    assert not far.trigger_on


@pytest.mark.rule("WIRE-04")
def test_the_door_waits_while_the_turn_is_on_its_way():
    g = _lever_game()
    far = door(g, 9, 1)
    lever = g.areas["traps"].part_at(1, 1)
    g.command({"type": "switch_lever", "part": lever.id, "on": True})
    run(g, DELAY)                     # the tick of the switch and DELAY - 1 more
    assert not far.trigger_on and not far.open
    run(g, 1)
    assert far.trigger_on and far.open


# HOLD-07 with a timer: the room trap shuts only once the party is well inside. The plate p
# feeds timer t; the timer's output runs to the held-open entrance D with its padlock.
ROOM_ROWS = ["###P###",
             "#.....#",
             "###D###",
             "#.....#",
             "#t.p..#",
             "#.....#",
             "###E###",
             "#..S..#",
             "#######"]
ROOM_WIRES = ["3,4 2,4 1,4",          # plate -> timer input
              "1,4 1,3 3,3 3,2"]      # timer output -> entrance
ROOM_LEGEND = ["D = floor door:held padlock", "E = floor door padlock",
               "p = floor trap:pressure_plate", "t = floor trap:timer/delay=%d" % DELAY]


@pytest.mark.rule("HOLD-07")
@pytest.mark.rule("WIRE-04")
def test_room_trap_behind_a_timer_shuts_the_entrance_after_the_delay():
    g = _game(ROOM_ROWS, ROOM_WIRES, ROOM_LEGEND, seed=3)
    g.command({"type": "spawn_party", "members": 2})
    entrance = door(g, 3, 2)
    evs = []
    for _ in range(600):
        g.step()
        evs.extend(g.take_events())
        if of(evs, "door_triggered"):
            break
    on = of(evs, "trigger_on")
    shut = of(evs, "door_triggered")
    assert on and shut and shut[0]["door"] == entrance.id and shut[0]["on"]
    assert shut[0]["tick"] == on[0]["tick"] + DELAY
    assert shut[0]["locked"] and not shut[0]["rest_open"]
    # until then the entrance stood open: the party was free to come on in
    opened = [e for e in evs if e["type"] == "lock_armed" and e["tick"] < shut[0]["tick"]]
    assert not opened
    run(g, 20)
    inside = [a for a in g.entities.values()
              if a.kind == E.ADVENTURER and a.state == E.UP and 2 < a.y < 6]
    assert inside and not entrance.open and entrance.locked() and entrance.stops()
