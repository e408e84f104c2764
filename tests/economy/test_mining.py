"""MINE-01..05 in play: veins, marking, Drudgery miners, piles beside the vein, a mined-out
vein opening, digging a vein refused, a blueprint waiting for metal said once."""
import pytest

from pysim.core import terrain as T
from pysim.economy import mining

from doorkit import cmd, of, refused, run
from trapkit import make

LEGEND = {"V": "rock vein:2", "v": "rock vein:1"}

# a drudge at (1,1); a vein at (5,1) beside the floor at (4,1); the sanctum keeps PATH-01
ROWS = [
    "#######",
    "#u..Vx#",
    "#....x#",
    "P...S.#",
    "#######",
]


def _game(rows=ROWS, legend=LEGEND):
    return make(rows, legend=legend)


@pytest.mark.rule("MINE-02")
def test_a_drudge_mines_a_marked_vein_into_a_pile_beside_it():
    g = _game()
    evs = run(g, 400)
    assert not of(evs, "metal_mined")            # unmarked: nobody mines
    assert not refused(cmd(g, {"type": "mine", "x": 4, "y": 1}))
    evs = run(g, 200 + 60)
    mined = of(evs, "metal_mined")
    assert len(mined) == 1 and mined[0]["left"] == 1
    assert g.areas["traps"].stock[(3, 1)] == 1    # the work tile, west of the vein
    assert g.areas["economy"].veins[(4, 1)] == 1


@pytest.mark.rule("MINE-02")
def test_a_metal_takes_200_ticks_of_mining_beside_the_vein():
    """20 game minutes (200 ticks) of work a metal, from the tick the miner stands on its
    work tile (docs/rules/economy.md MINE-02); the next metal as long again."""
    g = _game()
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    m = [e for e in g.entities.values() if e.kind == 0][0]
    arrived = None
    mined = []
    for _ in range(800):
        evs = run(g, 1)
        if arrived is None and (m.x, m.y) == (3, 1) and m.step_len == 0:
            arrived = g.tick - 1
        mined += [e["tick"] for e in of(evs, "metal_mined")]
        if len(mined) == 2:
            break
    assert arrived is not None and mined[0] == arrived + 200
    assert mined[1] - mined[0] in (200, 201)      # (+ the tick it takes the next job up)


@pytest.mark.rule("MINE-04")
def test_a_mined_out_vein_becomes_floor_and_digging_a_vein_is_refused():
    g = _game()
    r = refused(cmd(g, {"type": "dig", "x": 4, "y": 1}))
    assert r and r[0]["reason"] == mining.REASON_DIG_VEIN
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    evs = run(g, 2 * 200 + 120)
    assert len(of(evs, "metal_mined")) == 2 and of(evs, "vein_exhausted")
    assert g.grid.terrain[1, 4] == T.FLOOR and g.grid.domain[1, 4] == 1
    assert (4, 1) not in g.areas["economy"].veins


@pytest.mark.rule("MINE-02")
def test_marking_refusals_and_unmarking_stops_the_miner():
    g = _game()
    assert refused(cmd(g, {"type": "mine", "x": 5, "y": 1}))[0]["reason"] == mining.REASON_NO_VEIN
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    assert "already" in refused(cmd(g, {"type": "mine", "x": 4, "y": 1}))[0]["reason"]
    run(g, 60)
    assert not refused(cmd(g, {"type": "stop_mine", "x": 4, "y": 1}))
    evs = run(g, 200 * 2)
    assert not of(evs, "metal_mined")
    assert refused(cmd(g, {"type": "stop_mine", "x": 4, "y": 1}))


@pytest.mark.rule("MINE-02")
def test_a_vein_nobody_can_stand_beside_is_refused():
    rows = ["########",
            "#u...xx#",
            "#....xVx",
            "P...S.x#",
            "########"]
    g = make(rows, legend=LEGEND)
    r = refused(cmd(g, {"type": "mine", "x": 6, "y": 2}))
    assert r and "beside" in r[0]["reason"]


@pytest.mark.rule("MINE-03")
def test_hauling_comes_before_mining_and_mined_metal_builds_a_trap():
    rows = ["########",
            "#u..Vx.#",
            "#......#",
            "P...S..#",
            "########"]
    g = make(rows, legend=LEGEND)
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    cmd(g, {"type": "place_part", "kind": "pressure_plate", "x": 6, "y": 2})
    evs = run(g, 3 * 200)
    assert of(evs, "metal_mined") and of(evs, "metal_delivered")
    part = list(g.areas["traps"].parts.values())[0]
    assert part.metal == 1


@pytest.mark.rule("MINE-05")
def test_a_blueprint_without_metal_says_so_once():
    from pysim.session import Session
    g = _game()
    evs = cmd(g, {"type": "place_part", "kind": "pressure_plate", "x": 2, "y": 2})
    evs += run(g, 600)
    w = of(evs, "blueprint_waiting_for_metal")
    assert len(w) == 1 and w[0]["name"] and w[0]["needed"] == 1
    from pysim.traps import trap_view
    pid = w[0]["part"]
    assert trap_view.describe_part(g, pid)["waiting_for_metal"] is True
    # metal appears: the panel stops saying so; the log never repeats it
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    evs = run(g, 200 + 60)
    assert of(evs, "metal_mined") and not of(evs, "blueprint_waiting_for_metal")
    assert Session  # the session's describe_part goes through trap_view.describe_part


@pytest.mark.rule("MINE-05")
def test_a_padlock_blueprint_without_metal_says_so_once():
    rows = ["########",
            "#u..Vx.#",
            "#..D...#",
            "P...S..#",
            "########"]
    g = make(rows, legend=dict(LEGEND, D="floor door"))
    evs = cmd(g, {"type": "build_padlock", "x": 3, "y": 2})
    assert not refused(evs)
    evs += run(g, 600)
    w = of(evs, "padlock_waiting_for_metal")
    assert len(w) == 1 and w[0]["needed"] == 1
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    evs = run(g, 200 + 200)
    assert of(evs, "metal_mined") and not of(evs, "padlock_waiting_for_metal")


@pytest.mark.rule("MINE-01")
def test_a_veins_words_say_the_metal_left_as_it_is_mined():
    g = _game()
    snap = {}
    mining._snapshot(g, snap)
    assert snap["vein_words"] == ["Metal vein (2 metal left)"]
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    run(g, mining.MINE_TICKS + 60)
    mining._snapshot(g, snap)
    assert snap["vein_words"] == ["Metal vein (1 metal left), marked for mining"]
