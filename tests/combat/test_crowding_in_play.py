"""CROWD-01, CROWD-02 in play: one body per tile through a whole fight, in a corridor and
in an open room; attackers with no free tile wait and step in when one frees."""
import pytest

from pysim.combat import fighter as F
from pysim.core import entities as E

from combat_helpers import freeze, level


def _fighters(g):
    """The bodies that hold a tile in a fight: conscious and able to fight (one unable to
    fight holds none: docs/rules/combat.md, "Bodies out of the fight")."""
    return [e for e in g.entities.values() if F.fighter_of(e) is not None and F.can_fight(e)]


def _small(e):
    return e.fighter.stats.has("small")


def _tiles_held(e):
    """Every tile a body is on: the one it stands on and, mid-step, the one it steps into."""
    if e.step_len:
        return [(e.x, e.y), (e.nx, e.ny)]
    return [(e.x, e.y)]


def _changing_places(a, b):
    """Two allies changing places (CROWD-01: one gives way to the other where it has no
    room): b steps from its tile into a's while a steps into b's, or has already landed
    there. Each holds both tiles until both steps are made."""
    if a.side != b.side:
        return False
    for one, other in ((a, b), (b, a)):
        if one.step_len and (other.x, other.y) == (one.nx, one.ny) and other.step_len and \
                (other.nx, other.ny) == (one.x, one.y):
            return True
        if one.step_len and not other.step_len and (other.x, other.y) == (one.x, one.y):
            return True     # the other landed first; this one is still stepping out
    return False


def _crowding_breaches(g):
    """Tiles holding two bodies or more, one of them in a fight, other than exactly two
    small ones (CROWD-02) or two allies changing places. Bodies not in a fight walk
    through each other as ever."""
    on = {}
    for e in _fighters(g):
        for t in set(_tiles_held(e)):
            on.setdefault(t, []).append(e)
    bad = []
    for t, es in sorted(on.items()):
        if len(es) < 2 or not any(F.engaged(e) for e in es):
            continue
        if len(es) > 2 or not (_small(es[0]) and _small(es[1]) or _changing_places(*es)):
            bad.append((g.tick, t, [e.id for e in es]))
    return bad


def _play(g, ticks):
    """Step the game, checking every tick; returns (breaches, events). Every body is kept
    off its idle brain (wandering), so only the fight moves them."""
    for e in g.entities.values():
        freeze(e)
    g.take_events()
    bad = []
    evs = []
    for _ in range(ticks):
        g.step()
        bad += _crowding_breaches(g)
        evs += g.take_events()
    return bad, evs


CORRIDOR = ["###########",
            "#T..mmm...#",
            "###########"]


@pytest.mark.rule("CROWD-01")
def test_corridor_fight_one_body_per_tile_and_the_next_steps_in():
    """Three minions down a one-tile corridor at a troll in its dead end: they queue, one
    fights; when the front one goes down the next steps into the freed tile."""
    g = level(CORRIDOR, legend="T = floor creature:troll", seed=3)
    troll = [e for e in g.entities.values() if e.kind == E.CREATURE][0]
    minions = [e for e in g.entities.values() if e.kind == E.MINION]
    g.take_events()
    bad, evs = _play(g, 3000)
    assert not bad, "bodies sharing a tile: %s" % bad[:5]
    hits_on_troll = [ev for ev in evs if ev["type"] == "attack" and ev["target"] == troll.id]
    attackers = []
    for ev in hits_on_troll:
        if ev["attacker"] not in attackers:
            attackers.append(ev["attacker"])
    downs = [ev for ev in evs if ev["type"] in ("knockout", "death")
             and ev["entity"] in [m.id for m in minions]]
    assert downs, "the troll downs a minion"
    # after the first minion went down, another one stepped in and fought
    first_down = downs[0]
    later = {ev["attacker"] for ev in hits_on_troll if ev["tick"] > first_down["tick"]}
    assert later - {first_down["entity"]}, "nobody stepped into the freed tile"
    assert len(attackers) >= 2


ROOM = ["##########",
        "#........#",
        "#.mmm....#",
        "#.mmm..AA#",
        "#.mmm....#",
        "#........#",
        "##########"]


@pytest.mark.rule("CROWD-01")
def test_open_room_fight_one_body_per_tile():
    g = level(ROOM, legend="A = floor adventurer:knight:3", seed=4)
    g.take_events()
    bad, evs = _play(g, 1200)
    assert not bad, "bodies sharing a tile: %s" % bad[:5]
    assert sum(1 for ev in evs if ev["type"] == "attack") > 20


KOBOLDS = ["##########",
           "#........#",
           "#.KKK....#",
           "#.KKK..A.#",
           "#.KKK....#",
           "#........#",
           "##########"]


@pytest.mark.rule("CROWD-02")
def test_kobolds_pair_up_never_three_on_a_tile():
    g = level(KOBOLDS, legend="A = floor adventurer:knight:5", seed=5)
    g.take_events()
    bad, evs = _play(g, 600)
    assert not bad, "bodies sharing a tile: %s" % bad[:5]
    assert any(ev["type"] == "attack" for ev in evs)


# --- a step begun before the fight --------------------------------------------------------------
def _place(e):
    """The tile a body keeps in a fight: the one it stands on, or steps into."""
    return (e.nx, e.ny) if e.step_len else (e.x, e.y)


def _shared_attacks(g, evs):
    """(tick, attacker, others) for every attack made from a tile the attacker does not
    keep: another conscious fighter of a lower id (the first on it) stands on it or steps
    into it, two small bodies excepted (CROWD-02). The one keeping a shared tile strikes
    from it; the other never does."""
    out = []
    for ev in evs:
        if ev["type"] != "attack":
            continue
        a = g.entities[ev["attacker"]]
        others = [o.id for o in _fighters(g) if o is not a and o.id < a.id and
                  _place(o) == _place(a) and not (_small(a) and _small(o))]
        if others:
            out.append((ev["tick"], a.id, others))
    return out


OPEN = ["############",
        "#..........#",
        "#..........#",
        "#..........#",
        "#..........#",
        "############"]


@pytest.mark.rule("CROWD-01")
def test_a_step_begun_before_the_fight_lands_and_only_the_one_keeping_the_tile_strikes():
    """A minion steps into the tile another minion stands on, next to a peasant, before
    either of them fights (walkers outside a fight pass through each other). It notices
    the peasant mid-step and lands on the held tile in a fight: the one who came last steps
    off to a free neighbour and never strikes from the shared tile; the one keeping it
    (the first on it) may. (In a few seeds the fight is over before the landing: the one
    keeping the tile struck the peasant down, or the peasant it.)"""
    from pysim.core import movement
    landings = 0
    for seed in range(1, 13):
        g = level(OPEN, seed=seed)
        b = g.spawn(E.MINION, 8, 2)
        a = g.spawn(E.MINION, 7, 2)
        k = g.spawn(E.ADVENTURER, 9, 2, subtype="peasant")
        for e in (a, b, k):
            freeze(e)
        movement.go_to(g, a, 8, 2)        # the step into b's tile starts before any fight
        g.take_events()
        landed_in_fight = False
        bad = []
        attackers = set()
        for _ in range(300):
            g.step()
            evs = g.take_events()
            bad += _shared_attacks(g, evs)
            attackers |= {ev["attacker"] for ev in evs if ev["type"] == "attack"}
            if a.step_len == 0 and (a.x, a.y) == (8, 2) and (8, 2) in _tiles_held(b) and \
                    F.conscious(a) and F.conscious(b) and (F.engaged(a) or F.engaged(b)):
                landed_in_fight = True
        landings += landed_in_fight
        assert not bad, "seed %d: attacks from a shared tile: %s" % (seed, bad[:5])
        assert {a.id, b.id} & attackers, "seed %d: the minions never fought" % seed
    assert landings >= 8, "the step landed on the held tile in a fight in %d seeds of 12" % landings


def _wandering_fights(rows, legend, seeds, ticks):
    """Every body on its own brain: the attacks made, asserting none from a tile another
    fighter keeps (two small bodies excepted)."""
    total = 0
    for seed in seeds:
        g = level(rows, legend=legend, seed=seed)
        g.take_events()
        for _ in range(ticks):
            g.step()
            evs = g.take_events()
            bad = _shared_attacks(g, evs)
            assert not bad, "seed %d: attacks from a shared tile: %s" % (seed, bad[:5])
            total += sum(1 for ev in evs if ev["type"] == "attack")
    return total


@pytest.mark.rule("CROWD-01")
def test_wanderers_caught_mid_step_by_a_fight_strike_from_a_shared_tile_only_keeping_it():
    """The open room, every body on its own brain: minions wander (their steps pass through
    each other's tiles) when the knights come into view, so steps begun before the fight
    end on held tiles. Over many seeds, nobody attacks from a tile another fighter keeps."""
    assert _wandering_fights(ROOM, "A = floor adventurer:knight:3", range(1, 31), 1200) > 300


@pytest.mark.rule("CROWD-02")
def test_wandering_kobolds_share_by_two_but_never_attack_three_on_a_tile():
    assert _wandering_fights(KOBOLDS, "A = floor adventurer:knight:5", range(1, 16), 600) > 100
