"""The built-in keeper policies (docs: README "Keeper policies"; reading.py works out the
places). Each turn a policy goes through its chores in order; a chore sends what it can
(every command asked with keeper.can first, as a build tool's preview does) and a project
that waits for metal holds the projects after it back, the way a player saves up.

passive   does nothing: the level as it plays by itself.
trapper   keeps a minion on Traps and one on Drudgery, and the Traps-duty crew out of
          fights (Flee), marks every vein it can reach and digs a tunnel to the next vein it
          cannot, and lays traps (a trigger with its mechanism beside it, wired; the kinds
          of TRAPS mixed along each way, reading.mixed_kinds) on the corridors of the ways
          from the portals to the sanctum: one on each way first, as far out as it can, then
          more, then on the paths parties walk across the rooms (reading.trap_sites), each
          once the metal for it lies in the piles.
defender  the trapper's chores, and it orders a minion to kill each knocked-out adventurer
          it sees and one to heal each of its own with a Minor wound while no enemy able
          to fight is in sight; after one trap on each way in it builds a bed for every
          minion, a treasury deep behind the traps and a guardpost where the ways meet,
          then the trapper's other traps.
"""
from pysim.combat import fighter as F, stance as ST, wounds as W
from pysim.core import duties, entities as E
from pysim.economy import furniture
from pysim.keepers import reading as R
from pysim.keepers.registry import policy
from pysim.traps import trap_parts as tp
from pysim.traps.trap_state import trap_parts_of

# The traps by turns: (trigger, mechanism wired to it). The design's advice: "Mix
# tripwires, pressure plates and sensors, and mix your mechanisms too": an adventurer who
# learns from a triggered trap spots that trigger kind and blocks that mechanism kind
# better, so each trap of a party's way is a kind it has not learned yet. The spider trap
# leads: its two spiders fight the party at the trap (each firing), where the others only
# wound; measured in the README's "Keeper policies".
TRAPS = ((tp.PRESSURE_PLATE, tp.SPIDER_TRAP),
         (tp.TRIPWIRE, tp.SPINNING_BLADES),
         (tp.SENSOR, tp.ELECTRIC_COIL))

# What a project step says: it sent a command or waits for metal (the projects after it
# wait too), or it has nothing left to do.
BUSY = True
DONE = False


@policy("passive", help="does nothing: the level as it plays by itself")
def passive(keeper):
    return None


@policy("trapper", help="mines, lays wired traps on the ways in, keeps Traps duty staffed")
def trapper(keeper):
    staff_duties(keeper)
    keep_the_crew_out_of_fights(keeper)
    mine_and_dig(keeper)
    lay_traps(keeper)


@policy("defender", help="the trapper's chores, and beds, a treasury, a guardpost, and kill"
                         " orders for the knocked-out adventurers it sees")
def defender(keeper):
    staff_duties(keeper)
    keep_the_crew_out_of_fights(keeper)
    kill_the_fallen(keeper)
    heal_the_wounded(keeper)
    mine_and_dig(keeper)
    if lay_traps(keeper, limit=len(R.routes(keeper))) is BUSY:
        return
    if furnish(keeper) is BUSY:
        return
    lay_traps(keeper)


# -- chores --------------------------------------------------------------------------------

def staff_duties(keeper):
    """At least one minion on Traps duty and one on Drudgery while two or more live: a
    duty left empty is given the minion with no duty first, else the last (highest id) of
    the duty that has more than one."""
    living = keeper.minions()
    if len(living) < 2:
        return
    on = {d: [e for e in living if duties.duty_of(e) == d] for d in duties.DUTIES}
    for want, other in ((duties.TRAPS, duties.DRUDGERY), (duties.DRUDGERY, duties.TRAPS)):
        if on[want]:
            continue
        if on[duties.NONE]:
            who = on[duties.NONE].pop(0)
        elif len(on[other]) > 1:
            who = on[other].pop()
        else:
            continue
        _send_if_allowed(keeper, {"type": "set_duty", "entity": who.id, "duty": want})
        on[want].append(who)


# The Traps-duty crew keeps out of fights (STANCE-01's Flee: it runs from every enemy it
# knows of, and goes back to its resets when none is known): a crew member lost in a fight
# leaves the traps unreset and the parts expiring. A minion taken off Traps duty fights again.
CREW_STANCE = ST.FLEE
FIGHTER_STANCE = ST.BALANCED


def keep_the_crew_out_of_fights(keeper):
    """Flee for every minion on Traps duty; Balanced again for a Flee minion on another
    duty."""
    for m in keeper.minions():
        if duties.duty_of(m) == duties.TRAPS:
            want = CREW_STANCE
        elif m.fighter.stance == CREW_STANCE:
            want = FIGHTER_STANCE
        else:
            continue
        if m.fighter.stance != want:
            _send_if_allowed(keeper, {"type": "set_stance", "entity": m.id,
                                      "stance": ST.NAMES[want]})


def mine_and_dig(keeper):
    """Mark every vein a minion can stand beside; with no tunnel being dug, mark the
    tunnel to the nearest vein nobody can reach yet."""
    econ = keeper.economy
    for (x, y) in sorted(econ.veins):
        if [x, y] not in econ.marked:
            _send_if_allowed(keeper, {"type": "mine", "x": x, "y": y})
    if econ.digs:
        return
    for (x, y) in R.tunnel_to_a_vein(keeper):
        _send_if_allowed(keeper, {"type": "dig", "x": x, "y": y})


def lay_traps(keeper, limit=None):
    """The next step of the first trap site not finished (trigger, mechanism, wire: one
    command a turn); a site is begun only when the piles hold the metal for both parts.
    BUSY while a step was sent or the metal is awaited; DONE when the first `limit` sites
    (all by default) are wired."""
    st = keeper.traps
    sites = R.trap_sites(keeper)
    for (trig, mech), (trigger, kind) in list(zip(sites, R.mixed_kinds(keeper, TRAPS)))[:limit]:
        t = st.part_at(*trig)
        m = st.part_at(*mech)
        if t is None:
            if m is not None:
                continue                    # a part of something else stands there
            if R.metal_to_spare(keeper.game) < tp.METAL[trigger] + tp.METAL[kind]:
                return BUSY
            if _send_if_allowed(keeper, {"type": "place_part", "kind": trigger,
                                         "x": trig[0], "y": trig[1]}):
                return BUSY
            continue
        if not tp.is_trigger(t.kind):
            continue
        if m is None:
            if _send_if_allowed(keeper, {"type": "place_part", "kind": kind,
                                         "x": mech[0], "y": mech[1]}):
                return BUSY
            continue
        if m in trap_parts_of(keeper.game, t):
            continue
        if _send_if_allowed(keeper, {"type": "wire", "path": [list(trig), list(mech)]}):
            return BUSY
    return DONE


# A minion sent to a fallen adventurer does not fight on its way (pysim/combat/afterwards.py):
# it is sent only when no enemy that can fight is seen this near the body.
SAFE_TILES = 8


def kill_the_fallen(keeper):
    """Each knocked-out (or unable to fight) adventurer the keeper sees, that no minion is
    already sent to and with no enemy able to fight seen within SAFE_TILES of it, gets the
    nearest free minion's kill order."""
    free, sent_to = _free_minions(keeper)
    seen = keeper.enemies_seen()
    fighting = [e for e in seen if F.can_fight(e)]
    for body in seen:
        if body.kind != E.ADVENTURER or body.id in sent_to or body.fighter.captured:
            continue
        if body.state != E.KNOCKED_OUT and not F.unable_to_fight(body):
            continue
        if any(max(abs(e.x - body.x), abs(e.y - body.y)) <= SAFE_TILES for e in fighting):
            continue
        _order_nearest(keeper, free, "kill", body)


def heal_the_wounded(keeper):
    """With no enemy able to fight in sight (one lying knocked out does not count), each of
    the keeper's own (the Boss, minions, creatures) that bleeds or has a Minor wound (what
    healing clears), and that no minion is sent to yet, gets the nearest free minion's heal
    order."""
    if any(F.can_fight(e) for e in keeper.enemies_seen()):
        return
    free, sent_to = _free_minions(keeper)
    for body in keeper.game.live():
        f = body.fighter
        if body.side != E.DUNGEON or body.state == E.DEAD or f is None or body.id in sent_to:
            continue
        if f.bleeding() or any(w.level == W.MINOR for w in f.wounds):
            _order_nearest(keeper, [m for m in free if m.id != body.id], "heal", body, free)


def _free_minions(keeper):
    """([conscious minions with no order in hand], {ids of the bodies minions are sent to})."""
    minions = keeper.minions()
    free = [e for e in minions if F.conscious(e) and e.fighter.task is None]
    return free, set(e.fighter.task[1] for e in minions if e.fighter.task is not None)


def _order_nearest(keeper, minions, kind, body, free=None):
    """The nearest of `minions` (Chebyshev, then id) that the order's check allows gets it;
    it leaves `free` (default: `minions`)."""
    free = minions if free is None else free
    for m in sorted(minions, key=lambda e: (max(abs(e.x - body.x), abs(e.y - body.y)), e.id)):
        if _send_if_allowed(keeper, {"type": kind, "entity": m.id, "body": body.id}):
            free.remove(m)
            return


def furnish(keeper):
    """Beds for every minion, then a treasury, then a guardpost (one blueprint a turn,
    each once the metal lies in the piles). BUSY while one was placed or awaits metal."""
    game = keeper.game
    after = game.areas["afterwards"]
    beds = len(after.beds) + _planned(keeper, "bed")
    if beds < len(keeper.minions()):
        near = [(b[0], b[1]) for b in after.beds] or [(e.x, e.y) for e in keeper.minions()[:1]]
        return _build(keeper, "bed", R.room_tiles_from(keeper, near))
    for kind, where in (("treasury", R.deepest_tiles), ("guardpost", _by_the_meeting)):
        if not furniture.KINDS[kind].exists(game) and not _planned(keeper, kind):
            return _build(keeper, kind, where(keeper))
    return DONE


def _by_the_meeting(keeper):
    tile = R.meeting_tile(keeper)
    return [] if tile is None else R.room_tiles_from(keeper, [tile])


def _planned(keeper, kind):
    bps = keeper.economy.blueprints
    return sum(1 for bid in sorted(bps) if bps[bid][0] == kind)


def _build(keeper, kind, tiles):
    if R.metal_to_spare(keeper.game) < furniture.KINDS[kind].cost:
        return BUSY
    for (x, y) in tiles:
        if _send_if_allowed(keeper, {"type": "build_furniture", "kind": kind, "x": x, "y": y}):
            return BUSY
    return DONE


def _send_if_allowed(keeper, cmd):
    """Send `cmd` if the game's check allows it now; True when sent."""
    if keeper.can(cmd) is not None:
        return False
    keeper.send(cmd)
    return True
