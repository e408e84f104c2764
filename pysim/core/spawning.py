"""Minimal arrivals: commands that put entities on the map.

`spawn` places one entity (scripts, tests, the debug console). `spawn_party` walks a few
adventurers in through a portal; the invasion rules will replace it with real parties.
"""
from pysim.core import entities, terrain
from pysim.core.commands import command, need_int, need_str, need_tile

KINDS = {name: kind for kind, name in enumerate(entities.KIND_NAMES)}


@command("spawn")
class Spawn:
    def check(game, cmd):
        reason = need_str(cmd, "kind", sorted(KINDS)) or need_tile(game, cmd)
        if reason:
            return reason
        if game.grid.walk_cost()[int(cmd["y"]), int(cmd["x"])] <= 0:
            return "Nothing can stand on that tile."
        return None

    def apply(game, cmd):
        # The subtype before the spawn hooks run: combat builds the stat block from it.
        subtype = cmd["subtype"] if isinstance(cmd.get("subtype"), str) else ""
        game.spawn(KINDS[cmd["kind"]], cmd["x"], cmd["y"], subtype=subtype)


@command("spawn_party")
class SpawnParty:
    def check(game, cmd):
        reason = need_int(cmd, "members", 1, 12)
        if reason:
            return reason
        portals = game.grid.tiles_of(terrain.PORTAL)
        if not portals:
            return "The map has no portal for a party to come through."
        if "portal" in cmd:
            reason = need_int(cmd, "portal", 0, len(portals) - 1)
            if reason:
                return reason
        return None

    def apply(game, cmd):
        portals = game.grid.tiles_of(terrain.PORTAL)
        px, py = portals[int(cmd.get("portal", 0))]
        ids = []
        # party/faction/subtypes: the doors engineer's additions (route choice, breaching)
        subtypes = cmd.get("subtypes") if isinstance(cmd.get("subtypes"), list) else []
        for i in range(int(cmd["members"])):
            subtype = subtypes[i] if i < len(subtypes) and isinstance(subtypes[i], str) else ""
            ent = game.spawn(entities.ADVENTURER, px, py, subtype=subtype)
            ent.party = ids[0] if ids else ent.id
            ent.faction = cmd["faction"] if isinstance(cmd.get("faction"), str) else ""
            ids.append(ent.id)
        game.emit("party_arrived", members=ids, x=px, y=py)
