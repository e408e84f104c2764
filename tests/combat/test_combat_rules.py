"""AWARE, REACH, STANCE, CROWD, DICE-03, KO in play, WAKE, AFTER: the combat rules in a Game."""

import numpy as np
import pytest

from conftest import binomial_ok

from pysim.combat import (awareness as A, crowding, fighter as F, knockouts as KO, shots,
                          stance as ST, stats as S, striking as SK, waking, wounds as W)
from pysim.core import entities as E

from combat_helpers import events, freeze, level, open_game, spawn


# --- AWARE ------------------------------------------------------------------------------------
@pytest.mark.rule("AWARE-01")
@pytest.mark.parametrize("hunt", [0, 1, 2, 3, 4])
def test_awareness_range_is_exactly_3_plus_2_hunt(hunt):
    r = 3 + 2 * hunt
    g = open_game(w=r + 6, h=5)
    m = spawn(g, E.MINION, 1, 2)
    m.fighter.stats.hunt = hunt
    assert A.notice_range(m) == r
    near = spawn(g, E.ADVENTURER, 1 + r, 2)
    far = spawn(g, E.ADVENTURER, 1 + r + 1, 2) if 2 + r < g.grid.width - 1 else None
    blocked = A.sight_blocked(g)
    assert A.can_notice(blocked, m, near, A.notice_range(m))
    if far is not None:
        assert not A.can_notice(blocked, m, far, A.notice_range(m))
    # and in play: within one look period the minion knows `near`, never `far`
    for e in (m, near) + ((far,) if far else ()):
        freeze(e)
    g.run(A.LOOK_PERIOD + 1)
    assert near.id in m.fighter.known
    if far is not None:
        assert far.id not in m.fighter.known


@pytest.mark.rule("AWARE-01")
def test_darkness_does_not_shorten_and_walls_block():
    g = open_game(w=14, h=5)
    m = spawn(g, E.MINION, 1, 2)
    a = spawn(g, E.ADVENTURER, 8, 2)
    blocked = A.sight_blocked(g)
    g.grid.light[:] = 0
    assert A.can_notice(blocked, m, a, A.notice_range(m))
    g.grid.set_terrain(5, 2, 2)  # a wall between them
    assert not A.can_notice(A.sight_blocked(g), m, a, A.notice_range(m))


@pytest.mark.rule("AWARE-02")
def test_hit_reveals_attacker_out_of_sight():
    g = open_game()
    d = spawn(g, E.MINION, 2, 2)
    a = spawn(g, E.ADVENTURER, 15, 9, "scout:1")
    assert a.id not in d.fighter.known
    # force a hit: roll until success with a fresh game stream
    a.fighter.stats.battle = 30
    SK.resolve_attack(g, a, d)
    assert a.id in d.fighter.known
    assert d.fighter.known[a.id][:2] == (15, 9)


@pytest.mark.rule("AWARE-03")
def test_death_noise_tells_minions_and_creatures_within_7():
    g = open_game(w=30, h=12)
    dead = spawn(g, E.ADVENTURER, 10, 5)
    m_in = spawn(g, E.MINION, 10 + 7, 5)     # exactly 7: hears
    m_out = spawn(g, E.MINION, 10 - 8, 5)    # 8: does not
    kob = spawn(g, E.CREATURE, 10, 5 + 6, "kobold")
    kob.side = E.DUNGEON
    boss = spawn(g, E.BOSS, 11, 5)
    en_in = spawn(g, E.ADVENTURER, 10, 5 - 4)
    en_out = spawn(g, E.ADVENTURER, 10 + 9, 5)
    KO.kill(g, dead)
    for li in (m_in, kob):
        assert en_in.id in li.fighter.known
        assert en_out.id not in li.fighter.known
    assert not m_out.fighter.known
    assert not boss.fighter.known        # only minions and creatures hear
    assert events(g, "noise")[-1]["cause"] == "death"


@pytest.mark.rule("AWARE-04")
def test_make_noise_public_function():
    g = open_game(w=30, h=12)
    m = spawn(g, E.MINION, 5, 5)
    en = spawn(g, E.ADVENTURER, 9, 5)
    assert A.make_noise(g, 7, 5, "bash") == 1
    assert en.id in m.fighter.known


# --- REACH ------------------------------------------------------------------------------------
@pytest.mark.rule("REACH-01")
def test_melee_needs_adjacent_and_turns_to_face():
    g = open_game()
    m = spawn(g, E.MINION, 5, 5)
    a = spawn(g, E.ADVENTURER, 7, 5)
    m.fighter.stance = ST.AGGRESSIVE
    assert not SK.can_melee(m, a)
    a.x = 6
    a.y = 4
    assert SK.can_melee(m, a)
    m.facing = 4
    freeze(a)
    freeze(m)
    A.learn(m.fighter, a, 0)
    a.fighter.stats.block = -50
    g.step()
    assert m.facing == 1   # NE
    assert events(g, "attack") and events(g, "attack")[0]["attacker"] == m.id


@pytest.mark.rule("REACH-02")
def test_shot_refused_round_a_corner_in_play():
    g = level([
        "######",
        "#m...#",
        "###a.#",
        "###..#",
        "######",
    ], legend="m = floor adventurer:scout:3")
    scout = [e for e in g.entities.values() if e.kind == E.ADVENTURER and
             F.fighter_of(e).stats.weapon.ranged][0]
    target = [e for e in g.entities.values() if e is not scout][0]
    target.side = E.DUNGEON
    blocked = A.sight_blocked(g)
    assert A.can_notice(blocked, scout, target, A.notice_range(scout))
    assert not shots.can_shoot(blocked, scout, target)
    target.x, target.y = 4, 1
    assert shots.can_shoot(blocked, scout, target)


@pytest.mark.rule("REACH-03")
def test_bodies_in_the_way_take_shots_not_block():
    n = 1500
    hits_body = 0
    hits_target = 0
    for seed in range(n):
        g = open_game(w=12, h=5, seed=seed)
        s = spawn(g, E.ADVENTURER, 1, 2, "scout:1")
        mid = spawn(g, E.MINION, 4, 2)
        t = spawn(g, E.MINION, 8, 2)
        v = SK.resolve_attack(g, s, t)
        if v is mid:
            hits_body += 1
        elif v is t:
            hits_target += 1
    assert hits_body + hits_target == n
    p = shots.STRAY_PCT / 100
    assert binomial_ok(hits_body, n, p)
    assert hits_target > 0       # the body does not block the shot


# --- STANCE -----------------------------------------------------------------------------------
@pytest.mark.rule("STANCE-01")
def test_stance_table_is_deterministic_and_ordered():
    assert ST.decide(ST.AGGRESSIVE, 9, 5, 0, 4) == ST.FIGHT
    assert ST.decide(ST.FLEE, 0, 1, 5, 100) == ST.RUN
    assert ST.decide(ST.EVASIVE, 0, 1, 0, 4) == ST.KEEP_DISTANCE
    assert ST.decide(ST.EVASIVE, 4, 1, 0, 4) == ST.RUN
    assert ST.decide(ST.DEFENSIVE, 0, 4, 1, 25) == ST.REGROUP
    assert ST.decide(ST.DEFENSIVE, 0, 4, 1, 1) == ST.FIGHT
    assert ST.decide(ST.DEFENSIVE, 0, 4, 1, 25, ordered=True) == ST.FIGHT
    assert ST.decide(ST.DEFENSIVE, 6, 1, 5, 1) == ST.RUN
    assert ST.decide(ST.BALANCED, 8, 1, 1, 1) == ST.REGROUP
    assert ST.decide(ST.BALANCED, 8, 1, 0, 1) == ST.FIGHT
    for s in range(5):
        assert ST.decide(s, 0, 0, 0, -1) == ST.IDLE
    # same situation, same choice; more aggressive never fights less
    rng = np.random.default_rng(0)
    for _ in range(500):
        args = (int(rng.integers(0, 12)), int(rng.integers(0, 6)), int(rng.integers(0, 6)),
                int(rng.integers(0, 60)), bool(rng.integers(0, 2)))
        choices = [ST.decide(s, *args) for s in range(5)]
        assert choices == [ST.decide(s, *args) for s in range(5)]
        fights = [c == ST.FIGHT for c in choices]
        assert fights == sorted(fights)


@pytest.mark.rule("STANCE-01")
def test_set_stance_command_and_flee_runs():
    g = open_game()
    m = spawn(g, E.MINION, 5, 5)
    a = spawn(g, E.ADVENTURER, 7, 5)
    freeze(a)
    g.command({"type": "set_stance", "entity": m.id, "stance": "flee"})
    g.command({"type": "set_stance", "entity": a.id, "stance": 2})
    g.command({"type": "set_stance", "entity": m.id, "stance": 9})
    g.step()
    assert m.fighter.stance == ST.FLEE
    refused = events(g, "refused")
    assert len(refused) == 2 and all(r["reason"] for r in refused)
    A.learn(m.fighter, a, g.tick)
    g.run(30)
    assert m.fighter.action == ST.RUN
    assert abs(m.x - a.x) + abs(m.y - a.y) > 2
    assert not events(g, "attack") or all(ev["attacker"] != m.id for ev in events(g, "attack"))


# --- CROWD ------------------------------------------------------------------------------------
def _crowd(subtype_kind, n):
    g = open_game(w=15, h=15, seed=3)
    t = spawn(g, E.ADVENTURER, 7, 7, "knight:5")
    t.fighter.stats.battle = -100   # never hurts anyone
    t.fighter.stats.block = 100     # never hurt
    t.fighter.rooted = True
    freeze(t)
    atk = []
    for i in range(n):
        x = 1 + (i % 13)
        y = 1 + (i // 13) * 12
        if subtype_kind == "kobold":
            e = spawn(g, E.CREATURE, x, y, "kobold")
            e.side = E.DUNGEON
        else:
            e = spawn(g, E.MINION, x, y)
            e.fighter.stance = ST.AGGRESSIVE
        A.learn(e.fighter, t, 0)
        atk.append(e)
    g.run(200)
    return g, t, atk


@pytest.mark.rule("CROWD-01")
def test_one_body_per_tile_and_extra_attackers_wait():
    g, t, atk = _crowd("minion", 10)
    adjacent = [e for e in atk if max(abs(e.x - t.x), abs(e.y - t.y)) == 1]
    tiles = [(e.x, e.y) for e in adjacent]
    assert len(adjacent) == 8 and len(set(tiles)) == 8
    waiting = [e for e in atk if e.fighter.waiting]
    assert len(waiting) == 2
    assert all((e.x, e.y) != (t.x, t.y) for e in atk)


@pytest.mark.rule("CROWD-02")
def test_two_kobolds_share_a_tile():
    g, t, atk = _crowd("kobold", 18)
    adjacent = [e for e in atk if max(abs(e.x - t.x), abs(e.y - t.y)) == 1]
    tiles = {}
    for e in adjacent:
        tiles[(e.x, e.y)] = tiles.get((e.x, e.y), 0) + 1
    assert len(adjacent) == 16 and max(tiles.values()) == 2
    assert sum(1 for e in atk if e.fighter.waiting) == 2
    occ = crowding.Occupancy(4, 4)
    occ.add(1, 0, 0, True)
    assert occ.room_for(0, 0, True) and not occ.room_for(0, 0, False)


DOORWAY = ["#########",
           "#.......#",
           "####.####",
           "#.......#",
           "#########"]
CORRIDOR = ["#############",
            "#...........#",
            "#####.#######",
            "#####.#######",
            "#...........#",
            "#############"]


def _holds(e):
    """The tiles a body stands on or is stepping into."""
    return {(e.x, e.y), (e.nx, e.ny) if e.step_len else (e.x, e.y)}


@pytest.mark.rule("CROWD-01")
@pytest.mark.rule("REACH-01")
@pytest.mark.parametrize("rows, mxy, axy", [
    (DOORWAY, (1, 3), (7, 1)),
    (DOORWAY, (4, 3), (4, 1)),
    (DOORWAY, (2, 3), (6, 1)),
    (CORRIDOR, (5, 4), (5, 1)),
    (CORRIDOR, (1, 4), (11, 1)),
])
def test_enemies_meeting_in_a_doorway_fight_and_never_pass_through(rows, mxy, axy):
    """Each walks to where it last saw the other (walking has no bodies): they must stop
    next to each other and fight, not swap sides through the doorway for ever."""
    g = level(rows)
    m = spawn(g, E.MINION, *mxy)
    a = spawn(g, E.ADVENTURER, *axy)
    freeze(m)
    freeze(a)
    A.learn(m.fighter, a, 0)
    A.learn(a.fighter, m, 0)
    g.take_events()
    first = None
    attackers = set()
    for _ in range(120):
        g.step()
        assert not (_holds(m) & _holds(a)), "two bodies on one tile at tick %d" % g.tick
        for ev in g.take_events():
            if ev["type"] == "attack":
                attackers.add(ev["attacker"])
                if first is None:
                    first = ev["tick"]
    assert first is not None and first <= 60
    assert attackers == {m.id, a.id}


# --- DICE -------------------------------------------------------------------------------------
@pytest.mark.rule("DICE-03")
def test_same_seed_same_fight_tick_for_tick():
    def run(seed):
        g = open_game(seed=seed)
        for i in range(4):
            spawn(g, E.MINION, 2, 2 + i)
        for i in range(3):
            spawn(g, E.ADVENTURER, 9, 3 + i, "warrior:1")
        hashes = []
        for _ in range(400):
            g.step()
            hashes.append(g.state_hash())
        return hashes, [ev for ev in g.take_events()]
    h1, e1 = run(5)
    h2, e2 = run(5)
    assert h1 == h2 and e1 == e2
    assert any(ev["type"] == "attack" for ev in e1)
    h3, _ = run(6)
    assert h3 != h1


@pytest.mark.rule("DICE-02")
def test_every_body_has_a_stat_block():
    for cls in S.CLASS_NAMES:
        for lv in range(1, 6):
            st = S.adventurer(cls, lv)
            for k in ("hunt", "craft", "battle", "block"):
                assert isinstance(getattr(st, k), int)
    assert S.adventurer("warrior", 5).battle > S.adventurer("warrior", 1).battle
    assert S.adventurer("scout", 1).has(S.SCOUT)
    assert S.adventurer("scout", 3).has(S.MAPMAKER)
    assert S.adventurer("rogue", 3).has(S.LOCKSMITH)
    assert S.adventurer("warrior", 3).has(S.DOORBREAKER)
    assert S.adventurer("rogue", 1, traits=(S.LOCKSMITH,)).has(S.LOCKSMITH)
    g = open_game()
    for kind, sub in ((E.MINION, ""), (E.BOSS, ""), (E.CREATURE, "troll"),
                      (E.CREATURE, "wolf"), (E.ADVENTURER, "rogue:2")):
        e = spawn(g, kind, 3, 3, sub)
        assert F.fighter_of(e).stats.name == (sub.split(":")[0] or E.KIND_NAMES[kind])


# --- KO in play -------------------------------------------------------------------------------
@pytest.mark.rule("KO-04")
def test_creature_dies_troll_knocked_out_in_play():
    for sub, starving, expect in (("wolf", False, E.DEAD), ("troll", False, E.KNOCKED_OUT),
                                  ("troll", True, E.DEAD)):
        g = open_game()
        c = spawn(g, E.CREATURE, 5, 5, sub)
        F.fighter_of(c).starving = starving
        c.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False)] * 2 + \
            [W.Wound(W.MINOR, W.ARMS, 0, False)]
        a = spawn(g, E.ADVENTURER, 6, 5, "warrior:5")
        a.fighter.stats.battle = 50
        SK.resolve_attack(g, a, c)
        assert c.state == expect, sub


# --- WAKE -------------------------------------------------------------------------------------
def _knocked(g, x, y, bleeding=False, kind=E.MINION):
    b = spawn(g, kind, x, y)
    if bleeding:
        b.fighter.bleeding_since = g.tick
    KO.knock_out(g, b)
    return b


@pytest.mark.rule("WAKE-02")
def test_wake_within_four_hours_uniform():
    rng = np.random.default_rng(11)
    n = 4000

    class Fk:
        bleeding_since = -1
        wake_tick = -1
    ticks = [waking.schedule(rng, Fk(), 100) - 100 for _ in range(n)]
    assert min(ticks) >= 1 and max(ticks) <= 4 * 600
    below = sum(1 for t in ticks if t <= 1200)
    assert binomial_ok(below, n, 0.5)
    g = open_game()
    b = _knocked(g, 5, 5)
    assert 0 < b.fighter.wake_tick - g.tick <= 2400
    g.run(2401)
    assert b.state == E.UP
    assert events(g, "woke")


@pytest.mark.rule("WAKE-02")
def test_bleeding_does_not_wake_and_bed_wakes_within_an_hour():
    g = level(["#######", "#m...B#", "#######"], legend="B = floor bed")
    bleeder = _knocked(g, 2, 1, bleeding=True)
    assert bleeder.fighter.wake_tick == waking.NO_WAKE
    g.run(2500)
    assert bleeder.state == E.KNOCKED_OUT
    # carried to its own bed: wakes within 1 hour of arriving
    carrier = [e for e in g.entities.values() if e.kind == E.MINION and e is not bleeder][0]
    other = _knocked(g, 3, 1)
    other.fighter.wake_tick = g.tick + 2400   # late natural waking
    from pysim.combat import afterwards as AF
    AF.area(g).beds[0][2] = other.id
    other.fighter.bed = (5, 1)
    g.command({"type": "carry", "entity": carrier.id, "body": other.id, "x": 5, "y": 1})
    g.run(200)
    put = events(g, "put_to_bed")
    assert put and put[0]["entity"] == other.id
    assert put[0]["wake_tick"] - put[0]["tick"] <= 600
    g.run(600)
    assert other.state == E.UP
    # bleeding with nobody healing: bleeds out at 8 hours
    g.run(8 * 600)
    assert bleeder.state == E.DEAD


@pytest.mark.rule("WAKE-01")
def test_knocked_out_can_be_carried_healed_captured_killed():
    g = open_game(w=20, h=8)
    m = spawn(g, E.MINION, 2, 2)
    adv = _knocked(g, 6, 2, bleeding=True, kind=E.ADVENTURER)
    adv.fighter.wounds = [W.Wound(W.MINOR, W.ARMS, 0, False), W.Wound(W.MAJOR, W.TORSO, 0, False)]
    g.command({"type": "heal", "entity": m.id, "body": adv.id})
    g.run(60)
    assert not adv.fighter.bleeding() and adv.fighter.wound_points() == 2
    g.command({"type": "carry", "entity": m.id, "body": adv.id, "x": 12, "y": 5})
    g.run(150)
    assert (adv.x, adv.y) == (12, 5) and adv.fighter.carried_by == -1
    g.command({"type": "capture", "entity": m.id, "body": adv.id})
    g.run(60)
    assert adv.fighter.captured
    adv2 = _knocked(g, 3, 4, kind=E.ADVENTURER)
    g.command({"type": "kill", "entity": m.id, "body": adv2.id})
    g.run(60)
    assert adv2.state == E.DEAD
    # refusals carry readable reasons
    g.command({"type": "capture", "entity": m.id, "body": adv2.id})
    g.command({"type": "carry", "entity": m.id, "body": 999, "x": 1, "y": 1})
    g.step()
    assert len(events(g, "refused")) == 2


@pytest.mark.rule("AFTER-01")
def test_capture_scrap_and_pyre_never_burns_adventurers():
    g = level(["#########", "#m.....T#", "#.....P.#", "#########"],
              legend="T = floor scrapper_table\nP = floor pyre")
    m = [e for e in g.entities.values() if e.kind == E.MINION][0]
    ko = _knocked(g, 3, 2, kind=E.ADVENTURER)
    wolfish = spawn(g, E.MINION, 4, 1)
    g.command({"type": "capture", "entity": m.id, "body": wolfish.id})   # not an adventurer
    g.command({"type": "capture", "entity": m.id, "body": ko.id})
    g.run(60)
    assert ko.fighter.captured and events(g, "captured")
    assert sum(1 for r in events(g, "refused")) == 1
    dead = spawn(g, E.ADVENTURER, 2, 2)
    KO.kill(g, dead)
    g.command({"type": "burn", "entity": m.id, "body": dead.id})
    g.step()
    assert events(g, "refused")[-1]["reason"] == "A pyre never burns an adventurer: Scrap would work."
    g.command({"type": "scrap", "entity": m.id, "body": dead.id})
    g.run(200)
    assert dead.id not in g.entities and events(g, "scrapped")
    deadm = spawn(g, E.MINION, 2, 1)
    KO.kill(g, deadm)
    g.command({"type": "burn", "entity": m.id, "body": deadm.id})
    g.run(200)
    assert deadm.id not in g.entities and events(g, "burnt")


# --- a small fight --------------------------------------------------------------------------------
@pytest.mark.rule("KO-01")
def test_small_fight_fixed_seed_expected_side_stands():
    g = level([
        "##############",
        "#b...........#",
        "#.....aa.....#",
        "#............#",
        "##############",
    ], legend="b = floor creature:troll\na = floor adventurer:peasant", seed=4)
    troll = [e for e in g.entities.values() if e.kind == E.CREATURE][0]
    troll.side = E.DUNGEON
    g.run(1200)
    peasants = [e for e in g.entities.values() if e.kind == E.ADVENTURER]
    assert troll.state == E.UP
    # down, or woken but unable to fight (KO-01: 10+ points)
    assert all(p.state != E.UP or F.unable_to_fight(p) for p in peasants)
    for p in peasants:
        assert p.fighter.wound_points() >= 10 or any(
            ev["type"] == "knockout" and ev["entity"] == p.id for ev in g.events) or \
            any(w.location == W.HEAD for w in p.fighter.wounds)
