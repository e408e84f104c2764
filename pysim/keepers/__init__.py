"""Keeper policies: the keeper's side of a game played headless by small registered
functions that send the game's own commands, as a player would
(python -m pysim run LEVEL --policy NAME, python -m pysim sweep LEVEL ... --policy NAME).

    from pysim.keepers.registry import policy

    @policy("miner", help="marks every vein it can reach")
    def miner(keeper):
        for (x, y) in sorted(keeper.economy.veins):
            cmd = {"type": "mine", "x": x, "y": y}
            if keeper.can(cmd) is None:
                keeper.send(cmd)

Not a rule package (pysim/core/game.py RULE_PACKAGES leaves it out) and not compiled (see
setup.py): it sits above the rules like a player at the keyboard. It imports rule modules
to read the game; no rule module imports it, only the runner (pysim/__main__.py) and the
sweep (pysim/sweep/play.py).

  registry.py  the policy registry (@policy) and the Keeper: one player's seat at one game,
               what a policy may read, the commands it sends
  driving.py   a game played headless to its end, a keeper deciding between the ticks
  reading.py   what the keeper's policies work out from what they read: the ways from the
               portals to the sanctum, the corridors on them, sites for traps and furniture,
               tunnels to veins
  policies.py  the built-in policies: passive, trapper, defender

What a policy may read (decided): the player's own dungeon, everything of theirs on it
(the map, the domain, the veins, their minions and their jobs, trap parts, wires, doors,
furniture, the metal in the piles), the invasion indicator's state, and enemies only where
the player's side sees them now (the fog's seen-now tiles, pysim/invasions/fog.py; every
tile when the level has no fog). Keeper.enemies_seen() is the one way a policy learns of
enemies. A policy is deterministic: it uses no randomness (not even the game's streams: a
draw would change the game) and walks dicts and sets in sorted order, so the same seed gives
the same commands and the same state hash.
"""

# The built-in policies register themselves when the package is first imported (whoever
# imports pysim.keepers.registry loads this first), so the registry never imports them back.
from pysim.keepers import policies  # noqa: E402,F401
