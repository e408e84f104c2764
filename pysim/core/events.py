"""Events out: plain dicts with a "type" and the "tick" they happened on.

Rule code calls game.emit(type, **data). Values must be plain (int, float, str, bool,
None, lists, dicts) so the runner can print them as JSON and the bridge can convert them.
"""


def make(tick, type_, data):
    ev = {"type": type_, "tick": int(tick)}
    ev.update(data)
    return ev


def refused(tick, command_type, reason, **data):
    return make(tick, "refused", dict(command=command_type, reason=reason, **data))
