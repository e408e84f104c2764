"""What each trap mechanism does (TRAP-05): its attack through the combat rules, gas clouds,
webs, spiders, terror and the alarm; and the gas and webs that linger (checked every tick).
Decisions and the table of mechanisms: docs/rules/traps.md."""

from pysim.combat import fighter, wounds
from pysim.core import dice, entities, movement
from pysim.traps import trap_parts as tp
from pysim.traps.trap_state import (ALARM_HOOKS, BLOCK_BONUS_FNS, FIRED_HOOKS,
                                    is_enemy_of_dungeon, state_of)


def activate(game, mech, who=-1, trigger_id=-1):
    """Mechanism `mech` starts. A part that doesn't work does nothing."""
    if not mech.works():
        game.emit("trap_dud", part=mech.id, kind=mech.kind)
        return False
    mech.needs_reset = True                         # RESET-01
    state_of(game).changed()
    game.emit("mechanism_fired", part=mech.id, kind=mech.kind, x=mech.x, y=mech.y,
              who=int(who), trigger=int(trigger_id))
    EFFECTS[mech.kind](game, mech, who)
    for fn in FIRED_HOOKS:
        fn(game, mech)
    return True


def _bodies_near(game, x, y, r):
    out = []
    for e in game.live():
        if e.state != entities.UP:
            continue
        if max(abs(e.x - x), abs(e.y - y)) <= r:
            out.append(e)
    return out


def _blocked(game):
    return (game.grid.walk_cost() == 0).astype("uint8")


def _sees(game, blocked, x0, y0, x1, y1):
    from pysim.combat import sight
    return bool(sight.line_of_sight(blocked, int(x0), int(y0), int(x1), int(y1)))


def _fire_clear(game, blocked, x0, y0, x1, y1):
    from pysim.combat import sight
    return bool(sight.line_of_fire(blocked, int(x0), int(y0), int(x1), int(y1)))


def resist_bonus(game, target, mech_kind):
    """What other areas add to the victim's side of any roll this mechanism makes against it
    (BLOCK_BONUS_FNS: learned Block, the Cautious bonus)."""
    b = 0
    for fn in BLOCK_BONUS_FNS:
        b += int(fn(game, target, mech_kind))
    return b


def block_of(game, target, mech_kind):
    b = fighter.stat(target, "block")
    f = fighter.fighter_of(target)
    if f is not None:
        from pysim.combat import stats
        b += stats.ARMOUR_BLOCK_BONUS[f.stats.armour]
    return b + resist_bonus(game, target, mech_kind)


def attack(game, mech_kind, target, attack_total, damage, blunt, wound_kind, level=0):
    """One trap attack through the combat rules: the trap's total against the victim's
    Block (opposed 2d6, pysim.core.dice); a success lands a wound whose level comes from the
    margin plus damage (pysim.combat.wounds). `level` forces a wound level (gas: Minor)."""
    rng = game.rng.stream("traps")
    f = fighter.fighter_of(target)
    outcome, margin = dice.opposed_roll(rng, attack_total, block_of(game, target, mech_kind))
    if outcome != dice.SUCCESS or f is None:
        game.emit("trap_missed", entity=target.id, mechanism=mech_kind)
        return None
    lv = level if level else wounds.level_from_margin(margin, damage)
    loc = wounds.roll_location(rng)
    res = wounds.land_wound(rng, f, lv, loc, blunt, game.tick, f.starving)
    game.emit("trap_hit", entity=target.id, mechanism=mech_kind, wound=wound_kind,
              level=wounds.LEVEL_NAMES[lv], location=wounds.LOCATION_NAMES[loc],
              result=("fights on", "knocked out", "killed")[res])
    if res != wounds.FIGHTS_ON:
        _take_down(game, target, res)
    return res


def _take_down(game, e, res):
    """Knocked out or killed by a trap, through the combat module's own handling."""
    from pysim.combat import knockouts
    if res == wounds.KNOCKED_OUT:
        knockouts.knock_out(game, e, -1)
    else:
        knockouts.kill(game, e, -1, "trap")


def _area_attack(game, mech, who, need_sight):
    m = tp.MECH[mech.kind]
    blocked = _blocked(game) if need_sight else None
    for e in _bodies_near(game, mech.x, mech.y, m.radius):
        if need_sight and not _sees(game, blocked, mech.x, mech.y, e.x, e.y):
            continue
        attack(game, mech.kind, e, m.attack, m.damage, m.blunt, m.wound)


def _fx_blades(game, mech, who):
    _area_attack(game, mech, who, False)


def _fx_flame(game, mech, who):
    _area_attack(game, mech, who, True)
    game.emit("scorch", x=mech.x, y=mech.y, radius=tp.MECH[mech.kind].radius)


def _fx_gas(game, mech, who):
    st = state_of(game)
    st.gas.append([mech.x, mech.y, tp.MECH[mech.kind].radius, game.tick + tp.GAS_TICKS])
    game.emit("gas_cloud", x=mech.x, y=mech.y, radius=tp.MECH[mech.kind].radius,
              until=game.tick + tp.GAS_TICKS)


def _fx_dart(game, mech, who):
    m = tp.MECH[mech.kind]
    blocked = _blocked(game)
    cands = []
    if who in game.entities:
        cands.append(game.entities[who])
    near = [e for e in _bodies_near(game, mech.x, mech.y, m.radius) if is_enemy_of_dungeon(e)]
    near.sort(key=lambda e: (max(abs(e.x - mech.x), abs(e.y - mech.y)), e.id))
    cands.extend(near)
    for e in cands:
        if e.state != entities.UP:
            continue
        if max(abs(e.x - mech.x), abs(e.y - mech.y)) > m.radius:
            continue
        if not _fire_clear(game, blocked, mech.x, mech.y, e.x, e.y):
            continue
        game.emit("dart", x=mech.x, y=mech.y, target=e.id)
        attack(game, mech.kind, e, m.attack, m.damage, m.blunt, m.wound)
        return


def _free_tiles_around(game, x, y, r):
    """Walkable tiles within r of (x, y), not (x, y) itself ("next to it"), with no body
    up on them; nearest first, then row by row."""
    cost = game.grid.walk_cost()
    out = []
    taken = set((e.x, e.y) for e in game.live() if e.state == entities.UP)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx == 0 and dy == 0:
                continue
            tx, ty = x + dx, y + dy
            if not game.grid.in_bounds(tx, ty) or cost[ty, tx] <= 0:
                continue
            out.append((max(abs(dx), abs(dy)), ty, tx, (tx, ty) in taken))
    out.sort()
    return [(t[2], t[1]) for t in out if not t[3]]


def _fx_spider(game, mech, who):
    tiles = _free_tiles_around(game, mech.x, mech.y, 1)
    for (x, y) in tiles[:tp.SPIDERS]:
        ent = entities.Creature(x, y, side=entities.DUNGEON)
        ent.subtype = "spider"
        game.add_entity(ent)
        f = fighter.fighter_of(ent)
        if f is not None:
            from pysim.combat import stats
            f.stats = stats.creature("spider")
        game.emit("spider_released", entity=ent.id, part=mech.id)


def _fx_web(game, mech, who):
    st = state_of(game)
    cost = game.grid.walk_cost()
    r = tp.MECH[mech.kind].radius
    tiles = []
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            tx, ty = mech.x + dx, mech.y + dy
            if game.grid.in_bounds(tx, ty) and cost[ty, tx] > 0:
                st.webs[(tx, ty)] = game.tick + tp.WEB_TICKS
                tiles.append([tx, ty])
    game.emit("webs", tiles=tiles, until=game.tick + tp.WEB_TICKS)


def _fx_terror(game, mech, who):
    m = tp.MECH[mech.kind]
    blocked = _blocked(game)
    rng = game.rng.stream("traps")
    for e in _bodies_near(game, mech.x, mech.y, m.radius):
        if not is_enemy_of_dungeon(e) or not _sees(game, blocked, mech.x, mech.y, e.x, e.y):
            continue
        outcome, _ = dice.opposed_roll(
            rng, fighter.stat(e, "battle") + resist_bonus(game, e, mech.kind),
            tp.TERROR_STRENGTH)
        if outcome == dice.SUCCESS:
            game.emit("terror_resisted", entity=e.id)
            continue
        e.terror_until = game.tick + tp.TERROR_TICKS
        _flee_from(game, e, mech.x, mech.y)
        game.emit("terrified", entity=e.id, until=e.terror_until)


def _flee_from(game, e, x, y):
    cost = game.grid.walk_cost()
    best = None
    for dy in range(-6, 7):
        for dx in range(-6, 7):
            tx, ty = e.x + dx, e.y + dy
            if not game.grid.in_bounds(tx, ty) or cost[ty, tx] <= 0:
                continue
            d = max(abs(tx - x), abs(ty - y))
            key = (-d, abs(dx) + abs(dy), ty, tx)
            if best is None or key < best:
                best = key
    if best is not None:
        movement.go_to(game, e, best[3], best[2])


def _fx_blast(game, mech, who):
    _area_attack(game, mech, who, True)
    game.emit("blast", x=mech.x, y=mech.y, radius=tp.MECH[mech.kind].radius)


def _fx_coil(game, mech, who):
    _area_attack(game, mech, who, False)


def _fx_alarm(game, mech, who):
    m = tp.MECH[mech.kind]
    enemies = [e for e in _bodies_near(game, mech.x, mech.y, m.radius) if is_enemy_of_dungeon(e)]
    ids = [e.id for e in enemies]
    game.emit("alarm", part=mech.id, x=mech.x, y=mech.y, enemies=ids)
    for d in list(game.live()):
        if d.side != entities.DUNGEON or d.state != entities.UP:
            continue
        f = fighter.fighter_of(d)
        if f is None:
            continue
        for e in enemies:
            f.known[e.id] = (e.x, e.y, game.tick)
        d.idle = 0
    for fn in ALARM_HOOKS:
        fn(game, mech, ids)


EFFECTS = {
    tp.SPINNING_BLADES: _fx_blades, tp.FLAME_SPRAYER: _fx_flame, tp.GAS_SPRAYER: _fx_gas,
    tp.ELECTRIC_COIL: _fx_coil, tp.DART_THROWER: _fx_dart, tp.BLAST_TRAP: _fx_blast,
    tp.SPIDER_TRAP: _fx_spider, tp.WEB_TRAP: _fx_web, tp.TERROR_TRAP: _fx_terror,
    tp.ALARM_TRAP: _fx_alarm,
}


def in_gas(game, x, y):
    """Is tile (x, y) inside a gas cloud now? (LEARN-05 reads this.)"""
    for g in state_of(game).gas:
        if max(abs(x - g[0]), abs(y - g[1])) <= g[2]:
            return True
    return False


def web_holds(game, ent, nx, ny):
    """movement STEP_CHECK: a body standing in a web can't step out."""
    st = state_of(game)
    if not st.webs:
        return True
    return (ent.x, ent.y) not in st.webs


movement.add(movement.STEP_CHECKS, "traps.web", web_holds, 50)


def effects(game):
    st = state_of(game)
    now = game.tick
    if st.gas:
        st.gas = [g for g in st.gas if g[3] > now]
        if st.gas and now % tp.GAS_INTERVAL == 0:
            for e in list(game.live()):
                if e.state == entities.UP and in_gas(game, e.x, e.y):
                    attack(game, tp.GAS_SPRAYER, e, tp.GAS_ATTACK, 0, True, "poison",
                           level=wounds.MINOR)
    if st.webs:
        for t in sorted(st.webs):
            if st.webs[t] <= now:
                del st.webs[t]
        if st.webs and now % tp.WEB_INTERVAL == 0:
            rng = game.rng.stream("traps")
            for e in list(game.live()):
                if e.state != entities.UP or (e.x, e.y) not in st.webs:
                    continue
                outcome, _ = dice.opposed_roll(
                    rng, fighter.stat(e, "battle") + resist_bonus(game, e, tp.WEB_TRAP),
                    tp.WEB_STRENGTH)
                if outcome == dice.SUCCESS:
                    del st.webs[(e.x, e.y)]
                    game.emit("web_broken", entity=e.id, x=e.x, y=e.y)
