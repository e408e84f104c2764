"""Wiring rules WIRE-01..09 on ASCII maps. Coordinates are (column, row), 0-based."""
import pytest

from pysim.traps import trap_parts as tp, wire_networks
from trapkit import drag, find, make, of_type, part_at, refused, st

# A plate (p) and blades (B) on one row, a second plate and blades below.
TWO_TRAPS = [
    "##########",
    "#p......B#",
    "#........#",
    "#........#",
    "#........#",
    "#p......B#",
    "##########",
]


@pytest.mark.rule("WIRE-01")
def test_drag_from_trigger_to_mechanism_starts_it():
    g = make(["#########",
              "#p.....B#",
              "#.......#",
              "#a......#",
              "#########"])
    ev = drag(g, (1, 1), (7, 1))
    assert not refused(ev)
    assert of_type(ev, "wired")
    g.command({"type": "place_part", "kind": "lever", "x": 4, "y": 3})   # unrelated
    adv = [e for e in g.entities.values() if e.kind == 1][0]
    adv.x, adv.y = 1, 1                       # an adventurer steps on the plate
    g.step()
    ev = g.take_events()
    assert of_type(ev, "trap_triggered")[0]["part"] == part_at(g, 1, 1).id
    fired = of_type(ev, "mechanism_fired")
    assert fired and fired[0]["part"] == part_at(g, 7, 1).id
    assert fired[0]["tick"] == of_type(ev, "trap_triggered")[0]["tick"]


@pytest.mark.rule("WIRE-01")
def test_wire_must_start_and_end_on_something():
    g = make(TWO_TRAPS)
    ev = drag(g, (2, 2), (7, 2))
    assert refused(ev) and "Start or end the wire" in refused(ev)[0]["reason"]
    assert not st(g).wires.wires


@pytest.mark.rule("WIRE-02")
def test_second_mechanism_on_a_trigger_is_refused_and_nothing_changes():
    g = make(TWO_TRAPS)
    assert not refused(drag(g, (1, 1), (8, 1)))
    before = st(g).wires.state()
    # plate (1,1) down to row 3, across to x=8, up... to the lower blades at (8,5)
    ev = drag(g, (1, 1), (1, 3), (8, 3), (8, 5))
    r = refused(ev)
    assert r and "only one mechanism" in r[0]["reason"]
    assert st(g).wires.state() == before


@pytest.mark.rule("WIRE-02")
def test_second_trigger_on_a_mechanism_is_refused():
    g = make(TWO_TRAPS)
    assert not refused(drag(g, (1, 1), (8, 1)))
    ev = drag(g, (1, 5), (3, 5), (3, 2), (8, 2), (8, 1))
    r = refused(ev)
    assert r and "only one trigger" in r[0]["reason"]
    assert len(st(g).wires.wires) == 1


@pytest.mark.rule("WIRE-03")
def test_wires_through_walls_only_inside_domain():
    rows = ["#########",
            "#p..#..B#",
            "#########"]
    g = make(rows)
    assert not refused(drag(g, (1, 1), (7, 1)))          # through the wall at (4,1): yours
    dom = ["111101111",
           "111101111",
           "111101111"]
    g = make(rows, domain=dom)
    ev = drag(g, (1, 1), (7, 1))
    r = refused(ev)
    assert r and "walls only inside your domain" in r[0]["reason"]
    assert not st(g).wires.wires


@pytest.mark.rule("WIRE-04")
def test_timer_delays_the_mechanism():
    g = make(["##########",
              "#p..t...B#",
              "##########"])
    t = part_at(g, 4, 1)
    t.delay = 25
    assert not refused(drag(g, (1, 1), (4, 1)))          # trigger -> timer
    assert not refused(drag(g, (4, 1), (8, 1)))          # timer -> mechanism
    # the timer is neither trigger nor mechanism: the network holds one of each
    assert tp.role_of(t.kind) == "timer"
    g.spawn(1, 1, 1)
    g.step()
    ev = g.take_events()
    t0 = of_type(ev, "trap_triggered")[0]["tick"]
    assert not of_type(ev, "mechanism_fired")
    fired = []
    for _ in range(40):
        g.step()
        fired += of_type(g.take_events(), "mechanism_fired")
    assert fired[0]["tick"] == t0 + 25


@pytest.mark.rule("WIRE-05")
def test_chained_timers_add_up_to_the_exact_tick():
    g = make(["##############",
              "#p..t..t..t.B#",
              "##############"])
    delays = [7, 30, 13]
    for t, d in zip(find(g, tp.TIMER), delays):
        t.delay = d
    for a, b in (((1, 1), (4, 1)), ((4, 1), (7, 1)), ((7, 1), (10, 1)), ((10, 1), (12, 1))):
        assert not refused(drag(g, a, b))
    g.spawn(1, 1, 1)
    g.step()
    t0 = of_type(g.take_events(), "trap_triggered")[0]["tick"]
    fired = []
    for _ in range(80):
        g.step()
        fired += of_type(g.take_events(), "mechanism_fired")
    assert [f["tick"] for f in fired] == [t0 + sum(delays)]


@pytest.mark.rule("WIRE-06")
def test_timer_passes_signal_one_way_only():
    # forward: plate -> timer (drag into it), timer -> blades (drag out of it): fires.
    # backward: the same parts with the drags reversed: the plate is on the timer's
    # output side, the blades on its input side: the blades never fire.
    for forward in (True, False):
        g = make(["##########",
                  "#p..t...B#",
                  "##########"])
        part_at(g, 4, 1).delay = 5
        if forward:
            drags = (((1, 1), (4, 1)), ((4, 1), (8, 1)))
        else:
            drags = (((4, 1), (1, 1)), ((8, 1), (4, 1)))
        for a, b in drags:
            assert not refused(drag(g, a, b))
        g.spawn(1, 1, 1)
        ev = []
        for _ in range(30):
            g.step()
            ev += g.take_events()
        assert of_type(ev, "trap_triggered")
        assert bool(of_type(ev, "mechanism_fired")) == forward


@pytest.mark.rule("WIRE-07")
def test_straight_crossing_jumps_and_stays_separate():
    # existing wire: plate(1,1) -> blades(8,1) along row 3 (down at x=1, across, up at x=8);
    # new wire: plate(4,5)... vertical straight across row 3 at x=4 up to blades? No:
    # a second trap below, its wire runs vertically across the first wire's straight run.
    g = make(["##########",
              "#p......B#",
              "#........#",
              "#........#",
              "#........#",
              "#..p.....#",
              "#........#",
              "##.B######"])
    assert not refused(drag(g, (1, 1), (1, 3), (8, 3), (8, 1)))
    ev = drag(g, (3, 5), (3, 0 + 2), (5, 2), (5, 6), (3, 6), (3, 7))
    # crosses row 3 at x=3 (going up, straight) and x=5 (going down, straight)
    assert not refused(ev), refused(ev)
    w = of_type(ev, "wired")[0]
    assert sorted((b[0], b[1]) for b in w["bumps"]) == [(3, 3), (5, 3)]
    assert w["joins"] == []
    ids = wire_networks.wire_network_ids(g, st(g).wires)
    assert ids[1] != ids[2]                                # separate networks


@pytest.mark.rule("WIRE-08")
def test_meeting_a_bend_joins():
    # wire 1: plate (1,1) down to row 3, right to (4,3), BENDS down to the blades (4,5).
    # wire 2 comes along row 3 from the right, meets the bend at (4,3) and turns up:
    # a join at the bend (not a jump), so with a lever the network has two triggers.
    rows = ["#########",
            "#p...L.t#",
            "#.......#",
            "#.......#",
            "#.......#",
            "#...B...#",
            "#########"]
    g = make(rows)
    assert not refused(drag(g, (1, 1), (1, 3), (4, 3), (4, 5)))
    ev = drag(g, (7, 1), (7, 3), (4, 3), (4, 2), (5, 2), (5, 1))     # timer .. lever
    r = refused(ev)
    assert r and "only one trigger" in r[0]["reason"]
    assert len(st(g).wires.wires) == 1
    # the same drag ending on a timer instead of the lever: joined at the bend
    g = make([r_.replace("L", "t") for r_ in rows])
    assert not refused(drag(g, (1, 1), (1, 3), (4, 3), (4, 5)))
    ev = drag(g, (7, 1), (7, 3), (4, 3), (4, 2), (5, 2), (5, 1))
    assert not refused(ev)
    w = of_type(ev, "wired")[0]
    assert w["joins"] == [[4, 3, 1]] and w["bumps"] == []
    ids = wire_networks.wire_network_ids(g, st(g).wires)
    assert ids[1] == ids[2]


@pytest.mark.rule("WIRE-08")
def test_meeting_a_wire_end_joins():
    # wire 1 runs from the plate and ends loose at (4,1). Wire 2, from the blades, goes
    # straight down column 4 through that end: it joins (not a jump), so the plate now
    # starts the blades.
    g = make(["#########",
              "#p......#",
              "#.......#",
              "#.......#",
              "#...B...#",
              "#########"])
    assert not refused(drag(g, (1, 1), (4, 1)))
    ev = drag(g, (4, 4), (4, 0 + 1), (5, 1), (5, 2))
    assert not refused(ev), refused(ev)
    w = of_type(ev, "wired")[0]
    assert w["joins"] == [[4, 1, 1]] and w["bumps"] == []
    g.spawn(1, 1, 1)
    g.step()
    assert of_type(g.take_events(), "mechanism_fired")


@pytest.mark.rule("WIRE-07")
def test_straight_across_a_straight_run_jumps_even_near_ends():
    g = make(["#########",
              "#p.....B#",
              "#.......#",
              "#...t...#",
              "#.......#",
              "#t......#",
              "#########"])
    assert not refused(drag(g, (1, 1), (7, 1)))                 # wire 1: plate -> blades
    assert not refused(drag(g, (4, 3), (4, 1)))                 # wire 2 ends on wire 1 (join)
    # wire 3 crosses wire 2's straight vertical run at (4,2): a jump; ends on wire 1: a join
    ev = drag(g, (1, 5), (1, 2), (6, 2), (6, 1))
    assert not refused(ev), refused(ev)
    w = of_type(ev, "wired")[0]
    assert w["bumps"] == [[4, 2, 2]] and w["joins"] == [[6, 1, 1]]


@pytest.mark.rule("WIRE-08")
def test_starting_or_ending_on_a_wire_joins():
    g = make(["#########",
              "#p.....B#",
              "#.......#",
              "#.......#",
              "#...t...#",
              "#########"])
    assert not refused(drag(g, (1, 1), (1, 2), (7, 2), (7, 1)))
    # end the drag on the straight run of the first wire (4,2): a join, not a jump
    ev = drag(g, (4, 4), (4, 2))
    assert not refused(ev)
    w = of_type(ev, "wired")[0]
    assert w["joins"] == [[4, 2, 1]] and w["bumps"] == []
    ids = wire_networks.wire_network_ids(g, st(g).wires)
    assert ids[1] == ids[2]


@pytest.mark.rule("WIRE-09")
def test_joined_network_is_one_wire_for_the_one_trigger_rule():
    # Two plates, one blades. Wire 1: plate A -> a dead end bend at (5,3) via (5,1)?
    # Wire 1 runs plate A (1,1) -> blades (8,1). Wire 2 starts on wire 1 (a join) and
    # ends on plate B: refused, because the joined network would hold two triggers.
    g = make(["##########",
              "#p......B#",
              "#........#",
              "#........#",
              "#........#",
              "#p.......#",
              "##########"])
    assert not refused(drag(g, (1, 1), (8, 1)))
    ev = drag(g, (5, 1), (5, 5), (1, 5))
    r = refused(ev)
    assert r and "only one trigger" in r[0]["reason"]
    assert len(st(g).wires.wires) == 1 and not st(g).wires.joins
    # a join that adds a timer is fine, and the joined wire carries the signal
    g.command({"type": "place_part", "kind": "timer", "x": 5, "y": 5})
    g.step()
    ev = drag(g, (5, 1), (5, 5))
    assert not refused(ev) and of_type(ev, "wired")[0]["joins"] == [[5, 1, 1]]


@pytest.mark.rule("WIRE-09")
def test_jump_keeps_networks_apart_so_no_refusal():
    # two complete traps whose wires cross straight: allowed (they stay separate)
    g = make(["##########",
              "#p.......#",
              "#....p...#",
              "#........#",
              "#........#",
              "#....B..B#",
              "##########"])
    assert not refused(drag(g, (1, 1), (1, 3), (8, 3), (8, 5)))
    ev = drag(g, (5, 2), (5, 5))
    assert not refused(ev)
    assert of_type(ev, "wired")[0]["bumps"] == [[5, 3, 1]]


@pytest.mark.rule("WIRE-07")
def test_running_along_a_wire_is_refused():
    g = make(["#########",
              "#p.....B#",
              "#.......#",
              "#....L..#",
              "#########"])
    assert not refused(drag(g, (1, 1), (1, 2), (7, 2), (7, 1)))
    ev = drag(g, (5, 3), (5, 2), (3, 2), (3, 3))
    assert refused(ev) and "run along" in refused(ev)[0]["reason"]


@pytest.mark.rule("WIRE-02")
def test_placing_a_part_on_a_wire_end_follows_the_one_mechanism_rule():
    g = make(["#########",
              "#p.....B#",
              "#.......#",
              "#########"])
    assert not refused(drag(g, (1, 1), (7, 1)))
    g.command({"type": "remove_part", "part": part_at(g, 7, 1).id})
    g.step()
    g.command({"type": "place_part", "kind": "lever", "x": 7, "y": 1})
    g.step()
    r = refused(g.take_events())
    assert r and "only one trigger" in r[0]["reason"]
    g.command({"type": "place_part", "kind": "web_trap", "x": 7, "y": 1})
    g.step()
    assert not refused(g.take_events())
