"""What the furniture panel shows (Session.describe_furniture): the piece or blueprint on a
tile, read from the rule areas that hold it, never changed (a panel that speaks in
names). The front end words these facts; no rule is decided there.

describe(game, x, y) -> {} when no piece stands or is planned there, else
  kind, label, description (the catalog's), x, y, cost, built (bool), and
  a blueprint:  metal (on site), metal_needed, on_its_way (metal being carried), waiting_for_metal
                (it wants metal and no pile holds any: MINE-05), worker (the minion building
                it, -1), work / work_needed (ticks of building done / needed; 0 until metal),
                veins_marked (veins marked for mining: metal is on its way from them)
  a bed:        owner (the minion it belongs to, -1 while free; beds go to minions in id
                order when one first needs a bed, WAKE-02)
  a cell:       prisoner (the adventurer locked in it, -1 when empty)
  a guardpost:  lit (bool), lit_for (ticks left of the torch, 0 unlit), worker (the
                Drudgery minion lighting it, -1)
  a scrying pool: charges (the pools' charges, shared), max_charges, charge_hours
  an altar:     hits_left, hits (its full strength)
"""
from pysim.core.furniture_kinds import built_kind
from pysim.economy import econ_state as S
from pysim.economy import furniture


def describe(game, x, y):
    x, y = int(x), int(y)
    if not game.grid.in_bounds(x, y):
        return {}
    bid = furniture.blueprint_at(game, x, y)
    kind = built_kind(game, x, y)
    if kind is None and bid is None:
        return {}
    name = kind if kind is not None else S.state_of(game).blueprints[bid][0]
    k = furniture.KINDS[name]
    info = {"kind": name, "label": k.label, "description": k.description, "x": x, "y": y,
            "cost": k.cost, "built": kind is not None}
    if kind is None:
        _blueprint(game, bid, info)
    elif k.describe is not None:
        k.describe(game, x, y, info)      # the piece's own facts, from the area that owns it
    return info


def _blueprint(game, bid, info):
    b = S.state_of(game).blueprints[bid]
    info.update(metal=int(b[3]), metal_needed=info["cost"], on_its_way=int(b[4]),
                work=int(b[5]), work_needed=furniture.BUILD_TICKS,
                waiting_for_metal=bid in furniture.wanting_metal(game)
                and S.metal_total(game) == 0,
                worker=int(b[6]) if _building(game, b) else -1,
                veins_marked=len([v for v in S.state_of(game).marked
                                  if tuple(v) in S.state_of(game).veins]))


def _building(game, b):
    e = game.entities.get(b[6])
    job = getattr(e, "job", None) if e is not None else None
    return job is not None and job[0] == "furn_build"
