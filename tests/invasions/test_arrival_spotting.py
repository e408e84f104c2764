"""ARRIVE-02: spotting the party brings party_spotted, a pause and the letter, in play."""
import pytest

from pysim.core import clock
from pysim.invasions import sighting
from pysim.level import load_text

# A long corridor: portal west, a closed door, a minion's room (its bed there: it sleeps
# behind the door, SLEEP-02), then the sanctum east.
LEVEL = """\
name: spotting test
seed: 1
domain: all
invasions: on

[legend]
B = floor bed

[map]
##################################
P..............D.....m.........SS#
#..............#......B........Sb#
##################################
"""

NO_ONE = LEVEL.replace("D.....m", "D......")
# the sanctum reaches out to the corridor, far from the Boss, behind the closed door
SANCTUM_NEAR = NO_ONE.replace("P.....", "P...SS")


def sent_game(text=LEVEL):
    g = load_text(text)
    g.command({"type": "send_invasion"})
    g.step()
    return g


def run_until(g, kind, ticks):
    evs = []
    for _ in range(ticks):
        g.step()
        evs += g.take_events()
        if any(e["type"] == kind for e in evs):
            break
    return evs


@pytest.mark.rule("ARRIVE-02")
def test_a_minion_seeing_the_party_pauses_and_sends_the_letter_in_order():
    g = sent_game()
    evs = run_until(g, "letter", 3 * clock.TICKS_PER_HOUR)
    kinds = [e["type"] for e in evs if e["type"] in ("party_spotted", "speed_changed", "letter")]
    assert kinds == ["party_spotted", "speed_changed", "letter"]
    spotted = [e for e in evs if e["type"] == "party_spotted"][0]
    assert spotted["how"] == "seen"
    assert g.entities[spotted["by"]].kind == 0  # a minion
    assert g.speed == 0
    letter = [e for e in evs if e["type"] == "letter"][0]
    assert letter["title"] == "Adventurers spotted in your dungeon"
    assert letter["goal"] in ("kill_boss", "steal_treasure")
    card = letter["members"][0]
    assert card["class"] == "peasant" and card["level"] == 0 and card["abilities"] == []
    # once only: the game keeps going (headless ignores speed) with no second letter
    more = run_until(g, "letter", 600)
    assert not [e for e in more if e["type"] in ("letter", "party_spotted")]


@pytest.mark.rule("ARRIVE-02")
def test_not_spotted_while_no_one_sees_the_party():
    g = sent_game(NO_ONE)
    g.run(70)       # walking the corridor to the closed door (6 ticks a tile)
    evs = g.take_events()
    assert not [e for e in evs if e["type"] in ("letter", "party_spotted")]
    assert g.speed == 1


@pytest.mark.rule("ARRIVE-02")
def test_entering_the_sanctum_spots_the_party():
    g = sent_game(SANCTUM_NEAR)
    evs = run_until(g, "letter", 4 * clock.TICKS_PER_HOUR)
    spotted = [e for e in evs if e["type"] == "party_spotted"]
    assert spotted and spotted[0]["how"] == "sanctum"
    assert g.grid.terrain[spotted[0]["y"], spotted[0]["x"]] == 5


@pytest.mark.rule("ARRIVE-02")
def test_the_pause_replays():
    g = sent_game()
    run_until(g, "letter", 3 * clock.TICKS_PER_HOUR)
    g.run(50)
    g2 = sent_game()
    g2.run(g.tick - g2.tick)
    assert g2.speed == 0 and g2.state_hash() == g.state_hash()


@pytest.mark.rule("GOAL-02")
def test_each_member_shows_the_party_goal():
    from pysim.session import Session
    g = sent_game()
    g.fog_setting = "off"       # (with fog the party walks in hidden: nothing is described)
    s = Session.__new__(Session)
    s.game = g
    member = sighting._underway(g).members[0]
    assert s.describe(member)["party_goal"] in ("kill_boss", "steal_treasure")


# A pressure plate in the corridor wired to an alarm trap in an alcove below it; no one of
# ours is near (the Boss far east behind the closed door).
ALARMED = """\
name: alarm test
seed: 1
domain: all
invasions: on

[legend]
p = floor trap:pressure_plate
q = floor trap:alarm_trap

[map]
##################################
P....p.........D...............SS#
#####q##########...............Sb#
##################################

[wires]
5,1 5,2
"""


@pytest.mark.rule("ARRIVE-02")
def test_the_party_stepping_on_a_plate_wired_to_an_alarm_trap_is_spotted_by_the_alarm():
    g = sent_game(ALARMED)
    evs = run_until(g, "letter", 2 * clock.TICKS_PER_HOUR)
    alarm = [e for e in evs if e["type"] == "alarm"]
    spotted = [e for e in evs if e["type"] == "party_spotted"]
    assert alarm and spotted
    assert spotted[0]["how"] == "alarm" and spotted[0]["by"] == alarm[0]["part"]
    assert spotted[0]["entity"] in alarm[0]["enemies"] and spotted[0]["tick"] == alarm[0]["tick"]
    kinds = [e["type"] for e in evs if e["type"] in ("party_spotted", "speed_changed", "letter")]
    assert kinds == ["party_spotted", "speed_changed", "letter"] and g.speed == 0


@pytest.mark.rule("ARRIVE-02")
def test_an_alarm_with_a_member_among_its_enemies_spots_the_party():
    from pysim.traps import trap_state

    class Part(object):
        id = 9

    g = sent_game(NO_ONE)
    g.run(20)
    assert not [e for e in g.take_events() if e["type"] == "party_spotted"]
    member = sighting._underway(g).members[0]
    for fn in trap_state.ALARM_HOOKS:       # as the alarm trap's effect calls them
        fn(g, Part(), [member])
    g.step()
    spotted = [e for e in g.take_events() if e["type"] == "party_spotted"]
    assert spotted and spotted[0]["how"] == "alarm" and spotted[0]["by"] == 9
    assert g.speed == 0


@pytest.mark.rule("ARRIVE-02")
def test_with_fog_the_party_position_is_shown_only_once_spotted():
    from pysim.session import Session
    s = Session.__new__(Session)
    s._acc = 0
    s.game = g = sent_game()
    g.run(10)
    snap = s.snapshot()
    assert snap["invasion_party_hidden"] is True
    run_until(g, "letter", 3 * clock.TICKS_PER_HOUR)
    snap = s.snapshot()
    assert snap["invasion_party_hidden"] is False and snap["invasion_party"] >= 0
    s.game = g = sent_game(LEVEL.replace("invasions: on", "invasions: on\nfog: off"))
    g.run(10)
    assert s.snapshot()["invasion_party_hidden"] is False   # no fog: nothing hidden


@pytest.mark.rule("ARRIVE-02")
def test_with_fog_the_indicator_says_underway_only_once_the_party_is_spotted():
    from pysim.session import Session
    s = Session.__new__(Session)
    s._acc = 0
    s.game = g = load_text(LEVEL)
    g.run(clock.TICKS_PER_DAY + 1)                  # day 2: a chance, so a band above quiet
    assert s.snapshot()["invasion_state"] == "unlikely"
    g.command({"type": "send_invasion"})
    g.run(10)
    snap = s.snapshot()
    assert snap["invasion_party_hidden"] is True
    assert snap["invasion_state"] == "unlikely"      # the last band, not "underway"
    run_until(g, "letter", 3 * clock.TICKS_PER_HOUR)
    assert s.snapshot()["invasion_state"] == "underway"
    s.game = g = load_text(LEVEL.replace("invasions: on", "invasions: on\nfog: off"))
    g.command({"type": "send_invasion"})
    g.run(10)
    assert s.snapshot()["invasion_state"] == "underway"   # no fog: at once


# A troll of the dungeon (Hunt 1: it notices 5 tiles off) alone in a long corridor; the Boss
# is far off behind a closed door. An adventurer with Hunt 2 or more notices it first.
TROLL = """\
name: fight test
seed: %d
domain: all
invasions: on

[legend]
t = floor dungeon_creature:troll

[map]
####################################################
P...........................t..................D.SS#
#..............................................#.Sb#
####################################################
"""


def _party_outseeing_the_troll():
    """A game whose party underway (sent as the third invasion: two members, some of them
    trained on day 2) has a member who notices farther than the troll."""
    from pysim.combat import fighter as F
    from pysim.invasions import scheduler as SCH
    for seed in range(1, 60):
        g = load_text(TROLL % seed)
        SCH.state_of(g).count = 2
        g.command({"type": "send_invasion"})
        g.step()
        members = [g.entities[i] for i in SCH.state_of(g).members]
        if any(F.stat(m, "hunt") >= 2 for m in members):
            return g, members
    raise AssertionError("no seed sent a member with Hunt 2")


@pytest.mark.rule("ARRIVE-02")
def test_a_member_fighting_one_of_ours_that_has_not_seen_it_spots_the_party():
    g, members = _party_outseeing_the_troll()
    troll = [e for e in g.entities.values() if e.subtype == "troll"][0]
    evs = run_until(g, "letter", 2 * clock.TICKS_PER_HOUR)
    spotted = [e for e in evs if e["type"] == "party_spotted"]
    assert spotted and spotted[0]["how"] == "fight" and spotted[0]["by"] == troll.id
    member = g.entities[spotted[0]["entity"]]
    assert member.fighter.target == troll.id
    assert member.id not in troll.fighter.known                 # the troll had not seen it
    assert (member.x - troll.x) ** 2 + (member.y - troll.y) ** 2 > 5 * 5   # beyond its sight
    kinds = [e["type"] for e in evs if e["type"] in ("party_spotted", "speed_changed", "letter")]
    assert kinds == ["party_spotted", "speed_changed", "letter"] and g.speed == 0


@pytest.mark.rule("ARRIVE-02")
def test_the_boss_or_a_creature_of_ours_seeing_the_party_spots_it():
    from pysim.core import entities as E
    g = sent_game(NO_ONE)                           # only the Boss, in the sanctum
    evs = run_until(g, "letter", 4 * clock.TICKS_PER_HOUR)
    spotted = [e for e in evs if e["type"] == "party_spotted"]
    assert spotted and spotted[0]["how"] == "seen"
    assert g.entities[spotted[0]["by"]].kind == E.BOSS
    kobold = LEVEL.replace("D.....m", "D.....k").replace("[legend]", "[legend]\nk = floor dungeon_creature")
    g = sent_game(kobold)
    evs = run_until(g, "letter", 4 * clock.TICKS_PER_HOUR)
    spotted = [e for e in evs if e["type"] == "party_spotted"]
    assert spotted and spotted[0]["how"] == "seen"
    by = g.entities[spotted[0]["by"]]
    assert by.kind == E.CREATURE and by.side == E.DUNGEON


def _underway_with(g, subtypes, x, y):
    """The party underway made of these members standing at (x, y), as the scheduler's
    arrival makes one (its first member's id is the party)."""
    from pysim.adventurers import goals
    from pysim.core import entities as E
    from pysim.invasions import scheduler as SCH
    st = SCH.state_of(g)
    ids = []
    for sub in subtypes:
        e = g.spawn(E.ADVENTURER, x, y, subtype=sub)
        e.party = ids[0] if ids else e.id
        ids.append(e.id)
    st.phase, st.party, st.members, st.count = SCH.UNDERWAY, ids[0], ids, 1
    goals.set_goal(g, ids[0], goals.KILL_BOSS)
    return [g.entities[i] for i in ids]


@pytest.mark.rule("ARRIVE-02")
def test_a_blow_that_downs_one_of_ours_before_it_saw_the_party_spots_it():
    """A scout (Hunt 3, its bow reaches 8) comes in 8 tiles from a hurt minion (Hunt 2: it
    notices 7 tiles off) that never sees it. The scout notices the minion and shoots in the
    same turn; when that first arrow hits, it knocks the minion out or kills it at once.
    That blow is a fight: the party is spotted in that very tick (how "fight")."""
    from pysim.combat import wounds as W
    from pysim.core import entities as E
    downed_by_the_first = 0
    for seed in range(1, 13):
        g = load_text(TROLL.replace("t.....", "m.....") % seed)
        m = [e for e in g.entities.values() if e.kind == E.MINION][0]
        m.idle = 10 ** 9                                     # resting where it stands
        m.fighter.wounds = [W.Wound(W.MINOR, W.ARMS, 0, False)] * 9    # any hit downs it
        scout = _underway_with(g, ["scout:1"], m.x - 8, m.y)[0]
        scout.idle = 10 ** 9                                 # it stays where it came in
        g.take_events()
        first = None
        spotted = None
        downed = None
        for _ in range(60):
            g.step()
            for ev in g.take_events():
                if ev["type"] == "attack" and first is None:
                    first = ev
                if ev["type"] in ("knockout", "death") and ev["entity"] == m.id:
                    downed = ev
                if ev["type"] == "party_spotted" and spotted is None:
                    spotted = ev
            if first is not None:
                break
        assert first is not None and first["attacker"] == scout.id, seed
        assert scout.id not in m.fighter.known
        assert spotted is not None, "seed %d: the first blow did not spot the party" % seed
        assert (spotted["how"], spotted["by"], spotted["entity"], spotted["tick"]) == \
            ("fight", m.id, scout.id, first["tick"])
        if downed is not None and downed["tick"] == first["tick"]:
            downed_by_the_first += 1
    assert downed_by_the_first >= 2


@pytest.mark.rule("ARRIVE-02")
def test_the_party_screen_says_each_ability_in_words():
    from pysim.combat import stats
    g = load_text(NO_ONE.replace("P....", "P.a.."))
    rogue = [e for e in g.entities.values() if e.kind == 1][0]
    rogue.fighter.stats = stats.adventurer("rogue", 3)     # Detect Traps, and Locksmith from level 3
    card = sighting.member_card(g, rogue)
    assert card["abilities"] == ["detect_traps", "locksmith"]
    assert card["ability_words"] == [
        {"name": "Detect Traps", "words": "shows the whole party every trap within 7 tiles"},
        {"name": "Locksmith", "words": "the party always picks a locked door"}]
    # every trait an adventurer class can have is worded
    for cls in stats.CLASS_NAMES:
        for trait in stats.adventurer(cls, stats.MAX_LEVEL).traits:
            assert stats.trait_words(trait)["words"] != "", (cls, trait)
