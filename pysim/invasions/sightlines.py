"""Sight lines: the tiles someone on a tile sees within a range, for the fog (fog.py).

A view is Bresenham rays from the eye's tile to every tile of its range's square border
(8 r rays of at most r steps), each stopping at the first blocking tile (seen too: you see
the wall you look at), the map's edge or the range (Euclidean); compiled with Cython.
`blocked` is uint8 (rows, cols), nonzero where the view stops; `seen` a scratch of the same
shape, all 0 before and after a call. Out: flat indices (y * width + x), each once, int32.
"""
import cython
import numpy as np


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _ray(blocked: cython.uchar[:, ::1], seen: cython.uchar[:, ::1], x0: cython.int,
         y0: cython.int, x1: cython.int, y1: cython.int, r2: cython.int,
         out: cython.int[::1], n: cython.int) -> cython.int:
    """Adds to out[n:] the tiles of the Bresenham line from (x0, y0) towards (x1, y1) not
    yet `seen`, up to the first blocking tile (seen too), the map edge or the range;
    returns the new n."""
    h: cython.int = blocked.shape[0]
    w: cython.int = blocked.shape[1]
    dx: cython.int = x1 - x0 if x1 > x0 else x0 - x1
    dy: cython.int = y1 - y0 if y1 > y0 else y0 - y1
    sx: cython.int = 1 if x1 > x0 else -1
    sy: cython.int = 1 if y1 > y0 else -1
    err: cython.int = dx - dy
    e2: cython.int
    x: cython.int = x0
    y: cython.int = y0
    while not (x == x1 and y == y1):
        e2 = 2 * err
        if e2 > -dy:
            err -= dy
            x += sx
        if e2 < dx:
            err += dx
            y += sy
        if x < 0 or y < 0 or x >= w or y >= h:
            return n
        if (x - x0) * (x - x0) + (y - y0) * (y - y0) > r2:
            return n
        if seen[y, x] == 0:
            seen[y, x] = 1
            out[n] = y * w + x
            n += 1
        if blocked[y, x] != 0:
            return n
    return n


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _cast_into(blocked: cython.uchar[:, ::1], seen: cython.uchar[:, ::1], x0: cython.int,
               y0: cython.int, r: cython.int, out: cython.int[::1]) -> cython.int:
    """cast's rays: the tiles seen into out (room for (2 r + 1)^2), how many returned.
    (x0, y0) is on the map and r >= 0."""
    w: cython.int = blocked.shape[1]
    i: cython.int
    n: cython.int = 1
    r2: cython.int = r * r
    seen[y0, x0] = 1
    out[0] = y0 * w + x0
    for i in range(-r, r + 1):
        n = _ray(blocked, seen, x0, y0, x0 + i, y0 - r, r2, out, n)
        n = _ray(blocked, seen, x0, y0, x0 + i, y0 + r, r2, out, n)
        n = _ray(blocked, seen, x0, y0, x0 - r, y0 + i, r2, out, n)
        n = _ray(blocked, seen, x0, y0, x0 + r, y0 + i, r2, out, n)
    for i in range(n):
        seen[out[i] // w, out[i] % w] = 0
    return n


@cython.boundscheck(False)
@cython.wraparound(False)
def cast_all(blocked: cython.uchar[:, ::1], seen: cython.uchar[:, ::1], eyes: list):
    """[cast(blocked, seen, x, y, r) for (x, y, r) in eyes], without a call and a scratch
    per view (a tick casts a few; each call cost as much as its rays)."""
    h: cython.int = blocked.shape[0]
    w: cython.int = blocked.shape[1]
    x0: cython.int
    y0: cython.int
    r: cython.int
    n: cython.int
    i: cython.Py_ssize_t
    most: cython.Py_ssize_t = 1
    for eye in eyes:
        r = eye[2]
        if r >= 0 and (2 * r + 1) * (2 * r + 1) > most:
            most = (2 * r + 1) * (2 * r + 1)
    room = np.empty(most, dtype=np.int32)
    out: cython.int[::1] = room
    into: cython.int[::1]
    views = []
    for eye in eyes:
        x0, y0, r = eye[0], eye[1], eye[2]
        if x0 < 0 or y0 < 0 or x0 >= w or y0 >= h or r < 0:
            views.append(np.zeros(0, dtype=np.int32))
            continue
        n = _cast_into(blocked, seen, x0, y0, r, out)
        found = np.empty(n, dtype=np.int32)
        into = found
        for i in range(n):
            into[i] = out[i]
        views.append(found)
    return views


def cast(blocked, seen, x0, y0, r):
    """The flat indices (y * width + x, each once, int32) of every tile someone on (x0, y0)
    sees within r tiles (Euclidean). `seen` is a scratch of the map's shape, all 0 before
    and after."""
    return cast_all(blocked, seen, [(x0, y0, r)])[0]
