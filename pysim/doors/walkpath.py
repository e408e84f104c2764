"""The walking path that can never be cut (PATH-01).

Rule: nothing the player builds or digs, nor a cave-in, may cut the last walking path
from a portal at the map edge to the sanctum. A locked door counts as open.

Precisely (decisions, see docs/rules/doors.md):
- Walkable for this rule: a tile whose walk cost is > 0, plus every door tile whatever its
  state (open, closed, held, locked, breached).
- A "map-edge portal" is a PORTAL tile on the border rows/columns; the sanctum is every
  SANCTUM tile. The path exists when some map-edge portal is connected to some sanctum
  tile.
- With 8-direction movement and no corner cutting past blocked tiles, a diagonal step is
  only possible when both orthogonal tiles are free, so 8-connected reachability equals
  4-connected reachability: the check is a 4-connected flood fill.
- An action that would make tiles unwalkable is refused when a path exists before it and
  none would exist after it. If the level has no path to begin with, nothing can cut it
  and the check passes.

Speed: the last path found is kept (a cache: the answer never depends on it, only the
time does). Blocking tiles that are not on that path cannot cut the path: O(changed
tiles). Otherwise a flood fill from the sanctum stops at the first portal reached and
gives the new path. Compiled, the flood fill is a typed BFS; in the pure build it is
python-tcod's C Dijkstra (the pure build stays usable for development).
"""
import cython
import numpy as np

REASON_CUT = "That would cut the last walking path from the map edge to your sanctum."



@cython.boundscheck(False)
@cython.wraparound(False)
def _bfs(walk: cython.uchar[:, ::1], goal: cython.uchar[:, ::1],
         queue: cython.int[::1], parent: cython.int[::1]) -> cython.int:
    """Typed BFS. `queue` holds the start tiles' flat indices in queue[0:n] where n is
    the number of starts, passed as parent[0] = n on entry (the parent array is then
    reset here). Returns the flat index of the first goal tile reached, or -1.

    After the call parent[i] is -2 for unvisited tiles, -1 for starts, else the flat
    index of the tile it was reached from."""
    h: cython.Py_ssize_t = walk.shape[0]
    w: cython.Py_ssize_t = walk.shape[1]
    n: cython.int = parent[0]
    i: cython.Py_ssize_t
    for i in range(h * w):
        parent[i] = -2
    head: cython.int = 0
    tail: cython.int = 0
    s: cython.int
    for i in range(n):
        s = queue[i]
        if parent[s] == -2:
            parent[s] = -1
            queue[tail] = s
            tail += 1
    cur: cython.int
    x: cython.int
    y: cython.int
    nb: cython.int
    while head < tail:
        cur = queue[head]
        head += 1
        y = cur // w
        x = cur - y * w
        if goal[y, x]:
            return cur
        if x > 0:
            nb = cur - 1
            if parent[nb] == -2 and walk[y, x - 1]:
                parent[nb] = cur
                queue[tail] = nb
                tail += 1
        if x < w - 1:
            nb = cur + 1
            if parent[nb] == -2 and walk[y, x + 1]:
                parent[nb] = cur
                queue[tail] = nb
                tail += 1
        if y > 0:
            nb = cur - w
            if parent[nb] == -2 and walk[y - 1, x]:
                parent[nb] = cur
                queue[tail] = nb
                tail += 1
        if y < h - 1:
            nb = cur + w
            if parent[nb] == -2 and walk[y + 1, x]:
                parent[nb] = cur
                queue[tail] = nb
                tail += 1
    return -1


def _path_typed(walk, goal, starts):
    h, w = walk.shape
    queue = np.empty(h * w, dtype=np.int32)
    parent = np.empty(h * w, dtype=np.int32)
    n = len(starts)
    queue[:n] = starts
    parent[0] = n
    end = int(_bfs(walk, goal, queue, parent))
    if end < 0:
        return None
    out = []
    cur = end
    while cur >= 0:
        out.append(cur)
        cur = int(parent[cur])
    return np.array(out, dtype=np.int64)


def _path_tcod(walk, goal, starts):
    import tcod.path as _tcod_path
    h, w = walk.shape
    dist = _tcod_path.maxarray((h, w), dtype=np.int32)
    flat = dist.reshape(-1)
    flat[starts] = 0
    cost = walk.astype(np.int32)
    _tcod_path.dijkstra2d(dist, cost, 1, None, out=dist)
    reach = (dist < np.iinfo(np.int32).max) & (goal != 0)
    if not reach.any():
        return None
    # closest goal tile (ties: lowest flat index), then climb down to a start
    d = np.where(reach, dist, np.iinfo(np.int32).max).reshape(-1)
    end = int(np.argmin(d))
    path = _tcod_path.hillclimb2d(dist, (end // w, end % w), True, False)
    return (path[:, 0].astype(np.int64) * w + path[:, 1])


def find_walk_path(walk, goal, starts):
    """Flat indices of a 4-connected path from one of `starts` to a goal tile, or None.

    walk, goal: uint8 C-contiguous (H, W) arrays (nonzero = walkable / goal).
    starts: int array of flat indices (walkable start tiles)."""
    walk = np.ascontiguousarray(walk, dtype=np.uint8)
    goal = np.ascontiguousarray(goal, dtype=np.uint8)
    starts = np.asarray(starts, dtype=np.int32).reshape(-1)
    if len(starts) == 0:
        return None
    if cython.compiled:
        return _path_typed(walk, goal, starts)
    return _path_tcod(walk, goal, starts)


def edge_portal_mask(terrain, portal_code):
    m = np.zeros(terrain.shape, dtype=np.uint8)
    m[0, :] = terrain[0, :] == portal_code
    m[-1, :] = terrain[-1, :] == portal_code
    m[:, 0] |= terrain[:, 0] == portal_code
    m[:, -1] |= terrain[:, -1] == portal_code
    return m


class PathGuard:
    """Checks PATH-01 for one map. Holds the last path found (a speed cache only)."""

    def __init__(self):
        self.path = None  # flat indices, or None when unknown
        self.onpath = None  # flat bool mask of self.path

    def invalidate(self):
        self.path = None
        self.onpath = None

    def _set_path(self, path, size):
        self.path = path
        if path is None:
            self.onpath = None
        else:
            self.onpath = np.zeros(size, dtype=np.bool_)
            self.onpath[path] = True

    def has_path(self, walk, terrain, portal_code, sanctum_code):
        return self._recompute(walk, terrain, portal_code, sanctum_code) is not None

    def _recompute(self, walk, terrain, portal_code, sanctum_code):
        goal = edge_portal_mask(terrain, portal_code)
        goal &= walk.astype(np.uint8)
        starts = np.flatnonzero((terrain == sanctum_code) & (walk != 0))
        self._set_path(find_walk_path(walk, goal, starts), walk.size)
        return self.path

    def _cached_valid(self, walk):
        if self.path is None:
            return False
        return bool(walk.reshape(-1)[self.path].all())

    def would_cut(self, walk, terrain, portal_code, sanctum_code, blocked):
        """True when making the (x, y) tiles in `blocked` unwalkable cuts the last path.

        `walk` is the walkable mask before the change (uint8/bool, H x W), `terrain` the
        terrain layer after the change (portal/sanctum tiles may move), not modified."""
        h, w = walk.shape
        idx = [int(y) * w + int(x) for (x, y) in blocked
               if 0 <= int(x) < w and 0 <= int(y) < h]
        if not idx:
            return False
        if not self._cached_valid(walk):
            if self._recompute(walk, terrain, portal_code, sanctum_code) is None:
                return False  # no path to begin with: nothing to cut
        path = self.path
        onmask = self.onpath
        # fast path: the kept path survives when no blocked tile lies on it
        hit = False
        for i in idx:
            if onmask[i]:
                hit = True
                break
        if not hit:
            return False
        after = np.array(walk, dtype=np.uint8, copy=True)
        after.reshape(-1)[idx] = 0
        if self._recompute(after, terrain, portal_code, sanctum_code) is None:
            self._set_path(path, walk.size)  # keep the old (still valid) path
            return True
        return False
