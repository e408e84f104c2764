"""Minimal arrivals: commands that put entities on the map, and the caps on the bodies
commands and level files may put there.

`spawn` places one entity (scripts, tests, the debug console). `spawn_party` walks a few
adventurers in through a portal; the invasion rules will replace it with real parties.

The caps bound the work a file or a player can cause (every system walks the live bodies
each tick; docs/architecture.md, "Files from outside"): at most MAX_LIVE_BODIES bodies alive
on the map, at most MAX_BODIES_A_COMMAND from one command and MAX_BODIES_A_TICK from the
commands of one tick. The parsers check a file before anything is built or replayed
(`level_bodies` for a level's map, `crowded_tick` for a level's script and a save's
commands); a command over a cap is refused at run time by the same numbers (`room_for`, a
command guard). The rules' own arrivals (an invasion, a drifter, a trap's spiders) are
bounded by the rules and are not counted here.
"""
from pysim.core import commands, entities, terrain
from pysim.core.commands import command, need_int, need_str, need_tile

KINDS = {name: kind for kind, name in enumerate(entities.KIND_NAMES)}

# The full-scale level (pysim/core/levelgen.full_level) starts with 126 bodies and holds
# about 150 alive after 30 days; the scale bench plays 800 walkers at about 6 ms a tick
# compiled, 2,000 cost about 40 ms (make bench, scale_*). 1,000 is six times a full game.
MAX_LIVE_BODIES = 1000
MAX_BODIES_A_COMMAND = 12          # the largest party (spawn_party's members)
MAX_BODIES_A_TICK = 60             # five of the largest parties at one moment


def bodies(cmd):
    """The most bodies a command puts on the map when it is taken: a function of the
    command alone, so the parsers count a file's before any replay (0 for a command that
    adds none, or that its own check surely refuses)."""
    kind = cmd.get("type") if isinstance(cmd, dict) else None
    if kind == "spawn":
        return 1
    if kind == "spawn_party":
        members = cmd.get("members")
        if commands.need_int(cmd, "members", 1, MAX_BODIES_A_COMMAND) is None:
            return int(members)
    return 0


def taken_this_tick(game):
    """The bodies the commands taken at this tick put on the map (script and player)."""
    tick, count = game.command_bodies
    return count if tick == game.tick else 0


def room_for(game, cmd):
    """Why a command would put too many bodies on the map now, or None (a guard: it is
    asked before every command's own check, and changes nothing)."""
    n = bodies(cmd)
    if not n:
        return None
    if taken_this_tick(game) + n > MAX_BODIES_A_TICK:
        return ("At most %d bodies may arrive by command at one moment; wait a moment."
                % MAX_BODIES_A_TICK)
    alive = len(game.live())
    if alive + n > MAX_LIVE_BODIES:
        return ("The map holds %d living bodies; at most %d may be alive on it at once."
                % (alive, MAX_LIVE_BODIES))
    return None


commands.GUARDS.append(room_for)


def _took(game, n):
    game.command_bodies = (game.tick, taken_this_tick(game) + n)


def crowded_tick(timed):
    """For a file's commands [(tick, cmd, lineno)] in tick order: (lineno, reason) of the
    first one whose tick's commands put more than MAX_BODIES_A_TICK bodies on the map, or
    None. A save holds only commands that were taken, so a save of a real game passes."""
    tick, count = -1, 0
    for at, cmd, lineno in timed:
        if at != tick:
            tick, count = at, 0
        count += bodies(cmd)
        if count > MAX_BODIES_A_TICK:
            return (lineno, "the commands at tick %d put %d bodies on the map by here; at "
                    "most %d may arrive by command at one moment" % (tick, count,
                                                                     MAX_BODIES_A_TICK))
    return None


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
        _took(game, 1)
        game.spawn(KINDS[cmd["kind"]], cmd["x"], cmd["y"], subtype=subtype)


@command("spawn_party")
class SpawnParty:
    def check(game, cmd):
        reason = need_int(cmd, "members", 1, MAX_BODIES_A_COMMAND)
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
        _took(game, int(cmd["members"]))
        # party/faction/subtypes: the doors engineer's additions (route choice, breaching)
        subtypes = cmd.get("subtypes") if isinstance(cmd.get("subtypes"), list) else []
        for i in range(int(cmd["members"])):
            subtype = subtypes[i] if i < len(subtypes) and isinstance(subtypes[i], str) else ""
            ent = game.spawn(entities.ADVENTURER, px, py, subtype=subtype)
            ent.party = ids[0] if ids else ent.id
            ent.faction = cmd["faction"] if isinstance(cmd.get("faction"), str) else ""
            ids.append(ent.id)
        game.emit("party_arrived", members=ids, x=px, y=py)
