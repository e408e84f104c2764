"""Resets, botches, rigging (RESET-01..06), 2-day decay (DECAY-01..04), building in place
and moving (BUILD-01..02)."""
import pytest

from pysim.combat import fighter
from pysim.core import dice, duties, entities as E
from pysim.traps import decay, resets, trap_parts as tp
from trapkit import find, make, of_type, part_at, refused, run, st

DAY2 = decay.DECAY_TICKS

# plate -> timer -> blades, a Traps-duty minion (n) waiting in the side room
TRAP = ["############",
        "#p...t....B#",
        "#..........#",
        "#.........n#",
        "############"]
WIRES = [((1, 1), (5, 1)), ((5, 1), (10, 1))]


def set_off(g, x=1, y=1):
    a = g.spawn(E.ADVENTURER, x, y)
    ev = run(g, 40)
    a.state = E.DEAD           # out of the way
    return ev


@pytest.mark.rule("RESET-01")
def test_every_part_needs_a_reset_after_use():
    g = make([r.replace("n", ".") for r in TRAP], wires=WIRES)
    ev = set_off(g)
    assert of_type(ev, "mechanism_fired")
    plate, timer, blades = part_at(g, 1, 1), part_at(g, 5, 1), part_at(g, 10, 1)
    assert plate.needs_reset and timer.needs_reset and blades.needs_reset
    ev = set_off(g)                              # a second enemy: nothing happens
    assert not of_type(ev, "trap_triggered") and not of_type(ev, "mechanism_fired")


@pytest.mark.rule("RESET-01")
def test_lever_never_needs_a_reset():
    g = make(["#########",
              "#L.....B#",
              "#########"], wires=[((1, 1), (7, 1))])
    lever, blades = part_at(g, 1, 1), part_at(g, 7, 1)
    g.command({"type": "switch_lever", "part": lever.id})
    run(g, 1)
    assert not lever.needs_reset and blades.needs_reset


@pytest.mark.rule("RESET-02")
def test_traps_duty_minion_resets_each_part_with_its_own_roll():
    g = make(TRAP, wires=WIRES, seed=3)
    set_off(g)
    ev = run(g, 3000)
    resets_ = of_type(ev, "part_reset")
    assert sorted(e["part"] for e in resets_) == sorted(p.id for p in st(g).parts.values())
    rolls = len(resets_) + len(of_type(ev, "reset_failed")) + len(of_type(ev, "reset_botched"))
    assert rolls >= 3
    assert all(p.works() for p in st(g).parts.values())
    # without a Traps-duty minion nobody resets
    g = make(TRAP, wires=WIRES, seed=3)
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    m.duty = duties.NONE
    set_off(g)
    assert not of_type(run(g, 2000), "part_reset")


@pytest.mark.rule("RESET-02")
def test_reset_roll_is_craft_against_difficulty():
    for kind in (tp.PRESSURE_PLATE, tp.BLAST_TRAP, tp.TIMER):
        ch = resets.reset_chances(2, kind)
        assert ch == dice.outcome_chances(2, tp.RESET_DIFFICULTY[kind])
    assert resets.reset_chances(2, tp.BLAST_TRAP)[dice.SUCCESS] < \
        resets.reset_chances(2, tp.TIMER)[dice.SUCCESS]


def _botch_game(seed, rows=None, wires=None):
    g = make(rows or ["#########",
                      "#p....B.#",
                      "#.......#",
                      "#########"], wires=wires or [((1, 1), (6, 1))], seed=seed)
    m = g.spawn(E.MINION, 7, 1)
    return g, m


@pytest.mark.rule("RESET-03")
def test_botch_outcomes_are_fifty_fifty(monkeypatch):
    assert resets.botch_chances(True) == {"trigger": 0.5, "rig": 0.5}
    monkeypatch.setattr(dice, "opposed_roll", lambda rng, a, b: (dice.BOTCH, -5))
    n = 400
    rig = 0
    for seed in range(n):
        g, m = _botch_game(seed)
        blades = part_at(g, 6, 1)
        blades.needs_reset = True
        out = resets.roll_reset(g, m, blades)
        ev = g.take_events()
        if out == "botch_rig":
            rig += 1
            assert part_at(g, 1, 1).rigged and part_at(g, 1, 1).rigged_by == m.id
            assert blades.works()
        else:
            assert out == "botch_trigger"
            fired = of_type(ev, "mechanism_fired")
            assert fired and fired[0]["botch"]
            # it can hit the minion next to the blades; the part still needs a reset
            assert [e for e in ev if e["type"] in ("trap_hit", "trap_missed")
                    and e["entity"] == m.id]
            assert blades.needs_reset
    sd = (n * 0.25) ** 0.5
    assert abs(rig - n / 2) <= 4 * sd


@pytest.mark.rule("RESET-04")
def test_rigged_trigger_reacts_to_own_minions_but_not_the_botcher():
    g, botcher = _botch_game(1)
    plate = part_at(g, 1, 1)
    plate.rigged = True
    plate.rigged_by = botcher.id
    botcher.x, botcher.y = 1, 1
    botcher.duty = duties.NONE
    assert not of_type(run(g, 3), "trap_triggered")
    botcher.x, botcher.y = 3, 2
    other = g.spawn(E.MINION, 1, 1)
    ev = run(g, 1)
    assert of_type(ev, "trap_triggered")[0]["who"] == other.id
    assert of_type(ev, "trap_triggered")[0]["rigged"]


@pytest.mark.rule("RESET-05")
def test_rigged_is_normal_after_one_triggering_or_a_reset():
    g, botcher = _botch_game(1)
    plate = part_at(g, 1, 1)
    plate.rigged, plate.rigged_by = True, botcher.id
    m = g.spawn(E.MINION, 1, 1)
    run(g, 1)
    assert not plate.rigged                       # triggered once: normal again
    plate.needs_reset = False
    for p in st(g).parts.values():
        p.needs_reset = False
    assert not of_type(run(g, 3), "trap_triggered")  # own minion still on it: no reaction
    # a reset also clears it
    plate.rigged, plate.rigged_by = True, botcher.id
    m.x, m.y = 3, 2
    resets.finish_reset(g, plate)
    assert not plate.rigged


@pytest.mark.rule("TRAP-04")
@pytest.mark.rule("RESET-03")
def test_botched_reset_of_a_part_outside_a_whole_trap_does_nothing(monkeypatch):
    # an unwired blades, an unwired plate, and a timer wired to a coil with no trigger:
    # Traps-duty minions (one beside each, a Drudgery one near) botch every reset roll
    rows = ["##############",
            "#B....p...t.E#",
            "#n....n...n.n#",
            "#...u........#",
            "##############"]
    g = make(rows, wires=[((10, 1), (12, 1))], seed=4)
    for p in st(g).parts.values():
        p.needs_reset = True
    monkeypatch.setattr(dice, "opposed_roll", lambda rng, a, b: (dice.BOTCH, -5))
    ev = run(g, 1500)
    rolls = of_type(ev, "reset_failed")
    assert len(rolls) >= 8 and {e["part"] for e in rolls} == set(st(g).parts)
    assert not of_type(ev, "reset_botched")
    assert not [e for e in ev if e["type"] in ("mechanism_fired", "trap_triggered",
                                               "trap_hit", "trap_missed", "trigger_on")]
    assert all(p.needs_reset and not p.rigged for p in st(g).parts.values())
    for m in g.entities.values():
        assert m.state == E.UP and not fighter.fighter_of(m).wounds


@pytest.mark.rule("TRAP-04")
def test_levers_timers_and_decay_set_off_no_part_outside_a_whole_trap():
    # an unwired lever and blades; a lever wired only to a timer; a minion beside the blades
    g = make(["##############",
              "#L.B....L..t.#",
              "#..u.........#",
              "##############"], legend={"L": "floor trap:lever"}, wires=[((8, 1), (11, 1))])
    ev = []
    for lever in find(g, tp.LEVER):
        g.command({"type": "switch_lever", "part": lever.id, "on": True})
    ev += run(g, 60)
    g.tick = DAY2 - 1                              # and every part but the levers expires
    ev += run(g, 3)
    assert len(of_type(ev, "part_expired")) == 2
    assert not [e for e in ev if e["type"] in ("trap_triggered", "mechanism_fired",
                                               "timer_started", "trap_hit", "trap_missed")]


@pytest.mark.rule("RESET-06")
def test_botch_on_a_lever_trap_always_triggers(monkeypatch):
    assert resets.botch_chances(False) == {"trigger": 1.0, "rig": 0.0}
    monkeypatch.setattr(dice, "opposed_roll", lambda rng, a, b: (dice.BOTCH, -5))
    for seed in range(60):
        g, m = _botch_game(seed, rows=["#########",
                                       "#L....B.#",
                                       "#.......#",
                                       "#########"])
        blades = part_at(g, 6, 1)
        blades.needs_reset = True
        assert resets.roll_reset(g, m, blades) == "botch_trigger"
        assert not part_at(g, 1, 1).rigged


@pytest.mark.rule("DECAY-01")
def test_parts_expire_exactly_two_days_after_last_reset():
    assert DAY2 == 2 * 24 * 600
    g = make([r.replace("n", ".") for r in TRAP], wires=WIRES)
    parts = list(st(g).parts.values())
    assert all(p.last_reset == 0 for p in parts)
    g.run(DAY2)                                   # systems ran at ticks 0 .. DAY2-1
    assert all(p.works() for p in parts)
    g.take_events()
    g.step()                                      # the tick DAY2 itself
    ev = g.take_events()
    exp = of_type(ev, "part_expired")
    assert sorted(e["part"] for e in exp) == sorted(p.id for p in parts)
    assert all(e["tick"] == DAY2 for e in exp)
    assert all(p.expired and not p.works() and p.state_name() == "expired" for p in parts)
    # an expired trap does nothing
    assert not of_type(set_off(g), "mechanism_fired")


@pytest.mark.rule("DECAY-02")
def test_minion_resets_expired_parts_and_clock_restarts():
    g = make(TRAP, wires=WIRES, seed=5)
    g.tick = DAY2 - 1
    ev = run(g, 2500)
    assert len(of_type(ev, "part_expired")) == 3
    resets_ = of_type(ev, "part_reset")
    assert len(resets_) == 3
    for e in resets_:
        p = st(g).parts[e["part"]]
        assert p.works() and p.last_reset == e["tick"]
    # expires again exactly DAY2 after its reset
    p = st(g).parts[resets_[0]["part"]]
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    m.duty = duties.NONE
    g.tick = p.last_reset + DAY2 - 1
    g.step()
    assert p.works()
    g.step()
    assert p.expired


@pytest.mark.rule("DECAY-03")
def test_levers_never_expire_but_their_mechanism_does():
    g = make(["#########",
              "#L.....B#",
              "#########"], wires=[((1, 1), (7, 1))])
    g.tick = DAY2 * 3
    g.step()
    assert part_at(g, 1, 1).works() and part_at(g, 7, 1).expired


@pytest.mark.rule("DECAY-04")
def test_reset_workload_counts_parts_waiting():
    from pysim.session import Session
    text = "\n".join(["name: w", "[legend]", "p = floor trap:pressure_plate",
                      "B = floor trap:spinning_blades", "t = floor trap:timer",
                      "[map]"] + [r.replace("n", ".") for r in TRAP]
                     + ["[wires]", "1,1 5,1", "5,1 10,1"])
    s = Session(text, "w", 1)
    assert s.snapshot()["trap_workload"] == 0
    g = s.game
    g.tick = DAY2
    g.step()
    assert decay.reset_workload(g) == 3
    snap = s.snapshot()
    assert snap["trap_workload"] == 3 and snap["traps_duty"] == 0
    assert list(snap["part_state"]) == [3, 3, 3]


@pytest.mark.rule("BUILD-01")
def test_blueprint_built_with_hauled_metal_by_traps_duty():
    rows = ["############",
            "#M.........#",
            "#.........u#",
            "#..........#",
            "############"]
    g = make(rows, seed=2)
    g.command({"type": "place_part", "kind": "spinning_blades", "x": 9, "y": 3})
    g.step()
    blades = find(g, tp.SPINNING_BLADES)[0]
    assert blades.state_name() == "blueprint" and not blades.works()
    ev = run(g, 1500)                           # Drudgery hauls the metal, nobody builds
    assert blades.metal == tp.METAL[tp.SPINNING_BLADES]
    assert len(of_type(ev, "metal_delivered")) == 2
    assert st(g).stock[(1, 1)] == 20 - 2
    assert not blades.built
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    g.command({"type": "set_duty", "entity": m.id, "duty": "traps"})
    ev = run(g, 1000)
    built = of_type(ev, "part_built")
    assert built and built[0]["entity"] == m.id and blades.built and blades.works()
    assert blades.last_reset == built[0]["tick"]
    # no metal, no building
    g = make([r.replace("M", ".") for r in rows])
    g.command({"type": "place_part", "kind": "pressure_plate", "x": 5, "y": 3})
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    m.duty = duties.TRAPS
    run(g, 1500)
    assert not find(g, tp.PRESSURE_PLATE)[0].built


@pytest.mark.rule("BUILD-02")
def test_moving_a_part_keeps_its_reset_needs():
    g = make([r.replace("n", ".") for r in TRAP], wires=WIRES)
    set_off(g)
    blades = part_at(g, 10, 1)
    plate = part_at(g, 1, 1)
    plate.rigged, plate.rigged_by = False, -1
    before = (blades.needs_reset, blades.expired, blades.last_reset)
    g.command({"type": "move_part", "part": blades.id, "x": 9, "y": 3})
    run(g, 1)
    assert (blades.x, blades.y) == (9, 3)
    assert (blades.needs_reset, blades.expired, blades.last_reset) == before
    assert blades.needs_reset and blades.state_name() == "needs_reset"
    # a trigger moved too close to another is refused like placing
    g.command({"type": "place_part", "kind": "tripwire", "x": 6, "y": 3})
    g.command({"type": "move_part", "part": plate.id, "x": 4, "y": 3})
    ev = run(g, 1)
    assert refused(ev) and "3 tiles" in refused(ev)[0]["reason"]
