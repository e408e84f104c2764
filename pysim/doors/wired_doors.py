"""Wired doors (WIRE-10/11, HOLD-02..07): a door is a wire endpoint, and the trigger wired to
it opens and closes it.

A trigger turning on or off (trap_state.DOOR_HOOKS: at once, or after the timers between
them) sets trigger_on for every door its signal reaches and, with a padlock, arms it when
the door rests closed and disarms it when the door rests open (HOLD-05). Arm Lock / Disarm
Lock still work by hand in between.
"""
from pysim.doors.door_jobs import _drop_rearm
from pysim.doors.doors import PADLOCK_BUILT, _costs_changed, _settle, area, set_armed
from pysim.traps import trap_state, wiring


# -- wiring endpoints (WIRE-10/11) -------------------------------------------------------------

def _door_endpoints(game, x, y):
    d = area(game).at(x, y)
    if d is None:
        return []
    return [(wiring.ROLE_DOOR, d.id)]


wiring.register_endpoint_finder(_door_endpoints)


def trigger_of(game, door, net=None):
    """The trigger part wired to this door, or None (WIRE-10)."""
    if net is None:
        net = trap_state.network(game)
    keys = net.roles_in_network_of((wiring.ROLE_DOOR, door.id))
    st = trap_state.state_of(game)
    for k in keys:
        if k[0] == wiring.ROLE_TRIGGER and k[1] in st.parts:
            return st.parts[k[1]]
    return None


def apply_trigger(game, door, on):
    """HOLD-02/04/05: the wired trigger turned on or off."""
    door.trigger_on = bool(on)
    if door.breached:
        door.breached = False      # the trigger sets the door again
        _drop_rearm(game, door)
    if door.padlock == PADLOCK_BUILT:
        set_armed(game, door, not door.rest_open(), "trigger")
    game.emit("door_triggered", door=door.id, on=bool(on), rest_open=door.rest_open(),
              locked=door.locked())
    _settle(game, door)
    _costs_changed(game)


def _on_trigger(game, door_id, on, trigger_id):
    # the traps package times the turn: at once, or after the timers on the way (WIRE-04)
    d = area(game).get(door_id)
    if d is not None:
        apply_trigger(game, d, on)


trap_state.add_door_hook(_on_trigger)
