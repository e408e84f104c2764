"""Small builders for combat tests."""
from pysim.core import level as L, terrain as T
from pysim.core.game import Game


def open_game(w=20, h=12, seed=1):
    g = Game(w, h, seed=seed)
    g.grid.terrain[1:-1, 1:-1] = T.FLOOR
    g.grid.terrain[0, :] = T.WALL
    g.grid.terrain[-1, :] = T.WALL
    g.grid.terrain[:, 0] = T.WALL
    g.grid.terrain[:, -1] = T.WALL
    g.grid.domain[:] = 1
    g.grid.changed()
    g.take_events()
    return g


def level(rows, legend="", seed=1):
    text = "name: t\nseed: %d\ndomain: all\n" % seed
    if legend:
        text += "[legend]\n" + legend + "\n"
    text += "[map]\n" + "\n".join(rows) + "\n"
    return L.load_text(text, "test", seed)


def spawn(g, kind, x, y, subtype=""):
    e = g.spawn(kind, x, y, subtype=subtype)
    return e


def freeze(e):
    """Keep an entity still (no brain, no walking) for geometry tests."""
    e.idle = 10 ** 9


def events(g, type_):
    return [ev for ev in g.events if ev["type"] == type_]
