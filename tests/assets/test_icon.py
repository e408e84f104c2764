"""The game's icon (build/gen_icon.py): drawn the same every time, at every size the package
ships, a square tile with transparent corners; the PNG it writes reads back as drawn."""
import importlib.util
import os
import struct
import zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _icon():
    spec = importlib.util.spec_from_file_location("gen_icon", os.path.join(ROOT, "build", "gen_icon.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _read_png(data):
    """RGBA pixels of a PNG written by gen_icon (8-bit RGBA, one IDAT, filter 0 rows)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(tag + body)
        chunks[tag] = body
        pos += 12 + n
    w, h, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 6)
    raw = np.frombuffer(zlib.decompress(chunks[b"IDAT"]), np.uint8).reshape(h, 1 + 4 * w)
    assert not raw[:, 0].any()
    return raw[:, 1:].reshape(h, w, 4)


def test_the_icon_is_the_same_every_time_and_at_every_size():
    gen = _icon()
    for size in (48, 64, 128, 256):
        a, b = gen.draw(size), gen.draw(size)
        assert a.shape == (size, size, 4)
        assert np.array_equal(a, b), size
        assert a[0, 0, 3] == 0 and a[-1, -1, 3] == 0, "the corners are not transparent"
        assert a[size // 2, size // 2, 3] == 255, "the middle is not opaque"
        assert np.array_equal(_read_png(gen.png_bytes(a)), a)
