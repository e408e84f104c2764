"""Extension registries for what the front end sees.

SNAPSHOT_PARTS: fn(game, snap) adds keys to the dict Session.snapshot() returns (numpy
arrays for bulk data). DESCRIBE_PARTS: fn(game, entity, info) adds keys to
Session.describe(). Both run in registration order; name the keys after your area
(e.g. "door_pos", "trap_kind") and document them beside the function.
"""

from pysim.core import hooks

SNAPSHOT_PARTS = []
DESCRIBE_PARTS = []


_add = hooks.add


def snapshot_part(fn):
    return _add(SNAPSHOT_PARTS, fn)


def describe_part(fn):
    return _add(DESCRIBE_PARTS, fn)
