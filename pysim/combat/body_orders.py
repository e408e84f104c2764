"""What can be done with a body in each state it can be in (WAKE-01, AFTER-01; the table and
its decisions: docs/rules/combat.md, "Orders by body state").

A body's state is one of STATES: up, unable to fight (KO-01), asleep (a minion in its bed or
on the floor, pysim/economy/sleep.py), knocked out, bleeding (knocked out and bleeding),
captured, prisoner (captured and locked in a cell, pysim/adventurers/prisoners.py), carried
(by one of your minions) and dead. TABLE says, for each kind of body, which of the player's
orders (ORDERS) each state takes; every order's check asks `refusal`, so a refused order
says what the body is and which orders would work instead ("Aldric Crane is captured:
Carry, Heal, Imprison, Execute or Release would work."). A carried body takes the orders of
the state it is carried in, given to the minion carrying it.

The panel's order buttons are `orders_for(game, body)`: each order the body's state takes,
checked by the command's own check (pysim/core/commands.py check, the one check API) for the
minion pysim picks to do it, with the reason when it would be refused now (no prison cell
...). GDScript lays them out and sends them; it decides nothing.

Other rule areas refine a state (REFINE_HOOKS: captured in a cell is a prisoner, up and
asleep is asleep) and word their own states (WORDS).
"""
from pysim.combat import fighter as F
from pysim.core import commands as C, entities as E, hooks, names

# The player's orders that act on a body, in the order the panel and the reasons list them:
# (command type, label).
ORDERS = (("order_attack", "Attack"), ("carry", "Carry"), ("heal", "Heal"),
          ("capture", "Capture"), ("imprison", "Imprison"), ("kill", "Kill"),
          ("release", "Release"), ("scrap", "Scrap"), ("burn", "Burn"))
LABELS = dict(ORDERS)
# What the next click picks for each order (the Order tool): an enemy, a body, a body and
# then a tile.
NEEDS = {"order_attack": "target", "carry": "tile"}

UP = "up"
UNABLE = "unable"
ASLEEP = "asleep"
KNOCKED_OUT = "knocked_out"
BLEEDING = "bleeding"
CAPTURED = "captured"
PRISONER = "prisoner"
CARRIED = "carried"
DEAD = "dead"
STATES = (UP, UNABLE, ASLEEP, KNOCKED_OUT, BLEEDING, CAPTURED, PRISONER, CARRIED, DEAD)

# Kinds of body, as the table's columns: a creature is yours or wild.
MINION, ADVENTURER, CREATURE, WILD_CREATURE, BOSS = (
    "minion", "adventurer", "creature", "wild creature", "Boss")
KINDS = (MINION, ADVENTURER, CREATURE, WILD_CREATURE, BOSS)

_DOWN_ADVENTURER = ("carry", "heal", "capture", "imprison", "kill")
_DOWN_OURS = ("carry", "heal", "kill")
# kind -> state -> the orders it takes (ORDERS order). A state missing from a kind's row
# never happens to that kind (the Boss is always killed, only minions sleep, only adventurers
# are captured); CARRIED is the carried body's own state, for its carrier.
TABLE = {
    MINION: {UP: ("heal",), UNABLE: ("heal", "kill"), ASLEEP: ("heal",),
             KNOCKED_OUT: _DOWN_OURS, BLEEDING: _DOWN_OURS, DEAD: ("burn",)},
    ADVENTURER: {UP: ("order_attack",), UNABLE: ("capture", "imprison", "kill"),
                 KNOCKED_OUT: _DOWN_ADVENTURER, BLEEDING: _DOWN_ADVENTURER,
                 CAPTURED: ("carry", "heal", "imprison", "kill", "release"),
                 PRISONER: ("heal", "kill", "release"), DEAD: ("scrap",)},
    CREATURE: {UP: ("heal",), UNABLE: ("heal", "kill"), KNOCKED_OUT: _DOWN_OURS,
               BLEEDING: _DOWN_OURS, DEAD: ("burn",)},
    WILD_CREATURE: {UP: ("order_attack",), UNABLE: ("kill",), KNOCKED_OUT: _DOWN_OURS,
                    BLEEDING: _DOWN_OURS, DEAD: ("burn",)},
    BOSS: {UP: ("heal",), DEAD: ()},
}
# The label an order goes by in a state: killing a prisoner is an execution.
STATE_LABELS = {(CAPTURED, "kill"): "Execute", (PRISONER, "kill"): "Execute"}

# fn(game, e, state) -> a state (the same when it does not refine it), asked in order
REFINE_HOOKS = []
# state -> fn(game, e) -> (panel words, sentence predicate), for states other areas add
WORDS = {}


def add_refine_hook(fn):
    return hooks.add(REFINE_HOOKS, fn)


def kind_of(e):
    """The table's column for body e."""
    if e.kind == E.MINION:
        return MINION
    if e.kind == E.ADVENTURER:
        return ADVENTURER
    if e.kind == E.BOSS:
        return BOSS
    return CREATURE if e.side == E.DUNGEON else WILD_CREATURE


def _own_state(game, e):
    """The state of a body that is not carried."""
    f = F.fighter_of(e)
    if e.state == E.DEAD:
        s = DEAD
    elif f is not None and f.captured:
        s = CAPTURED
    elif e.state == E.KNOCKED_OUT:
        s = BLEEDING if f is not None and f.bleeding() else KNOCKED_OUT
    elif F.unable_to_fight(e):
        s = UNABLE
    else:
        s = UP
    for fn in REFINE_HOOKS:
        s = fn(game, e, s)
    return s


def carrier_of(game, e):
    """The minion carrying e, or None."""
    f = F.fighter_of(e)
    if f is None or f.carried_by < 0:
        return None
    return game.entities.get(f.carried_by)


def state_of(game, e):
    """(state, the state it is carried in or the same): STATES."""
    own = _own_state(game, e)
    if e.state != E.DEAD and carrier_of(game, e) is not None:
        return CARRIED, own
    return own, own


def allowed(e, state):
    """The orders body e takes in `state` (not CARRIED: the state it is carried in)."""
    return TABLE[kind_of(e)].get(state, ())


def label(state, order):
    return STATE_LABELS.get((state, order), LABELS[order])


# --- words ---------------------------------------------------------------------------------
def _own_words(game, e, state):
    """(panel words, sentence predicate) of a state."""
    if state in WORDS:
        return WORDS[state](game, e)
    f = F.fighter_of(e)
    bleeding = f is not None and f.bleeding() and e.state != E.DEAD
    if state == CAPTURED:
        return ("Captured, bleeding", "is captured and bleeding") if bleeding else \
            ("Captured", "is captured")
    return {UP: ("Up", "is up"), UNABLE: ("Unable to fight", "is unable to fight"),
            ASLEEP: ("Asleep", "is asleep"), KNOCKED_OUT: ("Knocked out", "is knocked out"),
            BLEEDING: ("Knocked out, bleeding", "is knocked out and bleeding"),
            DEAD: ("Dead", "is dead")}[state]


def words(game, e):
    """(state, panel words, sentence predicate): "Prisoner in the north cell", "is a
    prisoner in the north cell"; a carried body: "Captured, carried by Grubnose"."""
    state, own = state_of(game, e)
    text, phrase = _own_words(game, e, own)
    if state == CARRIED:
        who = names.title(carrier_of(game, e))
        text = "%s, carried by %s" % (text, who)
        phrase = "%s, carried by %s" % (phrase, who)
    return state, text, phrase


def _list(labels):
    if len(labels) <= 1:
        return "".join(labels)
    return "%s or %s" % (", ".join(labels[:-1]), labels[-1])


def cap(text):
    """text with a capital first letter."""
    return text[:1].upper() + text[1:]


# Why an order never fits a kind of body, said before what would work.
def _why(order, e):
    if order == "order_attack" and e.side == E.DUNGEON:
        return "That is not an enemy"
    if order in ("capture", "imprison", "release") and e.kind != E.ADVENTURER:
        return "Only adventurers are taken prisoner"
    if order == "scrap" and e.kind != E.ADVENTURER:
        return "Only dead adventurers are scrapped; a pyre burns the others"
    if order == "burn" and e.kind == E.ADVENTURER:
        return "A pyre never burns an adventurer"    # AFTER-01
    return None


def refusal(game, order, e, minion=None):
    """Why body e does not take `order` (from `minion`) in the state it is in, naming the
    orders that would work; None when its state takes it."""
    state, own = state_of(game, e)
    if state == CARRIED:
        carrier = carrier_of(game, e)
        if minion is None or carrier.id != minion.id:
            who, by = names.title(e), names.title(carrier)
            return "%s is carrying %s: give %s the order, or wait till %s is put down." % (
                cap(by), who, by, who)
    orders = allowed(e, own)
    if order in orders:
        return None
    labels = [label(own, o) for o in orders]
    why = _why(order, e)
    if why is None:
        _, _, phrase = words(game, e)
        why = "%s %s" % (cap(names.title(e)), phrase)
    if not labels:
        return "%s: no order works on %s now." % (why, names.title(e))
    return "%s: %s would work." % (why, _list(labels))


# --- the panel's buttons ---------------------------------------------------------------------
def _busy(m):
    f = m.fighter
    return f.task is not None or F.engaged(m)


def doer_for(game, e):
    """The minion pysim offers to do an order on body e: the one carrying it; else the
    nearest of your conscious minions with no task and no fight, else the nearest conscious
    one (Chebyshev tiles, then id); None when you have none."""
    carrier = carrier_of(game, e)
    if carrier is not None:
        return carrier
    best = None
    for m in game.live():
        if m.kind != E.MINION or m.side != E.DUNGEON or m.id == e.id or not F.conscious(m):
            continue
        key = (_busy(m), max(abs(m.x - e.x), abs(m.y - e.y)), m.id)
        if best is None or key < best[0]:
            best = (key, m)
    return None if best is None else best[1]


def order_command(order, minion_id, body):
    """The command giving `order` on `body` to minion `minion_id` (carry: to the body's own
    tile until the player picks one)."""
    if order == "order_attack":
        return {"type": order, "entity": minion_id, "target": body.id}
    cmd = {"type": order, "entity": minion_id, "body": body.id}
    if order == "carry":
        cmd["x"], cmd["y"] = body.x, body.y
    return cmd


def orders_for(game, e):
    """[{order, label, ok, reason, minion, needs, command}]: every order body e's state takes
    (not those it refuses), each asked of the command's own check for the minion `doer_for`
    picks; command is the command to send (needs "tile": the player still picks where, and
    the command's x, y are that tile: Carry)."""
    if F.fighter_of(e) is None:
        return []
    _, own = state_of(game, e)
    m = doer_for(game, e)
    out = []
    for order in allowed(e, own):
        cmd = order_command(order, -1 if m is None else m.id, e)
        reason = "You have no minion who could do it." if m is None else C.check(game, cmd)
        out.append({"order": order, "label": label(own, order), "ok": not reason,
                    "reason": reason or "", "minion": -1 if m is None else m.id,
                    "needs": "tile" if order == "carry" else "", "command": cmd})
    return out


def minion_orders(game, m):
    """[{order, label, ok, reason, needs}]: the orders one of your minions may be given (the
    Order tool then asks for the enemy or body: needs "target", "body" or "tile"); not ok,
    with the reason, while it cannot take any."""
    if m.kind != E.MINION or m.side != E.DUNGEON:
        return []
    reason = ""
    if not F.conscious(m):
        _, _, phrase = words(game, m)
        reason = "%s %s: it can take no order now." % (cap(names.title(m)), phrase)
    return [{"order": o, "label": lab, "ok": not reason, "reason": reason,
             "needs": NEEDS.get(o, "body")} for o, lab in ORDERS]


def describe_part(game, e, info):
    """condition (the state in words: "Captured", "Prisoner in the north cell"), body_state
    (STATES), orders (orders_for: what can be done with this body) and minion_orders (what
    this minion of yours can be ordered to do)."""
    if F.fighter_of(e) is None:
        return
    state, text, _ = words(game, e)
    info["body_state"] = state
    info["condition"] = text
    info["orders"] = orders_for(game, e)
    info["minion_orders"] = minion_orders(game, e)


def _register_front():
    from pysim.core import snapshot
    snapshot.describe_part(describe_part)


_register_front()
