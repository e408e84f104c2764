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
from pysim.core import entities as E
from pysim.economy import econ_state as S
from pysim.economy import furniture


def describe(game, x, y):
    x, y = int(x), int(y)
    if not game.grid.in_bounds(x, y):
        return {}
    bid = furniture.blueprint_at(game, x, y)
    kind = _built_kind(game, x, y)
    if kind is None and bid is None:
        return {}
    name = kind if kind is not None else S.state_of(game).blueprints[bid][0]
    k = furniture.KINDS[name]
    info = {"kind": name, "label": k.label, "description": k.description, "x": x, "y": y,
            "cost": k.cost, "built": kind is not None}
    if kind is None:
        _blueprint(game, bid, info)
    else:
        BUILT.get(name, _nothing)(game, x, y, info)
    return info


def _built_kind(game, x, y):
    for name in furniture.KIND_ORDER:
        if (x, y) in furniture.KINDS[name].exists(game):
            return name
    return None


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


def _nothing(game, x, y, info):
    pass


def _bed(game, x, y, info):
    owner = -1
    for b in game.areas["afterwards"].beds:
        if (b[0], b[1]) == (x, y):
            owner = int(b[2])
    alive = owner in game.entities and game.entities[owner].state != E.DEAD
    info["owner"] = owner if alive else -1


def _cell(game, x, y, info):
    from pysim.adventurers import prisoners
    held = [e.id for e in prisoners.prisoners(game)
            if (e.x, e.y) == (x, y) and prisoners.in_cell(game, e)]
    info["prisoner"] = held[0] if held else -1


def _guardpost(game, x, y, info):
    from pysim.invasions import watch
    post = [p for p in watch.area(game).posts if (p[0], p[1]) == (x, y)][0]
    lit = watch.lit(game, post)
    worker = game.entities.get(post[3]) if post[3] >= 0 else None
    lighting = worker is not None and getattr(worker, "job", None) is not None \
        and worker.job[0] == "light_torch"
    info.update(lit=bool(lit), lit_for=int(post[2] - game.tick) if lit else 0,
                worker=int(post[3]) if lighting else -1)


def _pool(game, x, y, info):
    from pysim.invasions import watch
    info.update(charges=int(watch.area(game).charges), max_charges=watch.MAX_CHARGES,
                charge_hours=watch.CHARGE_HOURS)


def _altar(game, x, y, info):
    from pysim.adventurers import altars
    a = [a for a in altars.state_of(game).altars if (a[0], a[1]) == (x, y)][0]
    info.update(hits_left=int(a[2]), hits=altars.ALTAR_HITS)


BUILT = {"bed": _bed, "cell": _cell, "guardpost": _guardpost, "scrying_pool": _pool,
         "altar": _altar}
