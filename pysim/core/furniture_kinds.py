"""The table of furniture kinds: every rule area adds the pieces it owns (beds, tables and
pyres: pysim/economy/furniture.py, which also builds every kind from metal; prison cells and
altars: pysim/adventurers; guardposts and the scrying pool: pysim/invasions/watch.py). It
sits in the core so that each adds its kind here, below itself.

    add_kind(name, cost, label, description, place, exists, describe=None)

place(game, x, y) puts a built piece in the area's state; exists(game) -> [(x, y), ...]
lists where they stand (for drawing and the free-tile check); describe(game, x, y, info)
adds a built piece's own facts to the furniture panel's (pysim/economy/furniture_view.py).
KIND_ORDER is the order of the snapshot's furn_kind codes and of the build tool's buttons:
the kinds added with a `first` place (economy's own) in that order, then the others by name,
whatever imports first.
"""


class Kind(object):
    __slots__ = ("name", "cost", "label", "description", "place", "exists", "size",
                 "describe", "first")

    def __init__(self, name, cost, label, description, place, exists, size=(1, 1),
                 describe=None, first=None):
        self.name = name
        self.cost = int(cost)
        self.label = label
        self.description = description
        self.place = place
        self.exists = exists
        self.size = size
        self.describe = describe
        self.first = first


KINDS = {}
KIND_ORDER = []


def add_kind(name, cost, label, description, place, exists, size=(1, 1), describe=None,
             first=None):
    if name not in KINDS:
        KIND_ORDER.append(name)
    KINDS[name] = Kind(name, cost, label, description, place, exists, size, describe, first)
    KIND_ORDER.sort(key=lambda n: (KINDS[n].first is None, KINDS[n].first or 0, n))


def built_kind(game, x, y):
    """The kind of the piece standing on (x, y), or None."""
    for name in KIND_ORDER:
        if (x, y) in KINDS[name].exists(game):
            return name
    return None
