"""The combat system: each tick every conscious fighter looks, picks a target, follows its
stance and attacks when its weapon is ready (REACH-01..03, CROWD-01..02, STANCE-01).

An attack is one opposed roll (pysim/core/dice.py): the attacker's Battle against the
defender's Block (+ armour's block bonus). Success lands a wound whose level comes from the
margin plus the weapon's damage (wounds.level_from_margin) at a rolled body location; a
botch makes the attacker stumble (its next attack comes a full weapon cycle later); a
failure is a miss. Ranged attacks need range and a clear line of fire; each body standing
on the line, nearest first, takes the shot instead with STRAY_PCT percent (REACH-03).

All rolls come from game.rng.stream("combat"), fighters act in id order.

Events: noticed, attack, shot, wound, knockout, death, noise, stance_changed, woke,
bled_out, bleeding_stopped (see docs/rules/combat.md for their fields).
"""
import cython

from pysim.combat import (awareness as A, crowding, fighter as F, sight, stance as ST, stats as S,
                          waking, wounds as W)
from pysim.combat.sight import line_of_sight
from pysim.core import commands as C, dice, entities as E, movement, reachability, systems
from pysim.core.entities import Entity
from pysim.core.game import register_area

STRAY_PCT = 25
NEAR_TILES = 5          # "near" for the stance's counts of allies and enemies
SHOT_MEMORY_TICKS = 5   # shots kept for the snapshot
TRACK_TILES = 2         # a target this close (Chebyshev) is followed even out of sight


class CombatState(object):
    def __init__(self, game):
        self.shots = []      # (tick, shooter, hit id, x0, y0, x1, y1)
        self.fights = 0      # attacks made so far

    def hash_state(self):
        return (self.shots, self.fights)


register_area("combat", CombatState)


def state(game):
    return game.areas["combat"]


# --- helpers ----------------------------------------------------------------------------------
def attack_total(e):
    return F.stat(e, "battle")


def defence_total(e):
    f = e.fighter
    return f.stat("block") + S.ARMOUR_BLOCK_BONUS[f.stats.armour]


def _small(e):
    return e.fighter.stats.has(S.SMALL)


def _walkable_fn(game):
    cost = game.grid.walk_cost()
    h = game.grid.height
    w = game.grid.width

    def walkable(x, y):
        return 0 <= x < w and 0 <= y < h and cost[y, x] > 0
    return walkable


@cython.cfunc
def _cheb(ax: cython.int, ay: cython.int, bx: cython.int, by: cython.int) -> cython.int:
    dx: cython.int = ax - bx
    dy: cython.int = ay - by
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


@cython.cfunc
def _d2(ax: cython.int, ay: cython.int, bx: cython.int, by: cython.int) -> cython.int:
    dx: cython.int = ax - bx
    dy: cython.int = ay - by
    return dx * dx + dy * dy


def _hold(e):
    """Keep the default brains off a body combat is steering."""
    if e.idle < 2:
        e.idle = 2


def _place(t: Entity):
    """The tile a body holds in a fight: the one it stands on, or is stepping into."""
    if t.step_len:
        return t.nx, t.ny
    return t.x, t.y


def _track(e: Entity, t: Entity, tx: cython.int, ty: cython.int, blocked) -> cython.bint:
    """Does e keep its target in view (AWARE-01 range and sight) or within TRACK_TILES?"""
    if _cheb(e.x, e.y, tx, ty) <= TRACK_TILES:
        return True
    r: cython.int = A.notice_range(e)
    if _d2(e.x, e.y, tx, ty) > r * r:
        return False
    return line_of_sight(blocked, e.x, e.y, tx, ty)


def _walk_to(game, e, x, y):
    if e.fighter.rooted:
        movement.stop(e)
        return False
    if e.path is not None and e.goal_x == x and e.goal_y == y:
        return True
    if e.step_len == 0 and e.x == x and e.y == y:
        movement.stop(e)
        return True
    return movement.go_to(game, e, x, y)


# --- knocked out, killed ----------------------------------------------------------------------
def _drop_carried(game, e):
    f = e.fighter
    if f.carrying >= 0:
        body = game.entities.get(f.carrying)
        if body is not None:
            body.fighter.carried_by = -1
            body.x, body.y = e.x, e.y
            body.nx, body.ny = e.x, e.y
            body.step_len = 0
            body.step_t = 0
        f.carrying = -1
    f.task = None


def _fall(e, state):
    """e goes down where it stands (knocked out or dead): no step, no fight, no knowledge."""
    f = e.fighter
    e.state = state
    movement.stop(e)
    e.step_len = 0
    e.step_t = 0
    f.action = ST.IDLE
    f.target = -1
    f.known.clear()
    return f


def knock_out(game, e, by=-1):
    f = _fall(e, E.KNOCKED_OUT)
    f.ordered_target = -1
    f.down_tick = game.tick
    _drop_carried(game, e)
    waking.schedule(game.rng.stream("combat"), f, game.tick)
    game.emit("knockout", entity=e.id, x=e.x, y=e.y, by=int(by),
              bleeding=f.bleeding(), wake_tick=f.wake_tick)


def kill(game, e, by=-1, cause="wound"):
    f = _fall(e, E.DEAD)
    f.wake_tick = waking.NO_WAKE
    _drop_carried(game, e)
    if f.carried_by >= 0:
        carrier = game.entities.get(f.carried_by)
        if carrier is not None:
            carrier.fighter.carrying = -1
            carrier.fighter.task = None
        f.carried_by = -1
    killer = game.entities.get(int(by))
    if killer is not None and F.fighter_of(killer) is not None:
        killer.fighter.kills += 1
    game.emit("death", entity=e.id, x=e.x, y=e.y, by=int(by), cause=cause)
    A.make_noise(game, e.x, e.y, "death")   # AWARE-03


# --- one attack -------------------------------------------------------------------------------
def resolve_attack(game, a, t, occ=None):
    """a attacks t now (reach already checked). Returns the entity actually attacked."""
    fa = a.fighter
    weapon = fa.stats.weapon
    rng = game.rng.stream("combat")
    cs = state(game)
    cs.fights += 1
    fa.next_attack = game.tick + weapon.attack_ticks
    victim = t
    if weapon.ranged and _cheb(a.x, a.y, t.x, t.y) > 1:
        # REACH-03: bodies in the way may take the shot (one draw per body, nearest first)
        for (x, y) in sight.fire_tiles(a.x, a.y, t.x, t.y):
            for oid in _bodies_at(game, occ, x, y):
                if oid == a.id or oid == t.id:
                    continue
                if W.roll_pct(rng, STRAY_PCT):
                    victim = game.entities[oid]
                    break
            if victim is not t:
                break
        cs.shots.append((game.tick, a.id, victim.id, a.x, a.y, victim.x, victim.y))
        game.emit("shot", attacker=a.id, target=t.id, hit=victim.id, x0=a.x, y0=a.y,
                  x1=victim.x, y1=victim.y)
    outcome, margin = dice.opposed_roll(rng, attack_total(a), defence_total(victim))
    name = "hit" if outcome == dice.SUCCESS else ("botch" if outcome == dice.BOTCH else "miss")
    game.emit("attack", attacker=a.id, target=victim.id, ranged=weapon.ranged, outcome=name,
              margin=int(margin), x0=a.x, y0=a.y, x1=victim.x, y1=victim.y)
    if outcome == dice.BOTCH:
        fa.next_attack += weapon.attack_ticks     # stumbles: loses its next attack
        return victim
    if outcome != dice.SUCCESS:
        return victim
    fv = victim.fighter
    level = W.level_from_margin(margin, weapon.damage)
    loc = W.roll_location(rng)
    res = W.land_wound(rng, fv, level, loc, weapon.blunt, game.tick, fv.starving)
    A.reveal(game, victim, a)                     # AWARE-02
    game.emit("wound", entity=victim.id, by=a.id, level=W.LEVEL_NAMES[level],
              location=W.LOCATION_NAMES[loc], points=W.WOUND_POINTS[level],
              total=fv.wound_points(), bleeding=fv.bleeding(), x=victim.x, y=victim.y)
    if res == W.KNOCKED_OUT:
        knock_out(game, victim, a.id)
    elif res == W.KILLED:
        kill(game, victim, a.id)
    return victim


def _bodies_at(game, occ, x, y):
    if occ is not None:
        return occ.ids_at(x, y)
    out = []
    for eid in sorted(game.entities):
        e = game.entities[eid]
        if e.x == x and e.y == y and F.conscious(e) and F.fighter_of(e) is not None:
            out.append(eid)
    return out


def can_melee(a: Entity, t: Entity) -> cython.bint:
    """REACH-01: next to the target (not mid-step)."""
    return a.step_len == 0 and t.step_len == 0 and _cheb(a.x, a.y, t.x, t.y) == 1


def can_shoot(blocked, a: Entity, t: Entity) -> cython.bint:
    """REACH-02: within the weapon's range with a clear line of fire."""
    r: cython.int = a.fighter.stats.weapon.reach
    if a.step_len != 0:
        return False
    if _d2(a.x, a.y, t.x, t.y) > r * r:
        return False
    return sight.line_of_fire(blocked, a.x, a.y, t.x, t.y)


def face(a: Entity, t: Entity):
    face_tile(a, t.x, t.y)


def face_tile(a: Entity, x: cython.int, y: cython.int):
    dx: cython.int = x - a.x
    dy: cython.int = y - a.y
    dx = (dx > 0) - (dx < 0)
    dy = (dy > 0) - (dy < 0)
    if dx or dy:
        a.facing = movement.facing_of(dx, dy)


def _no_walking_through(game, e, nx, ny):
    """Step check (CROWD-01): a fighter after a target never steps onto the tile that
    target stands on or is stepping into (walking has no bodies, so without this two
    enemies meeting in a doorway could pass through each other). The walker drops its
    path; the next combat tick decides again (it holds next to the target, REACH-01)."""
    f = getattr(e, "fighter", None)
    if f is None or f.target < 0 or f.action == ST.IDLE:
        return True
    t = game.entities.get(f.target)
    if t is None or t.state != E.UP:
        return True
    tx, ty = _place(t)
    if (tx == nx and ty == ny) or (t.x == nx and t.y == ny):
        movement.stop(e)
        return False
    return True


def _around_target(game, e, cost):
    """Cost view (CROWD-01): a melee fighter plans its way round its target's body, never
    through it (the tiles it stands on and is stepping into count as blocked)."""
    f = getattr(e, "fighter", None)
    if f is None or f.target < 0 or f.action != ST.FIGHT or f.stats.weapon.ranged:
        return cost
    t = game.entities.get(f.target)
    if t is None or t.state != E.UP:
        return cost
    tx, ty = _place(t)
    if cost[ty, tx] == 0 and cost[t.y, t.x] == 0:
        return cost
    return reachability.blocking(game, cost, [(tx, ty), (t.x, t.y)])


movement.add(movement.STEP_CHECKS, "combat_bodies", _no_walking_through, 400)
movement.add(movement.COST_VIEWS, "combat_bodies", _around_target, 400)


# --- the tick ---------------------------------------------------------------------------------
@systems.system("combat", 400)
def tick(game):
    e: Entity
    i: cython.Py_ssize_t
    up: cython.int = E.UP
    ents = game.entities
    fighters = []
    for eid in ents:   # dict order = id order (ids ascend with creation)
        e = ents[eid]
        if e.state == up and F.fighter_of(e) is not None and F.conscious(e):
            fighters.append(e)
    cs = state(game)
    if cs.shots:
        cs.shots = [s for s in cs.shots if game.tick - s[0] < SHOT_MEMORY_TICKS]
    if not fighters:
        return
    sides = []
    for e in fighters:
        if e.side not in sides:
            sides.append(e.side)
    if len(sides) < 2 and not _anyone_knows(fighters):
        for e in fighters:
            e.fighter.action = ST.IDLE
            e.fighter.target = -1
        return
    blocked = A.sight_blocked(game)
    occ = crowding.Occupancy()
    for e in fighters:
        occ.add(e.id, e.nx if e.step_len else e.x, e.ny if e.step_len else e.y, _small(e))
    walkable = _walkable_fn(game)
    # AWARE-01 by map cell: a watcher only tests enemies its notice range can reach
    spot = A.Spotter(fighters, game.grid.width, game.grid.height, blocked)
    period = A.LOOK_PERIOD
    tick_no = game.tick
    for i in range(len(fighters)):
        e = fighters[i]
        if e.state != up:
            continue
        f = e.fighter
        if (tick_no + e.id) % period == 0:
            A.forget_stale(game, f)
            spot.look(game, i)
            rechoose = True
        else:
            rechoose = False
        _act(game, e, f, fighters, blocked, occ, walkable, rechoose)


def _anyone_knows(fighters):
    for e in fighters:
        if e.fighter.known:
            return True
    return False


def _choose_target(game, e: Entity, f, rechoose=True):
    """The ordered target when it is known and still up, else the nearest known enemy
    (ties: lowest id). Returns (target entity or None, its squared distance, count near).
    Between looks (every LOOK_PERIOD ticks) a fighter keeps a target that is still up."""
    if not rechoose and f.target >= 0 and f.target in f.known and \
            (f.ordered_target < 0 or f.ordered_target == f.target):
        t = game.entities.get(f.target)
        if t is not None and F.conscious(t):
            kx, ky, _ = f.known[f.target]
            return t, _d2(e.x, e.y, kx, ky), f.near
    best = None
    best_key = None
    near = 0
    near2 = NEAR_TILES * NEAR_TILES
    ents = game.entities
    for eid, (kx, ky, _) in f.known.items():
        en = ents.get(eid)
        if en is None or not F.conscious(en):
            continue
        d2 = _d2(e.x, e.y, kx, ky)
        if d2 <= near2:
            near += 1
        key = (d2, eid)
        if best_key is None or key < best_key:
            best_key = key
            best = eid
    if f.ordered_target >= 0:
        t = game.entities.get(f.ordered_target)
        if t is not None and F.conscious(t) and f.ordered_target in f.known:
            kx, ky, _ = f.known[f.ordered_target]
            return t, _d2(e.x, e.y, kx, ky), near
        f.ordered_target = -1
    f.near = near
    if best is None:
        return None, -1, 0
    return game.entities[best], best_key[0], near


def _allies_near(e: Entity, fighters):
    o: Entity
    n: cython.int = 0
    near2 = NEAR_TILES * NEAR_TILES
    for o in fighters:
        if o is not e and o.side == e.side and o.state == E.UP and \
                _d2(e.x, e.y, o.x, o.y) <= near2:
            n += 1
    return n


def _act(game, e: Entity, f, fighters, blocked, occ, walkable, rechoose=True):
    if f.task is not None:      # an afterwards order (carry, heal...) comes first
        f.action = ST.IDLE
        f.target = -1
        return
    t, d2, near = _choose_target(game, e, f, rechoose)
    if t is None:
        if f.action != ST.IDLE:
            f.action = ST.IDLE
            f.target = -1
            f.waiting = False
            if e.path is not None:
                movement.stop(e)
        return
    s = f.stance
    wp = f.wound_points()
    allies = 0
    if s == ST.DEFENSIVE or (s == ST.BALANCED and wp >= 8):
        allies = _allies_near(e, fighters)
    ordered = f.ordered_target == t.id
    action = ST.decide(s, wp, near, allies, d2, ordered)
    f.action = action
    f.target = t.id
    _hold(e)
    if action == ST.FIGHT:
        _fight(game, e, f, t, blocked, occ, walkable)
    elif action == ST.KEEP_DISTANCE:
        f.waiting = False
        if d2 < ST.KEEP_DISTANCE_TILES * ST.KEEP_DISTANCE_TILES:
            _step_away(game, e, f, walkable, occ)
        elif f.stats.weapon.ranged and game.tick >= f.next_attack and can_shoot(blocked, e, t):
            face(e, t)
            movement.stop(e)
            resolve_attack(game, e, t, occ)
        elif e.path is not None and e.step_len == 0:
            movement.stop(e)
    elif action == ST.REGROUP:
        f.waiting = False
        ally = _nearest_ally(e, fighters)
        if ally is None:
            _step_away(game, e, f, walkable, occ)
        elif _cheb(e.x, e.y, ally.x, ally.y) > 1:
            _walk_to(game, e, ally.x, ally.y)
        else:
            movement.stop(e)
    elif action == ST.RUN:
        f.waiting = False
        _step_away(game, e, f, walkable, occ)


def _fight(game, e: Entity, f, t: Entity, blocked, occ, walkable):
    ranged = f.stats.weapon.ranged
    ready = game.tick >= f.next_attack
    small = _small(e)
    if can_melee(e, t) and occ.may_stay(e.x, e.y, e.id):
        # REACH-01: adjacent, turn to face the target; A.learn keeps the knowledge fresh
        A.learn(f, t, game.tick)
        f.waiting = False
        if e.path is not None:
            movement.stop(e)
        face(e, t)
        if ready:
            resolve_attack(game, e, t, occ)
        return
    if ranged and can_shoot(blocked, e, t) and F.fighter_of(t) is not None:
        f.waiting = False
        if e.path is not None:
            movement.stop(e)
        face(e, t)
        if ready:
            A.learn(f, t, game.tick)
            resolve_attack(game, e, t, occ)
        return
    if e.step_len > 0:
        return   # finish the step first
    tx, ty = _place(t)
    if _track(e, t, tx, ty, blocked):
        # in view or close: chase where the target is now, not where it was last looked at
        A.learn_at(f, t.id, tx, ty, game.tick)
    kx, ky, _ = f.known[t.id]
    if ranged:
        f.waiting = False
        _walk_to(game, e, kx, ky)
        return
    if _cheb(e.x, e.y, kx, ky) == 1 and occ.may_stay(e.x, e.y, e.id):
        # REACH-01 / CROWD-01: the target is stepping next to us (or away from next to
        # us): hold this tile and strike when it stands still; never walk through it
        f.waiting = False
        if e.path is not None:
            movement.stop(e)
        face_tile(e, kx, ky)
        return
    # CROWD-01: a free tile next to the target (two small bodies may share: CROWD-02)
    tile = crowding.attack_tile(occ, walkable, kx, ky, e.x, e.y, e.id, small)
    if tile is None:
        f.waiting = True
        d = _cheb(e.x, e.y, kx, ky)
        if d <= 1 or not occ.may_stay(e.x, e.y, e.id):
            # make room: wait on a free tile just outside the ring
            spot = _waiting_spot(occ, walkable, kx, ky, e, small)
            if spot is not None:
                _walk_to(game, e, spot[0], spot[1])
                occ.remove(e.id, e.x, e.y)
                occ.add(e.id, spot[0], spot[1], small)
        elif d <= 2:
            movement.stop(e)
        else:
            # head for a waiting spot (the target's own tile is no way through: CROWD-01)
            spot = _waiting_spot(occ, walkable, kx, ky, e, small)
            if spot is None:
                spot = (kx, ky)
            _walk_to(game, e, spot[0], spot[1])
        return
    f.waiting = False
    if (e.goal_x, e.goal_y) != tile or e.path is None:
        if not _walk_to(game, e, tile[0], tile[1]):
            return
    occ.remove(e.id, e.x, e.y)
    occ.add(e.id, tile[0], tile[1], small)


def _waiting_spot(occ, walkable, tx, ty, e, small):
    """A free tile two steps from the target, nearest to e (ties: scan order)."""
    best = None
    bd = 0
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            if max(abs(dx), abs(dy)) != 2:
                continue
            x = tx + dx
            y = ty + dy
            if not walkable(x, y) or not occ.room_for(x, y, small, e.id):
                continue
            d = _d2(e.x, e.y, x, y)
            if best is None or d < bd:
                best, bd = (x, y), d
    return best


def _nearest_ally(e: Entity, fighters):
    o: Entity
    best = None
    bd = 0
    for o in fighters:
        if o is e or o.side != e.side or o.state != E.UP:
            continue
        d = _d2(e.x, e.y, o.x, o.y)
        if best is None or d < bd:
            best, bd = o, d
    return best


def _step_away(game, e: Entity, f, walkable, occ):
    """Run: step to the neighbour tile farthest from the known enemies (sum of squared
    distances; ties in NEIGHBOURS order); stay if no neighbour is better."""
    if e.step_len > 0 or (e.path is not None and e.path_i < len(e.path)) or f.rooted:
        return

    def score(x, y):
        s = 0
        for (kx, ky, _) in f.known.values():
            s += min(_d2(x, y, kx, ky), 400)
        return s
    best = None
    best_s = score(e.x, e.y)
    for dx, dy in crowding.NEIGHBOURS:
        x = e.x + dx
        y = e.y + dy
        if not walkable(x, y) or not occ.room_for(x, y, _small(e), e.id):
            continue
        if dx and dy and not (walkable(e.x + dx, e.y) and walkable(e.x, e.y + dy)):
            continue
        sc = score(x, y)
        if sc > best_s:
            best, best_s = (x, y), sc
    if best is not None:
        movement.go_to(game, e, best[0], best[1])
        occ.remove(e.id, e.x, e.y)
        occ.add(e.id, best[0], best[1], _small(e))


# --- bleeding and waking (WAKE-02; bleeding decision in wounds.py) ---------------------------
@systems.system("wounds", 450)
def wounds_tick(game):
    now = game.tick
    rng = None
    ents = game.entities
    for eid in list(ents):
        e = ents.get(eid)
        if e is None or e.state == E.DEAD:
            continue
        f = F.fighter_of(e)
        if f is None:
            continue
        if f.bleeding_since >= 0:
            if e.state == E.UP:
                if now - f.bleeding_since >= W.BLEED_CLOT_TICKS:
                    f.bleeding_since = -1
                    game.emit("bleeding_stopped", entity=e.id, cause="clotted")
            elif now - f.bleeding_since >= W.BLEED_DEATH_TICKS:
                kill(game, e, -1, "bled out")
                continue
        if e.state == E.KNOCKED_OUT:
            if f.wake_tick == waking.NO_WAKE and f.bleeding_since < 0:
                if rng is None:
                    rng = game.rng.stream("combat")
                waking.schedule(rng, f, now)
            if waking.should_wake(f, now):
                wake(game, e)


def wake(game, e):
    f = e.fighter
    if f.carried_by >= 0:
        carrier = game.entities.get(f.carried_by)
        if carrier is not None:
            _drop_carried(game, carrier)
    e.state = E.UP
    f.wake_tick = waking.NO_WAKE
    f.next_attack = game.tick + f.stats.weapon.attack_ticks
    game.emit("woke", entity=e.id, x=e.x, y=e.y, captured=f.captured)


# --- commands ---------------------------------------------------------------------------------
def _need_own_minion(game, cmd, key="entity"):
    r = C.need_entity(game, cmd, key)
    if r:
        return r
    e = game.entities[int(cmd[key])]
    if e.kind != E.MINION or e.side != E.DUNGEON:
        return "Only your minions take that order."
    return None


@C.command("set_stance")
class SetStance:
    def check(game, cmd):
        r = _need_own_minion(game, cmd)
        if r:
            return r
        if "stance" not in cmd or ST.parse(cmd["stance"]) is None:
            return "Stance must be one of: %s (or 0..4)." % ", ".join(ST.NAMES)
        return None

    def apply(game, cmd):
        e = game.entities[int(cmd["entity"])]
        s = ST.parse(cmd["stance"])
        if e.fighter.stance != s:
            e.fighter.stance = s
            game.emit("stance_changed", entity=e.id, stance=s, name=ST.NAMES[s])


def _attackers(cmd):
    if "entities" in cmd and isinstance(cmd["entities"], list):
        return cmd["entities"]
    return [cmd.get("entity")]


@C.command("order_attack")
class OrderAttack:
    """{"type": "order_attack", "entity": id | "entities": [ids], "target": id}"""
    def check(game, cmd):
        r = C.need_entity(game, cmd, "target")
        if r:
            return r
        ids = _attackers(cmd)
        if not ids:
            return "Choose minions to attack with."
        for i in ids:
            r = _need_own_minion(game, {"type": "order_attack", "entity": i})
            if r:
                return r
            if not F.conscious(game.entities[int(i)]):
                return "That minion is in no state to fight."
        t = game.entities[int(cmd["target"])]
        if F.fighter_of(t) is None or t.side == E.DUNGEON:
            return "That is not an enemy."
        if not F.conscious(t):
            return "That enemy is already down."
        return None

    def apply(game, cmd):
        t = game.entities[int(cmd["target"])]
        for i in _attackers(cmd):
            e = game.entities[int(i)]
            e.fighter.ordered_target = t.id
            A.learn(e.fighter, t, game.tick)   # the player points it out
            game.emit("attack_ordered", entity=e.id, target=t.id)


# --- what the front end sees ------------------------------------------------------------------
from pysim.core import snapshot as _snapshot  # noqa: E402
import numpy as _np  # noqa: E402


@_snapshot.snapshot_part
def snapshot_part(game, snap):
    """Per entity, in ent_id order (-1 / 0 where an entity does not fight):
    ent_wound_points int32, ent_stance int32 (0 flee .. 4 aggressive), ent_action int32
    (stance.ACTION_NAMES), ent_target int32 (entity id or -1), ent_bleeding uint8,
    ent_captured uint8 (a prisoner), ent_carried_by int32.
    combat_shots float32 (N, 4): x0, y0, x1, y1 of shots fired in the last 5 ticks."""
    ents = list(game.entities.values())
    n = len(ents)
    wp = _np.zeros(n, dtype=_np.int32)
    st = _np.full(n, -1, dtype=_np.int32)
    act = _np.zeros(n, dtype=_np.int32)
    tgt = _np.full(n, -1, dtype=_np.int32)
    bleed = _np.zeros(n, dtype=_np.uint8)
    capt = _np.zeros(n, dtype=_np.uint8)
    carried = _np.full(n, -1, dtype=_np.int32)
    for i in range(n):
        f = F.fighter_of(ents[i])
        if f is None:
            continue
        wp[i] = f.wound_points()
        st[i] = f.stance
        act[i] = f.action
        tgt[i] = f.target
        bleed[i] = 1 if f.bleeding() else 0
        capt[i] = 1 if f.captured else 0
        carried[i] = f.carried_by
    snap["ent_wound_points"] = wp
    snap["ent_stance"] = st
    snap["ent_action"] = act
    snap["ent_target"] = tgt
    snap["ent_bleeding"] = bleed
    snap["ent_captured"] = capt
    snap["ent_carried_by"] = carried
    shots = state(game).shots
    arr = _np.zeros((len(shots), 4), dtype=_np.float32)
    for i, s in enumerate(shots):
        arr[i] = (s[3], s[4], s[5], s[6])
    snap["combat_shots"] = arr


@_snapshot.describe_part
def describe_part(game, e, info):
    """describe(id)["combat"]: stats, weapon, armour, wounds with locations and points,
    wound_points, unable_at, stance (name and index), action, target, bleeding, wake_tick,
    captured, carried_by, known enemies."""
    f = F.fighter_of(e)
    if f is None:
        return
    info["combat"] = {
        "stats": f.stats.to_dict(),
        "wounds": [w.to_dict() for w in f.wounds],
        "wound_points": f.wound_points(),
        "unable_at": W.UNABLE_AT,
        "stance": f.stance,
        "stance_name": ST.NAMES[f.stance],
        "stances": list(ST.NAMES),
        "action": ST.ACTION_NAMES[f.action],
        "target": f.target,
        "ordered_target": f.ordered_target,
        "bleeding": f.bleeding(),
        "wake_tick": f.wake_tick,
        "captured": f.captured,
        "carried_by": f.carried_by,
        "carrying": f.carrying,
        "known_enemies": sorted(f.known),
        "kills": f.kills,
        "task": list(f.task) if f.task else None,
    }
