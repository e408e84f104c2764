"""Extension registries for what the front end sees, and what a front end was sent.

SNAPSHOT_PARTS: fn(game, snap) adds keys to the dict Session.snapshot() returns (numpy
arrays for bulk data). DESCRIBE_PARTS: fn(game, entity, info) adds keys to
Session.describe(). Both run in registration order; name the keys after your area
(e.g. "door_pos", "trap_kind") and document them beside the function.

Per-frame data only from what changed: a part registered with `keyed_part(version)`
is run again only when `version(game)` (a cheap value: counters, lengths, ids) moved; until
then the session hands out the keys it made last time. `Frames.changes` then gives a front end
only the keys whose value differs from what it was sent last (the rest it already holds), so
the bridge converts and Godot merges only those. A part must never write into an array it
returned before (a kept or sent array is compared by identity first): build a new one.
"""

import cython
from numpy import generic, ndarray

from pysim.core import hooks

SNAPSHOT_PARTS = []
DESCRIBE_PARTS = []
# (module, qualname) of a keyed part -> version(game)
SNAPSHOT_VERSIONS = {}
# Keys of Frames.changes beside the snapshot's own: the first answer after a (re)start is the
# whole snapshot (FULL_KEY True: replace, do not merge); keys no longer made (GONE_KEY).
FULL_KEY = "snapshot_full"
GONE_KEY = "snapshot_gone"


_add = hooks.add
NUMPY = (ndarray, generic)     # values compared by dtype, shape and bytes


def snapshot_part(fn):
    return _add(SNAPSHOT_PARTS, fn)


def keyed_part(version):
    """Decorator: a snapshot part whose keys change only when version(game) does."""
    def wrap(fn):
        SNAPSHOT_VERSIONS[_name(fn)] = version
        return snapshot_part(fn)
    return wrap


def describe_part(fn):
    return _add(DESCRIBE_PARTS, fn)


def _name(fn):
    return (fn.__module__, fn.__qualname__)


def _fingerprint(value):
    """What a value is, compared cheaply: an array's (or numpy scalar's) bytes (its dtype
    and shape are read off the value kept beside it, see _alike); a list's items."""
    if isinstance(value, NUMPY):
        return value.tobytes()
    if isinstance(value, list):
        return ("list", tuple(value))
    return value


def _alike(was, value):
    """Could value be was, given equal fingerprints? Numpy values: the same type, shape and
    dtype (the fingerprint holds only their bytes)."""
    if isinstance(value, NUMPY):
        return type(was) is type(value) and was.shape == value.shape and was.dtype == value.dtype
    return not isinstance(was, NUMPY)


_PLAN = [None, ()]      # [the registries it was made of, ((fn, name, version), ...)]


def _plan():
    """The parts in order with their names and versions (None: run every frame), made again
    only when a registry changed (not every frame)."""
    key = (tuple(SNAPSHOT_PARTS), tuple(SNAPSHOT_VERSIONS.items()))
    if _PLAN[0] != key:
        _PLAN[0] = key
        _PLAN[1] = tuple((fn, _name(fn), SNAPSHOT_VERSIONS.get(_name(fn)))
                         for fn in SNAPSHOT_PARTS)
    return _PLAN[1]


class Frames(object):
    """One front end's view of the snapshot: the keyed parts' last keys and what was sent.
    A cache beside the game (never state, never hashed); a new game starts a new one."""

    def __init__(self, game=None):
        self.game = game    # the game these frames are of (a new game, new frames)
        self.kept = {}      # part name -> (version, {key: value})
        self.sent = {}      # key -> (value, fingerprint) last handed to the front end

    def add(self, name, version, game, build, snap):
        """build(game, keys) again only when version moved; its keys go into snap."""
        kept = self.kept.get(name)
        if kept is None or kept[0] != version:
            keys = {}
            build(game, keys)
            kept = (version, keys)
            self.kept[name] = kept
        snap.update(kept[1])

    def run_parts(self, game, snap):
        for fn, name, version in _plan():
            if version is None:
                fn(game, snap)
            else:
                self.add(name, version(game), game, fn, snap)

    def changes(self, snap: dict):
        """The keys of snap whose values differ from those last sent (all, the first time,
        with FULL_KEY True), plus GONE_KEY: keys sent before and no longer made."""
        # typed dicts: each key's get is a C call, not a method call (~110 keys a frame)
        sent: dict = self.sent
        first = not sent
        out: dict = {}
        for key, value in snap.items():
            old = sent.get(key)
            if old is not None and old[0] is value:
                continue
            fp = _fingerprint(value)
            sent[key] = (value, fp)
            if old is not None and old[1] == fp and _alike(old[0], value):
                continue
            out[key] = value
        if len(sent) != len(snap):
            gone = sorted(k for k in sent if k not in snap)
            for k in gone:
                del sent[k]
            out[GONE_KEY] = gone
        if first:
            out[FULL_KEY] = True
        return out


class KeptRows(object):
    """Per-entity snapshot rows kept between frames (a cache beside the game: never state,
    never hashed). A part fills `table(n)` (one int32 row per key, one column per entity) in
    a typed pass and calls `hand_out(table)`: a row equal to last frame's hands out the very
    array it handed out then, so Frames.changes stops at its identity and the front end is
    not sent it again; a changed row is a new array, never written into."""

    def __init__(self, dtypes):
        import numpy as np
        self.dtypes = tuple(dtypes)
        self.last = np.zeros((len(self.dtypes), 0), dtype=np.int32)
        self.spare = self.last
        self.arrays = [np.zeros(0, dtype=dtype) for dtype in self.dtypes]

    def table(self, n):
        """The table to fill this frame: last frame's spare when it is the right size."""
        if self.spare.shape[1] != n:
            import numpy as np
            self.spare = np.empty((len(self.dtypes), n), dtype=np.int32)
        return self.spare

    def hand_out(self, table):
        """The arrays of `table`'s rows (a list, row order), last frame's where unchanged."""
        changed = _changed_rows(table, self.last)
        arrays = self.arrays
        for r in range(len(self.dtypes)):
            if changed & (1 << r):
                arrays[r] = table[r].astype(self.dtypes[r])
        # the table just filled is kept; last frame's is filled next frame
        self.last, self.spare = table, self.last
        return arrays


@cython.boundscheck(False)
@cython.wraparound(False)
def _changed_rows(table: cython.int[:, ::1], last: cython.int[:, ::1]) -> cython.int:
    """Bit r set where row r of table differs from last's (every bit when the entities are
    not as many)."""
    rows: cython.Py_ssize_t = table.shape[0]
    n: cython.Py_ssize_t = table.shape[1]
    r: cython.Py_ssize_t
    i: cython.Py_ssize_t
    changed: cython.int = 0
    if last.shape[1] != n:
        return (1 << rows) - 1
    for r in range(rows):
        for i in range(n):
            if table[r, i] != last[r, i]:
                changed |= 1 << r
                break
    return changed


def merged_changes(old, new):
    """Changes `new` laid over changes `old` the front end was not given yet (either may be
    None), so nothing it was not given is lost: a key gone in one and made again in the
    other is not gone."""
    if old is None:
        return new
    if new is None:
        return old
    gone = set(old.get(GONE_KEY, ())) | set(new.get(GONE_KEY, ()))
    old.update(new)
    gone.difference_update(k for k in new if k != GONE_KEY)
    if gone:
        old[GONE_KEY] = sorted(gone)
    else:
        old.pop(GONE_KEY, None)
    return old
