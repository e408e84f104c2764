"""Fog of war (ARRIVE-01 "hidden by fog", ARRIVE-03's view): what the dungeon's side sees,
the explored layer, and that it is only the view."""
import pytest

from pysim.invasions import fog
from pysim.level import load_text
from pysim.session import Session

LEVEL = """\
name: fog test
seed: 1
domain: all
%(header)s

[map]
##################################
P..............D.....m.........SS#
#..............#...............Sb#
##################################
"""


def game(header="invasions: on"):
    return load_text(LEVEL % {"header": header})


def snap_of(g):
    s = Session.__new__(Session)
    s.game = g
    s._acc = 0
    return s.snapshot()


@pytest.mark.rule("ARRIVE-01")
def test_the_minion_sees_its_room_and_not_past_the_closed_door():
    g = game()
    lay = fog.layer(g)
    assert lay[1, 21] == fog.SEEN_NOW            # the minion's own tile
    assert lay[1, 17] == fog.SEEN_NOW            # its room
    assert lay[1, 15] == fog.SEEN_NOW            # the closed door itself is seen
    assert lay[1, 14] == fog.UNSEEN              # the corridor behind the door
    assert lay[1, 0] == fog.UNSEEN               # the portal


@pytest.mark.rule("ARRIVE-01")
def test_an_open_door_lets_the_view_through_and_the_explored_layer_stays():
    g = game()
    door = list(g.areas["doors"].by_id.values())[0]
    door.open = True
    assert fog.layer(g)[1, 14] == fog.SEEN_NOW      # the minion sees 7 tiles (Hunt 2)
    door.open = False
    assert fog.layer(g)[1, 14] == fog.SEEN_BEFORE   # explored, not seen now


@pytest.mark.rule("ARRIVE-01")
def test_the_snapshot_carries_the_layer_only_with_fog_on():
    s = snap_of(game())
    assert s["fog_on"] is True and len(s["fog"]) == s["width"] * s["height"]
    s = snap_of(game("invasions: off"))
    assert s["fog_on"] is False and "fog" not in s
    s = snap_of(game("fog: on"))
    assert s["fog_on"] is True
    s = snap_of(game("invasions: on\nfog: off"))
    assert s["fog_on"] is False


@pytest.mark.rule("ARRIVE-01")
def test_fog_is_only_the_view_rules_and_events_do_not_change():
    a = game("invasions: on\nfog: on")
    b = game("invasions: on\nfog: off")
    for g in (a, b):
        g.command({"type": "send_invasion"})
    evs = []
    for g in (a, b):
        out = []
        for _ in range(40):
            g.run(15)
            snap_of(g)                  # asking for the layer changes nothing
            out += g.take_events()
        evs.append(out)
    assert a.state_hash() == b.state_hash()
    assert evs[0] == evs[1]


@pytest.mark.rule("ARRIVE-01")
def test_the_layer_is_recomputed_only_when_a_spotter_moved_or_a_door_changed():
    g = game()
    fog.layer(g)
    n = g.fog_view.computes
    fog.layer(g)
    fog.layer(g)
    assert g.fog_view.computes == n
    door = list(g.areas["doors"].by_id.values())[0]
    door.open = True
    fog.layer(g)
    assert g.fog_view.computes == n + 1


@pytest.mark.rule("ARRIVE-01")
def test_the_explored_layer_is_saved_and_loaded_with_the_game():
    from pysim.core import save
    g = game()
    g.command({"type": "hold_door_open", "x": 15, "y": 1})
    g.step()
    assert fog.layer(g)[1, 14] == fog.SEEN_NOW
    g.command({"type": "release_door", "x": 15, "y": 1})
    for _ in range(200):
        g.step()
        if fog.layer(g)[1, 14] == fog.SEEN_BEFORE:
            break
    assert fog.layer(g)[1, 14] == fog.SEEN_BEFORE           # explored behind the shut door
    text = save.dumps(g)
    assert "\n[fog]\n" in text
    loaded = save.loads(text)
    assert fog.layer(loaded)[1, 14] == fog.SEEN_BEFORE      # still explored after loading
    assert fog.layer(loaded)[1, 0] == fog.UNSEEN
    assert (fog.layer(loaded) == fog.layer(g)).all()
    bad = text.replace("\n[fog]\n", "\n[fog]\n0101\n")
    with pytest.raises(save.SaveError) as err:
        save.loads(bad, "slot.msave")
    assert "[fog]" in str(err.value) and str(err.value).startswith("slot.msave:")
    assert "[fog]" not in save.dumps(game("invasions: off"))


# Slots one tile wide and four deep above a long corridor: the back of a slot is in view
# only from the corridor tile right below it, and the ghostly eye spends 6 ticks a tile.
CELLS = """\
name: cells
seed: 1
domain: all
invasions: on

[legend]
g = floor guardpost

[map]
##############################################
#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.####
#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.####
#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.####
#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.####
#g.........................................g##
############################################S#
P..........................................Sb#
##############################################
"""


def _cells_session():
    s = Session(CELLS)
    s.send({"type": "eye_scouts"})
    return s


@pytest.mark.rule("ARRIVE-01")
def test_at_4x_with_several_ticks_a_frame_the_same_tiles_are_explored_as_every_tick():
    every = _cells_session()
    every.send({"type": "set_speed", "speed": 1})
    ticks = 0
    while ticks < 240:                    # one way along the corridor
        ticks += every.step(0.1)          # one tick a step at 1x
        every.snapshot()
    fast = _cells_session()
    fast.send({"type": "set_speed", "speed": 4})
    ran = []
    while fast.game.tick < every.game.tick:
        ran.append(fast.step(0.25))       # a slow frame at 4x: 10 ticks between snapshots
        fast.snapshot()
    assert fast.game.tick == every.game.tick and max(ran) == 10
    a = every.game.fog_view.explored
    b = fast.game.fog_view.explored
    assert a[1:3].sum() > 20              # the eye looked into the slots it passed
    assert (a == b).all()


@pytest.mark.rule("ARRIVE-01")
def test_each_tick_casts_only_the_views_that_changed():
    g = game()
    g.step()
    view = g.fog_view
    casts = view.explored_casts
    assert casts == 2 and view.explored[1, 14] == 0     # the Boss and the minion, once
    g.command({"type": "hold_door_open", "x": 15, "y": 1})
    g.step()
    assert view.explored_casts == casts + 2         # a door changed: every view again
    assert view.explored[1, 14] == 1                # explored behind it, with no snapshot
    idle = moved = 0
    for _ in range(100):                    # the minion wanders now and then
        eyes = fog.spotters(g)
        casts = view.explored_casts
        g.step()
        fresh = [e for e in fog.spotters(g) if e not in eyes]
        assert view.explored_casts - casts == len(fresh)
        idle += not fresh
        moved += bool(fresh)
    assert idle > 50 and moved > 0 and view.computes == 0     # no snapshot asked


@pytest.mark.rule("ARRIVE-01")
def test_the_boss_and_a_creature_of_ours_see_too_a_wild_one_does_not():
    boss_only = load_text(LEVEL.replace("D.....m", "D......") % {"header": "invasions: on"})
    assert fog.layer(boss_only)[2, 24] == fog.SEEN_NOW      # the Boss (32, 2) sees 9 tiles
    assert fog.layer(boss_only)[2, 22] == fog.UNSEEN
    wild = LEVEL.replace("D.....m", "D.....w").replace("[map]", "[legend]\nw = floor creature:wolf\n\n[map]")
    ours = wild.replace("creature:wolf", "dungeon_creature:wolf")
    assert fog.layer(load_text(ours % {"header": "invasions: on"}))[1, 16] == fog.SEEN_NOW
    assert fog.layer(load_text(wild % {"header": "invasions: on"}))[1, 16] == fog.UNSEEN
