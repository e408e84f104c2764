"""FURN-01..03 in play: furniture built from the stock piles' metal, with refusals."""
import pytest

from pysim.combat import afterwards
from pysim.economy import furniture

from doorkit import cmd, of, refused, run
from trapkit import make

ROWS = ["########",
        "#m..M..#",
        "#......#",
        "P...S..#",
        "########"]


def _game(metal=2):
    return make(ROWS, legend={"M": "floor metal:%d" % metal})


@pytest.mark.rule("FURN-01")
def test_a_bed_is_built_from_pile_metal_and_becomes_the_minions():
    g = _game(2)
    evs = cmd(g, {"type": "build_furniture", "kind": "bed", "x": 2, "y": 2})
    assert of(evs, "furniture_built")[0]["cost"] == 1
    assert g.areas["traps"].stock[(4, 1)] == 1
    m = [e for e in g.entities.values() if e.kind == 0][0]
    assert afterwards.bed_of(g, m) == (2, 2)


@pytest.mark.rule("FURN-01")
def test_refusals_name_the_reason_and_change_nothing():
    g = _game(1)
    r = refused(cmd(g, {"type": "build_furniture", "kind": "scrapper_table", "x": 2, "y": 2}))
    assert r and r[0]["reason"].startswith("Not enough metal")
    assert g.areas["traps"].stock[(4, 1)] == 1 and not g.areas["afterwards"].tables
    r = refused(cmd(g, {"type": "build_furniture", "kind": "pyre", "x": 0, "y": 0}))
    assert "floor" in r[0]["reason"]
    r = refused(cmd(g, {"type": "build_furniture", "kind": "throne", "x": 2, "y": 2}))
    assert r
    cmd(g, {"type": "build_furniture", "kind": "pyre", "x": 2, "y": 2})
    g.areas["traps"].stock[(4, 1)] = 5
    r = refused(cmd(g, {"type": "build_furniture", "kind": "bed", "x": 2, "y": 2}))
    assert "already a pyre" in r[0]["reason"]


@pytest.mark.rule("FURN-02")
def test_a_built_table_takes_scrap_orders():
    g = _game(2)
    cmd(g, {"type": "build_furniture", "kind": "scrapper_table", "x": 6, "y": 2})
    assert g.areas["afterwards"].tables == [(6, 2)]
    assert furniture.piece_at(g, 6, 2) == "scrapper_table"


@pytest.mark.rule("FURN-01")
def test_the_catalog_gives_every_buildable_a_cost_and_description():
    from pysim.economy import tools
    items = tools.catalog()
    kinds = [i["kind"] for i in items]
    assert {"dig", "mine", "wall", "bed", "scrapper_table", "pyre"} <= set(kinds)
    for i in items:
        assert i["description"] and i["cost"] >= 0 and i["command"]["type"]
