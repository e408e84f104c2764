"""The economy's saved state (area "economy") and the metal-stock helpers every economy
module shares. Metal itself lies in the traps' stock piles (TrapState.stock): mining adds
to them, hauling (to trap parts, padlocks, furniture) takes from them."""
from pysim.core import duties, entities
from pysim.core.game import register_area


class EconomyState(object):
    def __init__(self, game):
        self.veins = {}        # (x, y) -> metal left in that rock tile
        self.marked = []       # [x, y] veins the player marked for mining, in marking order
        self.miners = {}       # (x, y) -> id of the minion mining it (claimed)
        self.waited = []       # ids of trap blueprints already said to wait for metal
        # furniture blueprints: id -> [kind, x, y, metal on site, haulers, work, worker]
        self.blueprints = {}
        self.next_blueprint = 1
        self.waited_furniture = []   # blueprint ids already said to wait for metal
        self.waited_padlocks = []    # door ids whose padlock blueprint said so
        # DIG-01..04 (dig_jobs.py): [x, y, ticks dug] marks in marking order; who digs each
        self.digs = []
        self.diggers = {}            # (x, y) -> id of the minion digging it (claimed)
        self.waited_digs = []        # [x, y] marks already said to wait (nobody can reach)
        # SLEEP-01..05 (sleep.py): minion id -> [slot, tick it joined, last night slept]
        self.sleepers = {}
        self.next_slot = 0
        # TREAS-01..03 (treasury.py): (x, y) of loose piles a minion is carrying in
        self.treasure_haulers = {}
        self.treasuries = []         # [x, y] built treasuries, in building order
        self.version = 0

    def changed(self):
        self.version += 1

    def hash_state(self):
        return (self.veins, self.marked, self.miners, self.waited, self.blueprints,
                self.next_blueprint, self.waited_furniture, self.waited_padlocks, self.digs,
                self.diggers, self.waited_digs, self.sleepers, self.next_slot,
                self.treasure_haulers, self.treasuries)


register_area("economy", EconomyState)


def state_of(game):
    return game.areas["economy"]


def stock(game):
    return game.areas["traps"].stock


def metal_total(game):
    """All the metal lying in stock piles (what the top bar counts)."""
    return sum(n for n in stock(game).values() if n > 0)


def claimed(game, claims, t, kind):
    """True while the minion `claims[t]` is up and holds a `kind` job on tile t (job[4],
    job[5]: the economy's jobs keep the tile they claim there)."""
    e = game.entities.get(claims.get(t, -1))
    if e is None or e.state != entities.UP:
        return False
    job = getattr(e, "job", None)
    return job is not None and job[0] == kind and (job[4], job[5]) == t


def free_nearest_first(game, e, tiles, claims, kind):
    """The (x, y) of `tiles` no minion holds a `kind` job on, nearest to e first (octile,
    then row, then column)."""
    return [(x, y) for _, y, x in sorted((duties.octile(e.x, e.y, x, y), y, x)
                                         for x, y in tiles
                                         if not claimed(game, claims, (x, y), kind))]


def let_go(st, claims, e):
    """e gives its job's tile (job[4], job[5]) back to the others (a job released)."""
    t = (e.job[4], e.job[5])
    if claims.get(t) == e.id:
        del claims[t]
        st.changed()
