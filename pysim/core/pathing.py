"""A* over an int32 cost grid (0 = blocked), 8 directions, no corner cutting.

Step cost = cost of the tile entered x 2 (orthogonal) or x 3 (diagonal), python-tcod's
convention with cardinal=2, diagonal=3. A diagonal step needs both orthogonal neighbours
it passes open, so nobody squeezes between two wall corners.

Speed: the search runs on flat typed memoryviews with a binary heap in preallocated
arrays. Scratch buffers are cached per grid size and invalidated by a generation stamp,
so a query never clears a whole-grid array. The scratch is not game state: results depend
only on the arguments. Uncompiled, the same code runs on Python lists.
"""
import collections

import cython
import numpy as np


# Neighbour order is the facing order: N, NE, E, SE, S, SW, W, NW.
DX = np.array([0, 1, 1, 1, 0, -1, -1, -1], dtype=np.int32)
DY = np.array([-1, -1, 0, 1, 1, 1, 0, -1], dtype=np.int32)

# Heap key = f << 20 | h: among equal f, the node nearer the goal first (fewer expansions).
_H_BITS = 20
_H_MAX = (1 << 20) - 1
MAX_CELLS = 1 << 24
_GEN_LIMIT = (1 << 30) - 2

_scratch = {}   # grid size -> the _Scratch no search is using now

# A long search asked again on the same grid between the same ends (party members entering
# at one tile, a party replanning to one place) gets the answer kept from last time. The
# answer depends only on the arguments, so a kept one is what the search would give, and
# comparing two grids costs a few us where a long search costs several hundred.
REMEMBER_FROM = 32   # tiles apart (the longer axis) for a search's answer to be kept
REMEMBERED = 32      # answers kept, the least recently asked dropped first
_answers = collections.OrderedDict()

EMPTY = np.zeros((0, 2), dtype=np.int32)


class _Scratch:
    def __init__(self, n):
        if cython.compiled:
            self.g = np.zeros(n, dtype=np.int32)
            self.parent = np.zeros(n, dtype=np.int32)
            self.mark = np.zeros(n, dtype=np.int32)
            self.hkey = np.zeros(8 * n + 8, dtype=np.int64)
            self.hidx = np.zeros(8 * n + 8, dtype=np.int32)
            # the pocket check's own marks and queue: it runs while a search waits in the
            # others (see _find); state[0] is that search's heap size
            self.pmark = np.zeros(n, dtype=np.int32)
            self.pqueue = np.zeros(2 * n + 2, dtype=np.int32)
            self.state = np.zeros(1, dtype=np.int32)
        else:
            self.g = [0] * n
            self.parent = [0] * n
            self.mark = [0] * n
            self.hkey = [0] * (8 * n + 8)
            self.hidx = [0] * (8 * n + 8)
            self.pmark = [0] * n
            self.pqueue = [0] * (2 * n + 2)
            self.state = [0]
        self.dx = DX
        self.dy = DY
        self.gen = 0
        self.pgen = 0

    def next_gen(self):
        self.gen = _next_stamp(self.mark, self.gen)
        return self.gen

    def next_pgen(self):
        self.pgen = _next_stamp(self.pmark, self.pgen)
        return self.pgen


@cython.cfunc
def _next_stamp(marks: cython.int[::1], gen: cython.int) -> cython.int:
    """The generation after `gen` for the marks (a search's or a pocket check's): at
    _GEN_LIMIT the marks are cleared and it starts again at 1."""
    i: cython.Py_ssize_t
    gen += 1
    if gen >= _GEN_LIMIT:
        for i in range(len(marks)):
            marks[i] = 0
        gen = 1
    return gen


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
@cython.cfunc
def _search(cost: cython.const[cython.int][::1], w: cython.int, h: cython.int,
            start: cython.int, goal: cython.int, cut: cython.bint,
            g: cython.int[::1], parent: cython.int[::1], mark: cython.int[::1],
            hkey: cython.longlong[::1], hidx: cython.int[::1],
            dxs: cython.const[cython.int][::1], dys: cython.const[cython.int][::1],
            gen: cython.int, resume: cython.bint, cap: cython.int,
            state: cython.int[::1]) -> cython.int:
    """Run A*; return the path length in tiles (0 = unreachable); parents stay in `parent`.
    With cap > 0, stop once cap tiles were expanded and return -1, the heap's size kept in
    state[0]: called again with resume, the same search goes on where it stopped."""
    opened: cython.int = gen * 2
    closed: cython.int = gen * 2 + 1
    gx: cython.int = goal % w
    gy: cython.int = goal // w
    n: cython.int = 0
    idx: cython.int
    last: cython.int
    pos: cython.int
    child: cython.int
    up: cython.int
    x: cython.int
    y: cython.int
    d: cython.int
    nx: cython.int
    ny: cython.int
    nidx: cython.int
    c: cython.int
    gi: cython.int
    ng: cython.int
    ax: cython.int
    ay: cython.int
    hh: cython.int
    length: cython.int
    key: cython.longlong
    found: cython.bint = False

    taken: cython.int = 0
    if resume:
        n = state[0]
    else:
        ax = abs(start % w - gx)
        ay = abs(start // w - gy)
        hh = 2 * ax + ay if ax > ay else 2 * ay + ax
        g[start] = 0
        parent[start] = -1
        mark[start] = opened
        hkey[0] = (cython.cast(cython.longlong, hh) << _H_BITS) | min(hh, _H_MAX)
        hidx[0] = start
        n = 1
    while n > 0:
        if cap > 0 and taken >= cap:
            state[0] = n
            return -1
        idx = hidx[0]
        n -= 1
        if n > 0:
            key = hkey[n]
            last = hidx[n]
            pos = 0
            while True:
                child = 2 * pos + 1
                if child >= n:
                    break
                if child + 1 < n and hkey[child + 1] < hkey[child]:
                    child += 1
                if hkey[child] >= key:
                    break
                hkey[pos] = hkey[child]
                hidx[pos] = hidx[child]
                pos = child
            hkey[pos] = key
            hidx[pos] = last
        if mark[idx] == closed:
            continue
        mark[idx] = closed
        if idx == goal:
            found = True
            break
        taken += 1
        y = idx // w
        x = idx - y * w
        gi = g[idx]
        for d in range(8):
            nx = x + dxs[d]
            ny = y + dys[d]
            if nx < 0 or ny < 0 or nx >= w or ny >= h:
                continue
            nidx = ny * w + nx
            c = cost[nidx]
            if c <= 0 or mark[nidx] == closed:
                continue
            if d & 1:
                if not cut and (cost[y * w + nx] <= 0 or cost[ny * w + x] <= 0):
                    continue
                ng = gi + 3 * c
            else:
                ng = gi + 2 * c
            if mark[nidx] == opened and g[nidx] <= ng:
                continue
            g[nidx] = ng
            parent[nidx] = idx
            mark[nidx] = opened
            ax = abs(nx - gx)
            ay = abs(ny - gy)
            hh = 2 * ax + ay if ax > ay else 2 * ay + ax
            key = (cython.cast(cython.longlong, ng + hh) << _H_BITS) | min(hh, _H_MAX)
            pos = n
            n += 1
            while pos > 0:
                up = (pos - 1) >> 1
                if hkey[up] <= key:
                    break
                hkey[pos] = hkey[up]
                hidx[pos] = hidx[up]
                pos = up
            hkey[pos] = key
            hidx[pos] = nidx
    if not found:
        return 0
    length = 1
    idx = goal
    while idx != start:
        idx = parent[idx]
        length += 1
        if length > w * h:
            # never: only a scratch written by two searches at once makes a loop; fail
            # loudly rather than hang the game
            raise RuntimeError("path search: the parents from the goal never reach the start")
    return length


# Tiles a pocket check may visit before it gives up and lets the search decide.
POCKET_BUDGET = 4096
# Tiles a search expands before the pocket check is asked (0: the check first). Between two
# ends that meet, the check's floods were work for nothing: a third of a full-scale tick's
# path work. Most searches there end within this many tiles (asked after 1,024,
# the check still ran for most of them); a goal walled off costs this much search more
# before the check proves it, where a failed search alone explores all of the start's side.
SEARCH_BEFORE_POCKET = 4096


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
@cython.cfunc
def _pocket(cost: cython.const[cython.int][::1], w: cython.int, h: cython.int,
            start: cython.int, goal: cython.int, cut: cython.bint, mark: cython.int[::1],
            queue: cython.int[::1], dxs: cython.const[cython.int][::1],
            dys: cython.const[cython.int][::1], gen: cython.int,
            budget: cython.int) -> cython.bint:
    """True when start and goal are proven apart: a flood from each end in turn (the
    search's moves, which go both ways: a flood that runs out without meeting the other
    proves there is no path) runs dry first. False when the
    floods meet or `budget` tiles were visited (not known: search). A failed search would
    explore all of start's side; this costs at most twice the smaller side."""
    from_start: cython.int = gen * 2
    from_goal: cython.int = gen * 2 + 1
    half: cython.int = w * h
    qs_head: cython.int = 0
    qs_tail: cython.int = 1
    qg_head: cython.int = half
    qg_tail: cython.int = half + 1
    visited: cython.int = 0
    side: cython.int = 0
    idx: cython.int
    x: cython.int
    y: cython.int
    d: cython.int
    nx: cython.int
    ny: cython.int
    nidx: cython.int
    mine: cython.int
    other: cython.int
    mark[start] = from_start
    mark[goal] = from_goal
    queue[0] = start
    queue[half] = goal
    while visited < budget:
        if side == 0:
            if qs_head == qs_tail:
                return True
            idx = queue[qs_head]
            qs_head += 1
            mine = from_start
            other = from_goal
        else:
            if qg_head == qg_tail:
                return True
            idx = queue[qg_head]
            qg_head += 1
            mine = from_goal
            other = from_start
        side = 1 - side
        visited += 1
        y = idx // w
        x = idx - y * w
        for d in range(8):
            nx = x + dxs[d]
            ny = y + dys[d]
            if nx < 0 or ny < 0 or nx >= w or ny >= h:
                continue
            nidx = ny * w + nx
            if d & 1 and not cut and (cost[y * w + nx] <= 0 or cost[ny * w + x] <= 0):
                continue
            if mark[nidx] == other:
                return False
            if mark[nidx] == mine or cost[nidx] <= 0:
                continue
            mark[nidx] = mine
            if mine == from_start:
                queue[qs_tail] = nidx
                qs_tail += 1
            else:
                queue[qg_tail] = nidx
                qg_tail += 1
    return False


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.cdivision(True)
@cython.cfunc
def _trace(parent: cython.int[::1], w: cython.int, goal: cython.int,
           out: cython.int[:, ::1], length: cython.int) -> cython.void:
    i: cython.int = length - 1
    idx: cython.int = goal
    while i >= 0:
        out[i, 0] = idx % w
        out[i, 1] = idx // w
        idx = parent[idx]
        i -= 1


def _prepare(cost):
    """The cost grid as a C-contiguous int32 array (no copy when it already is one)."""
    cost = np.ascontiguousarray(cost, dtype=np.int32)
    if cost.ndim != 2:
        raise ValueError("cost grid must be 2-D")
    if cost.size >= MAX_CELLS:
        raise ValueError("cost grid too large for the path search")
    return cost


def find_path(cost, start_xy, goal_xy, cut_corners=False):
    """Cheapest path from start to goal as an int32 (N, 2) array of (x, y), both ends
    included; empty (0, 2) when the goal is blocked, off the grid or unreachable.

    The start tile itself may be blocked (a walker standing in a door that just locked
    can still leave it)."""
    cost = _prepare(cost)
    h, w = cost.shape
    sx, sy = int(start_xy[0]), int(start_xy[1])
    gx, gy = int(goal_xy[0]), int(goal_xy[1])
    if not (0 <= sx < w and 0 <= sy < h and 0 <= gx < w and 0 <= gy < h):
        return EMPTY.copy()
    if cost[gy, gx] <= 0:
        return EMPTY.copy()
    if sx == gx and sy == gy:
        return np.array([[sx, sy]], dtype=np.int32)
    far = max(abs(gx - sx), abs(gy - sy)) >= REMEMBER_FROM
    if far:
        key = (w, sx, sy, gx, gy, bool(cut_corners))
        kept = _answers.get(key)
        if kept is not None and np.array_equal(kept[0], cost):
            _answers.move_to_end(key)
            return kept[1].copy()
    ncell = w * h
    # Taken out of the cache while in use: a search on another thread meanwhile (another
    # game's sim thread; uncompiled, Python switches threads in the middle of a search)
    # gets its own.
    scratch: _Scratch = _scratch.pop(ncell, None)
    if scratch is None:
        scratch = _Scratch(ncell)
    try:
        path = _find(scratch, cost, w, h, sx, sy, gx, gy, bool(cut_corners))
    finally:
        _scratch[ncell] = scratch
    if far:
        _answers[key] = (cost.copy(), path.copy())
        _answers.move_to_end(key)
        if len(_answers) > REMEMBERED:
            _answers.popitem(last=False)
    return path


def _find(scratch: _Scratch, cost, w: cython.int, h: cython.int, sx: cython.int,
          sy: cython.int, gx: cython.int, gy: cython.int, cut: cython.bint):
    gen = scratch.next_gen()
    flat = cost.reshape(-1)
    if not cython.compiled:
        flat = flat.tolist()
    start = sy * w + sx
    goal = gy * w + gx
    cap: cython.int = SEARCH_BEFORE_POCKET
    length: cython.int = -1
    if cap > 0:
        length = _search(flat, w, h, start, goal, cut, scratch.g, scratch.parent,
                         scratch.mark, scratch.hkey, scratch.hidx, scratch.dx, scratch.dy,
                         gen, False, cap, scratch.state)
    if length < 0:
        # a long search (or none begun): are the ends walled apart? (a search that fails
        # explores all of the start's side) The check has its own marks and queue: the
        # search waits in the others and goes on after it.
        if _pocket(flat, w, h, start, goal, cut, scratch.pmark, scratch.pqueue,
                   scratch.dx, scratch.dy, scratch.next_pgen(), POCKET_BUDGET):
            return EMPTY.copy()
        length = _search(flat, w, h, start, goal, cut, scratch.g, scratch.parent,
                         scratch.mark, scratch.hkey, scratch.hidx, scratch.dx, scratch.dy,
                         gen, cap > 0, 0, scratch.state)
    if length == 0:
        return EMPTY.copy()
    out = np.empty((length, 2), dtype=np.int32)
    _trace(scratch.parent, w, goal, out, length)
    return out


def path_cost(cost, path):
    """Total step cost of a path under the same rules as find_path (for tests and tools)."""
    cost = np.asarray(cost)
    total = 0
    for i in range(1, len(path)):
        x0, y0 = int(path[i - 1][0]), int(path[i - 1][1])
        x1, y1 = int(path[i][0]), int(path[i][1])
        diagonal = x0 != x1 and y0 != y1
        total += (3 if diagonal else 2) * int(cost[y1, x1])
    return total
