"""SLEEP-01..05 in play: slots by joining order, beds and the floor, sleepers do no work,
what wakes them, and WAKE-02 kept."""
import pytest

from pysim.combat import waking
from pysim.core import clock, entities as E
from pysim.economy import sleep

from doorkit import cmd, of, refused, run
from trapkit import make

H = clock.TICKS_PER_HOUR
LEGEND = {"b": "floor bed", "u": "floor minion duty:drudgery",
          "k": "floor minion", "a": "floor adventurer:warrior"}

# four minions, four beds in the top row; the sanctum keeps PATH-01
FOUR_BEDS = [
    "##########",
    "#bbbb....#",
    "#........#",
    "#.kkkk...#",
    "P......S.#",
    "##########",
]


def minions(g):
    return [g.entities[i] for i in sorted(g.entities) if g.entities[i].kind == E.MINION]


def asleep_ids(g):
    return [e.id for e in minions(g) if sleep.asleep(e)]


def run_sampling(g, ticks, every=10):
    """Run, noting who is asleep every `every` ticks: (events, [(tick, ids asleep)])."""
    evs = []
    seen = []
    for i in range(int(ticks)):
        g.step()
        evs.extend(g.take_events())
        if i % every == 0:
            seen.append((g.tick, asleep_ids(g)))
    return evs, seen


@pytest.mark.rule("SLEEP-01")
def test_four_minions_in_beds_sleep_one_at_a_time_at_their_slots_hours():
    g = make(FOUR_BEDS, legend=LEGEND)
    ms = minions(g)
    evs, seen = run_sampling(g, 2 * clock.TICKS_PER_DAY)
    assert max(len(ids) for _, ids in seen) == 1         # never more than a quarter
    fell = of(evs, "fell_asleep")
    # each slept on day 1 (22:00, 10:00, 16:00, 04:00 by joining order) and day 2 ...
    first = {}
    for ev in fell:
        first.setdefault(ev["entity"], ev["tick"])
    for m, hour in zip(ms, (22, 10, 16, 4)):
        assert hour * H <= first[m.id] < hour * H + H     # the walk to bed takes minutes
    assert all(ev["in_bed"] for ev in fell)
    # ... and woke rested 6 hours (in a bed) after its hour
    woke = [ev for ev in of(evs, "minion_woke") if ev["entity"] == ms[1].id]
    assert woke[0]["reason"] == "rested" and woke[0]["tick"] == (10 + 6) * H
    # nobody sleeps at the very start: the night at 22:00 the day before does not count
    assert all(ev["tick"] >= 4 * H for ev in fell)


@pytest.mark.rule("SLEEP-01")
def test_with_two_minions_on_the_floor_somebody_is_always_awake():
    g = make(["########", "#.kk...#", "P....S.#", "########"], legend=LEGEND)
    evs, seen = run_sampling(g, 2 * clock.TICKS_PER_DAY)
    assert max(len(ids) for _, ids in seen) == 1
    assert min(len(ids) for _, ids in seen) == 0


@pytest.mark.rule("SLEEP-02")
def test_a_minion_sleeps_in_its_own_bed_six_hours_and_on_the_floor_eight():
    g = make(["#########", "#b......#", "#..kk...#", "P.....S.#", "#########"], legend=LEGEND)
    a, b = minions(g)
    evs = run(g, clock.TICKS_PER_DAY + 12 * H)
    fell = {}
    for ev in of(evs, "fell_asleep"):
        fell.setdefault(ev["entity"], ev)
    woke = {}
    for ev in of(evs, "minion_woke"):
        woke.setdefault(ev["entity"], ev)
    # the lower id owns the one bed (22:00); the other lies down where it is (10:00)
    assert fell[a.id]["in_bed"] and (fell[a.id]["x"], fell[a.id]["y"]) == (1, 1)
    assert not fell[b.id]["in_bed"]
    assert fell[b.id]["tick"] == 10 * H                   # at once: no walk to a bed
    assert woke[b.id]["tick"] == (10 + 8) * H
    assert woke[a.id]["tick"] == (22 + 6) * H


@pytest.mark.rule("SLEEP-02")
def test_a_busy_minion_finishes_its_job_before_it_sleeps():
    g = make(["#########", "#u..xxxx#", "#...xxxx#", "P...Sxxx#", "#########"], legend=LEGEND)
    run(g, 22 * H - 40)
    cmd(g, {"type": "dig", "x": 4, "y": 1})
    evs = run(g, 100 + 100)
    dug = of(evs, "dug")
    fell = of(evs, "fell_asleep")
    assert dug and fell and dug[0]["tick"] < fell[0]["tick"]


@pytest.mark.rule("SLEEP-03")
def test_a_sleeper_does_no_work():
    g = make(["#########", "#u..xxxx#", "#...xxxx#", "P...Sxxx#", "#########"], legend=LEGEND)
    run(g, 22 * H + 10)
    (m,) = minions(g)
    assert sleep.asleep(m)
    cmd(g, {"type": "dig", "x": 4, "y": 1})
    x, y = m.x, m.y
    evs = run(g, 5 * H)
    assert not of(evs, "dug") and (m.x, m.y) == (x, y)  # no digging, no wandering
    evs = run(g, 4 * H)                                 # on the floor: 22:00 ... 06:00
    assert of(evs, "minion_woke") and of(evs, "dug")


@pytest.mark.rule("SLEEP-04")
def test_a_sleeper_wakes_when_an_enemy_comes_into_sight():
    rows = ["##############", "#k...........#", "#............#", "P...........S#",
            "##############"]
    g = make(rows, legend=LEGEND)
    run(g, 22 * H + 10)
    (m,) = minions(g)
    assert sleep.asleep(m)
    adv = g.spawn(E.ADVENTURER, 12, 1, subtype="warrior")
    evs = run(g, 20)
    woke = of(evs, "minion_woke")
    assert woke and woke[0]["reason"] in ("enemy", "fight")
    assert not sleep.asleep(m)
    # woken early, it does not go back to sleep that night
    del g.entities[adv.id]
    assert not of(run(g, 60), "fell_asleep")


@pytest.mark.rule("SLEEP-04")
def test_an_order_wakes_a_sleeper_and_an_alarm_wakes_them_all():
    g = make(["##########", "#kk......#", "#.....A..#", "P......S.#", "##########"],
             legend=LEGEND)
    a, b = minions(g)
    run(g, 10 * H + 10)                                  # b's slot: 10:00
    assert sleep.asleep(b)
    cmd(g, {"type": "set_duty", "entity": b.id, "duty": "drudgery"})
    assert not sleep.asleep(b)
    g2 = make(["##########", "#kk......#", "#.....A..#", "P......S.#", "##########"],
              legend=LEGEND)
    a2, b2 = minions(g2)
    run(g2, 10 * H + 10)
    assert sleep.asleep(b2)
    from pysim.traps import mechanisms
    part = [p for p in g2.areas["traps"].parts.values() if p.kind == "alarm_trap"][0]
    mechanisms._fx_alarm(g2, part, [])
    evs = run(g2, 2)
    assert [ev["reason"] for ev in of(evs, "minion_woke")] == ["alarm"]
    assert not refused(evs)


@pytest.mark.rule("SLEEP-05")
def test_knocked_out_is_not_asleep_and_wake02_still_holds():
    g = make(FOUR_BEDS, legend=LEGEND)
    ms = minions(g)
    m = ms[0]
    # a knocked-out minion never goes to sleep; its bed wake (WAKE-02) is unchanged
    from pysim.combat import knockouts
    run(g, 22 * H - 60)
    knockouts.knock_out(g, m)
    m.fighter.wake_tick = waking.NO_WAKE
    evs = run(g, 120)
    assert not sleep.asleep(m) and not [ev for ev in of(evs, "fell_asleep")
                                        if ev["entity"] == m.id]
    t = waking.put_in_bed(g.rng.stream("combat"), m.fighter, g.tick)
    assert g.tick < t <= g.tick + 600                  # within 1 game hour


@pytest.mark.rule("SLEEP-02")
def test_the_info_names_the_bed():
    from pysim.session import Session
    text = "\n".join(["name: t", "seed: 1", "[legend]", "b = floor bed", "k = floor minion",
                      "[map]"] + ["########", "#bk....#", "P....S.#", "########"]) + "\n"
    s = Session(text)
    s.game.speed = 4
    for _ in range(22 * H + 20):
        s.game.step()
    (m,) = minions(s.game)
    info = s.describe(m.id)
    assert info["job_phrase"] == "asleep in its bed" and info["job_at"] == [1, 1]
    assert info["sleep_until"] == (22 + 6) * H
    snap = s.snapshot()
    assert list(snap["sleep_ids"]) == [m.id] and list(snap["sleep_in_bed"]) == [1]


@pytest.mark.rule("DIG-02")
def test_the_info_says_what_an_economy_job_works_on():
    from pysim.session import Session
    text = "\n".join(["name: t", "seed: 1", "[legend]", "u = floor minion duty:drudgery",
                      "[map]", "#######", "#u..xx#", "P...S.#", "#######"]) + "\n"
    s = Session(text)
    s.game.command({"type": "dig", "x": 4, "y": 1})
    for _ in range(20):
        s.game.step()
    (m,) = minions(s.game)
    info = s.describe(m.id)
    assert info["job"] == "dig" and info["job_phrase"] == "digging out the rock"
    assert info["job_at"] == [4, 1]


@pytest.mark.rule("SLEEP-04")
def test_a_sleeper_hurt_wakes():
    from pysim.combat import wounds as W
    g = make(["#########", "#k......#", "P.....S.#", "#########"], legend=LEGEND)
    run(g, 22 * H + 10)
    (m,) = minions(g)
    assert sleep.asleep(m)
    # a dart from a trap nobody saw fired: no enemy known, only the wound
    m.fighter.wounds.append(W.Wound(W.MINOR, W.LEGS, g.tick, False))
    evs = run(g, 2)
    assert [ev["reason"] for ev in of(evs, "minion_woke")] == ["hurt"]


@pytest.mark.rule("SLEEP-01")
def test_a_minion_gone_from_the_map_gives_its_slot_record_up():
    g = make(["#########", "#kk.....#", "P.....S.#", "#########"], legend=LEGEND)
    a, b = minions(g)
    run(g, 10)
    assert sorted(g.areas["economy"].sleepers) == [a.id, b.id]
    del g.entities[b.id]                             # burnt on a pyre, say
    run(g, H)
    assert sorted(g.areas["economy"].sleepers) == [a.id]
    c = g.spawn(E.MINION, 2, 1)                     # a newcomer takes the next slot
    run(g, 2)
    assert g.areas["economy"].sleepers[c.id][0] == 2        # the third of four slots


@pytest.mark.rule("SLEEP-02")
def test_a_dead_minions_bed_goes_to_a_living_one():
    # One bed: the lower id owns it. Once its owner is dead the bed is free again, so the
    # other minion sleeps in it (6 hours), not on the floor, and the panel names no corpse.
    from pysim.combat import afterwards, knockouts
    from pysim.economy import furniture_view
    g = make(["#########", "#b......#", "#..kk...#", "P.....S.#", "#########"], legend=LEGEND)
    a, b = minions(g)
    run(g, 10)
    assert afterwards.bed_of(g, a) == (1, 1) and afterwards.bed_of(g, b) is None
    knockouts.kill(g, a)
    assert furniture_view.describe(g, 1, 1)["owner"] == -1
    evs = run(g, 10 * H + 2 * H)                      # b's slot is 10:00
    fell = [ev for ev in of(evs, "fell_asleep") if ev["entity"] == b.id]
    assert fell and fell[0]["in_bed"] and (fell[0]["x"], fell[0]["y"]) == (1, 1)
    assert furniture_view.describe(g, 1, 1)["owner"] == b.id
