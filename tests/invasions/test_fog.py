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
