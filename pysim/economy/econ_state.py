"""The economy's saved state (area "economy") and the metal-stock helpers every economy
module shares. Metal itself lies in the traps' stock piles (TrapState.stock): mining adds
to them, hauling and furniture take from them."""
from pysim.core.game import register_area


class EconomyState(object):
    def __init__(self, game):
        self.veins = {}        # (x, y) -> metal left in that rock tile
        self.marked = []       # [x, y] veins the player marked for mining, in marking order
        self.miners = {}       # (x, y) -> id of the minion mining it (claimed)
        self.waited = []       # ids of trap blueprints already said to wait for metal
        self.version = 0

    def changed(self):
        self.version += 1

    def hash_state(self):
        return (self.veins, self.marked, self.miners, self.waited)


register_area("economy", EconomyState)


def state_of(game):
    return game.areas["economy"]


def stock(game):
    return game.areas["traps"].stock


def metal_total(game):
    """All the metal lying in stock piles (what the top bar counts)."""
    return sum(n for n in stock(game).values() if n > 0)


def take_metal(game, n, near):
    """Take n metal from the piles, nearest to `near` (x, y) first (ties: y, then x).
    Returns False (and takes nothing) when the piles hold less than n."""
    if metal_total(game) < n:
        return False
    st = stock(game)
    x, y = near
    order = sorted((t for t, m in st.items() if m > 0),
                   key=lambda t: (max(abs(t[0] - x), abs(t[1] - y)), t[1], t[0]))
    for t in order:
        if n <= 0:
            break
        k = min(n, st[t])
        st[t] -= k
        n -= k
    game.areas["traps"].changed()
    return True
