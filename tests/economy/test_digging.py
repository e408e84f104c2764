"""DIG-01..04 in play: marks, a Drudgery digger working 100 ticks (10 game minutes) beside
the rock, work kept on the mark, marks nobody can reach said once, marks taken back,
PATH-01 untouched."""
import pytest

from pysim.core import terrain as T
from pysim.doors import digging
from pysim.economy import dig_jobs

from doorkit import cmd, of, refused, run
from trapkit import make

LEGEND = {"V": "rock vein:2", "n": "floor minion duty:traps"}

# a drudge at (1,1); rock east of the room from x=5; the sanctum keeps PATH-01
ROWS = [
    "#########",
    "#u..xxxx#",
    "#...xxxx#",
    "P...Sxxx#",
    "#########",
]


def _game(rows=ROWS):
    return make(rows, legend=LEGEND)


def _terrain(g, x, y):
    return int(g.grid.terrain[y, x])


@pytest.mark.rule("DIG-01")
def test_marking_refusals_and_a_mark_changes_nothing_until_dug():
    g = _game()
    assert refused(cmd(g, {"type": "dig", "x": 0, "y": 1}))[0]["reason"] == \
        "The map edge can't be dug."
    assert refused(cmd(g, {"type": "dig", "x": 2, "y": 1}))[0]["reason"] == \
        "Only rock and walls can be dug."
    evs = cmd(g, {"type": "dig", "x": 4, "y": 1})
    assert of(evs, "dig_marked") and not refused(evs)
    assert _terrain(g, 4, 1) == T.ROCK                    # marked, not dug
    assert refused(cmd(g, {"type": "dig", "x": 4, "y": 1}))[0]["reason"] == \
        dig_jobs.REASON_MARKED
    # a wall tile may be marked too (the map's outer wall inside the edge)
    g2 = make(["#######", "#u.#..#", "P..#S.#", "#######"])
    assert not refused(cmd(g2, {"type": "dig", "x": 3, "y": 1}))
    # a vein is mined, not dug
    g3 = make(["#######", "#u..V##", "P...S.#", "#######"], legend=LEGEND)
    assert "vein" in refused(cmd(g3, {"type": "dig", "x": 4, "y": 1}))[0]["reason"]


@pytest.mark.rule("DIG-02")
def test_a_drudge_digs_a_marked_tile_out_over_dig_ticks():
    g = _game()
    cmd(g, {"type": "dig", "x": 4, "y": 1})
    evs = run(g, 100)                 # walking there takes some of it
    assert not of(evs, "dug") and _terrain(g, 4, 1) == T.ROCK
    evs += run(g, 200)
    dug = of(evs, "dug")
    assert len(dug) == 1 and (dug[0]["x"], dug[0]["y"]) == (4, 1)
    assert g.entities[dug[0]["entity"]].duty == "drudgery"
    assert _terrain(g, 4, 1) == T.FLOOR and g.grid.domain[1, 4] == 1
    assert not g.areas["economy"].digs
    # the digger stood beside the rock, orthogonally, all the time it worked
    e = g.entities[dug[0]["entity"]]
    assert (e.x, e.y) in ((3, 1), (4, 2), (5, 1), (4, 0))


@pytest.mark.rule("DIG-02")
def test_only_drudgery_digs_and_work_stays_on_the_mark():
    g = make(["#########", "#n..xxxx#", "#...xxxx#", "P...Sxxx#", "#########"],
             legend=LEGEND)
    cmd(g, {"type": "dig", "x": 4, "y": 1})
    assert not of(run(g, 600), "dug")                # a Traps minion never digs
    e = [m for m in g.entities.values() if m.kind == 0][0]
    cmd(g, {"type": "set_duty", "entity": e.id, "duty": "drudgery"})
    run(g, 60)
    work = g.areas["economy"].digs[0][2]
    assert 0 < work < 100
    cmd(g, {"type": "set_duty", "entity": e.id, "duty": "none"})   # called away
    run(g, 50)
    assert g.areas["economy"].digs[0][2] == work + 1 or g.areas["economy"].digs[0][2] == work
    kept = g.areas["economy"].digs[0][2]
    cmd(g, {"type": "set_duty", "entity": e.id, "duty": "drudgery"})
    evs = run(g, 100 - kept + 60)
    assert of(evs, "dug")                            # it went on from the work kept


@pytest.mark.rule("DIG-02")
def test_a_second_digger_goes_on_from_the_work_the_first_left_on_the_mark():
    """A tile takes 100 ticks of digging (10 game minutes) in all, whoever digs: the first
    digger works 40 and is called away; the second finishes it with the 60 left."""
    g = make(["#########", "#n..xxxx#", "#...xxxx#", "P..nSxxx#", "#########"],
             legend=LEGEND)
    a, b = sorted((m for m in g.entities.values() if m.kind == 0), key=lambda m: m.id)
    cmd(g, {"type": "dig", "x": 4, "y": 1})
    cmd(g, {"type": "set_duty", "entity": a.id, "duty": "drudgery"})
    mark = g.areas["economy"].digs[0]
    for _ in range(400):
        run(g, 1)
        if mark[2] == 40:
            break
    assert mark[2] == 40 and getattr(a, "job", None) is not None and a.job[3] == 40
    cmd(g, {"type": "set_duty", "entity": a.id, "duty": "none"})        # called away
    kept = mark[2]
    assert kept in (40, 41)
    cmd(g, {"type": "set_duty", "entity": b.id, "duty": "drudgery"})
    worked = 0
    dug = []
    for _ in range(400):
        evs = run(g, 1)
        if getattr(b, "job", None) is not None and b.job[0] == "dig":
            worked = b.job[3]
        dug = of(evs, "dug")
        if dug:
            break
    assert dug and dug[0]["entity"] == b.id
    assert kept + worked + 1 == 100        # b's last tick of work (the job ends with it)


@pytest.mark.rule("DIG-03")
def test_a_room_of_marks_is_dug_inward_and_a_cut_off_mark_says_so_once():
    g = _game()
    # a 2x2 room in solid rock: (5,1) and (6,1) ... only (5,1)'s west side is floor after
    # (4,1); all four are reachable through the marks beside them
    for x, y in ((4, 1), (5, 1), (4, 2), (5, 2)):
        assert not refused(cmd(g, {"type": "dig", "x": x, "y": y}))
    # a mark far in the rock, touching no other mark and no floor: cut off
    assert not refused(cmd(g, {"type": "dig", "x": 7, "y": 2}))
    evs = run(g, 10 * 3)
    waits = of(evs, "dig_waiting")
    assert len(waits) == 1
    assert (waits[0]["x"], waits[0]["y"], waits[0]["count"]) == (7, 2, 1)
    assert waits[0]["reason"] == "unreachable"
    evs = run(g, 4 * 100 + 400)
    assert len(of(evs, "dug")) == 4
    assert not of(evs, "dig_waiting")                # said once, not every minute
    for x, y in ((4, 1), (5, 1), (4, 2), (5, 2)):
        assert _terrain(g, x, y) == T.FLOOR
    assert g.areas["economy"].digs == [[7, 2, 0]]


@pytest.mark.rule("DIG-03")
def test_a_cut_off_mark_says_so_at_the_next_game_minute():
    """Marks are checked every game minute (10 ticks): a mark nobody can reach, made at
    tick 21, says so at tick 30."""
    g = _game()
    run(g, 21)
    evs = cmd(g, {"type": "dig", "x": 7, "y": 2})
    assert of(evs, "dig_marked") and evs[0]["tick"] == 21
    evs += run(g, 30)
    assert [w["tick"] for w in of(evs, "dig_waiting")] == [30]


@pytest.mark.rule("DIG-02")
def test_one_digger_to_a_mark():
    """Two drudges, one mark: one digs it (docs/rules/economy.md DIG-02: the nearest mark
    nobody else digs), the other does not join in."""
    g = make(["#########", "#u..xxxx#", "#u..xxxx#", "P...Sxxx#", "#########"],
             legend=LEGEND)
    cmd(g, {"type": "dig", "x": 4, "y": 1})
    diggers = set()
    for _ in range(150):
        run(g, 1)
        for e in g.entities.values():
            job = getattr(e, "job", None)
            if job is not None and job[0] == "dig":
                diggers.add(e.id)
    assert len(diggers) == 1


@pytest.mark.rule("DIG-03")
def test_marks_with_nobody_on_drudgery_say_so():
    g = make(["#########", "#n..xxxx#", "#...xxxx#", "P...Sxxx#", "#########"],
             legend=LEGEND)
    g.command({"type": "dig", "x": 4, "y": 1})      # marked in one tick (a drag)
    g.command({"type": "dig", "x": 4, "y": 2})
    waits = of(run(g, 60), "dig_waiting")
    assert len(waits) == 1 and waits[0]["count"] == 2 and waits[0]["reason"] == "no_drudgery"


@pytest.mark.rule("DIG-04")
def test_taking_a_mark_back_stops_the_digger():
    g = _game()
    cmd(g, {"type": "dig", "x": 4, "y": 1})
    run(g, 40)
    assert refused(cmd(g, {"type": "cancel_dig", "x": 5, "y": 1}))[0]["reason"] == \
        dig_jobs.REASON_NOT_MARKED
    evs = cmd(g, {"type": "cancel_dig", "x": 4, "y": 1})
    assert of(evs, "dig_unmarked")
    evs = run(g, 3 * 100)
    assert not of(evs, "dug") and _terrain(g, 4, 1) == T.ROCK
    e = [m for m in g.entities.values() if m.kind == 0][0]
    assert getattr(e, "job", None) is None or e.job[0] != "dig"


@pytest.mark.rule("PATH-01")
def test_digging_only_adds_floor():
    g = _game()
    walk_before = int((g.grid.walk_cost() > 0).sum())
    for x in (4, 5, 6):
        cmd(g, {"type": "dig", "x": x, "y": 1})
    run(g, 3 * 100 + 300)
    assert int((g.grid.walk_cost() > 0).sum()) == walk_before + 3
    assert digging.path_exists(g)


@pytest.mark.rule("DIG-03")
def test_a_wait_is_said_again_only_after_the_mark_was_reachable_in_between():
    g = make(["#########", "#n..xxxx#", "#...xxxx#", "P...Sxxx#", "#########"],
             legend=LEGEND)
    e = [m for m in g.entities.values() if m.kind == 0][0]
    g.command({"type": "dig", "x": 4, "y": 1})       # nobody on Drudgery: it waits
    evs = run(g, 200)
    assert len(of(evs, "dig_waiting")) == 1          # once, not every minute
    assert g.areas["economy"].waited_digs == [[4, 1]]
    cmd(g, {"type": "set_duty", "entity": e.id, "duty": "drudgery"})
    run(g, 2 * 10)
    assert g.areas["economy"].waited_digs == []     # reachable now: the wait is over
    cmd(g, {"type": "set_duty", "entity": e.id, "duty": "traps"})
    waits = of(run(g, 2 * 10), "dig_waiting")
    assert len(waits) == 1 and (waits[0]["x"], waits[0]["y"]) == (4, 1)
    assert waits[0]["reason"] == "no_drudgery"
