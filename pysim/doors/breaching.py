"""Breaching a locked door, in play (BREACH-01..06): a party stopped at a locked door sends
its best member to pick or bash it, roll after roll, until it opens or the party gives up.
The method, the worker, the time and the roll: pysim/doors/breach.py; decisions:
docs/rules/doors.md.
"""
from pysim.combat import fighter as F
from pysim.core import entities, movement
from pysim.doors import breach as BR, routes
from pysim.doors.doors import area, breach_done, party_index


def _conscious_members(game, pid):
    return [m for m in party_index(game).of(pid) if F.conscious(m)]


def _adjacent(e, door):
    return (e.step_len == 0 and max(abs(e.x - door.x), abs(e.y - door.y)) == 1)


def _start_breach(game, pid, door, stopper):
    a = area(game)
    members = _conscious_members(game, pid)
    if not members:
        return
    rng = game.rng.stream("breach")
    method = BR.choose_method(members, rng)
    worker = BR.best_member(members, method)
    b = BR.Breach(pid, door.id, method, worker.id,
                  BR.attempt_ticks(method, BR.stat_for(worker, method)))
    b.approach = (stopper.x, stopper.y)
    a.breaches.append(b)
    game.emit("breach_started", door=door.id, party=pid, method=method, entity=worker.id,
              ticks=b.ticks_needed)


def _set_worker(game, b, method):
    members = _conscious_members(game, b.party)
    if not members:
        return None
    w = BR.best_member(members, method)
    if w.id != b.worker:
        b.worker = w.id
        b.progress = 0
    b.ticks_needed = BR.attempt_ticks(method, BR.stat_for(w, method))
    return w


def _give_up(game, b, door):
    a = area(game)
    r = a.party(b.party)
    routes._insert(r.gave_up, door.id)
    if door.id in r.through:
        r.through.remove(door.id)
    game.emit("breach_given_up", door=door.id, party=b.party, failures=b.total_failures)
    for m in party_index(game).of(b.party):
        if m.state == entities.UP and m.goal_x >= 0:
            if not movement.go_to(game, m, m.goal_x, m.goal_y):
                m.leaving = True            # the goal is out of reach: head home
                movement.stop(m)


def breaches(game):
    a = area(game)
    # new requests: parties stopped at locked doors this tick
    for pid, did, eid in a.requests:
        door = a.get(did)
        if door is None or not door.stops() or a.breach_at(did) is not None:
            continue
        r = a.party(pid)
        if did in r.gave_up or any(b.party == pid for b in a.breaches):
            continue
        stopper = game.entities.get(eid)
        if stopper is None:
            continue
        _start_breach(game, pid, door, stopper)
    a.requests = []
    if not a.breaches:
        return
    keep = []
    rng = game.rng.stream("breach")
    from pysim.combat import awareness
    for b in a.breaches:
        door = a.get(b.door)
        if door is None or not door.stops():
            continue                        # opened some other way: nothing to breach
        worker = game.entities.get(b.worker)
        if worker is None or not F.conscious(worker):
            worker = _set_worker(game, b, b.method)
            if worker is None:
                continue                    # the whole party is down
        if not _adjacent(worker, door):
            ax, ay = b.approach
            if worker.step_len == 0 and (worker.x, worker.y) != (ax, ay) and (
                    worker.goal_x, worker.goal_y) != (ax, ay):
                movement.go_to(game, worker, ax, ay)
            keep.append(b)
            continue
        b.progress += 1
        if b.progress < b.ticks_needed:
            keep.append(b)
            continue
        b.progress = 0
        method = b.method
        out, res = BR.roll(rng, b, worker, BR.LOCK_STRENGTH, BR.DOOR_STRENGTH)
        game.emit("breach_roll", door=door.id, party=b.party, entity=worker.id, method=method,
                  outcome=out, failures=b.failures, total_failures=b.total_failures)
        if out == BR.ROLL_SUCCESS:
            breach_done(game, door, worker.id)
            continue
        if method == BR.BASH:
            # BREACH-06 / AWARE-04 (make_noise emits the "noise" event)
            awareness.make_noise(game, door.x, door.y, "bash")
        if out == BR.ROLL_GIVE_UP:
            _give_up(game, b, door)
            continue
        if out == BR.ROLL_SWITCH:
            w = _set_worker(game, b, b.method)
            game.emit("breach_switched", door=door.id, party=b.party, method=b.method,
                      entity=w.id if w is not None else -1)
        keep.append(b)
    a.breaches = keep
