"""The mailbox: where a driver's steps post what the front end is shown (docs/architecture.md,
"The driver", the mailbox), and the real time the frames hand over.

In Godot it is the bridge's `_godot.Mailbox` (build/bridge/pybridge.c, made with
MAX_FRAME_MICROS); elsewhere `PyMailbox`, the same calls in Python. `merged` turns posted
items into one (ticks, changes, events).
"""
import threading

from pysim.core.snapshot import merged_changes

# The most real time one frame hands over: a long frame (a debugger stop, a window drag)
# must not make the game sprint to catch up. The bridge's mailbox is made with it, and
# GDScript reads it from the shared constants (pysim/shared.py).
MAX_FRAME_MICROS = 250_000


def frame_micros(delta):
    """A frame's real seconds as whole microseconds, at most MAX_FRAME_MICROS (0 for junk)."""
    try:
        us = int(round(float(delta) * 1_000_000))
    except (TypeError, ValueError, OverflowError):
        us = 0
    return max(0, min(us, MAX_FRAME_MICROS))


def bridge_mailbox():
    """A new mailbox of the bridge's (build/bridge/pybridge.c) when pysim runs inside Godot,
    else None."""
    try:
        import _godot
    except ImportError:
        return None
    kind = getattr(_godot, "Mailbox", None)
    return kind(MAX_FRAME_MICROS) if kind is not None else None


class PyMailbox:
    """The mailbox in Python: the calls of the bridge's _godot.Mailbox, on Python's own lock
    (the steps run on the caller's thread, or the sim thread outside Godot). Items stay
    Python values; the bridge's are turned into Godot's when posted."""

    def __init__(self, raw=0):
        self._lock = threading.Lock()
        self._cv = threading.Condition(self._lock)   # (the sim thread's wait)
        self._raw = raw           # real microseconds handed over, not taken by wait()
        self._wake_at = -1        # a waiting sim thread wants waking at this much; < 0: no
        self._waiting = False
        self._poked = False
        self._closed = False
        self._items = []

    def add(self, us):
        with self._lock:
            self._raw += max(0, min(int(us), MAX_FRAME_MICROS))
            if self._waiting and 0 <= self._wake_at <= self._raw:
                self._cv.notify_all()

    def wait(self, wake_at, most_s):
        with self._lock:
            if most_s > 0:
                self._waiting = True
                self._wake_at = wake_at
                self._cv.wait_for(lambda: self._poked or self._closed or
                                  0 <= wake_at <= self._raw, most_s)
                self._waiting = False
            took, self._raw = self._raw, 0
            self._poked = False
            return took

    def poke(self):
        with self._lock:
            self._poked = True
            if self._waiting:
                self._cv.notify_all()

    def close(self):
        with self._lock:
            self._closed = True
            self._cv.notify_all()

    def pending(self):
        with self._lock:
            return self._raw

    def post(self, item):
        with self._lock:
            self._items.append(item)

    def put_back(self, item):
        with self._lock:
            self._items.insert(0, item)

    def take_all(self):
        with self._lock:
            out, self._items = self._items, []
            return out

    def take_ticks(self):
        """The ticks posted and not counted, counted; the items stay (Session.step's)."""
        ran = 0
        if not self._items:
            return 0      # (a post coming meanwhile is counted at the next call)
        with self._lock:
            for item in self._items:
                if item["ran"]:
                    ran += item["ran"]
                    item["ran"] = 0
        return ran


NOTHING = (0, None, ())     # (take_mail with nothing posted: no lists made)


def merged(items):
    """Posted items merged in order: (ticks, changes or None, events)."""
    ran, changes, events = 0, None, []
    for item in items:
        ran += int(item.get("ran") or 0)
        if item.get("changes") is not None:
            changes = merged_changes(changes, dict(item["changes"]))
        events.extend(item.get("events") or ())
    return ran, changes, events
