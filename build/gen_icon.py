#!/usr/bin/env python3
"""Draws the game's icon: the Boss (a crimson orb with horns, a golden crown and glowing eyes,
as the map draws it) on a dark dungeon tile. numpy shapes, 4x supersampled; a plain PNG
written with zlib (no image library).

    build/venv/bin/python build/gen_icon.py OUT.png [SIZE]      (default 256 pixels)

make build writes godot_project/icon.png (the window icon, project.godot
application/config/icon); make package draws the desktop icon's sizes with it.
"""
import os
import struct
import sys
import zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "godot_project", "icon.png")
SUPER = 4


def grid(size):
    """Pixel centres in the unit square, at SUPER times the size."""
    n = size * SUPER
    c = (np.arange(n) + 0.5) / n
    return np.meshgrid(c, c)          # x, y (y down)


def rounded_square(x, y, margin, radius):
    qx = np.maximum(np.abs(x - 0.5) - (0.5 - margin - radius), 0.0)
    qy = np.maximum(np.abs(y - 0.5) - (0.5 - margin - radius), 0.0)
    return np.hypot(qx, qy) <= radius


def bezier(p0, p1, p2, t):
    return ((1 - t) ** 2)[:, None] * p0 + (2 * (1 - t) * t)[:, None] * p1 + (t ** 2)[:, None] * p2


def horn(x, y, base, ctrl, tip, r0, r1):
    """A tapering horn: the union of discs along a quadratic curve. Returns (mask, t along)."""
    ts = np.linspace(0.0, 1.0, 80)
    pts = bezier(np.array(base), np.array(ctrl), np.array(tip), ts)
    mask = np.zeros(x.shape, bool)
    along = np.zeros(x.shape)
    n = x.shape[0]
    lo = np.clip(((pts.min(axis=0) - r0) * n).astype(int), 0, n)      # the horn's box only
    hi = np.clip(((pts.max(axis=0) + r0) * n).astype(int) + 1, 0, n)
    box = (slice(lo[1], hi[1]), slice(lo[0], hi[0]))
    bx, by, bm, ba = x[box], y[box], mask[box], along[box]
    for t, (px, py) in zip(ts, pts):
        r = r0 + (r1 - r0) * t
        d = (bx - px) ** 2 + (by - py) ** 2 <= r * r
        ba[d & ~bm] = t
        bm |= d
    return mask, along


def polygon(x, y, pts):
    """Even-odd fill of a polygon."""
    inside = np.zeros(x.shape, bool)
    n = len(pts)
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        cross = ((y0 > y) != (y1 > y)) & (x < (x1 - x0) * (y - y0) / ((y1 - y0) or 1e-12) + x0)
        inside ^= cross
    return inside


def mix(img, mask, rgb, alpha=1.0):
    """Paints rgb over the masked pixels (alpha: a number, or an (h, w, 1) array)."""
    a = np.asarray(alpha, float)
    a = a[..., 0][mask][:, None] if a.ndim else a
    img[mask, :3] = img[mask, :3] * (1 - a) + np.asarray(rgb, float) * a
    img[mask, 3] = np.maximum(img[mask, 3], (a * 255.0).reshape(-1) if a.ndim else a * 255.0)


def draw(size):
    x, y = grid(size)
    img = np.zeros(x.shape + (4,))
    # the tile: a rounded square, purple-black, lit from above, framed in the domain's purple
    tile = rounded_square(x, y, 0.03, 0.17)
    glow = np.clip(1.0 - np.hypot(x - 0.5, y - 0.38) / 0.75, 0, 1)[..., None]
    bg = np.array([16, 9, 22]) + glow * np.array([52, 24, 62])
    img[..., :3] = np.where(tile[..., None], bg, 0.0)
    img[..., 3] = np.where(tile, 255.0, 0.0)
    frame = tile & ~rounded_square(x, y, 0.055, 0.145)
    mix(img, frame, (112, 45, 150))
    # horns, behind the orb
    for side in (-1, 1):
        m, t = horn(x, y, (0.5 + side * 0.2, 0.46), (0.5 + side * 0.35, 0.41),
                    (0.5 + side * 0.31, 0.12), 0.07, 0.01)
        shade = (1.0 - 0.45 * t)[..., None]
        mix(img, m, 0.0)
        img[..., :3] += m[..., None] * shade * np.array([232, 220, 186])
    # the orb: crimson, lit from the upper left, a dark rim
    cx, cy, r = 0.5, 0.6, 0.27
    d = np.hypot(x - cx, y - cy)
    orb = d <= r
    lit = np.clip(1.0 - np.hypot(x - (cx - 0.09), y - (cy - 0.1)) / (1.5 * r), 0, 1)[..., None]
    colour = np.array([88, 14, 24]) + lit ** 1.5 * np.array([150, 40, 40])
    mix(img, orb, 0.0)
    img[..., :3] += orb[..., None] * colour
    mix(img, orb & (d >= r - 0.018), (40, 6, 12))
    # the eyes: slanted, glowing
    for side in (-1, 1):
        ex = 0.5 + side * 0.095
        eye = polygon(x, y, [(ex - side * 0.07, 0.585), (ex + side * 0.065, 0.615),
                             (ex + side * 0.01, 0.66)])
        halo = np.clip(1.0 - np.hypot(x - ex, y - 0.62) / 0.09, 0, 1) * orb
        mix(img, halo > 0, (255, 120, 40), alpha=(halo ** 2 * 0.6)[..., None])
        mix(img, eye, (255, 226, 110))
    # a grin with two fangs
    mouth = polygon(x, y, [(0.4, 0.71), (0.5, 0.725), (0.6, 0.71), (0.57, 0.75), (0.5, 0.765),
                           (0.43, 0.75)])
    mix(img, mouth, (40, 6, 12))
    for fx in (0.455, 0.545):
        mix(img, polygon(x, y, [(fx - 0.018, 0.716), (fx + 0.018, 0.719), (fx, 0.752)]),
            (240, 232, 210))
    # the crown, on top of the orb
    band_top, band_bottom = 0.36, 0.42
    crown = polygon(x, y, [(0.35, band_bottom), (0.35, band_top - 0.02), (0.31, 0.22),
                           (0.42, 0.31), (0.5, 0.16), (0.58, 0.31), (0.69, 0.22),
                           (0.65, band_top - 0.02), (0.65, band_bottom)])
    gold = np.clip(1.0 - (y - 0.16) / 0.3, 0.55, 1.0)[..., None] * np.array([255, 205, 70])
    mix(img, crown, 0.0)
    img[..., :3] += crown[..., None] * gold
    mix(img, crown & (y > band_top) & (y < band_top + 0.012), (170, 110, 20))
    for gx, gy, rgb in ((0.5, 0.39, (200, 30, 50)), (0.42, 0.395, (60, 120, 220)),
                        (0.58, 0.395, (60, 120, 220))):
        mix(img, np.hypot(x - gx, y - gy) <= 0.018, rgb)
    # down to the size: average SUPER x SUPER blocks (premultiplied, so edges stay clean)
    a = img[..., 3:] / 255.0
    pre = np.concatenate([img[..., :3] * a, a], axis=-1)
    pre = pre.reshape(size, SUPER, size, SUPER, 4).mean(axis=(1, 3))
    alpha = pre[..., 3:]
    rgb = np.where(alpha > 0, pre[..., :3] / np.maximum(alpha, 1e-9), 0.0)
    out = np.concatenate([rgb, alpha * 255.0], axis=-1)
    return np.clip(np.round(out), 0, 255).astype(np.uint8)


def png_bytes(rgba):
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[row].tobytes() for row in range(h))

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main(argv):
    out = argv[1] if len(argv) > 1 else OUT
    size = int(argv[2]) if len(argv) > 2 else 256
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(png_bytes(draw(size)))
    os.replace(tmp, out)
    print("icon: %s (%d px)" % (out, size))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
