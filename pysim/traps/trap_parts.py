"""Trap parts: triggers, mechanisms and timers (TRAP-01..05), their data and placement.

A part is one placed thing on one tile. Its `state` (for the snapshot and the UI):
  blueprint    placed, not built yet (BUILD-01)
  ready        built and working
  needs_reset  used; does nothing until a Traps-duty minion resets it (RESET-01)
  expired      2 game days since its last reset (DECAY-01); does nothing until reset
  (a trigger can also be `rigged`, a flag shown beside the state; RESET-04)

Decisions (docs/rules/traps.md):
- TRAP-03 distance: two triggers need at least 3 whole tiles between them in every
  direction, i.e. Chebyshev distance (max(|dx|, |dy|), the 8-way walking metric) of at
  least 4 between their tiles. A wide tripwire covers 3 tiles across (its own and the
  two beside it, horizontal or vertical `orient`); the distance is taken between the
  nearest covered tiles.
- Placement: inside your domain, one part per tile. Triggers and timers go on floor
  (walkable) tiles; timers may also sit in a domain wall; mechanisms go on floor or in a
  wall of your domain (wall-mounted dart throwers, sprayers...).
"""
import cython

# --- kinds -------------------------------------------------------------------------------------
TRIPWIRE = "tripwire"
WIDE_TRIPWIRE = "wide_tripwire"
PRESSURE_PLATE = "pressure_plate"
SENSOR = "sensor"
LEVER = "lever"
TRIGGERS = (TRIPWIRE, WIDE_TRIPWIRE, PRESSURE_PLATE, SENSOR, LEVER)

SPINNING_BLADES = "spinning_blades"
FLAME_SPRAYER = "flame_sprayer"
GAS_SPRAYER = "gas_sprayer"
ELECTRIC_COIL = "electric_coil"
DART_THROWER = "dart_thrower"
BLAST_TRAP = "blast_trap"
SPIDER_TRAP = "spider_trap"
WEB_TRAP = "web_trap"
TERROR_TRAP = "terror_trap"
ALARM_TRAP = "alarm_trap"
MECHANISMS = (SPINNING_BLADES, FLAME_SPRAYER, GAS_SPRAYER, ELECTRIC_COIL, DART_THROWER,
              BLAST_TRAP, SPIDER_TRAP, WEB_TRAP, TERROR_TRAP, ALARM_TRAP)

TIMER = "timer"
ALL_KINDS = TRIGGERS + MECHANISMS + (TIMER,)

NAMES = {
    TRIPWIRE: "Tripwire", WIDE_TRIPWIRE: "Wide Tripwire", PRESSURE_PLATE: "Pressure Plate",
    SENSOR: "Sensor", LEVER: "Lever", SPINNING_BLADES: "Spinning Blades",
    FLAME_SPRAYER: "Flame Sprayer", GAS_SPRAYER: "Gas Sprayer",
    ELECTRIC_COIL: "Electric Coil", DART_THROWER: "Dart Thrower", BLAST_TRAP: "Blast Trap",
    SPIDER_TRAP: "Spider Trap", WEB_TRAP: "Web Trap", TERROR_TRAP: "Terror Trap",
    ALARM_TRAP: "Alarm Trap", TIMER: "Timer",
}

# integer codes for the snapshot (stable)
KIND_CODES = {k: i for i, k in enumerate(ALL_KINDS)}

# --- states ------------------------------------------------------------------------------------
BLUEPRINT = "blueprint"
READY = "ready"
NEEDS_RESET = "needs_reset"
EXPIRED = "expired"
STATE_CODES = {BLUEPRINT: 0, READY: 1, NEEDS_RESET: 2, EXPIRED: 3}

ORIENT_H = "h"
ORIENT_V = "v"

TRIGGER_MIN_CHEBYSHEV = 4   # TRAP-03: at least 3 tiles between two triggers

# --- data --------------------------------------------------------------------------------------
# metal each part needs (BUILD-01) and the Traps-duty work to build it, in ticks
METAL = {k: 1 for k in ALL_KINDS}
METAL.update({SPINNING_BLADES: 2, FLAME_SPRAYER: 2, GAS_SPRAYER: 2, ELECTRIC_COIL: 2,
              BLAST_TRAP: 3, SPIDER_TRAP: 2})
BUILD_TICKS = 120          # 12 game minutes of work on site
RESET_TICKS = 60           # 6 game minutes of work per reset attempt

# RESET-02: the difficulty a Traps-duty minion's Craft rolls against (opposed 2d6)
RESET_DIFFICULTY = {k: 2 for k in ALL_KINDS}
RESET_DIFFICULTY.update({TIMER: 1, LEVER: 1, SPINNING_BLADES: 3, ELECTRIC_COIL: 3,
                         BLAST_TRAP: 4, GAS_SPRAYER: 3, FLAME_SPRAYER: 3})

TIMER_DEFAULT_DELAY = 30   # ticks (3 real seconds at 1x)
TIMER_MAX_DELAY = 6000     # 10 game hours


class Mech(object):
    """What a mechanism does (TRAP-05). `radius`: Chebyshev radius of the area it hits,
    centred on the mechanism (0: its own tile only). `attack`: the trap's total in the
    opposed roll against the victim's Block (combat rules). `damage` is added to the
    margin for the wound level (pysim.combat.wounds.level_from_margin)."""

    def __init__(self, radius, attack=0, damage=0, blunt=False, wound="", note=""):
        self.radius = int(radius)
        self.attack = int(attack)
        self.damage = int(damage)
        self.blunt = bool(blunt)
        self.wound = wound
        self.note = note


MECH = {
    SPINNING_BLADES: Mech(1, 5, 1, False, "cut",
                          "Cuts everyone on and next to it (radius 1)."),
    FLAME_SPRAYER: Mech(2, 4, 0, False, "burn",
                        "Burns everyone within 2 tiles it can see; leaves scorch marks."),
    GAS_SPRAYER: Mech(2, 0, 0, False, "poison",
                      "Leaves a gas cloud (radius 2) for 1 game hour: anyone inside rolls "
                      "Block against 3 every 6 minutes or takes a Minor poison wound."),
    ELECTRIC_COIL: Mech(1, 6, 0, True, "shock",
                        "Shocks everyone on and next to it; blunt (stuns: high knockout)."),
    DART_THROWER: Mech(6, 5, 1, False, "pierce",
                       "Shoots one dart at the one who set the trap off (else the nearest "
                       "enemy) within 6 tiles and a clear line of fire."),
    BLAST_TRAP: Mech(2, 6, 2, True, "blast",
                     "Blasts everyone within 2 tiles (including friends); +2 damage."),
    SPIDER_TRAP: Mech(1, 0, 0, False, "",
                      "Releases 2 spiders next to it; they live in your dungeon."),
    WEB_TRAP: Mech(1, 0, 0, False, "",
                   "Webs the 3x3 tiles around it for 1 game hour: anyone in a web is held "
                   "until they win Battle against 5 (one try every 2 minutes)."),
    TERROR_TRAP: Mech(3, 5, 0, False, "",
                      "Enemies within 3 tiles roll Battle against 5; losers flee from it "
                      "for 12 minutes."),
    ALARM_TRAP: Mech(10, 0, 0, False, "",
                     "Reveals every enemy within 10 tiles of it and tells your minions "
                     "and creatures where they are (wakes the defenders)."),
}

GAS_TICKS = 600
GAS_INTERVAL = 60
GAS_ATTACK = 3
WEB_TICKS = 600
WEB_INTERVAL = 20
WEB_STRENGTH = 5
TERROR_STRENGTH = 5
TERROR_TICKS = 120
SPIDERS = 2


def is_trigger(kind):
    return kind in TRIGGERS


def is_mechanism(kind):
    return kind in MECHANISMS


def role_of(kind):
    if kind in TRIGGERS:
        return "trigger"
    if kind in MECHANISMS:
        return "mechanism"
    return "timer"


def trigger_kind(kind):
    """LEARN-02 kinds: a wide tripwire is the same kind as a tripwire."""
    if kind == WIDE_TRIPWIRE:
        return TRIPWIRE
    return kind


def decays(kind):
    """DECAY-03 / RESET-01: levers never need a reset and never expire."""
    return kind != LEVER


# Fields the snapshot shows (trap_view): a write to one of them, on any part of any game,
# bumps SHOWN_WRITES[0], so the snapshot rebuilds its part rows only after such a write.
# Never part of the state.
SHOWN_FIELDS = frozenset(("id", "kind", "x", "y", "orient", "shoddy", "built", "metal",
                          "needs_reset", "expired", "rigged", "lever_on", "delay", "on"))
SHOWN_WRITES = [0]


class Part(object):
    __slots__ = ("id", "kind", "x", "y", "orient", "shoddy", "built", "metal", "work",
                 "needs_reset", "expired", "last_reset", "rigged", "rigged_by", "lever_on",
                 "delay", "on", "worker", "haulers")

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name in SHOWN_FIELDS:
            SHOWN_WRITES[0] += 1

    def __init__(self, pid, kind, x, y, orient=ORIENT_H, shoddy=False, built=False, tick=0):
        self.id = int(pid)
        self.kind = kind
        self.x = int(x)
        self.y = int(y)
        self.orient = orient
        self.shoddy = bool(shoddy)
        self.built = bool(built)
        self.metal = METAL[kind] if built else 0   # metal delivered to the site
        self.work = BUILD_TICKS if built else 0    # build work done
        self.needs_reset = False
        self.expired = False
        self.last_reset = int(tick)
        self.rigged = False
        self.rigged_by = -1
        self.lever_on = False
        self.delay = TIMER_DEFAULT_DELAY if kind == TIMER else 0
        self.on = False          # HOLD-03: a trigger's on/off for doors
        self.worker = -1         # minion claiming the build/reset work here (jobs.py)
        self.haulers = 0         # metal on its way here (jobs.py)

    @property
    def role(self):
        return role_of(self.kind)

    def state_name(self):
        if not self.built:
            return BLUEPRINT
        if self.expired:
            return EXPIRED
        if self.needs_reset:
            return NEEDS_RESET
        return READY

    def works(self):
        return self.built and not self.needs_reset and not self.expired

    def needs_work(self):
        return self.built and (self.needs_reset or self.expired)

    def footprint(self):
        if self.kind == WIDE_TRIPWIRE:
            if self.orient == ORIENT_V:
                return [(self.x, self.y - 1), (self.x, self.y), (self.x, self.y + 1)]
            return [(self.x - 1, self.y), (self.x, self.y), (self.x + 1, self.y)]
        return [(self.x, self.y)]

    def sense_tiles(self):
        """Tiles where a body sets the trigger off: sensors notice anyone within 1 tile
        (the 3x3 square); the others only their own footprint."""
        if self.kind == SENSOR:
            return [(self.x + dx, self.y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        if self.kind == LEVER:
            return []
        return self.footprint()

    def state(self):
        return (self.id, self.kind, self.x, self.y, self.orient, int(self.shoddy),
                int(self.built), self.metal, self.work, int(self.needs_reset),
                int(self.expired), self.last_reset, int(self.rigged), self.rigged_by,
                int(self.lever_on), self.delay, int(self.on), self.worker, self.haulers)

    def to_dict(self):
        return {"id": self.id, "kind": self.kind, "x": self.x, "y": self.y,
                "orient": self.orient, "shoddy": self.shoddy, "built": self.built,
                "metal": self.metal, "work": self.work, "needs_reset": self.needs_reset,
                "expired": self.expired, "last_reset": self.last_reset,
                "rigged": self.rigged, "rigged_by": self.rigged_by,
                "lever_on": self.lever_on, "delay": self.delay, "on": self.on,
                "worker": self.worker, "haulers": self.haulers}

    @staticmethod
    def from_dict(d):
        p = Part(d["id"], d["kind"], d["x"], d["y"], d.get("orient", ORIENT_H),
                 d.get("shoddy", False), d.get("built", False), d.get("last_reset", 0))
        for k in ("metal", "work", "last_reset", "rigged_by", "delay", "worker", "haulers"):
            setattr(p, k, int(d[k]))
        for k in ("needs_reset", "expired", "rigged", "lever_on", "on", "built"):
            setattr(p, k, bool(d[k]))
        return p


def chebyshev(a, b) -> cython.int:
    dx: cython.int = abs(int(a[0]) - int(b[0]))
    dy: cython.int = abs(int(a[1]) - int(b[1]))
    return dx if dx > dy else dy


def footprint_distance(fa, fb):
    best = 1 << 30
    for a in fa:
        for b in fb:
            d = chebyshev(a, b)
            if d < best:
                best = d
    return best


def trigger_spacing_reason(parts, footprint, ignore_id=-1):
    """TRAP-03: None if a trigger covering `footprint` keeps 3 tiles from every other
    trigger (blueprints included), else the reason."""
    for pid in sorted(parts):
        p = parts[pid]
        if p.id == ignore_id or not is_trigger(p.kind):
            continue
        d = footprint_distance(footprint, p.footprint())
        if d < TRIGGER_MIN_CHEBYSHEV:
            # Words, not coordinates: the player sees the other trigger on the map.
            return ("Triggers need at least 3 tiles between them (the %s is %s away)."
                    % (NAMES[p.kind], "1 tile" if d == 1 else "%d tiles" % d))
    return None
