"""Walking: paths followed at pace, re-planned only when the grid changes."""
from pysim.core import entities, level, movement, pathing, terrain

CORRIDOR = """[map]
xxxxxxxxxxxxx
x...........x
x.#########.x
x...........x
xxxxxxxxxxxxx
"""


def walker(text=CORRIDOR):
    g = level.load_text(text, "m.level", 1)
    e = g.spawn(entities.MINION, 1, 1)
    e.idle = 10 ** 6  # no brain interference
    g.take_events()
    return g, e


def test_walks_to_goal_at_pace():
    g, e = walker()
    assert movement.go_to(g, e, 11, 1)
    # the first step starts on the first tick; ten steps of `pace` ticks each
    for _ in range(10 * e.pace):
        g.step()
    assert (e.x, e.y) == (10, 1)
    g.step()
    assert (e.x, e.y) == (11, 1) and e.path is None
    assert e.facing == 2  # east


def test_replans_only_when_the_grid_changes(monkeypatch):
    g, e = walker()
    calls = []
    real = pathing.find_path
    monkeypatch.setattr(movement, "find_path", lambda *a, **k: calls.append(1) or real(*a, **k))
    movement.go_to(g, e, 11, 1)
    for _ in range(12):
        g.step()
    assert len(calls) == 1                      # no re-planning while nothing changes
    g.grid.set_terrain(8, 1, terrain.WALL)      # block the top corridor ahead
    for _ in range(200):
        g.step()
    assert len(calls) == 2                      # exactly one re-plan, round the bottom
    assert (e.x, e.y) == (11, 1)


def test_change_off_the_path_keeps_the_path(monkeypatch):
    g, e = walker()
    calls = []
    real = pathing.find_path
    monkeypatch.setattr(movement, "find_path", lambda *a, **k: calls.append(1) or real(*a, **k))
    movement.go_to(g, e, 11, 1)
    g.step()
    g.grid.set_terrain(5, 3, terrain.WALL)      # bottom corridor: not on the path
    for _ in range(100):
        g.step()
    assert len(calls) == 1 and (e.x, e.y) == (11, 1)


def test_lost_path_is_reported_and_walker_stops():
    g, e = walker()
    movement.go_to(g, e, 11, 1)
    g.step()
    g.grid.set_terrain(8, 1, terrain.WALL)
    g.grid.set_terrain(8, 3, terrain.WALL)
    for _ in range(50):
        g.step()
    assert any(ev["type"] == "path_lost" for ev in g.take_events())
    assert e.path is None and e.step_len == 0


def test_door_opens_for_a_walker_and_closes_behind():
    g, e = walker("[map]\nxxxxxxx\nx..D..x\nxxxxxxx\n")
    door = g.areas["doors"].at(3, 1)
    movement.go_to(g, e, 5, 1)
    opened = closed = None
    for t in range(120):
        g.step()
        if door.open and opened is None:
            opened = t
        if opened is not None and not door.open and closed is None:
            closed = t
    assert opened is not None and closed is not None and closed > opened
    assert (e.x, e.y) == (5, 1)
