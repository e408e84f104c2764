"""The other rule areas' furniture (FURN-01..03): guardposts and scrying pools
(pysim/invasions/watch.py), prison cells (pysim/adventurers/prisoners.py) and altars
(pysim/adventurers/altars.py) are planned with build_furniture, their metal hauled and a
Drudgery minion builds them in place, like a bed; in play on a small level."""
import pytest

from pysim.adventurers import altars, prisoners
from pysim.economy import furniture
from pysim.invasions import watch

from doorkit import cmd, of, refused, run
from trapkit import make

ROWS = ["##########",
        "#u..M....#",
        "#........#",
        "P...S....#",
        "##########"]

# docs/rules/economy.md FURN-03's table
COSTS = {"guardpost": 2, "scrying_pool": 3, "cell": 2, "altar": 2}


def _game(metal):
    return make(ROWS, legend={"M": "floor metal:%d" % metal})


def _stands(g, kind):
    """Where the area's own state says pieces of `kind` stand."""
    if kind == "guardpost":
        return [(p[0], p[1]) for p in watch.area(g).posts] if watch.area(g) else []
    if kind == "scrying_pool":
        return [(p[0], p[1]) for p in watch.area(g).pools] if watch.area(g) else []
    if kind == "cell":
        return list(prisoners.state_of(g).cells) if prisoners.state_of(g) else []
    return [(a[0], a[1]) for a in altars.state_of(g).altars] if altars.state_of(g) else []


@pytest.mark.rule("FURN-03")
def test_the_four_are_furniture_kinds_with_a_cost():
    from pysim.core import game
    game.load_rule_modules()      # every area's kinds, whatever this file imported
    for kind, cost in sorted(COSTS.items()):
        assert furniture.KINDS[kind].cost == cost > 0
    assert furniture.KIND_ORDER == ["bed", "scrapper_table", "pyre", "altar", "cell",
                                    "guardpost", "scrying_pool", "treasury"]


@pytest.mark.rule("FURN-02")
@pytest.mark.parametrize("kind", sorted(COSTS))
def test_each_is_built_from_metal_in_play(kind):
    cost = COSTS[kind]
    g = _game(cost)
    evs = cmd(g, {"type": "build_furniture", "kind": kind, "x": 7, "y": 2})
    assert of(evs, "furniture_placed")[0]["cost"] == cost
    assert _stands(g, kind) == []                          # a blueprint only
    evs = run(g, 600)
    assert len([e for e in of(evs, "metal_delivered") if e.get("furniture") is not None]) == cost
    built = of(evs, "furniture_built")
    assert [(b["kind"], b["x"], b["y"]) for b in built] == [(kind, 7, 2)]
    assert _stands(g, kind) == [(7, 2)]
    assert sum(g.areas["traps"].stock.values()) == 0       # its whole cost went into it
    assert furniture.piece_at(g, 7, 2) == kind


@pytest.mark.rule("ARRIVE-03")
def test_a_built_guardpost_gets_its_torch_lit():
    g = _game(COSTS["guardpost"])
    cmd(g, {"type": "build_furniture", "kind": "guardpost", "x": 7, "y": 2})
    evs = run(g, 900)
    assert of(evs, "furniture_built")
    lit = of(evs, "torch_lit")
    assert lit and (lit[0]["x"], lit[0]["y"]) == (7, 2)


@pytest.mark.rule("AFTER-01")
def test_a_built_cell_takes_a_prisoner():
    g = _game(COSTS["cell"])
    cmd(g, {"type": "build_furniture", "kind": "cell", "x": 7, "y": 2})
    assert prisoners.free_cell(g, 5, 2) is None
    run(g, 600)
    assert prisoners.free_cell(g, 5, 2) == (7, 2)


@pytest.mark.rule("FURN-02")
@pytest.mark.parametrize("kind", sorted(COSTS))
def test_waiting_for_metal_says_so(kind):
    g = _game(0)
    evs = cmd(g, {"type": "build_furniture", "kind": kind, "x": 7, "y": 2})
    evs += run(g, 600)
    w = of(evs, "furniture_waiting_for_metal")
    assert len(w) == 1 and w[0]["needed"] == COSTS[kind]
    assert not of(evs, "furniture_built") and _stands(g, kind) == []


@pytest.mark.rule("FURN-01")
def test_refused_placements_give_reasons():
    g = _game(20)
    r = refused(cmd(g, {"type": "build_furniture", "kind": "cell", "x": 0, "y": 0}))
    assert r[0]["reason"] == "Prison cell must stand on a floor tile."
    r = refused(cmd(g, {"type": "build_furniture", "kind": "altar", "x": 99, "y": 2}))
    assert r and r[0]["reason"]
    watch.add_post(g, 2, 2)                                 # built, as the level thing
    r = refused(cmd(g, {"type": "build_furniture", "kind": "altar", "x": 2, "y": 2}))
    assert r[0]["reason"] == "There is already a guardpost there."
    cmd(g, {"type": "build_furniture", "kind": "scrying_pool", "x": 6, "y": 2})
    r = refused(cmd(g, {"type": "build_furniture", "kind": "cell", "x": 6, "y": 2}))
    assert r[0]["reason"] == "There is already a scrying pool planned there."
    assert sorted(g.areas["economy"].blueprints.values())[0][0] == "scrying_pool"
    assert len(g.areas["economy"].blueprints) == 1
