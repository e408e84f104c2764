"""Shared cost views and reachability: a walker whose goal cannot be reached (a minion
chasing an enemy behind a padlock it may not unlock) learns it without flooding the map
every tick.

Views. A walker plans on the grid's walk cost with a few tiles blocked by its cost views
(movement.COST_VIEWS: a side's locked doors, a fighter's target's body). `blocking` builds
such a view once per grid version and set of blocked tiles, read-only, and hands the same
array to every walker asking for it, instead of copying the whole grid for every plan.

Components. With 8 directions and no corner cutting, a diagonal step needs both orthogonal
tiles open, so two open tiles are connected exactly when they are 4-connected (as in
PATH-01, pysim/doors/walkpath.py). A view's 4-connected components are labelled the first
time a search on it fails, and kept until the grid version moves; after that a goal in
another component than the walker's is known unreachable without a search. Views only
ever block tiles (movement.COST_VIEWS contract), so a goal unreachable in an earlier view
of the chain is unreachable in the final one.

Not game state: every answer here is a function of the grid's walk cost (fixed for a grid
version), the blocked tiles, the start and the goal, and it is the answer the search would
have given. The cache only saves time, so it is neither hashed nor saved, and a replay or
a loaded save plays the same ticks with or without it.
"""
import cython
import numpy as np

# Views kept per grid version besides the base one (oldest dropped first): a cache bound.
MAX_VIEWS = 64


class _View:
    """One cost grid: `key` the sorted tiles blocked on top of the base walk cost."""

    def __init__(self, key, cost):
        self.key = key
        self.cost = cost
        self.failed = False   # a search on this view (or one derived from it) found no path
        self.labels = None    # int32 flat component labels (0 = blocked), once failed


class Views:
    """The views of one grid version; rebuilt when the version moves."""

    def __init__(self, grid):
        self.version = grid.version
        self.base = grid.walk_cost()
        self.width = grid.width
        self.height = grid.height
        self.by_key = {}
        self.by_id = {}
        self._keep(_View((), self.base))

    def _keep(self, v):
        self.by_key[v.key] = v
        self.by_id[id(v.cost)] = v
        if len(self.by_key) > MAX_VIEWS + 1:
            for key in self.by_key:
                if key != ():
                    old = self.by_key.pop(key)
                    del self.by_id[id(old.cost)]
                    break

    def view_of(self, cost):
        """The kept view whose array is `cost` (the same object), else None."""
        v = self.by_id.get(id(cost))
        if v is not None and v.cost is cost:
            return v
        return None

    def blocking(self, cost, tiles):
        """`cost` with `tiles` ((x, y) pairs) blocked: a kept read-only view when `cost`
        is one, else a fresh copy."""
        v = self.view_of(cost)
        if v is None:
            out = np.array(cost, copy=True)
            for (x, y) in tiles:
                out[y, x] = 0
            return out
        base = self.base
        extra = [(int(x), int(y)) for (x, y) in tiles if base[y, x] > 0]
        if not extra:
            return cost
        key = tuple(sorted(set(v.key).union(extra)))
        if key == v.key:
            return cost
        w = self.by_key.get(key)
        if w is None:
            out = np.array(cost, copy=True)
            for (x, y) in extra:
                out[y, x] = 0
            out.flags.writeable = False
            w = _View(key, out)
            self._keep(w)
        return w.cost

    def failed(self, cost, gx, gy):
        """A search toward an open goal (gx, gy) on `cost` (a kept view, or one derived
        from it by blocking more) found no path: label the view when next asked. (A blocked
        goal fails at once without a search: no labels needed for it.)"""
        v = self.view_of(cost)
        if v is not None and 0 <= gx < self.width and 0 <= gy < self.height and \
                self.base[gy, gx] > 0:
            v.failed = True

    def base_labels(self):
        """The flat component labels of the base walk cost (0 = blocked), made once per
        grid version: for rules that ask who can get where at all (DIG-03)."""
        v = self.by_key[()]
        if v.labels is None:
            v.labels = labels_of(v.cost)
        return v.labels

    def unreachable(self, cost, sx, sy, gx, gy):
        """True when `cost` is a kept view that has failed a search before and (gx, gy) is
        in none of the components a walker on (sx, sy) can step into. False means "not
        known": search."""
        v = self.view_of(cost)
        if v is None or not v.failed:
            return False
        w = self.width
        h = self.height
        if not (0 <= sx < w and 0 <= sy < h and 0 <= gx < w and 0 <= gy < h):
            return False
        if v.labels is None:
            v.labels = labels_of(v.cost)
        lab = v.labels
        goal = lab[gy * w + gx]
        if goal == 0:
            return False          # a blocked goal: the search says so without flooding
        if lab[sy * w + sx] != 0:
            return lab[sy * w + sx] != goal
        # a walker standing on a blocked tile (a door that just locked) can still step off
        # it; diagonal steps need both orthogonal tiles open, so the four orthogonal
        # neighbours' components are all it can reach
        if sx > 0 and lab[sy * w + sx - 1] == goal:
            return False
        if sx < w - 1 and lab[sy * w + sx + 1] == goal:
            return False
        if sy > 0 and lab[(sy - 1) * w + sx] == goal:
            return False
        if sy < h - 1 and lab[(sy + 1) * w + sx] == goal:
            return False
        return True


def views(grid):
    """The grid's Views for its current version (a cache kept on the grid, not state)."""
    vs = grid._views
    if vs is None or vs.version != grid.version:
        vs = Views(grid)
        grid._views = vs
    return vs


def blocking(game, cost, tiles):
    """For cost views: `cost` with `tiles` ((x, y) pairs) blocked. Shared and read-only
    when `cost` is the walk cost or another shared view: never edit the result."""
    if not tiles:
        return cost
    return views(game.grid).blocking(cost, tiles)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
@cython.cfunc
def _label(cost: cython.const[cython.int][::1], w: cython.int, h: cython.int,
           labels: cython.int[::1], queue: cython.int[::1]) -> cython.int:
    """4-connected components of the open tiles (cost > 0), numbered from 1 in scan
    order; blocked tiles stay 0. Returns the number of components."""
    n: cython.int = w * h
    comp: cython.int = 0
    i: cython.int
    cur: cython.int
    x: cython.int
    y: cython.int
    head: cython.int
    tail: cython.int
    for i in range(n):
        labels[i] = 0
    for i in range(n):
        if cost[i] <= 0 or labels[i] != 0:
            continue
        comp += 1
        labels[i] = comp
        queue[0] = i
        head = 0
        tail = 1
        while head < tail:
            cur = queue[head]
            head += 1
            y = cur // w
            x = cur - y * w
            if x > 0 and labels[cur - 1] == 0 and cost[cur - 1] > 0:
                labels[cur - 1] = comp
                queue[tail] = cur - 1
                tail += 1
            if x < w - 1 and labels[cur + 1] == 0 and cost[cur + 1] > 0:
                labels[cur + 1] = comp
                queue[tail] = cur + 1
                tail += 1
            if y > 0 and labels[cur - w] == 0 and cost[cur - w] > 0:
                labels[cur - w] = comp
                queue[tail] = cur - w
                tail += 1
            if y < h - 1 and labels[cur + w] == 0 and cost[cur + w] > 0:
                labels[cur + w] = comp
                queue[tail] = cur + w
                tail += 1
    return comp


def labels_of(cost):
    """Flat int32 labels of the 4-connected open components of a cost grid (0 = blocked;
    index y * width + x)."""
    cost = np.ascontiguousarray(cost, dtype=np.int32)
    h, w = cost.shape
    n = w * h
    flat = cost.reshape(-1)
    if cython.compiled:
        labels = np.zeros(n, dtype=np.int32)
        queue = np.zeros(n, dtype=np.int32)
    else:
        flat = flat.tolist()
        labels = [0] * n
        queue = [0] * n
    _label(flat, w, h, labels, queue)
    return labels
