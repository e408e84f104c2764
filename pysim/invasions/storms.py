"""The Rite of Storms (INV-05): a player command that stops invasions for STORM_HOURS game
hours, paid with STORM_COST treasure taken from the dungeon's piles (largest pile first,
then row, column). Refused when invasions are off, while a storm already rages, or without
the treasure. The invasion limit still counts down meanwhile (pysim/invasions/scheduler).
"""
from pysim.adventurers import treasure
from pysim.core import clock
from pysim.core.commands import command
from pysim.invasions.invasion_state import state_of, storming

STORM_HOURS = 12
STORM_COST = 2


def _pay(game, amount):
    st = treasure.state_of(game)
    while amount > 0:
        (x, y), n = sorted(st.piles.items(), key=lambda kv: (-kv[1], kv[0][1], kv[0][0]))[0]
        take = min(n, amount)
        amount -= take
        if take == n:
            del st.piles[(x, y)]
        else:
            st.piles[(x, y)] = n - take


@command("rite_of_storms")
class RiteOfStorms:
    def check(game, cmd):
        st = state_of(game)
        if st is None:
            return "No adventurers come to this dungeon: there is nothing to hold off."
        if storming(game, st):
            return "A Rite of Storms already rages."
        if treasure.total_on_floor(game) < STORM_COST:
            return "The Rite of Storms costs %d treasure." % STORM_COST
        return None

    def apply(game, cmd):
        st = state_of(game)
        _pay(game, STORM_COST)
        st.storm_until = game.tick + STORM_HOURS * clock.TICKS_PER_HOUR
        game.emit("rite_of_storms", hours=STORM_HOURS, cost=STORM_COST,
                  until=st.storm_until)
