"""The player's door commands: build_door, hold_door_open, release_door, build_padlock,
arm_lock, disarm_lock ({"door": id} or {"x", "y"}).
"""
from pysim.core import commands
from pysim.doors import digging
from pysim.doors.door_jobs import _drop_rearm
from pysim.doors.doors import (PADLOCK_BLUEPRINT, PADLOCK_BUILT, PADLOCK_NONE, _costs_changed,
                               _settle, area, set_armed, set_held)
from pysim.traps import trap_state, wire_networks, wiring


def need_door(game, cmd):
    """Reason or None; a door is named by "door" (id) or by "x"/"y"."""
    a = area(game)
    if "door" in cmd:
        r = commands.need_int(cmd, "door")
        if r:
            return r
        if a.get(int(cmd["door"])) is None:
            return "There is no such door."
        return None
    r = commands.need_tile(game, cmd)
    if r:
        return r
    if a.at(int(cmd["x"]), int(cmd["y"])) is None:
        return "There is no door on that tile."
    return None


def door_of(game, cmd):
    a = area(game)
    if "door" in cmd:
        return a.get(int(cmd["door"]))
    return a.at(int(cmd["x"]), int(cmd["y"]))


def check_door(game, cmd, need, *rules):
    """`need(game, cmd)`'s reason, else the reason of the first (refuse, reason) rule
    whose refuse(door) holds for the named door, else None."""
    r = need(game, cmd)
    if r:
        return r
    d = door_of(game, cmd)
    for refuse, reason in rules:
        if refuse(d):
            return reason
    return None


def door_site_reason(game, x, y):
    g = game.grid
    if not g.in_bounds(x, y):
        return "That tile is outside the map."
    if area(game).at(x, y) is not None:
        return "There is already a door there."
    r = digging.own_floor_reason(game, x, y, "A door must stand on a floor tile.",
                                 "Doors can be built only inside your domain.")
    if r:
        return r
    if trap_state.state_of(game).part_at(x, y) is not None:
        return "There is a trap part on that tile."
    return None


def _door_site_check(game, x, y):
    r = door_site_reason(game, x, y)
    if r:
        return r
    # WIRE-02: wires already ending here would connect the door
    return wire_networks.check_endpoint_added(game, trap_state.state_of(game).wires, x, y,
                                       wiring.ROLE_DOOR, -1)


@commands.command("build_door")
class BuildDoor:
    def check(game, cmd):
        return digging.tile_reason(game, cmd, _door_site_check)

    def apply(game, cmd):
        d = area(game).add(int(cmd["x"]), int(cmd["y"]))
        trap_state.state_of(game).wires.touch()
        game.emit("door_built", door=d.id, x=d.x, y=d.y)
        _costs_changed(game)


@commands.command("hold_door_open")
class HoldDoorOpen:
    def check(game, cmd):
        return check_door(game, cmd, need_door,
                          (lambda d: d.held, "That door is already held open."))

    def apply(game, cmd):
        set_held(game, door_of(game, cmd), True)


@commands.command("release_door")
class ReleaseDoor:
    def check(game, cmd):
        return check_door(game, cmd, need_door,
                          (lambda d: not d.held, "That door isn't held open."))

    def apply(game, cmd):
        set_held(game, door_of(game, cmd), False)


@commands.command("build_padlock")
class BuildPadlock:
    def check(game, cmd):
        return check_door(
            game, cmd, need_door,
            (lambda d: d.padlock == PADLOCK_BUILT, "That door already has a padlock."),
            (lambda d: d.padlock == PADLOCK_BLUEPRINT,
             "A padlock is already being built on that door."))

    def apply(game, cmd):
        d = door_of(game, cmd)
        d.padlock = PADLOCK_BLUEPRINT
        d.metal = 0
        d.work = 0
        game.emit("padlock_placed", door=d.id, x=d.x, y=d.y)


def _need_padlock(game, cmd):
    return check_door(game, cmd, need_door,
                      (lambda d: d.padlock == PADLOCK_NONE, "That door has no padlock."),
                      (lambda d: d.padlock == PADLOCK_BLUEPRINT, "The padlock isn't built yet."))


@commands.command("arm_lock")
class ArmLock:
    def check(game, cmd):
        return check_door(game, cmd, _need_padlock,
                          (lambda d: d.armed, "That padlock is already armed."))

    def apply(game, cmd):
        d = door_of(game, cmd)
        if d.breached:                      # arming by hand ends the breach too
            d.breached = False
            _drop_rearm(game, d)
            _settle(game, d)
        set_armed(game, d, True, "hand")


@commands.command("disarm_lock")
class DisarmLock:
    def check(game, cmd):
        return check_door(game, cmd, _need_padlock,
                          (lambda d: not d.armed, "That padlock is already disarmed."))

    def apply(game, cmd):
        set_armed(game, door_of(game, cmd), False, "hand")
