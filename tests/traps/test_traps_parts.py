"""Trap parts (TRAP-01..05) and who sets them off (FRIEND-01..04)."""
import pytest

from pysim.core import entities as E
from pysim.traps import mechanisms, trap_commands, trap_parts as tp
from trapkit import drag, make, of_type, part_at, refused, run, st

ROW = ["#########",
       "#p.....B#",
       "#.......#",
       "#########"]


def wired(rows=ROW, corners=((1, 1), (7, 1)), **kw):
    return make(rows, wires=[corners], **kw)


def put(g, kind, x, y, side=None):
    e = g.spawn(kind, x, y)
    if side is not None:
        e.side = side
    return e


@pytest.mark.rule("TRAP-01")
def test_trigger_kinds_and_wide_tripwire_is_a_tripwire():
    assert tp.TRIGGERS == ("tripwire", "wide_tripwire", "pressure_plate", "sensor", "lever")
    assert tp.trigger_kind(tp.WIDE_TRIPWIRE) == tp.trigger_kind(tp.TRIPWIRE) == tp.TRIPWIRE
    # each non-lever trigger kind, wired to blades, goes off when an adventurer steps in
    for kind, where in (("tripwire", (1, 1)), ("wide_tripwire", (2, 1)),
                        ("pressure_plate", (2, 1)), ("sensor", (3, 2))):
        g = make(["#########",
                  "#......B#",
                  "#.......#",
                  "#########"], legend={"q": "floor trap:" + kind})
        g.command({"type": "place_part", "kind": kind, "x": 2 if kind != "tripwire" else 1,
                   "y": 1, "orient": "h"})
        g.step()
        p = st(g).parts[max(st(g).parts)]
        p.built = True
        assert not refused(drag(g, (p.x, p.y), (7, 1)))
        put(g, E.ADVENTURER, *where)
        ev = run(g, 2)
        assert of_type(ev, "trap_triggered"), kind


@pytest.mark.rule("TRAP-01")
def test_lever_starts_its_trap_when_switched():
    g = make(["#########",
              "#L.....B#",
              "#########"], wires=[((1, 1), (7, 1))])
    lever = part_at(g, 1, 1)
    g.command({"type": "switch_lever", "part": lever.id})
    ev = run(g, 1)
    assert of_type(ev, "mechanism_fired") and lever.lever_on and lever.on
    assert not lever.needs_reset                          # levers never need a reset


@pytest.mark.rule("TRAP-02")
def test_mechanism_kinds_and_trap_items_need_a_trigger():
    assert tp.MECHANISMS == ("spinning_blades", "flame_sprayer", "gas_sprayer",
                             "electric_coil", "dart_thrower", "blast_trap", "spider_trap",
                             "web_trap", "terror_trap", "alarm_trap")
    for k in tp.ALL_KINDS:
        if "trap" in k:
            assert tp.is_mechanism(k) and not tp.is_trigger(k)
    # a Trap item with no trigger never goes off, even with an enemy on it
    g = make(["#######",
              "#..X..#",
              "#######"])
    put(g, E.ADVENTURER, 3, 1)
    assert not of_type(run(g, 5), "mechanism_fired")


@pytest.mark.rule("TRAP-03")
def test_triggers_need_three_tiles_between_them():
    g = make(["############",
              "#p.........#",
              "#..........#",
              "#..........#",
              "#..........#",
              "############"])
    for (x, y, ok) in ((4, 1, False), (5, 1, True), (4, 4, False), (5, 4, True),
                       (1, 4, False), (2, 4, False)):
        assert (trap_commands.placement_reason(g, "tripwire", x, y) is None) == ok, (x, y)
    g.command({"type": "place_part", "kind": "sensor", "x": 3, "y": 3})
    g.step()
    r = refused(g.take_events())
    assert r and "at least 3 tiles between them" in r[0]["reason"]
    # mechanisms and timers don't count
    assert trap_commands.placement_reason(g, "spinning_blades", 2, 1) is None
    assert trap_commands.placement_reason(g, "timer", 2, 2) is None
    # a wide tripwire's three tiles count
    assert trap_commands.placement_reason(g, "wide_tripwire", 5, 3, "h") is not None
    assert trap_commands.placement_reason(g, "wide_tripwire", 5, 3, "v") is None


@pytest.mark.rule("TRAP-04")
def test_unwired_trigger_does_nothing():
    g = make(ROW)                                        # plate and blades, no wire
    put(g, E.ADVENTURER, 1, 1)
    ev = run(g, 3)
    assert not of_type(ev, "trap_triggered") and not of_type(ev, "mechanism_fired")
    assert not part_at(g, 1, 1).needs_reset and not part_at(g, 7, 1).needs_reset
    # a mechanism with nothing wired to it does nothing either (see TRAP-02 test)


@pytest.mark.rule("TRAP-04")
def test_trigger_wired_only_to_a_timer_does_nothing():
    g = make(["#########",
              "#p..t...#",
              "#########"], wires=[((1, 1), (4, 1))])
    put(g, E.ADVENTURER, 1, 1)
    assert not of_type(run(g, 3), "trap_triggered")


def _hits(ev, eid):
    return [e for e in ev if e["type"] in ("trap_hit", "trap_missed") and e["entity"] == eid]


@pytest.mark.rule("TRAP-05")
@pytest.mark.parametrize("kind,near,far", [
    ("spinning_blades", (6, 2), (4, 2)),
    ("electric_coil", (6, 2), (4, 2)),
    ("flame_sprayer", (5, 2), (3, 2)),
    ("blast_trap", (5, 2), (3, 2)),
])
def test_area_mechanisms_attack_everyone_in_their_area(kind, near, far):
    g = make(["#########",
              "#p.....Q#",
              "#.......#",
              "#########"], legend={"Q": "floor trap:" + kind}, wires=[((1, 1), (7, 1))])
    a = put(g, E.ADVENTURER, 1, 1)
    m1 = put(g, E.MINION, *near)
    m2 = put(g, E.MINION, *far)
    ev = run(g, 2)
    assert of_type(ev, "mechanism_fired")
    assert _hits(ev, m1.id) and not _hits(ev, m2.id) and not _hits(ev, a.id)


@pytest.mark.rule("TRAP-05")
def test_mechanism_attack_uses_combat_rolls_and_wounds():
    # rate of wounds over many seeds equals the exact dice chance of attack vs Block
    from pysim.core import dice
    n = 300
    hits = 0
    for seed in range(n):
        g = make(["#########",
                  "#p....B.#",
                  "#########"], wires=[((1, 1), (6, 1))], seed=seed)
        put(g, E.ADVENTURER, 1, 1)
        v = put(g, E.ADVENTURER, 7, 1)
        ev = run(g, 2)
        hits += len([e for e in _hits(ev, v.id) if e["type"] == "trap_hit"])
        block = mechanisms.block_of(g, v, tp.SPINNING_BLADES)
    p = dice.outcome_chances(tp.MECH[tp.SPINNING_BLADES].attack, block)[dice.SUCCESS]
    sd = (n * p * (1 - p)) ** 0.5
    assert abs(hits - n * p) <= 4 * sd


@pytest.mark.rule("TRAP-05")
def test_gas_web_terror_spider_alarm_dart():
    def trap(kind, rows=None):
        rows = rows or ["###########",
                        "#p.......Q#",
                        "#.........#",
                        "###########"]
        return make(rows, legend={"Q": "floor trap:" + kind}, wires=[((1, 1), (9, 1))])
    # gas: a cloud for GAS_TICKS; bodies inside are attacked every GAS_INTERVAL
    g = trap("gas_sprayer")
    put(g, E.ADVENTURER, 1, 1)
    v = put(g, E.ADVENTURER, 8, 2)
    ev = run(g, 2)
    assert of_type(ev, "gas_cloud")
    assert mechanisms.in_gas(g, 8, 2) and not mechanisms.in_gas(g, 6, 2)
    ev = run(g, tp.GAS_INTERVAL * 3)
    assert len(_hits(ev, v.id)) == 3
    run(g, tp.GAS_TICKS)
    assert not st(g).gas
    # web: holds a body in it (it cannot step out) until it breaks free
    g = trap("web_trap")
    put(g, E.ADVENTURER, 1, 1)
    v = put(g, E.ADVENTURER, 8, 2)
    run(g, 2)
    assert (8, 2) in st(g).webs
    assert not mechanisms.web_holds(g, v, 7, 2)
    # terror: an enemy who loses the roll runs away
    losses = 0
    for seed in range(40):
        g = make(["###########",
                  "#p.......Q#",
                  "#.........#",
                  "#.........#",
                  "###########"], legend={"Q": "floor trap:terror_trap"},
                 wires=[((1, 1), (9, 1))], seed=seed)
        put(g, E.ADVENTURER, 1, 1)
        v = put(g, E.ADVENTURER, 8, 2)
        ev = run(g, 2)
        if of_type(ev, "terrified"):
            losses += 1
            assert v.path is not None
    assert losses > 0
    # spider: two spiders of your dungeon appear next to it
    g = trap("spider_trap")
    put(g, E.ADVENTURER, 1, 1)
    ev = run(g, 2)
    spiders = [e for e in g.entities.values() if e.subtype == "spider"]
    assert len(spiders) == 2 and all(s.side == E.DUNGEON for s in spiders)
    # alarm: reveals the enemies near it to your minions
    g = trap("alarm_trap")
    a = put(g, E.ADVENTURER, 1, 1)
    m = put(g, E.MINION, 5, 2)
    ev = run(g, 2)
    al = of_type(ev, "alarm")
    assert al and a.id in al[0]["enemies"] and a.id in m.fighter.known
    # dart: shoots the one who set it off, with a clear line of fire
    g = make(["#########",
              "#p.....d#",
              "#########"], wires=[((1, 1), (7, 1))])
    a = put(g, E.ADVENTURER, 1, 1)
    ev = run(g, 2)
    assert of_type(ev, "dart")[0]["target"] == a.id and _hits(ev, a.id)


@pytest.mark.rule("FRIEND-01")
def test_own_minions_do_not_trigger():
    g = wired()
    put(g, E.MINION, 1, 1)
    put(g, E.BOSS, 2, 2)
    assert not of_type(run(g, 5), "trap_triggered")
    assert part_at(g, 1, 1).works()
    put(g, E.ADVENTURER, 1, 1)
    assert of_type(run(g, 1), "trap_triggered")


@pytest.mark.rule("FRIEND-02")
def test_rampaging_minion_triggers():
    g = wired()
    m = put(g, E.MINION, 1, 1)
    assert not of_type(run(g, 2), "trap_triggered")
    m.rampage = True                                    # turned against you
    ev = run(g, 1)
    assert of_type(ev, "trap_triggered")[0]["who"] == m.id
    g = wired()
    put(g, E.MINION, 1, 1, side=E.INVADERS)             # or changed sides
    assert of_type(run(g, 1), "trap_triggered")


@pytest.mark.rule("FRIEND-03")
def test_wild_creatures_trigger_but_not_an_alarm_trigger():
    g = wired()
    c = put(g, E.CREATURE, 1, 1, side=E.WILD)
    assert of_type(run(g, 1), "trap_triggered")[0]["who"] == c.id
    g = make(["#########",
              "#p.....A#",
              "#########"], wires=[((1, 1), (7, 1))])
    put(g, E.CREATURE, 1, 1, side=E.WILD)
    assert not of_type(run(g, 3), "trap_triggered")
    put(g, E.ADVENTURER, 1, 1)
    assert of_type(run(g, 1), "trap_triggered")


@pytest.mark.rule("FRIEND-03")
def test_alarm_behind_a_timer_still_ignores_wild_creatures():
    g = make(["##########",
              "#p..t...A#",
              "##########"], wires=[((1, 1), (4, 1)), ((4, 1), (8, 1))])
    put(g, E.CREATURE, 1, 1, side=E.WILD)
    assert not of_type(run(g, 3), "trap_triggered")


@pytest.mark.rule("FRIEND-04")
def test_lair_creature_joins_dungeon_and_stops_triggering():
    g = wired()
    c = put(g, E.CREATURE, 3, 2, side=E.WILD)
    c.side = E.DUNGEON                                  # it moved into one of your lairs
    c.x, c.y = 1, 1
    assert not of_type(run(g, 3), "trap_triggered")


@pytest.mark.rule("TRAP-01")
def test_the_sense_mask_marks_every_sensed_tile_in_the_map_and_nothing_else():
    # detect skips a body whose tile no trigger senses by this mask: it must hold every
    # sensed tile (a sensor senses its neighbours too), and follow a trigger placed later
    g = make(["#########",
              "#......B#",
              "#.......#",
              "#########"])
    for kind, x, y in (("sensor", 3, 2), ("pressure_plate", 6, 1)):
        g.command({"type": "place_part", "kind": kind, "x": x, "y": y, "orient": "h"})
        g.step()
        s = st(g)
        mask = s.sense_mask(g.grid.width, g.grid.height)
        want = {t for t in s.sense_map()
                if 0 <= t[0] < g.grid.width and 0 <= t[1] < g.grid.height}
        marked = {(int(x), int(y)) for y, x in zip(*mask.nonzero())}
        assert marked == want and len(want) > 1
