"""Hostile and oversized values for the bridge's hardening tests (res://tests/test_bridge_limits.gd).

Started through PyBridge.start(paths, "bridge_edge", "Edge", []). Every method returns (or
raises) something the bridge must turn into an error value without crashing Godot, or a
value it must convert exactly although Python code ran during the conversion.

The oversized arrays cost no memory: np.broadcast_to repeats one element with a zero stride,
so an array of 2**31 elements is one byte. The bridge must refuse them from their shape,
before it copies anything.
"""
import numpy as np


class ClearsOnIndex:
    """An int-like key or item whose __index__ (called by the bridge while it converts the
    container holding it) empties that container: the container's own references to its
    items go away while the bridge is reading them."""

    def __init__(self, container, value):
        self.container = container
        self.value = value

    def __index__(self):
        self.container.clear()
        return self.value


class BadIndex:
    def __index__(self):
        raise ValueError("__index__ refused")


class HugeIndex:
    def __index__(self):
        return 2 ** 80


class BadStrError(Exception):
    def __str__(self):
        raise RuntimeError("str() of this exception fails too")


class Edge:
    def __init__(self, *args):
        self.args = list(args)

    def echo(self, value):
        return value

    def peak_rss_mb(self):
        """This process's peak resident memory (MB): an array the bridge copied would show."""
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0

    # --- too big for Godot (INT32_MAX elements, INT32_MAX bytes) ---------------------------
    def huge_bytes(self):
        # 2**31 elements: one more than a godot_int counts
        return np.broadcast_to(np.uint8(7), (2 ** 31,))

    def huge_int32_bytes(self):
        # the element count fits, its byte size (4 * (2**29 + 1)) does not
        return np.broadcast_to(np.int32(7), (2 ** 29 + 1,))

    def huge_int64(self):
        return np.broadcast_to(np.int64(1), (2 ** 31 + 5,))

    def huge_float64(self):
        # would be a PoolRealArray of 2**29 + 1 float32: over INT32_MAX bytes
        return np.broadcast_to(np.float64(0.5), (2 ** 29 + 1,))

    def huge_vec2(self):
        # (N, 2) -> PoolVector2Array: 2**28 rows of 8 bytes
        return np.broadcast_to(np.float32(0.0), (2 ** 28, 2))

    def huge_objects(self):
        # an object array goes through tolist(): refused before 2**31 Python objects are made
        return np.broadcast_to(np.array(None, dtype=object), (2 ** 31,))

    def huge_in_dict(self):
        # deep inside a container: the whole value is refused
        return {"fine": [1, 2], "bad": [self.huge_bytes()]}

    def broadcast_small(self):
        # not contiguous but small: copied and converted as before
        return np.broadcast_to(np.int32(3), (5,))

    # --- values that cannot be converted ---------------------------------------------------
    def complex_array(self):
        return np.array([1 + 2j])

    def unsupported_memoryview(self):
        # format 'w' is not a pool type, and memoryview.tolist() raises for it
        import array
        return memoryview(array.array("u", "ab"))

    def lone_surrogate(self):
        return "a\ud800b"

    def bound_method(self):
        return self.echo

    # --- Python code that runs during the conversion ---------------------------------------
    def bad_index(self):
        return [1, BadIndex()]

    def huge_index(self):
        return {"n": HugeIndex()}

    def dict_cleared_by_its_key(self):
        # converting the key (__index__) drops the dict's references to the key and the
        # value; the bridge must still hold both
        d = {}
        d[ClearsOnIndex(d, 7)] = ["payload", 1.5, {"deep": "value"}]
        return d

    def list_cleared_by_its_item(self):
        lst = []
        lst.extend([ClearsOnIndex(lst, 1), "second", "third"])
        return lst

    def exception_without_text(self):
        raise BadStrError()

    def huge_exception_text(self):
        # a long traceback text still comes back (and is printed) whole
        raise ValueError("x" * 3000)
