"""Orders by body state (WAKE-01, AFTER-01; the table in docs/rules/combat.md): for each kind
of body in each state it can be in, the orders its state takes are accepted and carried out
in play, the others are refused with a reason that names what would work, describe says the
state in words, and the panel's order list (describe's "orders") offers just those orders.

The expected table is written out here on its own (not read from body_orders.TABLE)."""
import pytest

from pysim.adventurers import prisoners
from pysim.combat import body_orders as BO, knockouts as KO, wounds as W
from pysim.core import entities as E
from pysim.economy import ending
from pysim.level import load_text
from pysim.session import Session

# The sanctum fills the middle of the south room, so the room above it is "the north room"
# and its cell "the north cell".
LEVEL = """\
name: body orders
seed: 1
domain: all

[legend]
c = floor cell
T = floor scrapper_table
Y = floor pyre

[map]
############
#....c.....#
#..........#
#####.######
#...SSS....#
#...SSS...T#
#...SSS...Y#
############
"""
BODY_AT = (2, 5)
MINION_AT = (8, 5)
CELL = (5, 1)
CARRY_TO = (9, 2)

LABEL = {"order_attack": "Attack", "carry": "Carry", "heal": "Heal", "capture": "Capture",
         "imprison": "Imprison", "kill": "Kill", "release": "Release", "scrap": "Scrap",
         "burn": "Burn"}
ALL = ("order_attack", "carry", "heal", "capture", "imprison", "kill", "release", "scrap",
       "burn")

DOWN_ADV = ("carry", "heal", "capture", "imprison", "kill")
DOWN_OURS = ("carry", "heal", "kill")
# (kind, state) -> the orders it takes, as docs/rules/combat.md's table says
ROWS = {
    ("minion", "up"): ("heal",),
    ("minion", "unable"): ("heal", "kill"),
    ("minion", "asleep"): ("heal",),
    ("minion", "knocked_out"): DOWN_OURS,
    ("minion", "bleeding"): DOWN_OURS,
    ("minion", "dead"): ("burn",),
    ("adventurer", "up"): ("order_attack",),
    ("adventurer", "unable"): ("capture", "imprison", "kill"),
    ("adventurer", "knocked_out"): DOWN_ADV,
    ("adventurer", "bleeding"): DOWN_ADV,
    ("adventurer", "captured"): ("carry", "heal", "imprison", "kill", "release"),
    ("adventurer", "prisoner"): ("heal", "kill", "release"),
    ("adventurer", "dead"): ("scrap",),
    ("creature", "up"): ("heal",),
    ("creature", "unable"): ("heal", "kill"),
    ("creature", "knocked_out"): DOWN_OURS,
    ("creature", "bleeding"): DOWN_OURS,
    ("creature", "dead"): ("burn",),
    ("wild creature", "up"): ("order_attack",),
    ("wild creature", "unable"): ("kill",),
    ("wild creature", "knocked_out"): DOWN_OURS,
    ("wild creature", "bleeding"): DOWN_OURS,
    ("wild creature", "dead"): ("burn",),
    ("Boss", "up"): ("heal",),
    ("Boss", "dead"): (),
}
WORDS = {"up": "Up", "unable": "Unable to fight", "asleep": "Asleep",
         "knocked_out": "Knocked out", "bleeding": "Knocked out, bleeding",
         "captured": "Captured", "prisoner": "Prisoner in the north cell", "dead": "Dead"}
EXECUTE = {"captured", "prisoner"}      # there Kill is called Execute


def spawn_body(g, kind, at):
    if kind == "minion":
        return g.spawn(E.MINION, *at)
    if kind == "adventurer":
        return g.spawn(E.ADVENTURER, *at, subtype="warrior:1")
    if kind == "creature":
        return g.spawn(E.CREATURE, *at, subtype="troll", side=E.DUNGEON)
    if kind == "wild creature":
        return g.spawn(E.CREATURE, *at, subtype="troll", side=E.WILD)
    return g.spawn(E.BOSS, *at)


def put_in_state(g, b, state):
    """Body b in `state`, staying there (no wandering, no waking) while the order runs."""
    f = b.fighter
    b.idle = 10 ** 9
    f.wounds = [W.Wound(W.MINOR, W.ARMS, 0, False)]         # something to heal
    if state == "unable":
        f.wounds += [W.Wound(W.EXTREME, W.TORSO, 0, False)] * 3
    elif state == "asleep":
        b.job = ["sleep", g.tick, 1, g.tick + 10 ** 6, -1, -1, f.wound_points(), g.tick]
    elif state in ("knocked_out", "captured", "prisoner"):
        KO.knock_out(g, b)
        f.wake_tick = 10 ** 9
        f.captured = state != "knocked_out"
    elif state == "bleeding":
        f.wounds.append(W.Wound(W.MAJOR, W.TORSO, 0, False))
        f.bleeding_since = g.tick
        KO.knock_out(g, b)
    elif state == "dead":
        KO.kill(g, b)


def game_with(kind, state):
    g = load_text(LEVEL, "body_orders")
    m = g.spawn(E.MINION, *MINION_AT)
    b = spawn_body(g, kind, CELL if state == "prisoner" else BODY_AT)
    put_in_state(g, b, state)
    if kind == "Boss" and state == "dead":
        g.step()                                   # the game ends with the tick
    g.take_events()
    return g, m, b


def command(order, m, b):
    if order == "order_attack":
        return {"type": order, "entity": m.id, "target": b.id}
    cmd = {"type": order, "entity": m.id, "body": b.id}
    if order == "carry":
        cmd["x"], cmd["y"] = CARRY_TO
    return cmd


def run_task(g, m, ticks=900):
    """Run until the minion's order is done or failed (or `ticks`); the events meanwhile."""
    seen = []
    for _ in range(ticks):
        g.step()
        evs = g.take_events()
        seen += evs
        if any(e["type"] in ("task_done", "task_failed", "attack_ordered") and
               e.get("entity") == m.id for e in evs):
            break
    return seen


def carried_out(g, order, b, evs):
    """Did `order` do what it says to body b?"""
    kinds = [e["type"] for e in evs]
    if order == "order_attack":
        return "attack_ordered" in kinds
    if order == "carry":
        return (b.x, b.y) == CARRY_TO and b.fighter.carried_by == -1
    if order == "heal":
        return "healed" in kinds and all(w.level != W.MINOR for w in b.fighter.wounds)
    if order == "capture":
        return b.fighter.captured and "captured" in kinds
    if order == "imprison":
        return prisoners.in_cell(g, b) and (b.x, b.y) == CELL
    if order == "kill":
        return b.state == E.DEAD and [e["cause"] for e in evs if e["type"] == "death"] == ["executed"]
    if order == "release":
        return "released" in kinds and not b.fighter.captured and b.leaving
    if order == "scrap":
        return b.id not in g.entities and "scrapped" in kinds
    return b.id not in g.entities and "burnt" in kinds


@pytest.mark.rule("WAKE-01")
@pytest.mark.rule("AFTER-01")
@pytest.mark.parametrize("kind,state", sorted(ROWS))
def test_each_state_takes_its_orders_and_refuses_the_rest_naming_what_works(kind, state):
    allowed = ROWS[(kind, state)]
    labels = [("Execute" if o == "kill" and state in EXECUTE else LABEL[o]) for o in allowed]
    g, m, b = game_with(kind, state)
    info = Session.__new__(Session)
    info.game = g
    d = info.describe(b.id)
    assert d["body_state"] == state and d["condition"] == WORDS[state]
    assert [o["order"] for o in d["orders"]] == list(allowed)
    assert [o["label"] for o in d["orders"]] == labels
    for order in ALL:
        g, m, b = game_with(kind, state)
        g.command(command(order, m, b))
        evs = run_task(g, m)
        refused = [e["reason"] for e in evs if e["type"] == "refused"]
        if order in allowed:
            assert not refused, (order, refused)
            assert carried_out(g, order, b, evs), (order, [e["type"] for e in evs][-8:])
        elif kind == "Boss" and state == "dead":
            assert refused == [ending.REASON_OVER]
        else:
            assert len(refused) == 1, (order, refused)
            for word in labels:                        # what would work, by name
                assert word in refused[0], (order, refused[0])
            if not labels:
                assert "no order works" in refused[0]


@pytest.mark.rule("AFTER-01")
def test_a_carried_body_takes_orders_from_its_carrier_only():
    g, m, b = game_with("adventurer", "knocked_out")
    carrier = g.spawn(E.MINION, 3, 5)
    g.command({"type": "carry", "entity": carrier.id, "body": b.id, "x": 10, "y": 4})
    run_task(g, carrier, 5)
    assert b.fighter.carried_by == carrier.id
    s = Session.__new__(Session)
    s.game = g
    d = s.describe(b.id)
    assert d["body_state"] == "carried"
    assert d["condition"] == "Knocked out, carried by %s" % carrier.name
    # the panel offers the carrier for the orders of the state it is carried in
    assert [o["order"] for o in d["orders"]] == list(DOWN_ADV)
    assert {o["minion"] for o in d["orders"]} == {carrier.id}
    g.command({"type": "kill", "entity": m.id, "body": b.id})
    g.step()
    assert [e["reason"] for e in g.take_events() if e["type"] == "refused"] == [
        "%s is carrying %s: give %s the order, or wait till %s is put down." % (
            carrier.name, b.name, carrier.name, b.name)]
    g.command({"type": "imprison", "entity": carrier.id, "body": b.id})
    run_task(g, carrier)
    assert prisoners.in_cell(g, b) and (b.x, b.y) == CELL


@pytest.mark.rule("AFTER-01")
def test_a_captured_adventurer_carried_to_a_free_cell_is_locked_in_and_a_taken_cell_is_refused():
    g, m, b = game_with("adventurer", "captured")
    g.command({"type": "carry", "entity": m.id, "body": b.id, "x": CELL[0], "y": CELL[1]})
    evs = run_task(g, m)
    assert [e["entity"] for e in evs if e["type"] == "imprisoned"] == [b.id]
    assert prisoners.in_cell(g, b)
    other = g.spawn(E.ADVENTURER, *BODY_AT, subtype="rogue:1")
    put_in_state(g, other, "captured")
    g.command({"type": "carry", "entity": m.id, "body": other.id, "x": CELL[0], "y": CELL[1]})
    g.command({"type": "imprison", "entity": m.id, "body": other.id})
    g.step()
    assert [e["reason"] for e in g.take_events() if e["type"] == "refused"] == [
        "That cell already holds a prisoner: pick a free one.",
        "Every prison cell holds a prisoner: build another one."]


@pytest.mark.rule("AFTER-01")
def test_a_task_whose_body_changed_state_fails_saying_what_works_now():
    g, m, b = game_with("adventurer", "knocked_out")
    g.command({"type": "capture", "entity": m.id, "body": b.id})
    g.step()
    KO.kill(g, b)                                     # dies before the minion gets there
    evs = run_task(g, m)
    failed = [e["reason"] for e in evs if e["type"] == "task_failed"]
    assert failed == ["%s is dead: Scrap would work." % b.name]


@pytest.mark.rule("AFTER-01")
def test_a_released_prisoner_walks_off_the_map_and_frees_its_cell():
    g = load_text(LEVEL.replace("#...SSS....#\n#...SSS...T#", "#...SSS....#\nP...SSS...T#"),
                  "release")
    m = g.spawn(E.MINION, *MINION_AT)
    b = g.spawn(E.ADVENTURER, *CELL, subtype="warrior:1")
    put_in_state(g, b, "prisoner")
    b.idle = 0
    assert prisoners.free_cell(g, 0, 0) is None
    g.command({"type": "release", "entity": m.id, "body": b.id})
    evs = run_task(g, m)
    assert [e["entity"] for e in evs if e["type"] == "released"] == [b.id]
    assert prisoners.free_cell(g, 0, 0) == CELL
    for _ in range(2000):
        g.step()
        if b.id not in g.entities:
            break
    assert b.id not in g.entities                       # gone through the west portal
    assert [e for e in g.take_events() if e["type"] == "adventurer_escaped"]


@pytest.mark.rule("AFTER-01")
def test_cells_are_named_by_their_room():
    g = load_text(LEVEL.replace("#....c.....#", "#....c..c..#").replace(
        "#...SSS...T#", "#.c.SSS...T#"), "names")
    assert prisoners.cell_name(g, 5, 1) == "the north cell"
    assert prisoners.cell_name(g, 8, 1) == "the north cell 2"
    assert prisoners.cell_name(g, 2, 5) == "the sanctum's cell"


def test_every_state_of_the_table_is_worded_and_every_order_labelled():
    g, m, b = game_with("minion", "up")
    for state in BO.STATES:
        if state != BO.CARRIED and state != BO.PRISONER:
            assert BO._own_words(g, b, state)[0] == WORDS[state]
    assert [label for _, label in BO.ORDERS] == [LABEL[o] for o in ALL]


def test_a_level_starts_bodies_down_captured_or_dead():
    g = load_text(LEVEL.replace("[legend]", "[legend]\np = floor cell adventurer:warrior down:captured\n"
                                "k = floor adventurer down:bleeding\nd = floor minion down:dead")
                  .replace("#....c.....#", "#....p.....#").replace("#...SSS...T#", "#.kdSSS...T#"),
                  "down")
    s = Session.__new__(Session)
    s.game = g
    words = sorted(s.describe(e.id)["condition"] for e in g.entities.values())
    assert words == ["Dead", "Knocked out, bleeding", "Prisoner in the north cell"]
    assert not g.take_events()                       # nobody died or fell in this game
    for bad, why in (("floor minion down:captured", "only an adventurer can be captured"),
                     ("floor down:dead", "put a body before down:dead on its tile"),
                     ("floor minion down:asleep", "down takes one of")):
        with pytest.raises(Exception) as err:
            load_text(LEVEL.replace("[legend]", "[legend]\nz = %s" % bad)
                      .replace("#....c.....#", "#....z.....#"), "bad")
        assert why in str(err.value)
