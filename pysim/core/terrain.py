"""Terrain codes of the grid's `terrain` layer (the snapshot sends these numbers)."""
import numpy as np

ROCK = 0
FLOOR = 1
WALL = 2
WATER = 3
PORTAL = 4
SANCTUM = 5

NAMES = ("rock", "floor", "wall", "water", "portal", "sanctum")
BY_NAME = {name: code for code, name in enumerate(NAMES)}

# Cost of walking onto a tile of each terrain; 0 = blocked (python-tcod's convention).
BASE_COST = np.array([0, 1, 0, 0, 1, 1], dtype=np.int32)


def walkable(code):
    return BASE_COST[int(code)] > 0
