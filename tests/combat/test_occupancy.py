"""The fight's Occupancy grid (CROWD-01, CROWD-02): it answers as a plain list of
(id, small) per tile in the order the bodies came, which is what the rules were written
against; checked here against that list model over many seeded operations, on the map, on
the ring just outside it and beyond it, and past the grid's first rows."""
import random

import pytest

from pysim.combat import crowding


class ListModel(object):
    """Per tile the (id, small) pairs in the order they came: CROWD-01's first body holds
    the tile, CROWD-02 lets a second small one share with a small first one."""

    def __init__(self):
        self.tiles = {}

    def add(self, eid, x, y, small):
        self.tiles.setdefault((x, y), []).append((eid, bool(small)))

    def remove(self, eid, x, y):
        self.tiles[(x, y)] = [e for e in self.tiles.get((x, y), ()) if e[0] != eid]

    def room_for(self, x, y, small, eid=-1):
        lst = [e for e in self.tiles.get((x, y), ()) if e[0] != eid]
        return not lst or (len(lst) == 1 and bool(small) and lst[0][1])

    def may_stay(self, x, y, eid):
        lst = self.tiles.get((x, y), ())
        for i, (oid, small) in enumerate(lst):
            if oid == eid:
                return i == 0 or (i == 1 and small and lst[0][1])
        return True

    def ids_at(self, x, y):
        return [e[0] for e in self.tiles.get((x, y), ())]


@pytest.mark.rule("CROWD-01")
@pytest.mark.rule("CROWD-02")
@pytest.mark.parametrize("seed", range(6))
def test_the_grid_answers_as_the_list_model(seed):
    rng = random.Random(seed)
    w, h = 6, 5
    occ = crowding.Occupancy(w, h)
    model = ListModel()
    # the map, the ring round it, and a few tiles beyond it (which share one cell)
    tiles = [(x, y) for x in range(-1, w + 1) for y in range(-1, h + 1)][:40]
    tiles += [(-5, 2), (w + 3, 1)]
    placed = {}
    asked = 0
    for _ in range(600):      # well past the grid's first 64 rows
        op = rng.random()
        eid = rng.randrange(12)
        x, y = rng.choice(tiles)
        if op < 0.02:
            occ.clear()        # the next tick's fight starts with nobody anywhere
            model = ListModel()
            placed = {}
        elif op < 0.4:
            small = rng.random() < 0.5
            occ.add(eid, x, y, small)
            model.add(eid, x, y, small)
            placed[eid] = (x, y)
        elif op < 0.55 and eid in placed:
            px, py = placed[eid]
            occ.remove(eid, px, py)
            model.remove(eid, px, py)
        else:
            small = rng.random() < 0.5
            if (x, y) in ((-5, 2), (w + 3, 1)):
                continue       # beyond the ring the grid shares a cell: no body is there
            assert occ.room_for(x, y, small, eid) == model.room_for(x, y, small, eid)
            assert occ.room_for(x, y, small) == model.room_for(x, y, small)
            assert occ.may_stay(x, y, eid) == model.may_stay(x, y, eid)
            assert occ.ids_at(x, y) == model.ids_at(x, y)
            asked += 1
    assert asked > 200


@pytest.mark.rule("CROWD-02")
def test_order_decides_who_holds_a_tile():
    occ = crowding.Occupancy(3, 3)
    occ.add(7, 1, 1, True)
    occ.add(3, 1, 1, True)     # a second small body beside a small first one shares
    occ.add(9, 1, 1, False)    # a third must move on
    assert occ.ids_at(1, 1) == [7, 3, 9]
    assert occ.may_stay(1, 1, 7) and occ.may_stay(1, 1, 3) and not occ.may_stay(1, 1, 9)
    occ.remove(7, 1, 1)
    assert occ.ids_at(1, 1) == [3, 9]
    assert occ.may_stay(1, 1, 3) and not occ.may_stay(1, 1, 9)
    assert not occ.room_for(1, 1, True) and occ.room_for(1, 1, True, 9)
    assert type(occ.ids_at(1, 1)[0]) is int


@pytest.mark.rule("CROWD-01")
def test_each_tick_starts_with_nobody_on_the_kept_grid():
    class Grid(object):
        width, height = 5, 4

    class Game(object):
        grid = Grid()

    game = Game()
    occ = crowding.occupancy_for(game)
    for eid in range(100):
        occ.add(eid, eid % 5, eid % 4, False)
    again = crowding.occupancy_for(game)
    assert again is occ
    assert all(not again.ids_at(x, y) for x in range(-1, 6) for y in range(-1, 5))
    Grid.width = 7                 # another map: another grid
    assert crowding.occupancy_for(game) is not occ
