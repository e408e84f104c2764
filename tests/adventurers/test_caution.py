"""The Cautious status of a party (CAUT-01..04), in play on small levels.
Decisions: docs/rules/adventurers.md, "Cautious"."""
import pytest

from cautionkit import advs, cautious, level, mind, of_type, run, run_until
from pysim.adventurers import caution, marks, mind_hooks
from pysim.core import entities as E
from pysim.traps import mechanisms, trap_parts as tp, trap_state

# A room 3 tiles high (no corridor tile in it); a tripwire T on the way to the sanctum,
# wired to an alarm (harmless to adventurers) in the corner.
ROOM = ["###########",
        "#A........#",
        "#a...T...S#",
        "#.........#",
        "###########"]
ROOM_WIRES = [((5, 2), (5, 1), (1, 1))]

# The same with a second tripwire further on (TRAP-03 spacing).
TWO = ["#############",
       "#A.........A#",
       "#a..T...T..S#",
       "#...........#",
       "#############"]
TWO_WIRES = [((4, 2), (4, 1), (1, 1)), ((8, 2), (8, 1), (11, 1))]

# Two rooms joined by a 1-tile-wide corridor 4 tiles long.
CORRIDOR = ["############",
            "#..#####...#",
            "#a.......S.#",
            "#..#####...#",
            "############"]

# Two rooms joined by a doorway: a single gap in a wall, not a corridor.
DOORWAY = ["#########",
           "#...#...#",
           "#a.....S#",
           "#...#...#",
           "#########"]


def _walk_to_trigger(g):
    return run_until(g, lambda ev: of_type(ev, "trap_triggered"))


@pytest.mark.rule("CAUT-01")
def test_a_member_setting_off_a_trap_makes_the_party_cautious():
    g = level(ROOM, ROOM_WIRES)
    ev = _walk_to_trigger(g)
    c = of_type(ev, "party_cautious")
    assert c and c[0]["tick"] == of_type(ev, "trap_triggered")[0]["tick"]
    assert len(c) == 1 and c[0]["party"] == 1 and c[0]["reason"] == "trap" and c[0]["bonus"] == 1
    assert c[0]["who"] == advs(g)[0].id
    assert cautious(g, 1) and mind(g, 1).bonus == 1


@pytest.mark.rule("CAUT-01")
def test_a_trap_set_off_by_another_party_does_not_make_this_one_cautious():
    rows = [r.replace("#a...", "#b...") for r in ROOM]
    rows[3] = "#a........#"
    g = level(rows, ROOM_WIRES)
    ev = _walk_to_trigger(g) + run(g, 1)
    assert [c["party"] for c in of_type(ev, "party_cautious")] == [2]
    assert not cautious(g, 1)


@pytest.mark.rule("CAUT-02")
def test_a_trap_while_already_cautious_raises_the_bonus_to_2():
    g = level(TWO, TWO_WIRES)
    ev = run_until(g, lambda ev: len(of_type(ev, "trap_triggered")) == 2) + run(g, 1)
    c = of_type(ev, "party_cautious")
    assert [x["bonus"] for x in c] == [1, 2] and [x["reason"] for x in c] == ["trap", "trap"]
    a = advs(g)[0]
    assert caution.caution_bonus(g, a) == 2


# Three tripwires on the way (TRAP-03 spacing), each wired to its own alarm.
THREE = ["#################",
         "#A.........A...A#",
         "#a..T...T...T..S#",
         "#...............#",
         "#################"]
THREE_WIRES = TWO_WIRES + [((12, 2), (12, 1), (15, 1))]


@pytest.mark.rule("CAUT-02")
def test_a_third_trap_while_cautious_leaves_the_bonus_at_2():
    g = level(THREE, THREE_WIRES)
    ev = run_until(g, lambda ev: len(of_type(ev, "trap_triggered")) == 3) + run(g, 1)
    assert len(of_type(ev, "trap_triggered")) == 3
    assert [x["bonus"] for x in of_type(ev, "party_cautious")] == [1, 2]   # +2 at most
    assert caution.caution_bonus(g, advs(g)[0]) == 2


@pytest.mark.rule("CAUT-01")
def test_walking_into_a_one_tile_wide_corridor_makes_the_party_cautious_once():
    g = level(CORRIDOR)
    ev = run_until(g, lambda ev: of_type(ev, "party_cautious"))
    a = advs(g)[0]
    assert (a.x, a.y) == (3, 2)                      # the first corridor tile
    assert of_type(ev, "party_cautious")[0]["reason"] == "corridor"
    ev += run(g, 300)
    assert len(of_type(ev, "party_cautious")) == 1   # no event for every corridor tile


@pytest.mark.rule("CAUT-01")
def test_a_doorway_is_not_a_corridor():
    g = level(DOORWAY)
    ev = run(g, 300)
    a = advs(g)[0]
    assert g.grid.terrain[a.y, a.x] == 5              # reached the sanctum
    assert of_type(ev, "party_cautious") == []


def _bloodied(old):
    """The corridor level with blood laid in the far room, `old` or fresh, at tick 0."""
    rows = [r.replace("#", ".", 0) for r in DOORWAY]
    g = level(DOORWAY)
    m = marks.state_of(g)
    w = g.grid.width
    m.lay(marks.BLOOD, 1 * w + 6, 0)
    if old:
        g.tick = 600        # the blood has dried by the time they come
    return g, rows


@pytest.mark.rule("CAUT-01")
def test_old_blood_in_an_area_makes_the_party_cautious_fresh_blood_does_not():
    g, _ = _bloodied(old=True)
    ev = run_until(g, lambda ev: of_type(ev, "party_cautious"), 300)
    c = of_type(ev, "party_cautious")[0]
    a = advs(g)[0]
    assert c["reason"] == "old blood" and a.x >= 5      # on arriving in the far room
    g2, _ = _bloodied(old=False)
    assert of_type(run(g2, 300), "party_cautious") == []


@pytest.mark.rule("CAUT-01")
def test_old_scorch_marks_make_the_party_cautious_once_per_area():
    g = level(DOORWAY)
    w = g.grid.width
    marks.state_of(g).lay(marks.SCORCH, 3 * w + 6, 0)
    g.tick = 600
    ev = run_until(g, lambda ev: of_type(ev, "party_cautious"), 300)
    assert of_type(ev, "party_cautious")[0]["reason"] == "old scorch"
    caution.calm(g, 1, "fight")          # calm again, still in the scorched room
    a = advs(g)[0]
    a.idle = 0
    ev = run(g, 200)
    assert of_type(ev, "party_cautious") == []          # once per area
    assert mind(g, 1).mark_areas == [1 * w + 5]


@pytest.mark.rule("CAUT-02")
def test_cautious_steps_take_5_4_as_long():
    g = level(DOORWAY)
    a = advs(g)[0]
    run_until(g, lambda ev: a.step_len > 0, 50)
    plain = a.step_len
    assert plain == a.pace
    caution.make_cautious(g, 1, caution.CORRIDOR)
    run_until(g, lambda ev: a.step_len > 0 and a.step_t == 0, 50)
    assert a.step_len == (plain * 5 + 3) // 4 and a.step_len > plain
    caution.calm(g, 1, "fight")
    run_until(g, lambda ev: a.step_len > 0 and a.step_t == 0, 50)
    assert a.step_len == plain


@pytest.mark.rule("CAUT-02")
def test_cautious_slows_the_whole_walk_by_a_fifth_or_more():
    def arrive(cautious_from_start):
        g = level(DOORWAY)
        if cautious_from_start:
            caution.make_cautious(g, 1, caution.CORRIDOR)
        a = advs(g)[0]
        for t in range(1000):
            g.step()
            if g.grid.terrain[a.y, a.x] == 5:
                return t
    plain, slow = arrive(False), arrive(True)
    assert slow >= plain * 5 // 4 and slow <= plain * 5 // 4 + 8


@pytest.mark.rule("CAUT-02")
def test_cautious_gives_plus_one_to_spot_disarm_and_every_trap_roll():
    g = level(ROOM, ROOM_WIRES)
    a = advs(g)[0]
    before = [mechanisms.block_of(g, a, tp.SPINNING_BLADES),
              mechanisms.resist_bonus(g, a, tp.TERROR_TRAP),
              mind_hooks.spot_bonus(g, a, tp.TRIPWIRE), mind_hooks.disarm_bonus(g, a, tp.SENSOR)]
    caution.make_cautious(g, 1, caution.CORRIDOR)
    after = [mechanisms.block_of(g, a, tp.SPINNING_BLADES),
             mechanisms.resist_bonus(g, a, tp.TERROR_TRAP),
             mind_hooks.spot_bonus(g, a, tp.TRIPWIRE), mind_hooks.disarm_bonus(g, a, tp.SENSOR)]
    assert [y - x for x, y in zip(before, after)] == [1, 1, 1, 1]
    caution.make_cautious(g, 1, caution.TRAP)
    assert mind_hooks.disarm_bonus(g, a, tp.SENSOR) - before[3] == 2


@pytest.mark.rule("CAUT-02")
def test_the_trap_that_makes_a_party_cautious_is_not_resisted_better(monkeypatch):
    from pysim.core import dice
    rows = [r.replace("A", "B") for r in ROOM]
    rows[1] = "#.........#"
    rows[3] = "#....B....#"
    g = level(rows, [((5, 2), (5, 3))])
    a = advs(g)[0]
    calls = []
    real = dice.opposed_roll

    def spy(rng, actor, opponent):
        if rng is g.rng.stream("traps"):           # the trap's roll, not a spot roll
            calls.append((g.tick, actor, opponent))
        return real(rng, actor, opponent)
    monkeypatch.setattr(dice, "opposed_roll", spy)
    base = mechanisms.block_of(g, a, tp.SPINNING_BLADES)
    _walk_to_trigger(g)
    assert calls and calls[0][2] == base


@pytest.mark.rule("CAUT-03")
def test_the_partys_next_fight_ends_cautious():
    rows = ["###########",
            "#.........#",
            "#a.......S#",
            "#.......m.#",
            "###########"]
    g = level(rows)
    caution.make_cautious(g, 1, caution.CORRIDOR)
    ev = run_until(g, lambda ev: of_type(ev, "party_calm"), 2000)
    calm = of_type(ev, "party_calm")[0]
    assert calm["party"] == 1 and calm["cause"] == "fight"
    first_attack = of_type(ev, "attack")[0]
    assert calm["tick"] == first_attack["tick"]
    assert not cautious(g, 1) and caution.caution_bonus(g, advs(g)[0]) == 0


def _spotted(g, pid, spotter, part_id=1):
    """What the spotting side does when a party spots a trigger (mind_hooks contract)."""
    for fn in list(mind_hooks.SPOTTED_HOOKS):
        fn(g, pid, spotter, part_id)


@pytest.mark.rule("CAUT-04")
def test_spotting_a_trap_while_cautious_ends_it_and_corridors_no_longer_count():
    g = level(CORRIDOR)
    caution.make_cautious(g, 1, caution.TRAP)
    a = advs(g)[0]
    _spotted(g, 1, a.id)
    ev = g.take_events()
    assert [(c["party"], c["cause"]) for c in of_type(ev, "party_calm")] == [(1, "spotted")]
    ev = run(g, 300)
    assert g.grid.terrain[a.y, a.x] == 5                # walked the corridor
    assert of_type(ev, "party_cautious") == []
    caution.make_cautious(g, 1, caution.TRAP)            # a trap still can
    assert cautious(g, 1)


@pytest.mark.rule("CAUT-04")
def test_spotting_while_calm_changes_nothing():
    g = level(CORRIDOR)
    _spotted(g, 1, advs(g)[0].id)
    ev = run_until(g, lambda ev: of_type(ev, "party_cautious"), 300)
    assert of_type(ev, "party_cautious")[0]["reason"] == "corridor"


@pytest.mark.rule("LEARN-05")
def test_standing_in_gas_removes_the_cautious_bonus_only():
    g = level(ROOM, ROOM_WIRES)
    a = advs(g)[0]
    a.learned = {"spot": {tp.TRIPWIRE: 1}, "block": {tp.GAS_SPRAYER: 2}}
    caution.make_cautious(g, 1, caution.CORRIDOR)
    assert mind_hooks.spot_bonus(g, a, tp.TRIPWIRE) == 2
    trap_state.state_of(g).gas.append([a.x, a.y, 1, g.tick + 100])
    assert caution.caution_bonus(g, a) == 0 and cautious(g, 1)
    assert mind_hooks.spot_bonus(g, a, tp.TRIPWIRE) == 1
    assert mechanisms.resist_bonus(g, a, tp.GAS_SPRAYER) == 2


@pytest.mark.rule("CAUT-01")
def test_cautious_is_hashed_and_replays():
    g1, g2 = level(TWO, TWO_WIRES), level(TWO, TWO_WIRES)
    run(g1, 400)
    run(g2, 400)
    assert cautious(g1, 1) and g1.state_hash() == g2.state_hash()
    caution.calm(g2, 1, "fight")
    assert g1.state_hash() != g2.state_hash()
    assert E.ADVENTURER == advs(g1)[0].kind


@pytest.mark.rule("CAUT-02")
def test_a_cautious_adventurer_resists_terror_at_the_dice_chance_with_plus_one():
    from conftest import binomial_ok
    from pysim.combat import fighter as F
    from pysim.core import dice
    from trapkit import pull_lever
    rows = ["#########", "#L......#", "#...Qa..#", "#.......#", "#########"]
    resisted = n = 0
    battle = None
    for seed in range(1000):
        g = level(rows, [((1, 1), (4, 1), (4, 2))], seed=seed,
                  legend={"Q": "floor trap:terror_trap"})
        a = advs(g)[0]
        a.idle = 10 ** 6
        caution.make_cautious(g, 1, caution.CORRIDOR)
        battle = F.stat(a, "battle")
        ev = pull_lever(g)
        n += 1
        resisted += len(of_type(ev, "terror_resisted"))
    p = dice.outcome_chances(battle + 1, tp.TERROR_STRENGTH)[dice.SUCCESS]
    assert binomial_ok(resisted, n, p), (resisted, n, p)
    assert not binomial_ok(resisted, n, dice.outcome_chances(battle, tp.TERROR_STRENGTH)[dice.SUCCESS])


def test_the_snapshot_lists_the_members_of_cautious_parties():
    """cautious_ids: the map's Cautious mark (a view; empty while no party is Cautious)."""
    rows = [r.replace("#a...", "#b...") for r in ROOM]
    rows[3] = "#a........#"
    g = level(rows, ROOM_WIRES)
    snap = {}
    caution.snapshot_part(g, snap)
    assert list(snap["cautious_ids"]) == []
    _walk_to_trigger(g)
    caution.snapshot_part(g, snap)
    party_2 = [e.id for e in advs(g) if caution.party_of(e) == 2]
    assert party_2 and sorted(snap["cautious_ids"]) == sorted(party_2)
