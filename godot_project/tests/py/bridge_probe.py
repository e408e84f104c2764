"""A small Python object for the bridge's tests (res://tests/test_bridge.gd) and its benchmark.

Started through PyBridge.start(paths, "bridge_probe", "Probe", [..]).
"""
import gc
import sys


class Probe:
    def __init__(self, *args):
        self.args = list(args)
        self.kept = ["kept", 1, 2.0]
        self.calls = 0

    # --- round trips -------------------------------------------------------------------
    def echo(self, value):
        return value

    def noop(self):
        return None

    def count(self):
        self.calls += 1
        return self.calls

    def describe(self, value):
        """Type of what arrived from Godot: 'ndarray <dtype> <shape>' for arrays."""
        try:
            import numpy as np
        except ImportError:  # pragma: no cover
            np = None
        if np is not None and isinstance(value, np.ndarray):
            return "ndarray %s %s" % (value.dtype, tuple(value.shape))
        if isinstance(value, (list, tuple)):
            return "%s[%s]" % (type(value).__name__, ",".join(self.describe(v) for v in value))
        if isinstance(value, dict):
            return "dict{%s}" % ",".join(
                "%s:%s" % (self.describe(k), self.describe(v)) for k, v in value.items())
        return type(value).__name__

    def started_with(self):
        return self.args

    # --- numpy ---------------------------------------------------------------------------
    def openblas_threads(self):
        # what numpy's OpenBLAS read when it loaded (the bridge sets it before Python starts)
        import os
        return os.environ.get("OPENBLAS_NUM_THREADS", "")

    def numpy_version(self):
        import numpy
        return numpy.__version__

    def np_values(self):
        import numpy as np
        grid = np.arange(12, dtype=np.uint8).reshape(3, 4)
        big = np.arange(20, dtype=np.int64).reshape(4, 5)
        return {
            "u8": np.array([0, 1, 255], dtype=np.uint8),
            "bool": np.array([True, False, True]),
            "i32": np.array([-1, 0, 2147483647], dtype=np.int32),
            "i64": np.array([-3, 0, 7], dtype=np.int64),
            "i16": np.array([-2, 5], dtype=np.int16),
            "f32": np.array([0.5, -1.25], dtype=np.float32),
            "f64": np.array([0.25, 3.0, -8.5], dtype=np.float64),
            "v2": np.array([[1.5, 2.0], [-3.0, 4.25]], dtype=np.float32),
            "v2_f64": np.array([[0.5, 1.0]], dtype=np.float64),
            "v2_i32": np.array([[1, 2], [3, 4], [5, 6]], dtype=np.int32),
            "grid": grid,
            "column": big[:, 1],            # not contiguous
            "empty_f32": np.zeros(0, dtype=np.float32),
            "empty_v2": np.zeros((0, 2), dtype=np.float32),
            "scalar_i64": np.int64(5),
            "scalar_f32": np.float32(0.5),
            "scalar_bool": np.bool_(True),
            "zero_d": np.array(7),
            "bytes": b"\x00\x01\xff",
            "bytearray": bytearray(b"ab"),
            "tuple": (1, "two", 3.0),
            "nested": {"a": [1, {"b": None}], 7: (True,)},
            "big_int": 2 ** 40,
        }

    def sum(self, arr):
        return float(arr.sum())

    def floats(self, n):
        import numpy as np
        return np.linspace(0.0, 1.0, int(n), dtype=np.float32)

    # --- errors ----------------------------------------------------------------------------
    def boom(self, text="boom"):
        raise ValueError(text)

    def unconvertible(self):
        return {"fine": 1, "bad": object()}

    def too_big(self):
        return 2 ** 70

    def cycle(self):
        lst = []
        lst.append(lst)
        return lst

    # --- interpreter facts -----------------------------------------------------------------
    def sys_info(self):
        return {
            "executable": sys.executable,
            "path": list(sys.path),
            "site_imported": "site" in sys.modules,
            "version": sys.version,
        }

    def print_line(self, text):
        print(text)
        return True

    def gc_objects(self):
        gc.collect()
        return len(gc.get_objects())

    def refcount_kept(self):
        return sys.getrefcount(self.kept)

    def get_kept(self):
        return self.kept


class BenchProbe(Probe):
    """Fixed payloads for build/bench/bench_bridge.py (no numpy work inside the timed calls)."""

    def __init__(self, *args):
        super().__init__(*args)
        import numpy as np
        self.f2000 = np.linspace(0.0, 1.0, 2000, dtype=np.float32)
        self.v1000 = self.f2000.reshape(1000, 2).copy()
        self.f2000_64 = self.f2000.astype(np.float64)
        self.list2000 = [float(x) for x in self.f2000]

    def floats2000(self):
        return self.f2000

    def floats2000_f64(self):
        return self.f2000_64

    def vec2_1000(self):
        return self.v1000

    def list2000_json(self):
        import json
        return json.dumps(self.list2000)


class SessionBench:
    """Wraps pysim.session.Session for the bridge benchmark: same calls, plus the time spent
    inside Python, so the bench can tell the bridge's own cost from the simulation's."""

    def __init__(self, level_text, source_name, seed):
        from pysim.session import Session
        self.session = Session(level_text, source_name, seed)
        self.py_seconds = 0.0
        self.tick_frame_seconds = 0.0
        self.last = None

    def step(self, delta):
        from time import perf_counter
        t = perf_counter()
        r = self.session.step(delta)
        self.py_seconds += perf_counter() - t
        return r

    def snapshot(self):
        from time import perf_counter
        t = perf_counter()
        self.last = self.session.snapshot()
        self.py_seconds += perf_counter() - t
        return self.last

    def snapshot_changes(self):
        from time import perf_counter
        t = perf_counter()
        out = self.session.snapshot_changes()
        took = perf_counter() - t
        self.py_seconds += took
        return out

    def frame(self, delta, lockstep=False):
        from time import perf_counter
        t = perf_counter()
        out = self.session.frame(delta, lockstep=lockstep)
        if out is not None and "changes" in out:
            self.tick_frame_seconds += perf_counter() - t
        return out

    def take_tick_frame_us(self):
        """Microseconds inside Python of the frame() calls that brought changes, since the
        last call."""
        us = self.tick_frame_seconds * 1e6
        self.tick_frame_seconds = 0.0
        return us

    def noop(self):
        return None

    def set_sim_thread(self, on):
        return bool(self.session.set_sim_thread(on))

    def sim_mailbox(self):
        # (PyBridge.attach_mail asks)
        return self.session.sim_mailbox()

    def cached_snapshot(self):
        return self.last

    def take_py_us(self):
        us = self.py_seconds * 1e6
        self.py_seconds = 0.0
        return us

    def compiled(self):
        import pysim
        return bool(getattr(pysim, "COMPILED", False))


class MailProbe:
    """A bare _godot.Mailbox for test_bridge.gd (the sim thread's, pysim/driver.py): posts
    made from Python reach PyBridge.take_mail in order, already Godot's values."""

    def __init__(self):
        import _godot
        from pysim.mailbox import MAX_FRAME_MICROS
        self.box = _godot.Mailbox(MAX_FRAME_MICROS)

    def sim_mailbox(self):
        return self.box

    def post(self, item):
        import numpy as np
        item = dict(item)
        if isinstance(item.get("changes"), dict):
            item["changes"] = {k: np.asarray(v, dtype=np.int32) for k, v in item["changes"].items()}
        self.box.post(item)

    def post_raw(self, value):
        self.box.post(value)

    def put_back(self, item):
        self.box.put_back(item)

    def post_unconvertible(self):
        self.box.post({"ran": 0, "changes": {"x": object()}, "events": []})

    def take_all(self):
        return self.box.take_all()

    def pending(self):
        return self.box.pending()

    def wait_now(self):
        return self.box.wait(0, 0.0)

    def close(self):
        self.box.close()
