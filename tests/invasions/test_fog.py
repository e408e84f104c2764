"""Fog of war (ARRIVE-01 "hidden by fog", ARRIVE-03's view): what the dungeon's side sees,
the explored layer, and that it is only the view."""
import numpy as np
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


def sight(g):
    """The layer as the spotters alone make it (the domain's YOURS floor aside): SEEN_NOW,
    SEEN_BEFORE or UNSEEN per tile."""
    fog.layer(g)
    view = g.fog_view
    return np.where(view.visible > 0, fog.SEEN_NOW, view.explored)


def snap_of(g):
    s = Session.__new__(Session)
    s.game = g
    return s.snapshot()


@pytest.mark.rule("ARRIVE-01")
def test_the_minion_sees_its_room_and_not_past_the_closed_door():
    g = game()
    lay = sight(g)
    assert lay[1, 21] == fog.SEEN_NOW            # the minion's own tile
    assert lay[1, 17] == fog.SEEN_NOW            # its room
    assert lay[1, 15] == fog.SEEN_NOW            # the closed door itself is seen
    assert lay[1, 14] == fog.UNSEEN              # the corridor behind the door
    assert lay[1, 0] == fog.UNSEEN               # the portal


@pytest.mark.rule("ARRIVE-01")
def test_a_knocked_out_minion_sees_nothing_its_room_turns_explored():
    """Only those of ours that are up see (docs/rules/invasions.md, "Fog of war"): the
    minion knocked out, its room is explored, no longer seen; it sees again once it wakes."""
    from pysim.combat import knockouts as KO
    g = game()
    m = [e for e in g.entities.values() if e.kind == 0][0]
    assert sight(g)[1, 17] == fog.SEEN_NOW
    KO.knock_out(g, m)
    m.fighter.wake_tick = g.tick + 20
    g.step()
    lay = sight(g)
    assert lay[1, 17] == fog.SEEN_BEFORE and lay[1, 21] == fog.SEEN_BEFORE
    assert fog.layer(g)[1, 17] == fog.YOURS      # the domain still shows, not seen now
    g.run(20)
    assert m.state == 0 and sight(g)[1, 17] == fog.SEEN_NOW


@pytest.mark.rule("ARRIVE-01")
def test_an_open_door_lets_the_view_through_and_the_explored_layer_stays():
    g = game()
    door = list(g.areas["doors"].by_id.values())[0]
    door.open = True
    assert sight(g)[1, 14] == fog.SEEN_NOW      # the minion sees 7 tiles (Hunt 2)
    door.open = False
    assert sight(g)[1, 14] == fog.SEEN_BEFORE   # explored, not seen now


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
            out += g.take_events()
            snap_of(g)                  # asking for the layer changes nothing
        evs.append(out)
    assert a.state_hash() == b.state_hash()
    # the same events, the fog's marks of what it hides aside (pysim/invasions/unseen.py)
    assert any("unseen" in ev for ev in evs[0]) and not any("unseen" in ev for ev in evs[1])
    assert [{k: v for k, v in ev.items() if k != "unseen"} for ev in evs[0]] == evs[1]


@pytest.mark.rule("ARRIVE-01")
def test_the_layer_is_recast_only_where_a_spotter_moved_or_a_door_changed():
    from pysim.core import terrain
    g = game()
    fog.layer(g)
    view = g.fog_view
    n, casts = view.computes, view.casts
    assert fog.layer(g) is fog.layer(g)             # nothing moved: the same array
    assert view.computes == n and view.casts == casts
    door = list(g.areas["doors"].by_id.values())[0]
    door.open = True
    fog.layer(g)
    # the minion 6 tiles from the door sees anew; the Boss, 17 tiles off, keeps its view
    assert view.computes == n and view.casts == casts + 1
    g.grid.set_terrain(20, 3, terrain.FLOOR)        # a wall dug: the views reaching it
    fog.layer(g)
    assert view.computes == n and view.casts == casts + 2
    assert sight(g)[3, 20] == fog.SEEN_NOW and (view.visible == fog.full_layer(g)).all()
    g.grid.terrain[:, :] = terrain.FLOOR            # every wall gone: every view again
    g.grid.changed()
    fog.layer(g)
    assert view.computes == n + 1 and view.casts == casts + 4


def _same_as_recast(g):
    """The kept layer equals the layer recast from nothing, and is explored."""
    view = fog.view_of(g)
    full = fog.full_layer(g)
    assert (view.visible == full).all(), g.tick
    assert ((view.count > 0) == (full > 0)).all() and view.count.min() >= 0
    assert (view.explored[full > 0] == 1).all()
    floor = np.where(fog.yours(g), fog.YOURS, view.explored)        # yours, else explored
    assert (fog.layer(g) == np.maximum(full, floor)).all()          # the kept `shown`


@pytest.mark.rule("ARRIVE-01")
def test_the_kept_layer_equals_a_recast_every_tick_of_a_full_scale_invasion():
    from pysim.core.levelgen import full_level
    g = load_text(full_level())
    assert fog.fog_on(g)
    g.command({"type": "send_invasion"})
    keys = []
    for _ in range(300):
        g.step()
        _same_as_recast(g)
        keys.append((g.fog_view.blocked, g.fog_view.eyes))
    view = g.fog_view
    assert view.computes == 1 and view.updates > 250        # never all again: one map
    pairs = list(zip(keys, keys[1:]))
    moved = sum(a[1] != b[1] for a, b in pairs)
    came_left = sum(len(a[1]) != len(b[1]) for a, b in pairs)
    doors = sum(bool(fog._tiles_changed(a[0], b[0])) for a, b in pairs)
    assert moved > 250 and came_left > 0 and doors > 10, (moved, came_left, doors)


@pytest.mark.rule("ARRIVE-01")
@pytest.mark.rule("ARRIVE-03")
def test_the_kept_layer_equals_a_recast_with_doors_held_and_a_torch_lit():
    from pysim.core import clock
    from test_watch import game as watch_game     # a guardpost, a Drudgery minion, a door
    g = watch_game()
    lit = False
    for t in range(2 * clock.TICKS_PER_HOUR):
        if t % 40 == 5:
            g.command({"type": "hold_door_open", "x": 15, "y": 1})
        elif t % 40 == 25:
            g.command({"type": "release_door", "x": 15, "y": 1})
        if t % 7 == 0:
            _same_as_recast(g)          # a command between ticks, before the next one
        g.step()
        lit = lit or any(e["type"] == "torch_lit" for e in g.take_events())
        _same_as_recast(g)
        if lit and t % 40 == 39:
            break
    assert lit and g.fog_view.computes == 1


@pytest.mark.rule("ARRIVE-01")
def test_the_explored_layer_is_saved_and_loaded_with_the_game():
    from pysim.core import save
    g = game()
    g.command({"type": "hold_door_open", "x": 15, "y": 1})
    g.step()
    assert sight(g)[1, 14] == fog.SEEN_NOW
    g.command({"type": "release_door", "x": 15, "y": 1})
    for _ in range(200):
        g.step()
        if sight(g)[1, 14] == fog.SEEN_BEFORE:
            break
    assert sight(g)[1, 14] == fog.SEEN_BEFORE           # explored behind the shut door
    text = save.dumps(g)
    assert "\n[fog]\n" in text
    loaded = save.loads(text)
    assert sight(loaded)[1, 14] == fog.SEEN_BEFORE      # still explored after loading
    assert sight(loaded)[1, 0] == fog.UNSEEN
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
domain: none
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
    casts = view.casts
    assert casts == 2 and view.explored[1, 14] == 0     # the Boss and the minion, once
    g.command({"type": "hold_door_open", "x": 15, "y": 1})
    g.step()
    assert view.casts == casts + 1                  # a door changed: the minion's view
    assert view.explored[1, 14] == 1                # explored behind it, with no snapshot
    idle = moved = 0
    for _ in range(100):                    # the minion wanders now and then
        eyes = fog.spotters(g)
        casts = view.casts
        g.step()
        fresh = [e for e in fog.spotters(g) if e not in eyes]
        assert view.casts - casts == len(fresh)
        idle += not fresh
        moved += bool(fresh)
    assert idle > 50 and moved > 0 and view.computes == 1     # only the first


@pytest.mark.rule("ARRIVE-01")
def test_the_boss_and_a_creature_of_ours_see_too_a_wild_one_does_not():
    boss_only = load_text(LEVEL.replace("D.....m", "D......") % {"header": "invasions: on"})
    assert sight(boss_only)[2, 24] == fog.SEEN_NOW      # the Boss (32, 2) sees 9 tiles
    assert sight(boss_only)[2, 22] == fog.UNSEEN
    wild = LEVEL.replace("D.....m", "D.....w").replace("[map]", "[legend]\nw = floor creature:wolf\n\n[map]")
    ours = wild.replace("creature:wolf", "dungeon_creature:wolf")
    assert sight(load_text(ours % {"header": "invasions: on"}))[1, 16] == fog.SEEN_NOW
    assert sight(load_text(wild % {"header": "invasions: on"}))[1, 16] == fog.UNSEEN
