"""game.live(): the per-tick loops walk the entities that are not dead, so a long
game's dead cost them nothing. The live list is a cache of game.entities: always the bodies
not dead, in id order; the dead stay in game.entities (drawn, named, hashed, saved) and can
still be handled by id (scrapped, burnt). tests/test_level_hashes.py holds the games equal."""
import pytest

from combat_helpers import events, level, spawn
from pysim.combat import knockouts as KO
from pysim.core import entities as E
from pysim.core import level as L
from pysim.core.levelgen import full_level


def _not_dead(g):
    return [e for e in g.entities.values() if e.state != E.DEAD]


def _same(a, b):
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def test_the_live_list_is_the_bodies_not_dead_and_does_not_grow_with_the_dead():
    g = L.load_text(full_level(), "full.level")
    seen_dead = seen_ko = 0
    for _ in range(12):
        g.run(150)
        live = g.live()
        assert _same(live, _not_dead(g)), "live() is not the bodies not dead in id order"
        dead = sum(1 for e in g.entities.values() if e.state == E.DEAD)
        assert len(live) + dead == len(g.entities)
        assert not any(e.state == E.DEAD for e in live)
        seen_dead = max(seen_dead, dead)
        seen_ko = max(seen_ko, sum(1 for e in live if e.state == E.KNOCKED_OUT))
    # the fights of the first game hours leave both kinds of fallen (else this tests nothing)
    assert seen_dead >= 5 and seen_ko >= 5


def test_a_body_that_dies_leaves_the_list_at_the_next_tick_and_knocked_out_ones_stay():
    g = level(["#########", "#m......#", "#.......#", "#########"])
    a = spawn(g, E.ADVENTURER, 5, 2)
    b = spawn(g, E.ADVENTURER, 6, 2)
    KO.knock_out(g, b)
    KO.kill(g, a)
    assert a in g.live()          # within the tick it died in: loops skip it by its state
    g.step()
    assert a not in g.live() and b in g.live()
    assert a.id in g.entities     # still on the map: drawn, named, hashed, saved


@pytest.mark.rule("AFTER-01")
def test_a_dead_body_off_the_list_is_still_scrapped_and_burnt_by_id():
    g = level(["#########", "#m.....T#", "#.....P.#", "#########"],
              legend="T = floor scrapper_table\nP = floor pyre")
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    dead = spawn(g, E.ADVENTURER, 2, 2)
    deadm = spawn(g, E.MINION, 3, 2)
    KO.kill(g, dead)
    KO.kill(g, deadm)
    g.run(5)
    assert dead not in g.live() and deadm not in g.live()
    g.command({"type": "scrap", "entity": m.id, "body": dead.id})
    g.run(200)
    assert dead.id not in g.entities and events(g, "scrapped")
    g.command({"type": "burn", "entity": m.id, "body": deadm.id})
    g.run(200)
    assert deadm.id not in g.entities and events(g, "burnt")
    assert _same(g.live(), _not_dead(g)) and m in g.live()


def test_bodies_taken_off_the_map_leave_the_list_at_once():
    g = level(["#########", "#m......#", "#.......#", "#########"])
    a = spawn(g, E.ADVENTURER, 5, 2)
    b = spawn(g, E.ADVENTURER, 6, 2)
    c = spawn(g, E.CREATURE, 4, 2)
    g.remove_entity(a.id)                  # an escape (adventurers/leaving.py)
    assert a not in g.live() and a.id not in g.entities
    del g.entities[b.id]                   # straight out of the dict (a scrap, a test)
    assert b not in g.live()
    d = spawn(g, E.CREATURE, 3, 2)         # spawned later: at the end, in id order
    assert _same(g.live(), _not_dead(g)) and g.live()[-1] is d and c in g.live()
