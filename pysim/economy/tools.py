"""The build tool's catalog: every buildable with its cost and a one-line description
(Session.catalog). The command each entry sends is `command` with x, y added."""
from pysim.economy import furniture

TILE_TOOLS = [
    {"kind": "dig", "label": "Dig", "cost": 0, "command": {"type": "dig"},
     "description": "Cut rock or a wall into floor of your domain."},
    {"kind": "mine", "label": "Mine vein", "cost": 0, "command": {"type": "mine"},
     "description": "Mark a metal vein: Drudgery minions mine it into a pile beside it."},
    {"kind": "wall", "label": "Wall", "cost": 0, "command": {"type": "build_wall"},
     "description": "Close a floor tile (never the last walking path to the sanctum)."},
]


def catalog():
    out = [dict(t, command=dict(t["command"])) for t in TILE_TOOLS]
    for item in furniture.catalog():
        item["command"] = {"type": "build_furniture", "kind": item["kind"]}
        out.append(item)
    return out
