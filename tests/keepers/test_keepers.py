"""Keeper policies (pysim/keepers): they play only through the game's commands, the same seed
gives the same hash, a refused command is counted and changes nothing, each built-in policy
does what it says in play, a policy learns of enemies only where the player's side sees
them, and the run ends with the game."""
import os

import pytest

from pysim.combat import knockouts
from pysim.combat import stance
from pysim.core import clock, commands, entities as E, terrain
from pysim.core.level import load_file, load_text
from pysim.keepers import driving, reading, registry
from pysim.keepers.registry import Keeper, policy
from pysim.sweep import metrics
from pysim.traps.trap_state import trap_parts_of

HERE = os.path.dirname(os.path.abspath(__file__))
LAIR = os.path.join(HERE, "..", "..", "godot_project", "levels", "campaign.level")
POLICIES = ("passive", "trapper", "defender")


def lair(seed=3):
    return load_file(LAIR, seed)


def play(game, name, hours, on_turn=None):
    keeper = Keeper(game, name)
    if on_turn is not None:
        fn = keeper.policy.fn
        keeper.policy = registry.Policy(name, lambda k: on_turn(k, fn), keeper.policy.every, "")
    events = []
    driving.play(game, int(hours * clock.TICKS_PER_HOUR), keeper, events.extend)
    return keeper, events


def test_the_built_in_policies_are_registered():
    assert set(POLICIES) <= set(registry.names())
    with pytest.raises(KeyError) as exc:
        registry.get("nosuch")
    assert "trapper" in str(exc.value)


@pytest.mark.parametrize("name", POLICIES)
def test_a_policy_plays_only_through_commands(name):
    """At every turn the policy's call changes nothing but the command queue (the hash with
    the queue as it was is the hash before), every command it sent is in the game's log,
    and the same seed with those logged commands alone, no policy, replays to the same
    state hash: the policy reached the game through its commands and nothing else."""
    game = lair()
    checked = []

    def watched(keeper, fn):
        g = keeper.game
        before_hash, before_queue = g.state_hash(), list(g.queue)
        fn(keeper)
        new = g.queue[len(before_queue):]
        g.queue = before_queue
        assert g.state_hash() == before_hash
        g.queue = before_queue + new
        checked.append(len(new))

    keeper, _ = play(game, name, 8, watched)
    assert len(checked) == 8 * clock.TICKS_PER_HOUR // registry.EVERY
    assert keeper.sent == sum(checked) == len(game.log)
    if name == "passive":
        assert not game.log
    else:
        assert keeper.sent >= 10          # it did play: veins, duties, traps ...
    again = lair()
    log = list(game.log)
    i = 0
    while again.tick < game.tick:
        while i < len(log) and log[i][0] == again.tick:
            again.command(log[i][1])
            i += 1
        again.step()
        again.take_events()
    assert again.state_hash() == game.state_hash()


@pytest.mark.parametrize("name", POLICIES)
@pytest.mark.parametrize("seed", (1, 2))
def test_same_seed_same_hash_twice(name, seed):
    hashes = []
    for _ in range(2):
        game = lair(seed)
        play(game, name, 6)
        hashes.append(game.state_hash())
    assert hashes[0] == hashes[1]


def test_policies_play_different_games():
    hashes = set()
    for name in POLICIES:
        game = lair(1)
        play(game, name, 6)
        hashes.add(game.state_hash())
    assert len(hashes) == 3


@pytest.fixture
def stubborn():
    """A test policy that asks the impossible on its first three turns: mining bare rock."""
    @policy("stubborn")
    def _stubborn(keeper):
        if keeper.game.tick < 3 * registry.EVERY:
            keeper.send({"type": "mine", "x": 1, "y": 1})
    yield "stubborn"
    del registry.POLICIES["stubborn"]


def test_refused_commands_are_counted_and_change_nothing(stubborn):
    game = lair(4)
    keeper, events = play(game, stubborn, 1)
    refused = [ev for ev in events if ev["type"] == "refused"]
    assert keeper.sent == 3 and len(refused) == 3
    assert refused[0]["reason"] == "There is no metal vein there."
    assert metrics.compute(events, game, ["commands_refused"]) == {"commands_refused": 3}
    passive = lair(4)
    play(passive, "passive", 1)
    assert game.state_hash() == passive.state_hash()


def test_can_is_the_commands_own_check_and_changes_nothing():
    game = lair()
    keeper = Keeper(game, "passive")
    h = game.state_hash()
    cmd = {"type": "mine", "x": 1, "y": 1}
    assert keeper.can(cmd) == commands.check(game, cmd) == "There is no metal vein there."
    assert keeper.can({"type": "mine", "x": 27, "y": 3}) is None
    assert game.state_hash() == h and not game.queue


# -- what each policy does in play ------------------------------------------------------------

def wired_traps(game):
    """(trigger tile, mechanism kind) of every built trigger wired to a built mechanism."""
    st = game.areas["traps"]
    out = []
    for pid in sorted(st.parts):
        p = st.parts[pid]
        if p.role == "trigger" and p.built:
            mechs = [q for q in trap_parts_of(game, p) if q.role == "mechanism" and q.built]
            out += [((p.x, p.y), q.kind) for q in mechs]
    return out


def test_every_trap_the_trapper_lays_is_wired():
    """By the end of the first day every trap site has its trigger wired to its mechanism,
    the one across the entry hall (a diagonal step of the walked path) too."""
    game = lair(1)
    keeper, _ = play(game, "trapper", 24)
    sites = reading.trap_sites(keeper)
    assert len(sites) == 8
    st = keeper.traps
    for trig, mech in sites:
        t, m = st.part_at(*trig), st.part_at(*mech)
        assert t is not None and m is not None, trig
        assert m in trap_parts_of(game, t), (trig, mech)


def test_trapper_mines_and_lays_wired_traps_on_every_way_in():
    game = lair(5)
    keeper, events = play(game, "trapper", 12)
    assert any(ev["type"] == "metal_mined" for ev in events)
    assert any(ev["type"] == "dug" for ev in events)           # a tunnel to a vein
    traps = wired_traps(game)
    assert len(traps) >= 4
    routes = reading.routes(keeper)
    assert len(routes) == 2
    for portal, tiles in routes:                    # a trap on each portal's way in
        assert any(t in tiles for t, _ in traps), portal
    refused = [ev for ev in events if ev["type"] == "refused"]
    assert not refused


def test_the_trapper_mixes_its_triggers_and_mechanisms():
    """The design's advice, "mix tripwires, pressure plates and sensors, and mix your
    mechanisms too": by the end of the first day the eight traps use three trigger kinds and
    three mechanism kinds, the spider trap among them, and on each way in no trap has the
    trigger kind or the mechanism kind of the trap before it."""
    game = lair(1)
    keeper, _ = play(game, "trapper", 24)
    st = keeper.traps
    kinds = {}                                  # trigger tile -> (trigger, mechanism kind)
    for trig, mech in reading.trap_sites(keeper):
        kinds[trig] = (st.part_at(*trig).kind, st.part_at(*mech).kind)
    assert len(kinds) == 8
    assert {t for t, _ in kinds.values()} == {"pressure_plate", "tripwire", "sensor"}
    assert {m for _, m in kinds.values()} == {"spider_trap", "spinning_blades",
                                               "electric_coil"}
    for portal, tiles in reading.walked_paths(keeper):
        met = [kinds[t] for t in tiles if t in kinds]
        assert len(met) >= 3, portal
        for before, after in zip(met, met[1:]):
            assert before[0] != after[0] and before[1] != after[1], (portal, met)


def test_the_trappers_spider_traps_send_spiders_against_the_parties():
    """In play, the spider trap the trapper lays goes off under a party and its spiders
    fight it: they strike adventurers and bring some down."""
    game = lair(1)
    _, events = play(game, "trapper", 5 * 24)
    spiders = {ev["entity"] for ev in events if ev["type"] == "spider_released"}
    assert len(spiders) >= 4
    adventurers = set()
    for ev in events:
        if ev["type"] == "invasion_arrived":
            adventurers.update(ev["members"])
    struck = [ev for ev in events if ev["type"] == "wound" and ev["by"] in spiders
              and ev["entity"] in adventurers]
    downed = {ev["entity"] for ev in events if ev["type"] in ("knockout", "death")
              and ev.get("by") in spiders and ev["entity"] in adventurers}
    assert len(struck) >= 3 and downed


def test_trap_sites_are_corridors_on_the_ways_in_then_the_walked_paths_spaced_apart():
    game = lair()
    keeper = Keeper(game, "trapper")
    sites = reading.trap_sites(keeper)
    walk = reading.walkable(game)
    routes = reading.routes(keeper)
    walked = reading.walked_paths(keeper)
    sanctum = game.grid.tiles_of(terrain.SANCTUM)
    # one on each way in first, as far out as it can (its third tile from the portal)
    for (portal, tiles), (trig, mech) in zip(routes, sites):
        assert (tiles[2], tiles[3]) == (trig, mech)
    in_corridors = [reading.corridor(walk, *trig) for trig, _ in sites]
    # the corridors first, then the rooms the parties walk through (the entry hall: one on
    # each walked path), none in the sanctum's room
    assert in_corridors == sorted(in_corridors, reverse=True)
    assert in_corridors.count(True) == 6 and in_corridors.count(False) == 2
    assert [t for t, _ in sites if not reading.corridor(walk, *t)] == [(15, 10), (10, 12)]
    # the north party steps diagonally from (15, 10) to (16, 11): the blades or coil go on
    # the corner between, where their radius 1 reaches both
    assert dict(sites)[(15, 10)] == (16, 10)
    for i, (trig, mech) in enumerate(sites):
        if reading.corridor(walk, *trig):
            assert any(trig in tiles for _, tiles in routes)
        else:
            assert any(trig in tiles for _, tiles in walked)
        # a side neighbour: one orthogonal wire step joins them
        assert abs(trig[0] - mech[0]) + abs(trig[1] - mech[1]) == 1
        for part in (trig, mech):
            assert min(max(abs(part[0] - x), abs(part[1] - y)) for x, y in sanctum) >= 7
        for other, _ in sites[:i]:
            assert max(abs(trig[0] - other[0]), abs(trig[1] - other[1])) >= 4


def test_the_walked_paths_are_the_games_own_search_from_each_portal():
    """Across the entry hall the north party steps diagonally to the door east (the 8-way
    search over the walking costs), not along the 4-way route's corner."""
    game = lair()
    keeper = Keeper(game, "trapper")
    walked = dict(reading.walked_paths(keeper))
    assert set(walked) == {(14, 0), (0, 12)}
    north = walked[(14, 0)]
    assert north[0] == (14, 0) and game.grid.terrain[north[-1][1], north[-1][0]] == \
        terrain.SANCTUM
    assert north[8:13] == [(14, 8), (14, 9), (15, 10), (16, 11), (17, 12)]
    assert walked[(0, 12)][:20] == [(x, 12) for x in range(20)]


def test_the_traps_crew_keeps_out_of_fights_and_a_minion_off_it_fights_again():
    """The trapper sets every Traps-duty minion to Flee (through set_stance) and gives a
    Flee minion on another duty Balanced back; the defender does the same."""
    for name in ("trapper", "defender"):
        game = lair()
        crew = [e for e in game.live() if e.kind == E.MINION and e.duty == "traps"]
        other = [e for e in game.live() if e.kind == E.MINION and e.duty == "drudgery"][0]
        other.fighter.stance = stance.FLEE
        keeper, events = play(game, name, 0.1)
        changed = {ev["entity"]: ev["name"] for ev in events if ev["type"] == "stance_changed"}
        assert changed == dict([(e.id, "flee") for e in crew] + [(other.id, "balanced")])
        assert all(e.fighter.stance == stance.FLEE for e in crew)
        # once set, nothing more is sent for it
        keeper2, events2 = play(game, name, 0.1)
        assert not [ev for ev in events2 if ev["type"] == "stance_changed"]


def crew_beside_a_warrior(name):
    """The Lair after the policy's first turns, a warrior put in the quarters beside Traps-duty
    minion 3 and 60 ticks played: (minion 3, the warrior, the attacks made)."""
    game = lair()
    play(game, name, 0.1)
    game.command({"type": "spawn", "kind": "adventurer", "x": 30, "y": 3,
                  "subtype": "warrior"})
    events = []
    driving.play(game, 60, None, events.extend)
    crew = game.entities[3]
    warrior = [e for e in game.live() if e.kind == E.ADVENTURER][0]
    return crew, warrior, [ev for ev in events if ev["type"] == "attack"]


def test_in_play_the_fleeing_crew_runs_from_a_warrior_while_a_balanced_one_fights():
    crew, warrior, attacks = crew_beside_a_warrior("trapper")
    assert crew.duty == "traps" and crew.fighter.stance == stance.FLEE
    assert crew.fighter.action == stance.RUN
    assert crew.id not in [ev["attacker"] for ev in attacks]
    assert max(abs(crew.x - warrior.x), abs(crew.y - warrior.y)) > 1
    crew, warrior, attacks = crew_beside_a_warrior("passive")       # Balanced: it fights
    assert crew.fighter.action == stance.FIGHT


def test_trapper_keeps_traps_duty_staffed():
    game = lair()
    for e in game.live():
        if e.kind == E.MINION and e.duty == "traps":
            knockouts.kill(game, e)
    drudgers = [e.duty for e in game.live() if e.kind == E.MINION].count("drudgery")
    assert drudgers >= 2
    keeper, events = play(game, "trapper", 0.1)
    set_ = [ev for ev in events if ev["type"] == "duty_set"]
    assert [ev["duty"] for ev in set_] == ["traps"]
    assert [e.duty for e in keeper.minions()].count("traps") == 1
    assert [e.duty for e in keeper.minions()].count("drudgery") == drudgers - 1


def test_defender_builds_beds_a_treasury_and_a_guardpost():
    game = lair(6)
    keeper, events = play(game, "defender", 24)
    built = [ev["kind"] for ev in events if ev["type"] == "furniture_built"]
    assert built.count("bed") == 4                        # 6 minions, 2 beds in the level
    assert "treasury" in built and "guardpost" in built
    assert len(game.areas["afterwards"].beds) >= len(keeper.minions())
    assert len(wired_traps(game)) >= 3


# -- seeing and killing ---------------------------------------------------------------------

SEEING = """
name: seen and unseen
seed: 5
domain: all
fog: on

[legend]
m = floor minion duty:drudgery
a = floor adventurer

[map]
##############
#m...a...#..a#
#........#...#
#........D...#
#............#
#######S######
"""


def test_defender_orders_the_kill_of_a_fallen_adventurer_it_sees_and_not_of_one_it_does_not():
    game = load_text(SEEING, "seeing")
    near, far = sorted(e.id for e in game.live() if e.kind == E.ADVENTURER)
    for eid in (near, far):
        knockouts.knock_out(game, game.entities[eid])
    game.step()
    keeper = Keeper(game, "defender")
    assert [e.id for e in keeper.enemies_seen()] == [near]
    keeper, events = play(game, "defender", 0.2)
    given = [ev for ev in events if ev["type"] == "task_given"]
    assert [(ev["task"], ev["body"]) for ev in given] == [("kill", near)]
    assert any(ev["type"] == "death" and ev["entity"] == near for ev in events)
    assert game.entities[far].state == E.KNOCKED_OUT


def test_no_kill_order_while_an_enemy_that_can_fight_is_seen_near_the_body():
    game = load_text(SEEING, "seeing")
    near, far = sorted(e.id for e in game.live() if e.kind == E.ADVENTURER)
    knockouts.knock_out(game, game.entities[near])
    game.entities[near].x = 8              # the fallen one, 4 tiles from one still up
    game.entities[far].x, game.entities[far].y = 7, 2
    game.step()
    keeper = Keeper(game, "defender")
    assert [e.id for e in keeper.enemies_seen()] == [near, far]
    keeper, events = play(game, "defender", 0.01)
    assert not [ev for ev in events if ev["type"] == "task_given"]


WOUNDED = """
name: a wounded Boss
seed: 2
domain: all
fog: on

[legend]
m = floor minion duty:drudgery
b = sanctum boss
a = floor adventurer

[map]
##############
#m......S....#
#........b...#
##############
"""


def test_defender_heals_the_boss_of_minor_wounds_when_no_enemy_is_seen():
    from pysim.combat import wounds
    game = load_text(WOUNDED, "wounded")
    boss = boss_of(game)
    boss.fighter.wounds.append(wounds.Wound(wounds.MINOR, wounds.ARMS, 0, False))
    boss.fighter.wounds.append(wounds.Wound(wounds.MAJOR, wounds.LEGS, 0, True))
    keeper, events = play(game, "defender", 0.2)
    assert [(ev["task"], ev["body"]) for ev in events if ev["type"] == "task_given"] == \
        [("heal", boss.id)]
    assert any(ev["type"] == "healed" and ev["entity"] == boss.id for ev in events)
    assert [w.level for w in boss.fighter.wounds] == [wounds.MAJOR]     # Minor ones cleared
    keeper, events = play(game, "defender", 0.2)
    assert not [ev for ev in events if ev["type"] == "task_given"]     # nothing left to heal


def test_no_heal_order_while_an_enemy_is_seen():
    from pysim.combat import wounds
    game = load_text(WOUNDED.replace("#m......S....#", "#m..a...S....#"), "wounded")
    boss = boss_of(game)
    boss.fighter.wounds.append(wounds.Wound(wounds.MINOR, wounds.ARMS, 0, False))
    game.step()
    assert Keeper(game, "defender").enemies_seen()
    keeper, events = play(game, "defender", 0.01)
    assert not [ev for ev in events if ev["type"] == "task_given"]


def test_a_knocked_out_adventurer_in_sight_does_not_hold_the_healing_back():
    """Only an enemy that can fight keeps the healers home: one lying knocked out (for hours,
    bleeding) does not: one minion is sent to kill it, the other to heal."""
    from pysim.combat import wounds
    game = load_text(WOUNDED.replace("#m......S....#", "#m..a...S....#")
                     .replace("#........b...#", "#m.......b...#"), "wounded")
    boss = boss_of(game)
    boss.fighter.wounds.append(wounds.Wound(wounds.MINOR, wounds.ARMS, 0, False))
    game.step()
    adventurer = [e for e in game.live() if e.kind == E.ADVENTURER][0]
    knockouts.knock_out(game, adventurer)
    assert Keeper(game, "defender").enemies_seen() == [adventurer]
    keeper, events = play(game, "defender", 0.2)
    given = [(ev["tick"], ev["task"], ev["body"]) for ev in events if ev["type"] == "task_given"]
    first = given[0][0]
    # in the same turn, while the body still lies there
    assert sorted(g[1:] for g in given if g[0] == first) == \
        [("heal", boss.id), ("kill", adventurer.id)]


# -- the end of a run --------------------------------------------------------------------------

BOSS_ROOM = """
name: boss room
seed: 1
domain: all

[legend]
m = floor minion
b = sanctum boss

[map]
#####P###
#m.....b#
#########
"""


def boss_of(game):
    return [e for e in game.live() if e.kind == E.BOSS][0]


def test_days_survived_is_the_day_the_boss_died_and_the_run_ends_there():
    game = load_text(BOSS_ROOM, "boss room")
    events = game.take_events()
    died = 3 * clock.TICKS_PER_DAY + clock.TICKS_PER_DAY // 2        # day 3, noon
    driving.play(game, died, None, events.extend)
    knockouts.kill(game, boss_of(game))
    ran = driving.play(game, clock.TICKS_PER_DAY, None, events.extend)
    assert ran == 1                                     # the tick the game ended in
    assert game.tick == died + 1
    got = metrics.compute(events, game, ["days_survived", "boss_alive"])
    assert got == {"days_survived": 3.5, "boss_alive": 0}


def test_days_survived_is_the_runs_length_when_the_boss_lives_and_blank_without_one():
    game = load_text(BOSS_ROOM, "boss room")
    driving.play(game, 2 * clock.TICKS_PER_DAY + clock.TICKS_PER_HOUR * 6)
    assert metrics.compute([], game, ["days_survived"]) == {"days_survived": 2.25}
    empty = load_text(BOSS_ROOM.replace("b#", ".#").replace("b = sanctum boss", ""), "no boss")
    assert metrics.compute([], empty, ["days_survived"]) == {"days_survived": None}


def test_invasions_beaten_is_the_end_screens_tally():
    game = lair(2)
    events = game.take_events()
    driving.play(game, 3 * clock.TICKS_PER_DAY, None, events.extend)
    ended = sum(1 for ev in events if ev["type"] == "invasion_ended")
    assert ended >= 2
    assert metrics.compute(events, game, ["invasions_beaten"]) == {"invasions_beaten": ended}


def test_the_keepers_are_not_a_rule_package():
    from pysim.core.game import RULE_PACKAGES, rule_module_names
    assert "keepers" not in RULE_PACKAGES
    assert not [n for n in rule_module_names() if n.startswith("pysim.keepers")]
