"""The policy registry and the Keeper, a policy's seat at one game.

A policy is fn(keeper), registered by name with @policy. Every `every` ticks (before the
tick runs) the driver calls it: it reads the game through the keeper and sends commands
with keeper.send, which queues them like a player's click (Game.command: applied at the
start of the next tick, through the command's own check, logged for saves). A command the
check refuses is refused by the game, as a player's would be (a `refused` event with the
reason); nothing is forced. keeper.can(cmd) asks the same check beforehand without sending
(the "can I?" test a build tool's preview asks: pysim/core/commands.check), so a policy
looks for a place the way a player hovers the map.
"""
from pysim.core import commands, entities as E

POLICIES = {}
# A player looks at the dungeon and acts a few times a game minute at most: every 3 game
# minutes is quick enough to order a kill before a knocked-out adventurer wakes (hours) and
# to follow the miners, and keeps a policy's cost small beside the game's.
EVERY = 30


class Policy(object):
    def __init__(self, name, fn, every, help_text):
        self.name = name
        self.fn = fn
        self.every = int(every)
        self.help = help_text


def policy(name, every=EVERY, help=""):
    """Register fn(keeper) as the policy `name` (a later registration of the name replaces
    it), called every `every` ticks from tick 0."""
    if int(every) < 1:
        raise ValueError("a policy decides every 1 tick or more, not %r" % every)

    def register(fn):
        POLICIES[name] = Policy(name, fn, every, help or (fn.__doc__ or "").strip())
        return fn
    return register


def names():
    return sorted(POLICIES)


def get(name):
    """The policy registered as `name`; KeyError naming the known ones."""
    if name not in POLICIES:
        raise KeyError("unknown policy %r (known: %s)" % (name, ", ".join(sorted(POLICIES))))
    return POLICIES[name]


class Keeper(object):
    """One player's seat at one game. Not game state: it keeps no memory a policy decides
    by (a policy works out everything from the game each time, so a game loaded from a save
    goes on the same), only caches of what it worked out (`memo`, keyed by what they depend
    on) and the count of commands sent."""

    def __init__(self, game, policy_or_name):
        self.game = game
        self.policy = get(policy_or_name) if isinstance(policy_or_name, str) else policy_or_name
        self.sent = 0
        self.memo = {}

    # -- acting ------------------------------------------------------------------------
    def turn(self):
        """Let the policy decide if this tick is one of its turns (the driver calls this
        before each tick)."""
        if self.game.tick % self.policy.every == 0:
            self.policy.fn(self)

    def can(self, cmd):
        """Why the game would refuse `cmd` now, or None (the command's own check; changes
        nothing)."""
        return commands.check(self.game, cmd)

    def send(self, cmd):
        """Queue `cmd` for the next tick, as a player's click; the game checks it then."""
        self.game.command(cmd)
        self.sent += 1

    # -- reading: the player's own side ------------------------------------------------------
    def minions(self):
        """The player's minions that are not dead, in id order."""
        return [e for e in self.game.live()
                if e.kind == E.MINION and e.side == E.DUNGEON and e.state != E.DEAD]

    @property
    def economy(self):
        return self.game.areas["economy"]

    @property
    def traps(self):
        return self.game.areas["traps"]

    # -- reading: what the player's side sees ----------------------------------------------
    def sees(self, x, y):
        """Does the player's side see the tile now (the fog's seen-now layer; every tile when
        the level has no fog)?"""
        from pysim.invasions import fog
        if not fog.fog_on(self.game):
            return True
        return bool(fog.view_of(self.game).visible[int(y), int(x)])

    def enemies_seen(self):
        """Bodies of other sides (adventurers, wild creatures) that are not dead and stand on
        a tile the player's side sees now, in id order: the one way a policy learns of
        enemies."""
        return [e for e in self.game.live()
                if e.side != E.DUNGEON and e.state != E.DEAD and self.sees(e.x, e.y)]
