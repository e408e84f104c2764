"""What the front end is shown of a game: the whole snapshot and one body's details.

snapshot(game, frames) is the core's keys and every registered part (pysim/core/snapshot.py;
the keys are documented in docs/architecture.md, "The front-end facade"); a front end's
Frames keeps the keyed parts' last keys and the map layers between calls. describe(game, id)
is the selection panel's facts, the core's and each describe part's.
"""
from pysim.core import clock, entities, movement
from pysim.core.snapshot import DESCRIBE_PARTS


def snapshot(game, frames):
    """The whole snapshot: bulk state as numpy arrays."""
    day, hour, minute = clock.day_hour_minute(game.tick)
    ids, pos, kind, state, facing, side = movement.fill_arrays(game)
    snap = {
        "tick": game.tick, "day": day, "hour": hour, "minute": minute,
        "speed": game.speed,
        "ent_id": ids, "ent_pos": pos, "ent_kind": kind, "ent_state": state,
        "ent_facing": facing, "ent_side": side,
    }
    grid = game.grid
    frames.add("map", (id(grid), grid.tiles_version), game, _map_keys, snap)
    frames.run_parts(game, snap)
    return snap


def _map_keys(game, snap):
    """The map layers: made again only when grid.tiles_version moves (any edit of terrain or
    domain calls grid.changed(); the front end redraws its tiles on the same number)."""
    grid = game.grid
    snap["width"] = grid.width
    snap["height"] = grid.height
    snap["tiles_version"] = grid.tiles_version
    snap["terrain"] = grid.terrain.reshape(-1).copy()
    snap["domain"] = grid.domain.reshape(-1).copy()
    snap["light"] = grid.light.reshape(-1).copy()


def describe(game, entity_id):
    """One body's details for the selection panel; {"id", "missing": True} when none."""
    ent = game.entities.get(int(entity_id))
    if ent is None:
        return {"id": int(entity_id), "missing": True}
    x, y = ent.position()
    info = {
        "id": ent.id, "kind": entities.KIND_NAMES[ent.kind], "subtype": ent.subtype,
        "name": ent.name, "side": entities.SIDE_NAMES[ent.side],
        "state": entities.STATE_NAMES[ent.state], "x": x, "y": y,
        "tile": [ent.x, ent.y], "walking": bool(ent.walking()),
        "goal": [ent.goal_x, ent.goal_y] if ent.goal_x >= 0 else None,
    }
    for fn in DESCRIBE_PARTS:
        fn(game, ent, info)
    return info
