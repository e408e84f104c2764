"""The fixed, ordered list of per-tick systems.

One tick = apply queued commands, then every system in SYSTEMS order, then tick += 1.
Register with register(name, fn, order); fn(game) runs once per tick. Order bands (leave
gaps for newcomers):
    100-199 decisions (ai brains, duties, stances)
    200-299 movement
    300-399 structures reacting to movement (doors 300, traps 350, wiring 360)
    400-499 combat, wounds
    500-599 invasions, knowledge, bookkeeping
"""

SYSTEMS = []


def register(name, fn, order):
    """Add or replace the system called `name`; the list stays sorted by (order, name)."""
    for i, (_, n, _) in enumerate(SYSTEMS):
        if n == name:
            del SYSTEMS[i]
            break
    SYSTEMS.append((order, name, fn))
    SYSTEMS.sort(key=lambda item: (item[0], item[1]))


def system(name, order):
    """Decorator form of register."""
    def wrap(fn):
        register(name, fn, order)
        return fn
    return wrap


def names():
    return [name for _, name, _ in SYSTEMS]
