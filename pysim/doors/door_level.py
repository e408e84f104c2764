"""Level things for doors (docs/level-format.md): `door[:held]` and, after it on the same
tile, `padlock[:armed|disarmed|blueprint]`.
"""
from pysim.core import level
from pysim.doors.doors import PADLOCK_BLUEPRINT, PADLOCK_BUILT, area


def _place_door(game, x, y, arg):
    if game.grid.walk_cost()[y, x] <= 0:
        raise ValueError("a door needs a floor tile")
    d = area(game).add(x, y)
    if arg == "held":
        d.held = True
        d.open = True


def _place_padlock(game, x, y, arg):
    d = area(game).at(x, y)
    if d is None:
        raise ValueError("a padlock goes on a door (put 'door' before 'padlock')")
    _padlock_arg(arg or "")
    if arg == "blueprint":
        d.padlock = PADLOCK_BLUEPRINT
        return
    d.padlock = PADLOCK_BUILT
    d.armed = arg != "disarmed"


def _padlock_arg(arg):
    if arg not in ("", "armed", "disarmed", "blueprint"):
        raise ValueError("padlock takes :armed, :disarmed or :blueprint")


level.THINGS["door"] = _place_door
level.THINGS["padlock"] = _place_padlock
level.catalog("door", "A door (held: held open).", level.DOORS, ("", "held"))
level.catalog("padlock", "A padlock on the door before it on this tile (armed when left "
              "out).", level.DOORS, ("", "armed", "disarmed", "blueprint"), check=_padlock_arg)
