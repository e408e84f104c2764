"""Place names stay put while the map changes (NAME-02, docs/rules/names.md "Names stay put"):
a room keeps the name it had while it exists; a new room gets a new name."""
import pytest

from pysim.adventurers import places
from pysim.core import level, save, terrain

# The sanctum at the top, a room south of it (x 10-14, y 9-11), rock around.
LEVEL = """name: places
seed: 3
[legend]
b = sanctum boss
[map]
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxSSSxxxxxxxxxxx
xxxxxxxxxxxSbSxxxxxxxxxxx
xxxxxxxxxxxSSSxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxx.....xxxxxxxxxx
xxxxxxxxxx.....xxxxxxxxxx
xxxxxxxxxx.....xxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
xxxxxxxxxxxxxxxxxxxxxxxxx
"""


def _game():
    g = level.load_text(LEVEL, "places.level")
    g.step()
    return g


def _names(g, want):
    """Every tile of want {(x, y): name} is called so."""
    assert {t: places.place_name(g, *t) for t in want} == want


def _dig(g, xs, ys, code=terrain.FLOOR):
    for y in ys:
        for x in xs:
            g.grid.set_terrain(x, y, code)
    g.step()      # the names are remembered at the end of the tick


@pytest.mark.rule("NAME-02")
def test_a_room_keeps_its_name_when_digging_moves_its_centre():
    g = _game()
    assert places.place_name(g, 12, 10) == "the south room"
    # Dug far to the west: its centre now lies south-west of the sanctum, and a room named
    # afresh there would be "the south-west room".
    _dig(g, range(1, 10), range(9, 12))
    _names(g, {(12, 10): "the south room", (2, 10): "the south room",
               (9, 12): "the rock by the south room"})


@pytest.mark.rule("NAME-02")
def test_a_new_room_gets_a_new_name_and_the_old_keep_theirs():
    g = _game()
    _dig(g, range(1, 10), range(9, 12))
    # A new room below it, farther from the sanctum than the south room: "the far south room".
    _dig(g, range(11, 14), range(13, 15))
    _names(g, {(12, 13): "the far south room", (12, 10): "the south room"})
    # One nearer than the south room, straight south of the sanctum: "the near south room".
    _dig(g, range(11, 14), range(6, 8))
    _names(g, {(12, 7): "the near south room"})
    # Three south-east: the plain name, then a nearer one, then one more: numbered.
    _dig(g, range(20, 23), range(13, 15))
    _names(g, {(21, 13): "the south-east room"})
    _dig(g, range(16, 19), range(13, 15))
    _names(g, {(17, 13): "the near south-east room"})
    _dig(g, range(16, 18), range(6, 8))
    _names(g, {(16, 7): "the south-east room 3"})
    # Nobody's name moved.
    _names(g, {(12, 10): "the south room", (12, 13): "the far south room",
               (12, 7): "the near south room", (21, 13): "the south-east room",
               (17, 13): "the near south-east room"})


@pytest.mark.rule("NAME-02")
def test_a_split_room_keeps_its_name_in_its_bigger_part_and_a_joined_one_the_bigger_name():
    g = _game()
    _dig(g, range(1, 10), range(9, 12))          # the south room: x 1-14
    _dig(g, [11], range(9, 12), terrain.WALL)    # a wall across it at x 11: x 12-14 cut off
    assert places.place_name(g, 2, 10) == "the south room"
    cut = places.place_name(g, 13, 10)
    assert cut != "the south room" and cut.endswith(" room")
    # Joined again: the bigger part's name is the whole room's; the small one's is gone.
    _dig(g, [11], range(9, 12))
    assert places.place_name(g, 13, 10) == "the south room"
    assert cut not in places.maps(g)[1]


@pytest.mark.rule("NAME-02")
def test_a_room_never_keeps_a_corridors_name():
    g = _game()
    _dig(g, range(16, 22), [10])                 # a corridor east of the south room
    before = places.place_name(g, 18, 10)
    assert before.endswith(" corridor")
    _dig(g, range(16, 22), [9, 11])              # dug three wide: a room now
    after = places.place_name(g, 18, 10)
    assert after.endswith(" room") and after != places.place_name(g, 12, 10)


@pytest.mark.rule("NAME-02")
def test_asking_between_ticks_never_changes_the_names():
    """The memory follows the map at the ends of ticks only: a game whose names are asked
    for after every change names its rooms as one nobody asked."""
    asked, quiet = _game(), _game()
    for g, ask in ((asked, True), (quiet, False)):
        for x in range(9, 0, -1):
            for y in range(9, 12):
                g.grid.set_terrain(x, y, terrain.FLOOR)
            if ask:
                places.maps(g)
            g.step()
    assert places.maps(asked)[1] == places.maps(quiet)[1]
    assert (places.maps(asked)[0] == places.maps(quiet)[0]).all()
    assert places.place_name(asked, 1, 10) == "the south room"


@pytest.mark.rule("NAME-02")
def test_a_loaded_save_remembers_the_names_the_game_had():
    """Minions dig a room west of the south room with dig orders (commands, so a save replays
    them); the save's game names every place as the game did."""
    text = LEVEL.replace("[legend]\n", "[legend]\nd = floor minion duty:drudgery\n") \
        .replace("xxxxxxxxxx.....xxxxxxxxxx\nxxxxxxxxxxxxxxx",
                 "xxxxxxxxxx..d..xxxxxxxxxx\nxxxxxxxxxxxxxxx", 1)
    g = level.load_text(text, "places.level")
    for x in range(4, 10):
        for y in range(9, 12):
            g.command({"type": "dig", "x": x, "y": y})
    for _ in range(6000):
        g.step()
        if all(g.grid.terrain[y, x] == terrain.FLOOR for x in range(4, 10) for y in range(9, 12)):
            break
    assert g.grid.terrain[10, 4] == terrain.FLOOR, "the minion dug the room"
    g.run(5)
    assert places.place_name(g, 4, 10) == "the south room"
    loaded = save.loads(save.dumps(g), "places.save")
    assert places.maps(loaded)[1] == places.maps(g)[1]
    assert (places.maps(loaded)[0] == places.maps(g)[0]).all()
