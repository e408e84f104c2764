"""CROWD-01 in play: bodies out of the fight never hold a fight up for ever
(docs/rules/combat.md, "Bodies out of the fight"). An ally not fighting (idle, running,
regrouping) steps aside for a fighter that needs its tile, or changes places with it where
it has no room; a body unable to fight holds no tile and is nobody's ally; a claim is made
one step away only, so a fighter round the corner of a door keeps no tile from the one in
front of it; of two bodies on one tile, the one keeping it strikes."""
import pytest

from pysim.combat import awareness as A, stance as ST, wounds as W
from pysim.core import entities as E

from combat_helpers import freeze, level


def _ten_points(e):
    e.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False), W.Wound(W.EXTREME, W.LEGS, 0, False),
                        W.Wound(W.MINOR, W.ARMS, 0, False), W.Wound(W.MINOR, W.HEAD, 0, False)]
    assert e.fighter.wound_points() == 10


def _eight_points(e):
    """Hurt for the Balanced stance (8 points: it regroups when an ally is near), able to
    fight (below 10)."""
    e.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False), W.Wound(W.EXTREME, W.LEGS, 0, False)]
    assert e.fighter.wound_points() == 8


def _attacks(g, ticks, a, b):
    """Attack events between a and b (either way) over `ticks` ticks."""
    out = []
    for _ in range(ticks):
        g.step()
        out += [ev for ev in g.take_events() if ev["type"] == "attack" and
                {ev["attacker"], ev["target"]} == {a.id, b.id}]
    return out


# The Lair's chamber door: a one-tile corridor ends in a closed door (D) at (6, 2); the
# chamber behind it. The fighter stands round the door's corner at (7, 3) (the diagonal to
# the door cuts the wall's corner: two steps), its idle ally in front of the door at (7, 2).
CHAMBER = ["##########",
           "#######..#",
           "#.....D..#",
           "#######..#",
           "##########"]


@pytest.mark.rule("CROWD-01")
def test_an_idle_ally_in_the_doorway_steps_aside_for_the_fighter_behind_it():
    """Passive seed 4 on The Lair, rebuilt: an adventurer at the chamber's door, a fighter
    that knows of it round the door's corner, an ally that does not (the door is shut) on
    the only tile in between. The ally steps aside, the fighter goes through and fights."""
    for seed in range(1, 6):
        g = level(CHAMBER, seed=seed)
        k = g.spawn(E.ADVENTURER, 5, 2, subtype="peasant")
        m = g.spawn(E.MINION, 7, 3)       # the fighter
        idle = g.spawn(E.MINION, 7, 2)    # the ally in front of the door, in no fight
        for e in (k, m, idle):
            freeze(e)
        k.fighter.rooted = True          # it waits in the corridor
        A.learn_at(m.fighter, k.id, k.x, k.y, g.tick)
        g.take_events()
        stepped_aside = False
        hits = []
        for _ in range(600):
            hits += _attacks(g, 1, m, k)
            stepped_aside = stepped_aside or (idle.x, idle.y) != (7, 2)
        assert stepped_aside, "seed %d: the idle ally never stepped aside" % seed
        assert any(ev["attacker"] == m.id for ev in hits), \
            "seed %d: the fighter never reached the adventurer" % seed


WEDGE = ["#########",
         "#.......#",
         "#########"]


@pytest.mark.rule("CROWD-01")
def test_a_body_unable_to_fight_between_two_fighters_holds_no_tile():
    """Trapper seed 1 on The Lair, rebuilt: in a one-tile corridor a minion unable to fight
    stands between a peasant and the Boss; it has nowhere to run. The two fighters reach
    each other over it, as over a knocked-out body, and fight."""
    g = level(WEDGE, seed=3)
    k = g.spawn(E.ADVENTURER, 2, 1, subtype="peasant")
    u = g.spawn(E.MINION, 3, 1)
    b = g.spawn(E.BOSS, 4, 1)
    for e in (k, u, b):
        freeze(e)
    _ten_points(u)
    g.take_events()
    hits = _attacks(g, 300, k, b)
    assert hits, "the peasant and the Boss never fought past the body unable to fight"
    assert not [ev for ev in hits if ev["attacker"] == u.id or ev["target"] == u.id]


CORNER = ["#########",
          "######..#",
          "#....D..#",
          "######..#",
          "#########"]


@pytest.mark.rule("CROWD-01")
def test_a_fighter_round_the_door_corner_claims_no_tile_from_the_one_in_front():
    """Passive seeds 6, 7 and 9 on The Lair, rebuilt: an adventurer just outside the
    chamber's door, one fighter in front of the door and one round its corner (lower id:
    it chooses first). The one round the corner is two steps from the door tile and does
    not claim it; the one in front takes it and fights."""
    for seed in range(1, 6):
        g = level(CORNER, seed=seed)
        corner = g.spawn(E.MINION, 6, 1)
        front = g.spawn(E.MINION, 6, 2)
        k = g.spawn(E.ADVENTURER, 4, 2, subtype="peasant")
        for e in (corner, front, k):
            freeze(e)
        for e in (corner, front):
            A.learn_at(e.fighter, k.id, k.x, k.y, g.tick)
        A.learn_at(k.fighter, front.id, front.x, front.y, g.tick)
        k.fighter.rooted = True
        g.take_events()
        hits = _attacks(g, 600, front, k)
        assert [ev for ev in hits if ev["attacker"] == front.id], \
            "seed %d: the one in front of the door never went through to fight" % seed


HALL = ["##########",
        "#........#",
        "#........#",
        "#........#",
        "##########"]


@pytest.mark.rule("CROWD-01")
@pytest.mark.rule("STANCE-01")
def test_an_ally_unable_to_fight_is_no_ally_to_regroup_with():
    """Trapper seed 3 on The Lair, rebuilt: in the entry hall a hurt peasant (8 points,
    Balanced) stands beside a peasant unable to fight, a minion in sight that keeps its
    distance. Counting the one unable to fight as an ally near, the hurt one regrouped
    with it for 400 game hours; it is no help in a fight, so the hurt one fights."""
    for seed in range(1, 4):
        g = level(HALL, seed=seed)
        hurt = g.spawn(E.ADVENTURER, 2, 2, subtype="peasant")
        down = g.spawn(E.ADVENTURER, 1, 2, subtype="peasant")
        m = g.spawn(E.MINION, 6, 2)
        for e in (hurt, down, m):
            freeze(e)
        _eight_points(hurt)
        _ten_points(down)
        m.fighter.stance = ST.FLEE
        m.fighter.rooted = True          # it runs, but cannot: it stays in sight
        for e in (hurt, down):
            A.learn_at(e.fighter, m.id, m.x, m.y, g.tick)
        g.take_events()
        hits = _attacks(g, 300, hurt, m)
        assert hurt.fighter.action == ST.FIGHT, "seed %d: the hurt peasant regrouped" % seed
        assert [ev for ev in hits if ev["attacker"] == hurt.id], \
            "seed %d: the hurt peasant never fought the minion" % seed


LANE = ["##########",
        "#........#",
        "##########"]


def _past_a_regrouping_ally(seed, fighter_x, hurt_x, minion_x):
    """A one-tile corridor: a peasant fighting its way to a minion at the corridor's end
    (on Flee, rooted: it never strikes nor gets away), a hurt one (8 points: Balanced
    regroups) in front of it. Returns (fighter, hurt, the fighter's blows at the minion)."""
    g = level(LANE, seed=seed)
    fighter = g.spawn(E.ADVENTURER, fighter_x, 1, subtype="peasant")
    hurt = g.spawn(E.ADVENTURER, hurt_x, 1, subtype="peasant")
    m = g.spawn(E.MINION, minion_x, 1)
    for e in (fighter, hurt, m):
        freeze(e)
    _eight_points(hurt)
    m.fighter.stance = ST.FLEE
    m.fighter.rooted = True
    for e in (fighter, hurt):
        A.learn_at(e.fighter, m.id, m.x, m.y, g.tick)
    g.take_events()
    hits = _attacks(g, 600, fighter, m)
    return fighter, hurt, [ev for ev in hits if ev["attacker"] == fighter.id]


@pytest.mark.rule("CROWD-01")
@pytest.mark.parametrize("fighter_x, hurt_x, minion_x", [(2, 3, 7), (3, 4, 5)],
                         ids=["on_its_way", "next_to_the_target"])
def test_a_regrouping_ally_in_a_corridor_changes_places_with_the_fighter_behind_it(
        fighter_x, hurt_x, minion_x):
    """Trapper seeds 22, 26 and defender seed 18 on The Lair, rebuilt: in a one-tile
    corridor a hurt peasant stands in front of the peasant it regroups with, which fights
    its way to a minion at the corridor's end. With no free tile off the fighter's way,
    the two change places; the fighter goes on and fights, the hurt one behind it. Where
    the hurt one stands next to the minion, the fighter has no free tile next to it that
    it can reach (the one beyond is past the minion's own tile): it goes for the tile the
    hurt one gives way on."""
    for seed in range(1, 4):
        fighter, hurt, blows = _past_a_regrouping_ally(seed, fighter_x, hurt_x, minion_x)
        assert blows, "seed %d: the fighter never got past the regrouping ally" % seed
        assert hurt.x < fighter.x, "seed %d: the two never changed places" % seed


@pytest.mark.rule("CROWD-01")
def test_a_runner_in_a_doorway_changes_places_with_the_kobold_behind_it():
    """Trapper seed 22 on The Lair, rebuilt: a minion on Flee in a one-tile way runs from a
    peasant, and the kobold fighting its way to the peasant stands right behind it. The
    runner has no free tile to run to nor to step aside to: the two change places, the
    runner gets further away and the kobold fights."""
    for seed in range(1, 4):
        g = level(LANE, seed=seed)
        k = g.spawn(E.ADVENTURER, 2, 1, subtype="peasant")
        runner = g.spawn(E.MINION, 4, 1)
        kobold = g.spawn(E.CREATURE, 5, 1, subtype="kobold", side=E.DUNGEON)   # the keeper's
        wall = g.spawn(E.MINION, 6, 1)    # the one behind the kobold: nowhere else to go
        for e in (k, runner, kobold, wall):
            freeze(e)
        runner.fighter.stance = ST.FLEE
        k.fighter.rooted = True
        wall.fighter.rooted = True
        wall.fighter.stance = ST.FLEE
        for e in (runner, kobold, wall):
            A.learn_at(e.fighter, k.id, k.x, k.y, g.tick)
        g.take_events()
        hits = _attacks(g, 600, kobold, k)
        assert [ev for ev in hits if ev["attacker"] == kobold.id], \
            "seed %d: the kobold never got past the runner" % seed
        assert runner.x > kobold.x, "seed %d: the runner never got behind the kobold" % seed


DEAD_END = ["########",
            "#......#",
            "########"]


@pytest.mark.rule("CROWD-01")
def test_of_two_bodies_on_one_tile_with_no_way_off_the_one_keeping_it_strikes():
    """Trapper seed 7 on The Lair, rebuilt: two peasants came in on one tile at the end of
    a one-tile corridor; beside them a minion on Flee that has nowhere to run (a minion
    waiting to fight stands behind it). The second peasant has no free tile to step off
    to. Neither striking from the shared tile, nobody fought for ever: the one keeping
    the tile (the first on it) strikes; the other never does while it shares it."""
    for seed in range(1, 4):
        g = level(DEAD_END, seed=seed)
        first = g.spawn(E.ADVENTURER, 1, 1, subtype="peasant")
        second = g.spawn(E.ADVENTURER, 1, 1, subtype="peasant")
        runner = g.spawn(E.MINION, 2, 1)
        behind = g.spawn(E.MINION, 3, 1)
        for e in (first, second, runner, behind):
            freeze(e)
        runner.fighter.stance = ST.FLEE
        for e in (first, second):
            A.learn_at(e.fighter, runner.id, runner.x, runner.y, g.tick)
        for e in (runner, behind):
            A.learn_at(e.fighter, first.id, first.x, first.y, g.tick)
        g.take_events()
        struck = []
        for _ in range(600):
            g.step()
            for ev in g.take_events():
                if ev["type"] != "attack":
                    continue
                struck.append(ev["attacker"])
                a = g.entities[ev["attacker"]]
                others = [o for o in (first, second) if o is not a and o.state == E.UP and
                          (o.x, o.y) == (a.x, a.y)]
                assert not (others and a.id > others[0].id), \
                    "seed %d: %d struck from a tile %d keeps" % (seed, a.id, others[0].id)
        assert first.id in struck, "seed %d: nobody fought: the keeper never struck" % seed


ROUND = ["#########",
         "#.......#",
         "#.......#",
         "#.......#",
         "#.......#",
         "#.......#",
         "#########"]


@pytest.mark.rule("STANCE-01")
def test_two_hurt_bodies_either_side_of_the_boss_are_struck():
    """Trapper seed 37 on The Lair, rebuilt: two hurt peasants (9 points) either side of
    the Boss and a kobold, each stepping round them. When each regrouped with the other,
    each walking to where the other was, they circled round the two for 385 game hours,
    never standing still to be struck (a melee attacker strikes a body standing still).
    Neither is fit to help the other now, so they fight, and the Boss or the kobold
    strikes."""
    from pysim.core import movement
    for seed in range(1, 6):
        g = level(ROUND, seed=seed)
        low = g.spawn(E.ADVENTURER, 4, 5, subtype="peasant")
        high = g.spawn(E.ADVENTURER, 4, 2, subtype="peasant")
        boss = g.spawn(E.BOSS, 4, 4)
        kobold = g.spawn(E.CREATURE, 4, 3, subtype="kobold", side=E.DUNGEON)
        for e in (low, high, boss, kobold):
            freeze(e)
        for e in (low, high):
            e.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, False),
                                W.Wound(W.EXTREME, W.LEGS, 0, False), W.Wound(W.MINOR, W.ARMS, 0, False)]
            assert e.fighter.wound_points() == 9
            for o in (boss, kobold):
                A.learn_at(e.fighter, o.id, o.x, o.y, g.tick)
                A.learn_at(o.fighter, e.id, e.x, e.y, g.tick)
        movement.go_to(g, low, 5, 4)      # each on its way round the two, as in the seed
        movement.go_to(g, high, 3, 3)
        g.take_events()
        struck = False
        for _ in range(600):
            g.step()
            struck = struck or any(ev["type"] == "attack" and ev["attacker"] in (boss.id, kobold.id)
                                   for ev in g.take_events())
            if struck:
                break
        assert struck, "seed %d: the two circled and were never struck" % seed


@pytest.mark.rule("STANCE-01")
def test_a_hurt_ally_is_no_ally_to_regroup_with():
    """Balanced regroups when hurt (8 points) with an ally fit to help: able to fight and
    hurt less than that itself."""
    from pysim.combat import fighter as F
    g = level(ROUND)
    a = g.spawn(E.ADVENTURER, 2, 3, subtype="peasant")
    seven = [W.Wound(W.EXTREME, W.TORSO, 0, False), W.Wound(W.MAJOR, W.LEGS, 0, False),
             W.Wound(W.MINOR, W.ARMS, 0, False)]
    eight = [W.Wound(W.EXTREME, W.TORSO, 0, False), W.Wound(W.EXTREME, W.LEGS, 0, False)]
    for wounds, points, fit in ((seven, 7, True), (eight, 8, False)):
        a.fighter.wounds = wounds
        assert a.fighter.wound_points() == points
        assert F.fit_to_help(a) is fit, points


@pytest.mark.rule("STANCE-01")
def test_two_hurt_adventurers_go_for_the_runner_they_know_of():
    """Trapper seeds 45 and 147 on The Lair, rebuilt: two hurt peasants (8 points) side by
    side, the only enemy they know of a Traps-duty minion on Flee, cornered. Each regrouped
    with the other and the minion ran from them: nobody struck for 400 game hours, and the
    invasion never ended. Neither is fit to help the other, so both fight: they go for the
    minion and strike it."""
    for seed in range(1, 6):
        g = level(ROUND, seed=seed)
        first = g.spawn(E.ADVENTURER, 2, 3, subtype="peasant")
        second = g.spawn(E.ADVENTURER, 3, 3, subtype="peasant")
        runner = g.spawn(E.MINION, 7, 1)
        runner.fighter.stance = ST.FLEE
        for e in (first, second, runner):
            freeze(e)
        for e in (first, second):
            _eight_points(e)
            A.learn_at(e.fighter, runner.id, runner.x, runner.y, g.tick)
            A.learn_at(runner.fighter, e.id, e.x, e.y, g.tick)
        g.take_events()
        struck = []
        for _ in range(600):
            g.step()
            struck += [ev for ev in g.take_events() if ev["type"] == "attack" and
                       ev["attacker"] in (first.id, second.id) and ev["target"] == runner.id]
            if struck:
                break
        assert struck, "seed %d: the two stood together and nobody struck" % seed


HALL = ["###########",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "###########"]


@pytest.mark.rule("STANCE-01")
def test_two_bodies_regrouping_with_each_other_meet_where_the_lower_id_stands():
    """Two Defensive peasants eight tiles apart, each outnumbered by the Boss and two
    kobolds (rooted) and the other's nearest ally: both regroup. The one of the lower id
    stays where it stands (a step at most, before the other has chosen), the other walks to
    it. (Each walking to where the other was, two such bodies circled round the Boss for
    ever in trapper seed 37.)"""
    for seed in range(1, 4):
        g = level(HALL, seed=seed)
        low = g.spawn(E.ADVENTURER, 1, 5, subtype="peasant")
        high = g.spawn(E.ADVENTURER, 9, 5, subtype="peasant")
        foes = [g.spawn(E.BOSS, 5, 2), g.spawn(E.CREATURE, 4, 2, subtype="kobold", side=E.DUNGEON),
                g.spawn(E.CREATURE, 6, 2, subtype="kobold", side=E.DUNGEON)]
        for e in [low, high] + foes:
            freeze(e)
        for o in foes:
            o.fighter.rooted = True
        for e in (low, high):
            e.fighter.stance = ST.DEFENSIVE
            for o in foes:
                A.learn_at(e.fighter, o.id, o.x, o.y, g.tick)
        regrouped = set()
        for _ in range(150):
            g.step()
            regrouped.update(e.id for e in (low, high) if e.fighter.action == ST.REGROUP)
            assert max(abs(low.x - 1), abs(low.y - 5)) <= 1, (seed, low.x, low.y)
        assert regrouped == {low.id, high.id}, seed
        assert max(abs(high.x - low.x), abs(high.y - low.y)) == 1, (seed, high.x, high.y)
