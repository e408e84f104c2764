"""Marks on tiles and areas (CAUT-01's "old blood or old scorch marks, once per area"), and
every mechanism's roll against its victim taking the BLOCK_BONUS_FNS (LEARN-02, CAUT-02).
Decisions: docs/rules/adventurers.md, "Marks and areas"."""
import numpy as np
import pytest

from cautionkit import advs, level, of_type, run, run_until
from pysim.adventurers import areas, marks
from pysim.combat import fighter as F, wounds as W
from pysim.core import dice, entities as E
from pysim.traps import mechanisms, trap_parts as tp, trap_state
from trapkit import pull_lever


@pytest.mark.rule("CAUT-01")
def test_corridors_doorways_doors_and_rooms():
    rows = ["###############",
            "#..#####...#..#",
            "#..........D..#",
            "#..#####...#..#",
            "###############"]
    g = level(rows)
    cor, ar = areas.maps(g)
    assert [x for x in range(15) if cor[2, x]] == [3, 4, 5, 6, 7]
    assert not cor[2, 11]                                 # the door is no corridor
    w = g.grid.width
    left, right, far = ar[2, 1], ar[2, 9], ar[2, 12]
    assert left == 1 * w + 1 and right == 1 * w + 8 and far == 1 * w + 12
    assert ar[2, 11] == -1 and ar[2, 5] == 2 * w + 3     # door: no area; the corridor its own
    door_gap = level(["#########", "#...#...#", "#.......#", "#...#...#", "#########"])
    cor2, ar2 = areas.maps(door_gap)
    assert not cor2.any() and ar2[2, 4] == -1 and ar2[2, 1] != ar2[2, 6]


@pytest.mark.rule("CAUT-01")
def test_areas_follow_the_map_when_it_changes():
    g = level(["#######", "#.....#", "#.....#", "#..#..#", "#######"])
    before = areas.maps(g)[1].copy()
    g.grid.terrain[1:3, 3] = 2        # a wall from top to bottom splits the room in two
    g.grid.changed()
    after = areas.maps(g)[1]
    assert before[1, 4] == before[1, 1] and after[1, 4] != after[1, 1]


@pytest.mark.rule("CAUT-01")
def test_a_bleeding_body_leaves_blood_that_turns_old_after_an_hour():
    g = level(["#######", "#.a...#", "#######"])
    a = advs(g)[0]
    a.idle = 10 ** 6
    f = F.fighter_of(a)
    W.land_wound(g.rng.stream("combat"), f, W.MAJOR, 0, False, g.tick, False)
    assert f.bleeding()
    run(g, 41)                                   # ticks 0..40: laid at 0, 20 and 40
    m = marks.state_of(g)
    tile = a.y * g.grid.width + a.x
    assert tile in m.blood and not marks.is_old(g, m.blood[tile])
    assert m.blood[tile] == 40                   # every 20 ticks (2 game minutes)
    snap = {}
    marks.snapshot_part(g, snap)
    assert snap["mark_pos"].dtype == np.float32 and snap["mark_pos"].tolist() == [[a.x, a.y]]
    assert snap["mark_kind"].tolist() == [0] and snap["mark_old"].tolist() == [0]
    f.bleeding_since = -1
    run(g, 40 + 599 - g.tick)                    # 599 ticks after it was last laid: fresh
    snap1 = {}
    marks.snapshot_part(g, snap1)
    assert not marks.is_old(g, m.blood[tile]) and snap1["mark_old"].tolist() == [0]
    run(g, 1)                                    # a game hour (600 ticks): old
    assert marks.is_old(g, m.blood[tile])
    snap2 = {}
    marks.snapshot_part(g, snap2)
    assert snap2["mark_old"].tolist() == [1]
    assert g.state_hash() != level(["#######", "#.a...#", "#######"]).state_hash()


@pytest.mark.rule("CAUT-01")
def test_flame_and_blast_scorch_the_floor_around_them_blades_do_not():
    """A flame sprayer and a blast trap (radius 2, docs/rules/traps.md) scorch every walkable
    tile of the 5 x 5 square round them, its edges included, and none beyond; a wall in the
    square is not marked. Spinning blades leave no scorch."""
    rows = ["###########",
            "#L........#",
            "#.........#",
            "#....Q....#",
            "#...#.....#",
            "#.........#",
            "#.........#",
            "###########"]
    square = sorted((x, y) for y in range(1, 6) for x in range(3, 8) if (x, y) != (4, 4))
    for kind, scorched in (("flame_sprayer", True), ("blast_trap", True),
                           ("spinning_blades", False)):
        g = level(rows, [((1, 1), (5, 1), (5, 3))], legend={"Q": "floor trap:" + kind})
        pull_lever(g)
        m = marks.state_of(g)
        if not scorched:
            assert m.scorch == {}
            continue
        w = g.grid.width
        tiles = sorted((t % w, t // w) for t in m.scorch)
        assert tiles == square, kind
        snap = {}
        marks.snapshot_part(g, snap)
        assert set(snap["mark_kind"].tolist()) == {1}


def _bonus(g, target, kind):
    return 3 if target.kind == E.ADVENTURER else 0


@pytest.fixture
def plus3():
    trap_state.BLOCK_BONUS_FNS.append(_bonus)
    yield
    trap_state.BLOCK_BONUS_FNS.remove(_bonus)


class _Spy(object):
    def __init__(self, monkeypatch):
        self.calls = []
        real = dice.opposed_roll

        def spy(rng, x, y):
            self.calls.append((int(x), int(y)))
            return real(rng, x, y)
        monkeypatch.setattr(dice, "opposed_roll", spy)


@pytest.mark.rule("LEARN-02")
@pytest.mark.parametrize("kind", ["spinning_blades", "flame_sprayer", "electric_coil",
                                  "dart_thrower", "blast_trap"])
def test_every_attack_mechanism_adds_the_bonus_to_block(kind, plus3, monkeypatch):
    rows = ["#########", "#L......#", "#...Qa..#", "#.......#", "#########"]
    if kind == "dart_thrower":
        rows[3] = "####Q####"
        rows[2] = "#...a...#"
        wires = [((1, 1), (4, 1), (4, 3))]
    else:
        wires = [((1, 1), (4, 1), (4, 2))]
    g = level(rows, wires, legend={"Q": ("wall" if kind == "dart_thrower" else "floor")
                                   + " trap:" + kind, "a": "floor adventurer party:1"})
    a = advs(g)[0]
    a.idle = 10 ** 6
    spy = _Spy(monkeypatch)
    pull_lever(g)
    f = F.fighter_of(a)
    from pysim.combat import stats as S
    base = f.stat("block") + S.ARMOUR_BLOCK_BONUS[f.stats.armour]
    assert spy.calls and spy.calls[0][1] == base + 3


@pytest.mark.rule("LEARN-02")
def test_terror_web_and_gas_rolls_add_the_bonus(plus3, monkeypatch):
    for kind in ("terror_trap", "web_trap", "gas_sprayer"):
        g = level(["#########", "#L......#", "#...Qa..#", "#.......#", "#########"],
                  [((1, 1), (4, 1), (4, 2))],
                  legend={"Q": "floor trap:" + kind, "a": "floor adventurer party:1"})
        a = advs(g)[0]
        a.idle = 10 ** 6
        spy = _Spy(monkeypatch)
        pull_lever(g)
        run(g, 60)
        battle = F.fighter_of(a).stat("battle")
        if kind == "terror_trap":
            assert spy.calls[0] == (battle + 3, tp.TERROR_STRENGTH)
        elif kind == "web_trap":
            assert (battle + 3, tp.WEB_STRENGTH) in spy.calls
        else:
            assert spy.calls[0][1] == mechanisms.block_of(g, a, tp.GAS_SPRAYER)
            assert spy.calls[0][1] >= 3 + F.fighter_of(a).stat("block")


@pytest.mark.rule("CAUT-01")
def test_a_level_can_start_with_old_marks():
    g = level(["#########", "#a..#.o.#", "#......S#", "#...#.c.#", "#########"],
              legend={"o": "floor mark:blood", "c": "floor mark:scorch"})
    m = marks.state_of(g)
    assert len(m.blood) == 1 and len(m.scorch) == 1
    assert all(marks.is_old(g, t) for t in list(m.blood.values()) + list(m.scorch.values()))
    ev = run_until(g, lambda ev: of_type(ev, "party_cautious"), 300)
    assert of_type(ev, "party_cautious")[0]["reason"] == "old blood"
    with pytest.raises(Exception):
        level(["###", "#o#", "###"], legend={"o": "floor mark:mud"})
