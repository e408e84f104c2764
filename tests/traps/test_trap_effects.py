"""What each trap mechanism does: the TRAP-05 table of docs/rules/traps.md, one mechanism
at a time. Its area (who is inside is affected, who is just outside is not: ASCII maps),
its attack through the combat rules (the trap's total against the victim's Block, the exact
chance from pysim.core.dice over many seeded runs), the wound it lands, and the special effects:
gas cloud, webs, terror, spiders, blast, alarm.

The expected numbers are written out here from the table (not read from trap_parts.MECH),
so a change to the data that the document doesn't share fails a test.
Map characters: `i` a body expected inside the area, `o` one just outside, `h` one inside
the radius but hidden behind a wall, `m` a minion of yours (see the maps)."""
import pytest

from conftest import binomial_ok
from pysim.combat import stats as S, wounds as W
from pysim.core import dice, entities as E, movement
from pysim.traps import mechanisms, trap_parts as tp, trap_state
from trapkit import attacks_on, find, make, of_type, positions, pull_lever, run, st

FLOORS = {c: "floor" for c in "iohm"}

# The TRAP-05 table: kind -> (radius, needs sight, attack, damage, wound kind, blunt).
# blunt None: the table doesn't say (the dart's "pierce").
ATTACKS = {
    "spinning_blades": (1, False, 5, 1, "cut", False),
    "flame_sprayer": (2, True, 4, 0, "burn", False),
    "electric_coil": (1, False, 6, 0, "shock", True),
    "dart_thrower": (6, None, 5, 1, "pierce", None),
    "blast_trap": (2, True, 6, 2, "blast", True),
}
GAS_RADIUS, GAS_LIFE, GAS_ATTACK, GAS_EVERY = 2, 600, 3, 60
WEB_LIFE, WEB_EVERY, WEB_STRENGTH = 600, 20, 5
TERROR_RADIUS, TERROR_STRENGTH, FLEE_WITHIN = 3, 5, 6
ALARM_RADIUS = 10

# the victim of the rate tests: a level-1 warrior, Block 3 + chain armour's block bonus 1
WARRIOR = "warrior"
WARRIOR_BLOCK = S.adventurer(WARRIOR).block + S.ARMOUR_BLOCK_BONUS[S.ARMOUR_CHAIN]
WARRIOR_BATTLE = S.adventurer(WARRIOR).battle

# radius 1 around Q (4,4)
R1 = ["#########",
      "#L......#",
      "#.ooooo.#",
      "#.oiiio.#",
      "#.oiQio.#",
      "#.oiiio.#",
      "#.ooooo.#",
      "#.......#",
      "#########"]
R1_WIRE = ((1, 1), (4, 1), (4, 4))

# radius 2 around Q (5,5); the wall at (6,5) hides h (7,5) from Q
R2 = ["###########",
      "#L........#",
      "#.ooooooo.#",
      "#.oiiiiio.#",
      "#.oiiiiio.#",
      "#.oiiQ#ho.#",
      "#.oiiiiio.#",
      "#.oiiiiio.#",
      "#.ooooooo.#",
      "#.........#",
      "###########"]
R2_WIRE = ((1, 1), (5, 1), (5, 5))
R2_OPEN = [r.replace("Q#h", "Qii") for r in R2]

# one victim v (5,2) next to Q (4,2)
SMALL = ["#########",
         "#L......#",
         "#...Q...#",
         "#.......#",
         "#########"]
SMALL_WIRE = ((1, 1), (4, 1), (4, 2))
SMALL_VICTIM = (5, 2)


def game_with(kind, rows, wire, seed=1):
    return make(rows, legend=dict(FLOORS, Q="floor trap:" + kind), wires=[wire], seed=seed)


def mech_of(g):
    return [p for p in st(g).parts.values() if tp.is_mechanism(p.kind)][0]


def put(g, kind, xy, subtype="", side=None, still=True):
    e = g.spawn(kind, xy[0], xy[1], subtype=subtype)
    if side is not None:
        e.side = side
    if still:
        e.idle = 10 ** 6                       # no wandering off during the test
    return e


def cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Rolls(object):
    """A spy on pysim.core.dice.opposed_roll (the one opposed roll every rule uses): records
    (actor total, opponent total) of each roll; `force` = (outcome, margin) replaces the
    dice."""

    def __init__(self, monkeypatch, force=None):
        self.calls = []
        self.force = force
        real = dice.opposed_roll

        def spy(rng, actor, opponent):
            self.calls.append((int(actor), int(opponent)))
            if self.force is not None:
                return self.force
            return real(rng, actor, opponent)

        monkeypatch.setattr(dice, "opposed_roll", spy)


def level_chances(attack, block, damage):
    """Exact chance of each wound level (success and that level) for attack vs block, by
    enumerating the 1296 rolls and the documented wounds.level_from_margin."""
    c = {W.MINOR: 0, W.MAJOR: 0, W.EXTREME: 0}
    f = range(1, 7)
    for a1 in f:
        for a2 in f:
            for b1 in f:
                for b2 in f:
                    out, margin = dice.judge((a1, a2), (b1, b2), attack, block)
                    if out == dice.SUCCESS:
                        c[W.level_from_margin(margin, damage)] += 1
    return {k: v / 1296.0 for k, v in c.items()}


def check_rate(rolls, attack, block, damage):
    """rolls: the trap_hit/trap_missed events. The hit rate is the exact dice chance of
    attack vs block, and each wound level comes at its exact chance (4 sigma)."""
    n = len(rolls)
    hits = [e for e in rolls if e["type"] == "trap_hit"]
    p = dice.outcome_chances(attack, block)[dice.SUCCESS]
    assert binomial_ok(len(hits), n, p), (len(hits), n, p)
    lv = level_chances(attack, block, damage)
    assert abs(sum(lv.values()) - p) < 1e-12
    for level, pl in lv.items():
        k = len([e for e in hits if e["level"] == W.LEVEL_NAMES[level]])
        assert binomial_ok(k, n, pl), (W.LEVEL_NAMES[level], k, n, pl)


# -- areas ------------------------------------------------------------------------------------

@pytest.mark.rule("TRAP-05")
@pytest.mark.parametrize("kind,rows,wire", [
    ("spinning_blades", R1, R1_WIRE),
    ("electric_coil", R1, R1_WIRE),
    ("flame_sprayer", R2, R2_WIRE),
    ("blast_trap", R2, R2_WIRE),
])
def test_area_attack_hits_everyone_inside_and_no_one_outside(kind, rows, wire):
    radius, sight = ATTACKS[kind][:2]
    g = game_with(kind, rows, wire)
    q = mech_of(g)
    inside = [put(g, E.MINION, xy) for xy in positions(rows, "i")]    # friends included
    inside.append(put(g, E.MINION, (q.x, q.y)))                      # on the trap itself
    outside = [put(g, E.MINION, xy) for xy in positions(rows, "o")]
    hidden = [put(g, E.MINION, xy) for xy in positions(rows, "h")]
    for e in inside:
        assert cheb((e.x, e.y), (q.x, q.y)) <= radius
    for e in outside:
        assert cheb((e.x, e.y), (q.x, q.y)) == radius + 1
    for e in hidden:
        assert cheb((e.x, e.y), (q.x, q.y)) <= radius
    assert bool(hidden) == sight                # the radius-2 maps also check "in sight"
    ev = pull_lever(g)
    assert of_type(ev, "mechanism_fired")[0]["kind"] == kind
    for e in inside:
        assert len(attacks_on(ev, e.id)) == 1, (e.x, e.y)
    for e in outside + hidden:
        assert attacks_on(ev, e.id) == [], (e.x, e.y)
    if kind == "flame_sprayer":
        assert [(s["x"], s["y"], s["radius"]) for s in of_type(ev, "scorch")] == [(5, 5, 2)]
    if kind == "blast_trap":
        assert [(s["x"], s["y"], s["radius"]) for s in of_type(ev, "blast")] == [(5, 5, 2)]


# -- attacks through the combat rules --------------------------------------------------------

@pytest.mark.rule("TRAP-05")
@pytest.mark.parametrize("kind", sorted(ATTACKS))
def test_attack_is_the_documented_total_against_block_and_wound(kind, monkeypatch):
    """Forced dice: the roll is (the table's attack, the victim's Block + armour bonus), and
    margin + the table's damage gives the wound level (Minor 1..3, Major 4..6, Extreme 7+),
    of the documented kind (edged or blunt)."""
    _, _, attack, damage, wound, blunt = ATTACKS[kind]
    for margin, level in ((3 - damage, W.MINOR), (4 - damage, W.MAJOR),
                          (7 - damage, W.EXTREME)):
        g = game_with(kind, SMALL, SMALL_WIRE)
        v = put(g, E.ADVENTURER, SMALL_VICTIM, WARRIOR)
        rolls = Rolls(monkeypatch, (dice.SUCCESS, margin))
        ev = pull_lever(g)
        assert rolls.calls == [(attack, WARRIOR_BLOCK)]
        hit = of_type(ev, "trap_hit")
        assert len(hit) == 1 and hit[0]["entity"] == v.id
        assert hit[0]["mechanism"] == kind and hit[0]["wound"] == wound
        assert hit[0]["level"] == W.LEVEL_NAMES[level], (margin, hit[0])
        w = v.fighter.wounds
        assert len(w) == 1 and w[0].level == level
        if blunt is not None:
            assert w[0].blunt == blunt
    for forced in ((dice.FAILURE, 0), (dice.BOTCH, 5)):       # a miss lands nothing
        g = game_with(kind, SMALL, SMALL_WIRE)
        v = put(g, E.ADVENTURER, SMALL_VICTIM, WARRIOR)
        Rolls(monkeypatch, forced)
        ev = pull_lever(g)
        assert [e["type"] for e in attacks_on(ev, v.id)] == ["trap_missed"]
        assert v.fighter.wounds == []


@pytest.mark.rule("TRAP-05")
def test_block_bonus_functions_and_armour_add_to_block(monkeypatch):
    g = game_with("spinning_blades", SMALL, SMALL_WIRE)
    v = put(g, E.ADVENTURER, SMALL_VICTIM, WARRIOR)
    assert mechanisms.block_of(g, v, tp.SPINNING_BLADES) == WARRIOR_BLOCK == 4

    def bonus(game, target, kind):
        return 2 if kind == tp.SPINNING_BLADES else 0

    trap_state.BLOCK_BONUS_FNS.append(bonus)
    try:
        rolls = Rolls(monkeypatch)
        pull_lever(g)
    finally:
        trap_state.BLOCK_BONUS_FNS.remove(bonus)
    assert rolls.calls == [(5, WARRIOR_BLOCK + 2)]


@pytest.mark.rule("TRAP-05")
@pytest.mark.parametrize("kind,rows,wire,seeds", [
    ("spinning_blades", R1, R1_WIRE, 140),
    ("electric_coil", R1, R1_WIRE, 140),
    ("flame_sprayer", R2, R2_WIRE, 53),
    ("blast_trap", R2, R2_WIRE, 53),
])
def test_area_attack_hit_rate_is_the_exact_dice_chance(kind, rows, wire, seeds):
    """Real dice, many seeded runs (every body in the area rolls once a run): hits and each
    wound level at the exact chances of the table's attack vs the warrior's Block 4."""
    _, _, attack, damage, wound, _ = ATTACKS[kind]
    rolls = []
    for seed in range(seeds):
        g = game_with(kind, rows, wire, seed=seed)
        q = mech_of(g)
        vs = [put(g, E.ADVENTURER, xy, WARRIOR) for xy in positions(rows, "i")]
        vs.append(put(g, E.ADVENTURER, (q.x, q.y), WARRIOR))
        ev = pull_lever(g)
        for v in vs:
            r = attacks_on(ev, v.id)
            assert len(r) == 1
            rolls.extend(r)
    assert len(rolls) >= 1200
    assert all(e["wound"] == wound for e in rolls if e["type"] == "trap_hit")
    check_rate(rolls, attack, WARRIOR_BLOCK, damage)


@pytest.mark.rule("TRAP-05")
@pytest.mark.rule("KO-02")
def test_electric_coil_shock_is_blunt_high_knockout(monkeypatch):
    """A Minor shock that brings a peasant to 10 wound points knocks out (blunt Minor: 100%)
    every time, through combat.knock_out; it never kills."""
    for seed in range(12):
        g = game_with("electric_coil", SMALL, SMALL_WIRE, seed=seed)
        v = put(g, E.ADVENTURER, SMALL_VICTIM, "peasant")
        v.fighter.wounds = [W.Wound(W.EXTREME, W.TORSO, 0, True),
                            W.Wound(W.EXTREME, W.LEGS, 0, True),
                            W.Wound(W.MINOR, W.ARMS, 0, True)]
        Rolls(monkeypatch, (dice.SUCCESS, 1))
        ev = pull_lever(g)
        assert of_type(ev, "trap_hit")[0]["result"] == "knocked out"
        assert v.state == E.KNOCKED_OUT and of_type(ev, "knockout")
        assert not of_type(ev, "death")


# -- dart thrower -------------------------------------------------------------------------------

# the dart thrower d sits in the east wall at (8,2); `p` (the plate) is placed by the test
DART_OPEN = ["#########",
             "#.......#",
             "#.......d",
             "#.......#",
             "#########"]
DART_WALL = [DART_OPEN[0], DART_OPEN[1], "#...#...d", DART_OPEN[3], DART_OPEN[4]]
DART_AT = (8, 2)


def dart_game(rows, plate, seed=1):
    rows = list(rows)
    r = rows[plate[1]]
    rows[plate[1]] = r[:plate[0]] + "p" + r[plate[0] + 1:]
    wire = (plate, (plate[0], 1), (7, 1), (7, 2), DART_AT)
    return make(rows, wires=[wire], seed=seed)


def one_dart(ev):
    darts = of_type(ev, "dart")
    shots = [e for e in ev if e["type"] in ("trap_hit", "trap_missed")]
    assert len(darts) <= 1 and len(shots) == len(darts)
    return darts[0]["target"] if darts else None


@pytest.mark.rule("TRAP-05")
def test_dart_shoots_whoever_set_it_off_else_the_nearest_enemy_in_range_and_fire():
    # the one who set it off, 6 tiles away with a clear line, even with a nearer enemy
    g = dart_game(DART_OPEN, (2, 2))
    setter = put(g, E.ADVENTURER, (2, 2))
    put(g, E.ADVENTURER, (6, 3))
    assert cheb((2, 2), DART_AT) == 6
    assert one_dart(run(g, 1)) == setter.id
    # the setter behind a wall (no line of fire): the nearest enemy; never your minion
    g = dart_game(DART_WALL, (2, 2))
    put(g, E.ADVENTURER, (2, 2))
    put(g, E.ADVENTURER, (3, 1))
    near = put(g, E.ADVENTURER, (6, 3))
    m = put(g, E.MINION, (7, 2))
    ev = run(g, 1)
    assert one_dart(ev) == near.id and not attacks_on(ev, m.id)
    # the setter 7 tiles away (out of range): the nearest enemy within 6
    g = dart_game(DART_OPEN, (1, 2))
    put(g, E.ADVENTURER, (1, 2))
    put(g, E.ADVENTURER, (2, 1))                  # 6 away
    nearer = put(g, E.ADVENTURER, (3, 3))         # 5 away
    assert one_dart(run(g, 1)) == nearer.id
    g = dart_game(DART_OPEN, (1, 2))
    put(g, E.ADVENTURER, (1, 2))
    edge = put(g, E.ADVENTURER, (2, 3))           # exactly 6 away: in range
    assert one_dart(run(g, 1)) == edge.id
    # nobody within 6: no dart at all (the trap still went off)
    g = dart_game(DART_OPEN, (1, 2))
    put(g, E.ADVENTURER, (1, 2))
    put(g, E.ADVENTURER, (1, 1))                  # 7 away
    ev = run(g, 1)
    assert of_type(ev, "mechanism_fired") and one_dart(ev) is None


@pytest.mark.rule("TRAP-05")
def test_dart_hit_rate_is_the_exact_dice_chance():
    _, _, attack, damage, wound, _ = ATTACKS["dart_thrower"]
    rolls = []
    for seed in range(1200):
        g = dart_game(DART_OPEN, (2, 2), seed=seed)
        v = put(g, E.ADVENTURER, (2, 2), WARRIOR)
        ev = run(g, 1)
        assert one_dart(ev) == v.id
        rolls.extend(attacks_on(ev, v.id))
    assert all(e["wound"] == wound for e in rolls if e["type"] == "trap_hit")
    check_rate(rolls, attack, WARRIOR_BLOCK, damage)


# -- gas sprayer and its cloud ---------------------------------------------------------------------

@pytest.mark.rule("TRAP-05")
def test_gas_cloud_area_is_radius_2_and_attacks_bodies_inside():
    g = game_with("gas_sprayer", R2_OPEN, R2_WIRE)
    q = mech_of(g)
    inside = [put(g, E.MINION, xy) for xy in positions(R2_OPEN, "i")]
    outside = [put(g, E.MINION, xy) for xy in positions(R2_OPEN, "o")]
    ev = pull_lever(g)
    cloud = of_type(ev, "gas_cloud")
    assert [(c["x"], c["y"], c["radius"]) for c in cloud] == [(q.x, q.y, GAS_RADIUS)]
    h, w = g.grid.terrain.shape
    for y in range(h):
        for x in range(w):
            assert mechanisms.in_gas(g, x, y) == (cheb((x, y), (q.x, q.y)) <= GAS_RADIUS), (x, y)
    ev += run(g, GAS_EVERY - 1)                   # 60 ticks in all: exactly one attack each
    for e in inside:
        assert len(attacks_on(ev, e.id)) == 1, (e.x, e.y)
    for e in outside:
        assert attacks_on(ev, e.id) == [], (e.x, e.y)


@pytest.mark.rule("TRAP-05")
def test_gas_cloud_lasts_600_ticks_and_attacks_every_60():
    g = game_with("gas_sprayer", R2_OPEN, R2_WIRE)
    stay = put(g, E.MINION, (7, 7))               # 2 from the sprayer: inside all along
    later = put(g, E.MINION, (9, 9))              # outside, moved in half way
    t0 = g.tick
    ev = pull_lever(g)
    assert of_type(ev, "gas_cloud")[0]["until"] == t0 + GAS_LIFE
    ev += run(g, GAS_LIFE // 2 - 1)
    assert attacks_on(ev, later.id) == []
    later.x, later.y = 6, 6
    ev += run(g, GAS_LIFE // 2 - 1)               # ticks t0 .. t0 + 598
    assert mechanisms.in_gas(g, 5, 5) and st(g).gas
    ev += run(g, 1)                               # tick t0 + 599: the cloud's last
    assert mechanisms.in_gas(g, 5, 5) and g.tick == t0 + GAS_LIFE
    ev += run(g, 1)                               # tick t0 + 600: gone
    assert not mechanisms.in_gas(g, 5, 5) and not st(g).gas
    ticks = [e["tick"] for e in attacks_on(ev, stay.id)]
    assert len(ticks) == GAS_LIFE // GAS_EVERY                     # 10 attacks
    assert all(b - a == GAS_EVERY for a, b in zip(ticks, ticks[1:]))
    assert t0 <= ticks[0] < t0 + GAS_EVERY
    assert 1 <= len(attacks_on(ev, later.id)) <= 5
    assert all(e["mechanism"] == tp.GAS_SPRAYER for e in attacks_on(ev, stay.id))
    after = run(g, 3 * GAS_EVERY)
    assert attacks_on(after, stay.id) == [] and attacks_on(after, later.id) == []


@pytest.mark.rule("TRAP-05")
def test_gas_attack_is_3_against_block_and_always_a_minor_blunt_poison_wound(monkeypatch):
    g = game_with("gas_sprayer", SMALL, SMALL_WIRE)
    v = put(g, E.ADVENTURER, SMALL_VICTIM, WARRIOR)
    rolls = Rolls(monkeypatch, (dice.SUCCESS, 10))             # a big margin: still Minor
    ev = pull_lever(g) + run(g, GAS_EVERY)
    assert rolls.calls and set(rolls.calls) == {(GAS_ATTACK, WARRIOR_BLOCK)}
    hits = of_type(ev, "trap_hit")
    assert hits and all(h["wound"] == "poison" and h["level"] == "minor" for h in hits)
    assert v.fighter.wounds and all(w.level == W.MINOR and w.blunt for w in v.fighter.wounds)


@pytest.mark.rule("TRAP-05")
def test_gas_hit_rate_is_the_exact_dice_chance():
    rolls = []
    for seed in range(5):
        g = game_with("gas_sprayer", R2_OPEN, R2_WIRE, seed=seed)
        vs = [put(g, E.ADVENTURER, xy, WARRIOR) for xy in positions(R2_OPEN, "iQ")]
        ev = pull_lever(g) + run(g, GAS_LIFE)
        for v in vs:
            rolls.extend(attacks_on(ev, v.id))
    assert len(rolls) >= 1200
    hits = [e for e in rolls if e["type"] == "trap_hit"]
    assert all(e["level"] == "minor" for e in hits)
    p = dice.outcome_chances(GAS_ATTACK, WARRIOR_BLOCK)[dice.SUCCESS]
    assert binomial_ok(len(hits), len(rolls), p), (len(hits), len(rolls), p)


# -- web trap ----------------------------------------------------------------------------------------

# the web trap Q (3,2); i: walkable tiles within 1 (the wall (2,2) is not), o: 2 away
WEB = ["#######",
       "#Liiio#",
       "#.#Qio#",
       "#.iiio#",
       "#.ooo.#",
       "#######"]
WEB_WIRE = ((1, 1), (1, 3), (3, 3), (3, 2))


@pytest.mark.rule("TRAP-05")
def test_web_covers_walkable_tiles_in_radius_1_for_600_ticks():
    g = game_with("web_trap", WEB, WEB_WIRE)
    expected = set(positions(WEB, "iQ"))
    t0 = g.tick
    ev = pull_lever(g)
    webs = of_type(ev, "webs")
    assert len(webs) == 1 and webs[0]["until"] == t0 + WEB_LIFE
    assert set(tuple(t) for t in webs[0]["tiles"]) == expected
    assert set(st(g).webs) == expected
    run(g, WEB_LIFE - 1)                          # through tick t0 + 599
    assert set(st(g).webs) == expected
    run(g, 1)                                     # tick t0 + 600
    assert not st(g).webs


@pytest.mark.rule("TRAP-05")
def test_web_holds_anyone_in_it_until_it_is_gone(monkeypatch):
    """A body that can't win (Battle -20 vs 5) stays on its web tile the web's whole life,
    rolling every 20 ticks (30 rolls); it walks on once the web is gone. Friends too."""
    g = game_with("web_trap", WEB, WEB_WIRE)
    a = put(g, E.ADVENTURER, (4, 2))
    m = put(g, E.MINION, (2, 3))
    for e in (a, m):
        e.fighter.stats.battle = -20
    t0 = g.tick
    pull_lever(g)
    rolls = Rolls(monkeypatch)
    assert movement.go_to(g, a, 5, 4) and movement.go_to(g, m, 1, 4)
    for _ in range(WEB_LIFE):                     # ticks t0+1 .. t0+600
        g.step()
        for e, home in ((a, (4, 2)), (m, (2, 3))):
            assert (e.x, e.y) == home and e.step_len == 0, g.tick
    assert not st(g).webs and g.tick == t0 + WEB_LIFE + 1
    # rolls at every 20th tick of the web's life (t0 itself was before the spy)
    assert rolls.calls == [(-20, WEB_STRENGTH)] * (2 * (WEB_LIFE // WEB_EVERY - 1))
    assert of_type(g.take_events(), "web_broken") == []
    run(g, 20)
    assert (a.x, a.y) != (4, 2) and (m.x, m.y) != (2, 3)


@pytest.mark.rule("TRAP-05")
def test_winning_the_battle_roll_tears_that_web_only(monkeypatch):
    g = game_with("web_trap", WEB, WEB_WIRE)
    a = put(g, E.ADVENTURER, (4, 2), WARRIOR)
    rolls = Rolls(monkeypatch, (dice.SUCCESS, 1))
    ev = pull_lever(g)
    while not of_type(ev, "web_broken"):
        ev = run(g, 1)
    assert rolls.calls[-1] == (WARRIOR_BATTLE, WEB_STRENGTH)
    br = of_type(ev, "web_broken")
    assert [(b["entity"], b["x"], b["y"]) for b in br] == [(a.id, 4, 2)]
    assert set(st(g).webs) == set(positions(WEB, "iQ")) - {(4, 2)}
    assert movement.go_to(g, a, 5, 4)
    run(g, 20)
    assert (a.x, a.y) != (4, 2)


@pytest.mark.rule("TRAP-05")
def test_web_break_free_rate_is_battle_vs_5():
    """Warriors (Battle 3) on every web tile: each first roll tears its web at the exact
    chance of Battle 3 vs 5."""
    tiles = positions(WEB, "iQ")
    n = broke = 0
    for seed in range(160):
        g = game_with("web_trap", WEB, WEB_WIRE, seed=seed)
        for xy in tiles:
            put(g, E.ADVENTURER, xy, WARRIOR)
        ev = pull_lever(g)
        while g.tick % WEB_EVERY != 1:            # up to and including the first roll
            ev += run(g, 1)
        n += len(tiles)
        broke += len(of_type(ev, "web_broken"))
        assert len(st(g).webs) == len(tiles) - len(of_type(ev, "web_broken"))
    p = dice.outcome_chances(WARRIOR_BATTLE, WEB_STRENGTH)[dice.SUCCESS]
    assert binomial_ok(broke, n, p), (broke, n, p)


# -- terror trap ----------------------------------------------------------------------------------

# the terror trap Q (6,6): i 3 away, o 4 away, h 3 away behind the wall (8,6), m a minion
TERROR = ["#############",
          "#L..........#",
          "#.o...o...o.#",
          "#..i..i..i..#",
          "#...........#",
          "#...........#",
          "#.oi..Qm#h..#",
          "#...........#",
          "#...........#",
          "#..i..i..i..#",
          "#.o...o...o.#",
          "#...........#",
          "#############"]
TERROR_WIRE = ((1, 1), (6, 1), (6, 6))


def terror_rolls(ev, eid):
    return [e for e in ev if e["type"] in ("terrified", "terror_resisted") and e["entity"] == eid]


@pytest.mark.rule("TRAP-05")
def test_terror_rolls_for_enemies_within_3_in_sight_only():
    g = game_with("terror_trap", TERROR, TERROR_WIRE)
    q = mech_of(g)
    inside = [put(g, E.ADVENTURER, xy) for xy in positions(TERROR, "i")]
    others = [put(g, E.ADVENTURER, xy) for xy in positions(TERROR, "oh")]
    others += [put(g, E.MINION, xy) for xy in positions(TERROR, "m")]     # not an enemy
    for e in inside:
        assert cheb((e.x, e.y), (q.x, q.y)) == TERROR_RADIUS
    ev = pull_lever(g)
    for e in inside:
        assert len(terror_rolls(ev, e.id)) == 1, (e.x, e.y)
    for e in others:
        assert terror_rolls(ev, e.id) == [], (e.x, e.y)
    assert not [e for e in ev if e["type"] in ("trap_hit", "trap_missed")]


@pytest.mark.rule("TRAP-05")
def test_terror_resist_chance_is_battle_vs_5(monkeypatch):
    g = game_with("terror_trap", TERROR, TERROR_WIRE)
    put(g, E.ADVENTURER, positions(TERROR, "i")[0], WARRIOR)
    rolls = Rolls(monkeypatch)
    pull_lever(g)
    assert rolls.calls == [(WARRIOR_BATTLE, TERROR_STRENGTH)]
    monkeypatch.undo()
    n = resisted = 0
    for seed in range(180):
        g = game_with("terror_trap", TERROR, TERROR_WIRE, seed=seed)
        vs = [put(g, E.ADVENTURER, xy, WARRIOR) for xy in positions(TERROR, "i")]
        ev = pull_lever(g)
        n += len(vs)
        resisted += len(of_type(ev, "terror_resisted"))
        assert len(of_type(ev, "terror_resisted")) + len(of_type(ev, "terrified")) == len(vs)
    p = dice.outcome_chances(WARRIOR_BATTLE, TERROR_STRENGTH)[dice.SUCCESS]
    assert binomial_ok(resisted, n, p), (resisted, n, p)


def _farthest_within(g, frm, trap, within):
    cost = g.grid.walk_cost()
    best = -1
    for y in range(frm[1] - within, frm[1] + within + 1):
        for x in range(frm[0] - within, frm[0] + within + 1):
            if g.grid.in_bounds(x, y) and cost[y, x] > 0:
                best = max(best, cheb((x, y), trap))
    return best


@pytest.mark.rule("TRAP-05")
def test_terrified_enemies_run_to_the_farthest_tile_within_6(monkeypatch):
    # a corridor: the farthest tile within 6 of the victim is exactly one
    rows = ["################",
            "#LQ.a..........#",
            "################"]
    g = make(rows, legend={"Q": "floor trap:terror_trap", "a": "floor"},
             wires=[((1, 1), (2, 1))])
    v = put(g, E.ADVENTURER, (4, 1))
    Rolls(monkeypatch, (dice.FAILURE, 0))
    ev = pull_lever(g)
    assert [e["entity"] for e in of_type(ev, "terrified")] == [v.id]
    assert (v.goal_x, v.goal_y) == (10, 1) and v.path is not None
    monkeypatch.undo()
    for _ in range(120):
        if (v.x, v.y) == (10, 1):
            break
        run(g, 1)
    assert (v.x, v.y) == (10, 1)
    # in a room: every loser heads for a tile within 6 of it, as far from the trap as any
    g = game_with("terror_trap", TERROR, TERROR_WIRE)
    q = mech_of(g)
    vs = [put(g, E.ADVENTURER, xy) for xy in positions(TERROR, "i")]
    Rolls(monkeypatch, (dice.FAILURE, 0))
    ev = pull_lever(g)
    assert len(of_type(ev, "terrified")) == len(vs)
    for v in vs:
        goal = (v.goal_x, v.goal_y)
        assert v.path is not None and cheb(goal, (v.x, v.y)) <= FLEE_WITHIN
        assert cheb(goal, (q.x, q.y)) == _farthest_within(g, (v.x, v.y), (q.x, q.y),
                                                          FLEE_WITHIN), (v.x, v.y, goal)


# -- spider trap ------------------------------------------------------------------------------------

# the spider trap Q (3,2); the wall (2,2) and the minions on (2,1), (3,1) leave the free
# tiles next to it: (4,1), (4,2), (2,3), (3,3), (4,3)
SPIDER = ["#######",
          "#Lmm..#",
          "#.#Q..#",
          "#.....#",
          "#######"]
SPIDER_WIRE = ((1, 1), (1, 3), (3, 3), (3, 2))


@pytest.mark.rule("TRAP-05")
@pytest.mark.rule("FRIEND-01")
def test_spider_trap_releases_2_dungeon_spiders_on_free_tiles_next_to_it():
    g = game_with("spider_trap", SPIDER, SPIDER_WIRE)
    q = mech_of(g)
    taken = [put(g, E.MINION, xy) for xy in positions(SPIDER, "m")]
    free = {(4, 1), (4, 2), (2, 3), (3, 3), (4, 3)}
    before = set(g.entities)
    ev = pull_lever(g)
    spiders = [g.entities[i] for i in sorted(set(g.entities) - before)]
    assert len(spiders) == 2
    rel = of_type(ev, "spider_released")
    assert [r["entity"] for r in rel] == [s.id for s in spiders]
    assert all(r["part"] == q.id for r in rel)
    tiles = [(s.x, s.y) for s in spiders]
    assert len(set(tiles)) == 2
    for s in spiders:
        assert (s.x, s.y) in free, (s.x, s.y)     # next to it: not on the trap's own tile
        assert s.kind == E.CREATURE and s.subtype == "spider" and s.state == E.UP
        assert s.side == E.DUNGEON and not trap_state.is_enemy_of_dungeon(s)
        assert s.fighter.stats.name == "spider"
    assert all((m.x, m.y) not in tiles for m in taken)
    assert not [e for e in ev if e["type"] in ("trap_hit", "trap_missed")]


# -- alarm trap -------------------------------------------------------------------------------------

# the alarm trap Q (12,3): i 10 away (in), o 11 away (out); minions anywhere
ALARM = ["##########################",
         "#L.......................#",
         "#........................#",
         "#.i.........Q..........o.#",
         "#........................#",
         "#o.......................#",
         "##########################"]
ALARM_WIRE = ((1, 1), (12, 1), (12, 3))


@pytest.mark.rule("TRAP-05")
def test_alarm_reveals_enemies_within_10_and_wakes_every_defender():
    g = game_with("alarm_trap", ALARM, ALARM_WIRE)
    q = mech_of(g)
    near = put(g, E.ADVENTURER, (2, 3))                                 # 10 away
    wolf = put(g, E.CREATURE, (22, 5), "wolf", side=E.WILD)             # 10 away, wild
    far = [put(g, E.ADVENTURER, xy) for xy in positions(ALARM, "o")]    # 11 away
    assert cheb((2, 3), (12, 3)) == cheb((22, 5), (12, 3)) == ALARM_RADIUS
    assert all(cheb((e.x, e.y), (12, 3)) == ALARM_RADIUS + 1 for e in far)
    m_near = put(g, E.MINION, (12, 5))
    m_far = put(g, E.MINION, (24, 1))             # beyond the radius: still told
    m_down = put(g, E.MINION, (13, 5))
    m_down.state = E.KNOCKED_OUT
    for m in (m_near, m_far, m_down):
        m.idle = 5000
    seen = []
    idle = {}

    def hook(game, part, ids):          # runs right after the alarm (before any brain)
        seen.append((part.id, list(ids)))
        idle.update((m.id, m.idle) for m in (m_near, m_far, m_down))

    trap_state.ALARM_HOOKS.append(hook)
    try:
        t0 = g.tick
        ev = pull_lever(g)
    finally:
        trap_state.ALARM_HOOKS.remove(hook)
    al = of_type(ev, "alarm")
    assert len(al) == 1 and (al[0]["x"], al[0]["y"], al[0]["part"]) == (12, 3, q.id)
    assert sorted(al[0]["enemies"]) == sorted([near.id, wolf.id])
    assert seen == [(q.id, al[0]["enemies"])]
    for m in (m_near, m_far):
        assert m.fighter.known.get(near.id) == (2, 3, t0)
        assert m.fighter.known.get(wolf.id) == (22, 5, t0)
        assert all(e.id not in m.fighter.known for e in far)
        assert idle[m.id] == 0                    # stops idling
    assert m_down.fighter.known == {} and idle[m_down.id] == 5000
    assert not [e for e in ev if e["type"] in ("trap_hit", "trap_missed")]


@pytest.mark.rule("FRIEND-03")
@pytest.mark.parametrize("trigger,stand", [
    ("tripwire", (2, 1)), ("wide_tripwire", (3, 1)), ("sensor", (3, 2))])
def test_any_trigger_wired_to_an_alarm_ignores_wild_creatures(trigger, stand):
    rows = ["#########",
            "#.q....Q#",
            "#.......#",
            "#########"]
    for mech, fires in (("alarm_trap", False), ("spinning_blades", True)):
        g = make(rows, legend={"q": "floor trap:" + trigger, "Q": "floor trap:" + mech},
                 wires=[((2, 1), (7, 1))])
        put(g, E.CREATURE, stand, "wolf", side=E.WILD)
        assert bool(of_type(run(g, 3), "trap_triggered")) == fires, (trigger, mech)
    g = make(rows, legend={"q": "floor trap:" + trigger, "Q": "floor trap:alarm_trap"},
             wires=[((2, 1), (7, 1))])
    put(g, E.CREATURE, stand, "wolf", side=E.WILD)
    run(g, 3)
    put(g, E.ADVENTURER, stand)
    assert of_type(run(g, 1), "alarm")
