"""Session.describe_furniture (the furniture panel): the facts on the piece or the
blueprint on a tile, read from the rule areas in play, never changing the game."""
from pysim.combat import knockouts
from pysim.core import entities as E
from pysim.economy import furniture, furniture_view
from pysim.session import Session

from doorkit import cmd, run
from trapkit import make

from test_furniture import VEIN_ROWS, _game  # noqa: E402  (the furniture tests' rooms)


def test_nothing_there_is_an_empty_answer():
    g = _game()
    assert furniture_view.describe(g, 2, 2) == {}
    assert furniture_view.describe(g, -1, 99) == {}


def test_a_blueprint_says_its_metal_then_its_builder_then_it_is_a_bed_with_an_owner():
    g = _game(2)
    cmd(g, {"type": "build_furniture", "kind": "bed", "x": 2, "y": 2})
    d = furniture_view.describe(g, 2, 2)
    assert d["kind"] == "bed" and d["label"] == "Bed" and not d["built"]
    assert d["description"] == furniture.KINDS["bed"].description
    assert (d["metal"], d["metal_needed"], d["waiting_for_metal"], d["worker"]) == (0, 1, False, -1)
    seen_worker = False
    for _ in range(400):
        run(g, 1)
        d = furniture_view.describe(g, 2, 2)
        if d.get("built"):
            break
        if d["worker"] >= 0:
            seen_worker = True
            assert d["metal"] == 1
            assert g.entities[d["worker"]].kind == E.MINION
    assert seen_worker and d["built"]
    assert d["owner"] == -1 or g.entities[d["owner"]].kind == E.MINION


def test_a_bed_names_its_owner_once_a_minion_took_it():
    g = _game(legend={"b": "floor bed"}, rows=["########", "#u.b...#", "P...S..#", "########"])
    from pysim.combat import afterwards
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    assert furniture_view.describe(g, 3, 1)["owner"] == -1
    afterwards.bed_of(g, m)
    assert furniture_view.describe(g, 3, 1)["owner"] == m.id


def test_a_blueprint_without_metal_anywhere_is_waiting_for_metal():
    g = _game(0)
    cmd(g, {"type": "build_furniture", "kind": "scrapper_table", "x": 2, "y": 2})
    d = furniture_view.describe(g, 2, 2)
    assert d["waiting_for_metal"] and d["metal_needed"] == 2
    assert d["veins_marked"] == 0


def test_a_blueprint_counts_the_veins_marked_for_mining():
    g = make(VEIN_ROWS, legend={"V": "rock vein:3"})
    cmd(g, {"type": "build_furniture", "kind": "pyre", "x": 6, "y": 2})
    assert furniture_view.describe(g, 6, 2)["veins_marked"] == 0
    cmd(g, {"type": "mine", "x": 4, "y": 1})
    d = furniture_view.describe(g, 6, 2)
    assert d["veins_marked"] == 1 and d["waiting_for_metal"]


def test_a_guardpost_says_lit_and_for_how_long_a_pool_its_charges_an_altar_its_hits():
    rows = ["##########",
            "#u.g.l.a.#",
            "#..q.....#",
            "P...S....#",
            "##########"]
    g = _game(legend={"g": "floor guardpost", "l": "floor guardpost:lit", "q": "floor scrying_pool",
                      "a": "floor altar"}, rows=rows)
    unlit = furniture_view.describe(g, 3, 1)
    lit = furniture_view.describe(g, 5, 1)
    assert unlit["kind"] == "guardpost" and unlit["built"] and not unlit["lit"]
    assert unlit["lit_for"] == 0
    assert lit["lit"] and lit["lit_for"] > 0
    pool = furniture_view.describe(g, 3, 2)
    assert (pool["kind"], pool["charges"], pool["max_charges"]) == ("scrying_pool", 0, 3)
    g.areas["watch"].charges = 2
    assert furniture_view.describe(g, 3, 2)["charges"] == 2
    altar = furniture_view.describe(g, 7, 1)
    assert altar["hits_left"] == altar["hits"] == 12


def test_a_cell_names_its_prisoner():
    rows = ["##########",
            "#u.c.....#",
            "#........#",
            "P...S....#",
            "##########"]
    g = make(rows, legend={"c": "floor cell adventurer:warrior"})
    assert furniture_view.describe(g, 3, 1)["prisoner"] == -1
    adv = [e for e in g.entities.values() if e.kind == E.ADVENTURER][0]
    knockouts.knock_out(g, adv)
    adv.fighter.captured = True
    assert furniture_view.describe(g, 3, 1)["prisoner"] == adv.id


def test_describing_changes_nothing_and_the_session_answers_the_same():
    g = _game(0)
    cmd(g, {"type": "build_furniture", "kind": "pyre", "x": 2, "y": 2})
    before = g.state_hash()
    for x in range(10):
        for y in range(5):
            furniture_view.describe(g, x, y)
    assert g.state_hash() == before
    s = Session.__new__(Session)
    s.game = g
    assert s.describe_furniture(2, 2) == furniture_view.describe(g, 2, 2)
    assert s.describe_furniture(2, 2)["label"] == "Pyre"
