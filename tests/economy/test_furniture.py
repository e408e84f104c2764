"""FURN-01..04 in play: furniture placed as a blueprint, its metal hauled from the piles,
built in place by a Drudgery minion; refusals; a blueprint without metal says so once."""
import pytest

from pysim.combat import afterwards
from pysim.core import entities as E
from pysim.economy import furniture

from doorkit import cmd, of, refused, run
from trapkit import make

ROWS = ["########",
        "#u..M..#",
        "#......#",
        "P...S..#",
        "########"]


def _game(metal=2, rows=ROWS, legend=None):
    leg = {"M": "floor metal:%d" % metal}
    leg.update(legend or {})
    return make(rows, legend=leg)


@pytest.mark.rule("FURN-02")
def test_a_bed_is_hauled_and_built_in_place_and_becomes_a_minions():
    g = _game(2)
    evs = cmd(g, {"type": "build_furniture", "kind": "bed", "x": 2, "y": 2})
    assert of(evs, "furniture_placed")[0]["cost"] == 1
    assert not g.areas["afterwards"].beds                 # a blueprint, not a bed yet
    evs = run(g, 300)
    assert [e for e in of(evs, "metal_delivered") if e.get("furniture")]
    built = of(evs, "furniture_built")
    assert len(built) == 1 and built[0]["kind"] == "bed"
    assert g.areas["traps"].stock[(4, 1)] == 1            # one metal went into it
    assert not g.areas["economy"].blueprints
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    assert afterwards.bed_of(g, m) == (2, 2)


@pytest.mark.rule("FURN-02")
def test_building_takes_60_ticks_on_the_site_once_the_metal_is_there():
    """6 game minutes (60 ticks) of a Drudgery minion's work on the blueprint's tile
    (docs/rules/economy.md FURN-02), counted from the tick the builder stands there with
    the metal delivered."""
    g = _game(2)
    cmd(g, {"type": "build_furniture", "kind": "bed", "x": 2, "y": 2})
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    ready = None
    built = []
    for _ in range(600):
        evs = run(g, 1)
        job = getattr(m, "job", None)
        if ready is None and job is not None and job[0] == "furn_build" and \
                (m.x, m.y) == (2, 2) and m.step_len == 0:
            ready = g.tick - 1
        built = of(evs, "furniture_built")
        if built:
            break
    assert ready is not None and built and built[0]["tick"] - ready == 60


@pytest.mark.rule("FURN-03")
def test_the_kinds_cost_what_the_table_says():
    """docs/rules/economy.md FURN-03's table."""
    costs = {i["kind"]: i["cost"] for i in furniture.catalog()}
    assert costs == {"bed": 1, "scrapper_table": 2, "pyre": 1, "altar": 2, "cell": 2,
                     "guardpost": 2, "scrying_pool": 3, "treasury": 2}


@pytest.mark.rule("FURN-02")
def test_many_haulers_bring_exactly_the_cost_and_no_metal_more():
    """A scrapper's table costs 2 metal (docs/rules/economy.md FURN-03). Four minions haul
    from a pile of 10 far off: never more than 2 on site and on their way together, two
    deliveries, and 8 metal left once the table stands."""
    rows = ["##############",
            "#uuuu.......M#",
            "#............#",
            "P...S........#",
            "##############"]
    g = make(rows, legend={"M": "floor metal:10", "u": "floor minion duty:drudgery"})
    cmd(g, {"type": "build_furniture", "kind": "scrapper_table", "x": 2, "y": 2})
    b = list(g.areas["economy"].blueprints.values())[0]
    evs = []
    for _ in range(600):
        evs += run(g, 1)
        if of(evs, "furniture_built"):
            break
        assert b[3] + b[4] <= 2, (g.tick, b)
    assert of(evs, "furniture_built") and g.areas["afterwards"].tables == [(2, 2)]
    assert len([e for e in of(evs, "metal_delivered") if e.get("furniture")]) == 2
    run(g, 200)                           # any metal still on its way goes back to a pile
    assert sum(n for n in g.areas["traps"].stock.values() if n > 0) == 8


@pytest.mark.rule("FURN-01")
def test_furniture_is_planned_only_inside_your_domain():
    """Every kind is refused on floor outside the domain, with the reason; inside it is
    planned."""
    from pysim.core import level
    text = "\n".join(["name: t", "seed: 1", "domain: map", "[legend]",
                      "u = floor minion duty:drudgery", "[map]",
                      "##############",
                      "#u...........#",
                      "#............#",
                      "P...S........#",
                      "##############",
                      "[domain]",
                      "00000000000000",
                      "01111111100000",
                      "01111111100000",
                      "01111111100000",
                      "00000000000000"]) + "\n"
    g = level.load_text(text, "t", 1)
    assert g.grid.domain[2, 6] == 1 and g.grid.domain[2, 11] == 0
    for kind in furniture.KIND_ORDER:
        r = refused(cmd(g, {"type": "build_furniture", "kind": kind, "x": 11, "y": 2}))
        assert r and r[0]["reason"] == "You can build only inside your domain.", kind
    assert not g.areas["economy"].blueprints
    assert not refused(cmd(g, {"type": "build_furniture", "kind": "bed", "x": 6, "y": 2}))


@pytest.mark.rule("FURN-02")
def test_nothing_is_built_without_metal_and_the_blueprint_says_so_once():
    g = _game(0)
    evs = cmd(g, {"type": "build_furniture", "kind": "scrapper_table", "x": 2, "y": 2})
    evs += run(g, 600)
    w = of(evs, "furniture_waiting_for_metal")
    assert len(w) == 1 and w[0]["needed"] == 2
    assert w[0]["tick"] == 0              # placed at tick 0: said at that game minute
    g2 = _game(0)
    run(g2, 21)
    evs = cmd(g2, {"type": "build_furniture", "kind": "pyre", "x": 2, "y": 2}) + run(g2, 30)
    assert [e["tick"] for e in of(evs, "furniture_waiting_for_metal")] == [30]
    assert not of(evs, "furniture_built") and not g.areas["afterwards"].tables


# A vein of 3 metal in the north wall at (4, 1), no pile.
VEIN_ROWS = ["########",
             "#u..Vx.#",
             "#......#",
             "P...S..#",
             "########"]


@pytest.mark.rule("FURN-02")
def test_a_table_is_built_from_mined_metal():
    g = make(VEIN_ROWS, legend={"V": "rock vein:3"})
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    cmd(g, {"type": "build_furniture", "kind": "scrapper_table", "x": 6, "y": 2})
    evs = run(g, 3 * 200 + 400)
    assert len(of(evs, "metal_mined")) >= 2
    assert of(evs, "furniture_built") and g.areas["afterwards"].tables == [(6, 2)]


@pytest.mark.rule("FURN-01")
def test_refusals_name_the_reason_and_change_nothing():
    g = _game(1)
    r = refused(cmd(g, {"type": "build_furniture", "kind": "pyre", "x": 0, "y": 0}))
    assert "floor" in r[0]["reason"]
    r = refused(cmd(g, {"type": "build_furniture", "kind": "throne", "x": 2, "y": 2}))
    assert r
    cmd(g, {"type": "build_furniture", "kind": "pyre", "x": 2, "y": 2})
    r = refused(cmd(g, {"type": "build_furniture", "kind": "bed", "x": 2, "y": 2}))
    assert "already a pyre planned" in r[0]["reason"]
    assert furniture.piece_at(g, 2, 2) == "pyre"
    assert len(g.areas["economy"].blueprints) == 1


@pytest.mark.rule("FURN-01")
def test_a_cancelled_blueprint_gives_its_metal_back():
    g = _game(3)
    cmd(g, {"type": "build_furniture", "kind": "scrapper_table", "x": 6, "y": 2})
    b = list(g.areas["economy"].blueprints.values())[0]
    for _ in range(300):
        if b[3] >= 1:
            break
        run(g, 1)
    on_site = b[3]
    assert on_site == 1                                   # some metal already on site
    cmd(g, {"type": "cancel_furniture", "x": 6, "y": 2})
    run(g, 100)
    total = sum(g.areas["traps"].stock.values())
    assert not g.areas["economy"].blueprints and total == 3
    assert refused(cmd(g, {"type": "cancel_furniture", "x": 6, "y": 2}))


@pytest.mark.rule("FURN-01")
def test_the_catalog_gives_every_buildable_a_cost_and_description():
    from pysim.economy import tools
    items = tools.catalog()
    kinds = [i["kind"] for i in items]
    assert {"dig", "mine", "wall", "bed", "scrapper_table", "pyre"} <= set(kinds)
    for i in items:
        assert i["description"] and i["cost"] >= 0 and i["command"]["type"]
        if "undo" in i:
            assert i["undo_label"] and i["undo"]["type"] in ("stop_mine", "cancel_dig",
                                                               "cancel_furniture")
