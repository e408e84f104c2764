"""Stat blocks, weapons, armour and helmets (DICE-02).

Stats (small integers, added to 2d6 in an opposed roll, see pysim/core/dice.py):
  hunt    noticing things: sight range 3 + 2 x hunt (AWARE-01), spotting triggers
  craft   handiwork: picking locks, resetting and disarming traps
  battle  attacking (the attacker's side of an attack roll); bashing doors
  block   defending (the defender's side of an attack roll)
plus `speed`, informational only (walking pace is the core's entities.PACE).

Everything here is data plus small pure helpers; docs/rules/combat.md lists the tables.
"""
import cython

# --- armour (KO-03) -------------------------------------------------------------------------
ARMOUR_NONE = 0
ARMOUR_LEATHER = 1
ARMOUR_CLOTH = 2
ARMOUR_CHAIN = 3
ARMOUR_PLATE = 4
ARMOUR_NAMES = ("none", "leather", "cloth", "chain", "plate")
# percent added to the knockout chance (KO-03)
ARMOUR_KO_BONUS = (0, 10, 10, 20, 30)
# added to Block (decision: heavier armour also turns blows)
ARMOUR_BLOCK_BONUS = (0, 0, 0, 1, 2)

# --- traits other rule areas read --------------------------------------------------------------
SCOUT = "scout"            # DOOR-02: a party with a Scout takes the way around only 25%
MAPMAKER = "mapmaker"      # DOOR-03
LOCKSMITH = "locksmith"    # BREACH-03: always picks
DOORBREAKER = "doorbreaker"  # BREACH-03: always bashes (unless a Locksmith)
DETECT_TRAPS = "detect_traps"  # KNOW-04 (the Rogue's ability)
SMALL = "small"            # CROWD-02: two kobolds can share a fighting tile

# Each trait in the player's words (the party screen: pysim/invasions/sighting.py member_card),
# as the rules above make it act.
TRAIT_WORDS = {
    SCOUT: ("Scout", "with a scout along, the party goes round a closed door only a quarter "
            "of the time, not half"),
    MAPMAKER: ("Mapmaker", "if this one gets away alive, the next party from the same "
               "settlement never goes round a closed door"),
    LOCKSMITH: ("Locksmith", "the party always picks a locked door"),
    DOORBREAKER: ("Doorbreaker", "the party bashes locked doors in, unless a locksmith is "
                  "along to pick them"),
    DETECT_TRAPS: ("Detect Traps", "shows the whole party every trap within 7 tiles"),
    SMALL: ("Small", "two can fight from the same tile"),
}


def trait_words(trait):
    """{"name", "words"} of a trait for the player; an unknown one by its name alone."""
    name, words = TRAIT_WORDS.get(trait, (str(trait).replace("_", " ").title(), ""))
    return {"name": name, "words": words}

# --- how someone leaves a fight (KO-04) --------------------------------------------------------
KO_NORMAL = 0   # minions and adventurers: the knockout tables
KO_KILLED = 1   # creatures: always killed
KO_TROLL = 2    # the troll: knocked out instead, unless starving
KO_BOSS = 3     # the Boss: always killed, and never gets the head-wound chance


@cython.cclass
class Weapon:
    """A weapon. `damage` is added to the attack margin when choosing the wound level.
    Compiled, the fields are typed (stats.pxd): combat reads them for every fighter."""

    def __init__(self, name, blunt, ranged=False, reach=1, damage=0, attack_ticks=12):
        self.name = name
        self.blunt = bool(blunt)
        self.ranged = bool(ranged)
        self.reach = int(reach)          # tiles: 1 for melee, the range for ranged
        self.damage = int(damage)
        self.attack_ticks = int(attack_ticks)  # ticks between attacks

    def to_dict(self):
        return {"name": self.name, "blunt": self.blunt, "ranged": self.ranged,
                "reach": self.reach, "damage": self.damage,
                "attack_ticks": self.attack_ticks}


WEAPONS = {
    # name: Weapon(name, blunt, ranged, reach, damage, attack_ticks)
    "fists": Weapon("fists", True, False, 1, -1, 10),
    "club": Weapon("club", True, False, 1, 0, 12),
    "mace": Weapon("mace", True, False, 1, 1, 14),
    "hammer": Weapon("hammer", True, False, 1, 2, 16),
    "dagger": Weapon("dagger", False, False, 1, 0, 9),
    "sword": Weapon("sword", False, False, 1, 1, 12),
    "axe": Weapon("axe", False, False, 1, 2, 15),
    "greatsword": Weapon("greatsword", False, False, 1, 3, 15),
    "pitchfork": Weapon("pitchfork", False, False, 1, 0, 14),
    "claws": Weapon("claws", False, False, 1, 0, 10),
    "bite": Weapon("bite", False, False, 1, 1, 12),
    "bow": Weapon("bow", False, True, 8, 0, 20),
    "crossbow": Weapon("crossbow", False, True, 10, 1, 30),
    "sling": Weapon("sling", True, True, 6, -1, 16),
}


@cython.cclass
class StatBlock:
    """One body's fighting numbers. Copied per entity (`StatBlock.copy`), so bonuses that
    other rule areas add (trap learning, Cautious) never leak into the tables. Compiled,
    the fields are typed (stats.pxd; no others may be added): combat reads the traits and
    the weapon of every fighter every tick, and getattr on a Python object was a fifth of
    each read's cost."""

    def __init__(self, name, hunt, craft, battle, block, speed=6, weapon="fists",
                 armour=ARMOUR_NONE, helmet=0, ko_rule=KO_NORMAL, traits=(), level=0):
        self.name = name
        self.level = int(level)
        self.hunt = int(hunt)
        self.craft = int(craft)
        self.battle = int(battle)
        self.block = int(block)
        self.speed = int(speed)
        self.weapon = WEAPONS[weapon]
        self.armour = int(armour)
        self.helmet = int(helmet)       # percentage points off the head-wound chance (HEAD-01)
        self.ko_rule = int(ko_rule)
        self.traits = tuple(traits)

    def copy(self):
        s = StatBlock(self.name, self.hunt, self.craft, self.battle, self.block, self.speed,
                      self.weapon.name, self.armour, self.helmet, self.ko_rule, self.traits,
                      self.level)
        return s

    def has(self, trait):
        return trait in self.traits

    def sight_range(self):
        """AWARE-01: 3 tiles plus 2 per point of Hunt."""
        return sight_range(self.hunt)

    def attack_total(self):
        return self.battle

    def defence_total(self):
        return self.block + ARMOUR_BLOCK_BONUS[self.armour]

    def to_dict(self):
        return {"name": self.name, "level": self.level, "hunt": self.hunt,
                "craft": self.craft, "battle": self.battle, "block": self.block,
                "speed": self.speed, "weapon": self.weapon.name,
                "blunt": self.weapon.blunt, "ranged": self.weapon.ranged,
                "armour": ARMOUR_NAMES[self.armour], "helmet": self.helmet,
                "traits": list(self.traits)}


def sight_range(hunt) -> cython.int:
    """AWARE-01: notice range in tiles = 3 + 2 x Hunt."""
    h: cython.int = int(hunt)
    return 3 + 2 * h


# --- the tables ---------------------------------------------------------------------------------
MINION = StatBlock("minion", hunt=2, craft=2, battle=2, block=2, speed=6, weapon="club")
BOSS = StatBlock("boss", hunt=3, craft=2, battle=6, block=5, speed=7, weapon="greatsword",
                 armour=ARMOUR_PLATE, helmet=0, ko_rule=KO_BOSS)

CREATURES = {
    "kobold": StatBlock("kobold", hunt=3, craft=1, battle=1, block=1, speed=5,
                        weapon="claws", ko_rule=KO_KILLED, traits=(SMALL,)),
    "troll": StatBlock("troll", hunt=1, craft=0, battle=5, block=3, speed=8,
                       weapon="fists", ko_rule=KO_TROLL),
    "wolf": StatBlock("wolf", hunt=4, craft=0, battle=3, block=2, speed=4,
                      weapon="bite", ko_rule=KO_KILLED),
    "spider": StatBlock("spider", hunt=3, craft=0, battle=3, block=1, speed=5,
                        weapon="bite", ko_rule=KO_KILLED),
    "bear": StatBlock("bear", hunt=2, craft=0, battle=4, block=3, speed=6,
                      weapon="claws", ko_rule=KO_KILLED),
}

# Adventurer classes: base stats at level 1 and what each level adds (levels 1..5).
# (name, hunt, craft, battle, block, per-level (h, c, ba, bl), speed, weapon, armour, helmet,
#  traits at level 1, extra traits from level 3)
_CLASSES = {
    "peasant": ((1, 1, 1, 1), (0, 0, 0, 0), 6, "pitchfork", ARMOUR_NONE, 0, (), ()),
    "warrior": ((1, 0, 3, 3), (0, 0, 1, 1), 7, "sword", ARMOUR_CHAIN, 10, (),
                (DOORBREAKER,)),
    "rogue": ((2, 3, 2, 2), (1, 1, 1, 0), 5, "dagger", ARMOUR_LEATHER, 0,
              (DETECT_TRAPS,), (LOCKSMITH,)),
    "scout": ((3, 1, 2, 1), (1, 0, 1, 0), 5, "bow", ARMOUR_LEATHER, 0, (SCOUT,),
              (MAPMAKER,)),
    "priest": ((2, 1, 2, 2), (0, 1, 1, 1), 6, "mace", ARMOUR_CLOTH, 5, (), ()),
    "knight": ((1, 0, 3, 4), (0, 0, 1, 1), 8, "axe", ARMOUR_PLATE, 20, (), (DOORBREAKER,)),
}
CLASS_NAMES = tuple(sorted(_CLASSES))
MAX_LEVEL = 5


def adventurer(cls, level=1, traits=()):
    """A fresh stat block for an adventurer of class `cls` at `level` (1..5; peasants are 0
    and never level up). `traits` adds traits (e.g. a level-1 rogue who is a Locksmith)."""
    base, grow, speed, weapon, armour, helmet, t1, t3 = _CLASSES[cls]
    if cls == "peasant":
        lv = 0
        steps = 0
    else:
        lv = max(1, min(MAX_LEVEL, int(level)))
        steps = lv - 1
    h = base[0] + grow[0] * steps
    c = base[1] + grow[1] * steps
    ba = base[2] + grow[2] * steps
    bl = base[3] + grow[3] * steps
    all_traits = list(t1)
    if lv >= 3:
        all_traits.extend(t3)
    for t in traits:
        if t not in all_traits:
            all_traits.append(t)
    return StatBlock(cls, hunt=h, craft=c, battle=ba, block=bl, speed=speed, weapon=weapon,
                     armour=armour, helmet=helmet, ko_rule=KO_NORMAL, traits=all_traits,
                     level=lv)


def creature(kind):
    return CREATURES[kind].copy()


def minion():
    return MINION.copy()


def boss():
    return BOSS.copy()

