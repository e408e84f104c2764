"""The build tool's catalog: every buildable with its cost and a one-line description
(Session.catalog). The command each entry sends is `command` with x, y added; when that is
refused and `undo` (also with x, y) would be taken, the tool offers the undo instead,
named `undo_label` (a marked vein unmarked, a planned piece cancelled)."""
from pysim.economy import furniture

TILE_TOOLS = [
    {"kind": "dig", "label": "Dig", "cost": 0, "command": {"type": "dig"},
     "undo": {"type": "cancel_dig"}, "undo_label": "Take the mark back",
     "description": "Mark rock or a wall for digging: Drudgery minions dig it out into "
                    "floor of your domain. Click a marked tile to take the mark back."},
    {"kind": "mine", "label": "Mine vein", "cost": 0, "command": {"type": "mine"},
     "undo": {"type": "stop_mine"}, "undo_label": "Stop mining",
     "description": "Mark a metal vein: Drudgery minions mine it into a pile beside it. "
                    "Click a marked vein to stop."},
    {"kind": "wall", "label": "Wall", "cost": 0, "command": {"type": "build_wall"},
     "description": "Close a floor tile (never the last walking path to the sanctum)."},
]


def catalog():
    out = []
    for t in TILE_TOOLS:
        item = dict(t, command=dict(t["command"]))
        if "undo" in t:
            item["undo"] = dict(t["undo"])
        out.append(item)
    for item in furniture.catalog():
        item["command"] = {"type": "build_furniture", "kind": item["kind"]}
        item["undo"] = {"type": "cancel_furniture"}
        item["undo_label"] = "Cancel the plan"
        item["description"] += " Click a planned piece to cancel it."
        out.append(item)
    return out
