"""The tile grid: one numpy layer per property, indexed [y, x].

`version` counts changes that may change walking costs (terrain edits, structures that
block or unblock). Walkers compare it with the version their path was planned at, so they
re-plan only after a change, never every tick. `tiles_version` counts changes the front
end must redraw (any layer edit).
"""
import numpy as np

from pysim.core import terrain

# Ordered (order, name, fn) hooks that adjust the shared walking cost: fn(game, cost)
# edits the int32 array in place (0 = blocked). Per-walker views (a side's locked doors,
# an adventurer's known traps) belong in movement.COST_VIEWS instead.
COST_HOOKS = []


def add_cost_hook(name, fn, order=100):
    for i, (_, n, _) in enumerate(COST_HOOKS):
        if n == name:
            del COST_HOOKS[i]
            break
    COST_HOOKS.append((order, name, fn))
    COST_HOOKS.sort(key=lambda item: (item[0], item[1]))


class Grid:
    def __init__(self, width, height):
        width, height = int(width), int(height)
        if width <= 0 or height <= 0:
            raise ValueError("grid size must be positive")
        self.width = width
        self.height = height
        self.terrain = np.zeros((height, width), dtype=np.uint8)
        self.domain = np.zeros((height, width), dtype=np.uint8)
        self.light = np.full((height, width), 255, dtype=np.uint8)
        self.version = 0
        self.tiles_version = 0
        self.game = None
        self._cost = None
        self._cost_version = -1
        self._views = None   # pysim/core/reachability.py: shared cost views (a cache)

    def in_bounds(self, x, y):
        return 0 <= x < self.width and 0 <= y < self.height

    def on_edge(self, x, y):
        return x == 0 or y == 0 or x == self.width - 1 or y == self.height - 1

    def changed(self, costs=True):
        """Call after editing a layer or anything that feeds a cost hook."""
        self.tiles_version += 1
        if costs:
            self.version += 1

    def set_terrain(self, x, y, code):
        self.terrain[y, x] = code
        self.changed()

    def walk_cost(self):
        """int32 (H, W) walking cost, 0 = blocked; read-only, cached until `version` moves."""
        if self._cost_version != self.version:
            cost = terrain.BASE_COST[self.terrain]
            if self.game is not None:
                for _, _, fn in COST_HOOKS:
                    fn(self.game, cost)
            cost.flags.writeable = False
            self._cost = cost
            self._cost_version = self.version
        return self._cost

    def tiles_of(self, code):
        """(x, y) tuples of every tile with this terrain, in row-major order."""
        # flat: a 2-D np.nonzero over the full-scale map was ~30 us, this a few (the
        # adventurers ask it for the sanctum at each plan)
        w = self.width
        return [(t % w, t // w) for t in np.flatnonzero(self.terrain.reshape(-1) == code).tolist()]

    def hash_state(self):
        return (self.width, self.height, self.terrain, self.domain, self.light, self.version,
                self.tiles_version)
