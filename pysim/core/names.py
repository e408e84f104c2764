"""Names for the minions and the adventurers (NAME-01, docs/rules/names.md).

Every minion and adventurer gets a name when it spawns, drawn from the game's own "names"
stream, so the other streams keep their sequence and a seed always names the same bodies the
same way. A name is unique within a game: a drawn name already taken is drawn again (a fixed
number of times), then numbered ("Grub the Second"). A level may give a name itself with the
thing `name:Grub` (or `name:Sir_Bors`, underscores for spaces) after the body on that tile.
Creatures and the Boss have names too, drawn from a stream of their own ("creature_names",
so adding them moved no minion's or adventurer's name): a creature is called by its name and
kind ("Grub the kobold"), the Boss by its name and epithet ("Vorgath the Vile"); a level names
its Boss with `name:` like any body.
"""
from pysim.core import entities

STREAM = "names"
CREATURE_STREAM = "creature_names"
NAMED_KINDS = (entities.MINION, entities.ADVENTURER, entities.CREATURE, entities.BOSS)

# Minions: two syllables, goblin-ish (24 x 24 = 576 names).
# Heads end in a vowel and tails start with a consonant, so every pair can be said.
MINION_HEADS = ("Gra", "Sni", "Sko", "Blo", "Dru", "Gla", "Kro", "Na", "Pu", "Ru", "Spu", "Thu",
                "Vo", "Zu", "Mo", "Ni", "O", "Ra", "Sca", "Sli", "Twi", "Wo", "Yi", "Zo")
MINION_TAILS = ("b", "k", "t", "g", "x", "nk", "bbo", "zz", "gle", "rk", "sy", "rum",
                "gut", "nose", "tooth", "wick", "let", "kin", "grub", "snout", "spit", "mire", "lug", "nib")

# Adventurers: a first name and a family or place (40 x 32 = 1280 names).
ADVENTURER_FIRST = ("Aldric", "Brenna", "Cedric", "Dara", "Edmund", "Freya", "Gareth", "Hilda",
                    "Ivo", "Jorund", "Kestrel", "Leofric", "Mirela", "Niall", "Osric", "Petra",
                    "Quentin", "Rowena", "Sigrid", "Tobin", "Ulric", "Vesna", "Wulfric", "Ysolde",
                    "Alwin", "Bertil", "Corwen", "Dunstan", "Elspeth", "Fenna", "Godric", "Halvard",
                    "Isolde", "Jory", "Kendra", "Lorcan", "Maud", "Ned", "Orla", "Piers")
ADVENTURER_FAMILY = ("Ashford", "Blackwood", "Crane", "Dunmore", "Elmsworth", "Fairholt",
                     "Greaves", "Hollow", "Ironside", "Jasper", "Kettle", "Longmead", "Marsh",
                     "Northgate", "Oakes", "Pike", "Quill", "Redmane", "Stone", "Thorne",
                     "Underhill", "Vance", "Whitlock", "Yarrow", "of Brinmoor", "of Caldwell",
                     "of Dunhollow", "of Eastmere", "of Fallow", "of Gildenford", "of Hartwell",
                     "of Westmarch")

# Creatures: one word, called with their kind ("Grub the kobold"; 48 names).
CREATURE_NAMES = ("Grub", "Snag", "Fang", "Mottle", "Skitter", "Gnash", "Burr", "Nettle", "Scab",
                  "Tatter", "Wort", "Sniv", "Crook", "Hob", "Rasp", "Cinder", "Moss", "Knuckle",
                  "Flint", "Gristle", "Soot", "Thistle", "Brindle", "Pock", "Mange", "Ratch",
                  "Sprocket", "Dribble", "Lurk", "Nab", "Quill", "Rook", "Smudge", "Tusk",
                  "Whisker", "Yelp", "Bristle", "Clot", "Drool", "Fester", "Grit", "Husk",
                  "Kibble", "Lump", "Mire", "Niblet", "Pox", "Scurry")

# The Boss: a name and an epithet (12 x 12 = 144).
BOSS_NAMES = ("Vorgath", "Malakar", "Morgrim", "Zarduun", "Skarvos", "Nekhrun", "Ulthar",
              "Grimvald", "Azrokh", "Belzara", "Khorvane", "Sepulchra")
BOSS_EPITHETS = ("the Vile", "the Cruel", "the Undying", "the Hollow", "the Black", "the Deep",
                 "the Patient", "the Hungry", "the Pale", "the Grasping", "the Sleepless",
                 "the Bitter")

ORDINALS = ("Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth")
TRIES = 8


def _draw(game, kind):
    if kind in (entities.CREATURE, entities.BOSS):
        return _draw_creature(game, kind)
    rng = game.rng.stream(STREAM)
    if kind == entities.MINION:
        a, b = MINION_HEADS, MINION_TAILS
        i, j = int(rng.integers(len(a))), int(rng.integers(len(b)))
        return a[i] + b[j]
    a, b = ADVENTURER_FIRST, ADVENTURER_FAMILY
    i, j = int(rng.integers(len(a))), int(rng.integers(len(b)))
    return a[i] + " " + b[j]


def _draw_creature(game, kind):
    rng = game.rng.stream(CREATURE_STREAM)
    if kind == entities.CREATURE:
        return CREATURE_NAMES[int(rng.integers(len(CREATURE_NAMES)))]
    i, j = int(rng.integers(len(BOSS_NAMES))), int(rng.integers(len(BOSS_EPITHETS)))
    return BOSS_NAMES[i] + " " + BOSS_EPITHETS[j]


def names_in_use(game, but=None):
    """The names the bodies of this game carry (in id order), leaving out `but`."""
    return [e.name for e in game.entities.values() if e is not but and e.name]


def unique(name, taken):
    """`name`, or "name the Second", "the Third" ... (then a number): the first not taken."""
    if name not in taken:
        return name
    for word in ORDINALS:
        candidate = "%s the %s" % (name, word)
        if candidate not in taken:
            return candidate
    n = 11
    while "%s %d" % (name, n) in taken:
        n += 1
    return "%s %d" % (name, n)


def give_name(game, ent):
    """Spawn hook: a body with no name yet gets one (minions and adventurers from the "names"
    stream, creatures and the Boss from "creature_names")."""
    if ent.name or ent.kind not in NAMED_KINDS:
        return
    taken = names_in_use(game, ent)
    name = _draw(game, ent.kind)
    for _ in range(TRIES):
        if name not in taken:
            break
        name = _draw(game, ent.kind)
    ent.name = unique(name, taken)


def rename(game, ent, name):
    """A name the level gives (the `name:` thing). Another body holding it drew it at random
    and gets a fresh one, so the level's name wins and names stay unique."""
    name = " ".join(str(name).replace("_", " ").split())
    if not name:
        raise ValueError("a name needs a word (name:Grub)")
    if len(name) > 40:
        raise ValueError("a name is at most 40 characters")
    for other in game.entities.values():
        if other is not ent and other.name == name:
            if getattr(other, "named_by_level", False):
                raise ValueError("the name %r is given twice" % name)
            other.name = ""
            ent.name = name
            give_name(game, other)
    ent.name = name
    ent.named_by_level = True


def kind_word(ent):
    """A creature's kind as the log says it: "kobold", "wolf"."""
    return (ent.subtype.split(":")[0] if ent.subtype else entities.KIND_NAMES[ent.kind]).replace("_", " ")


def title(ent):
    """How the log and the panels call a body: "Grubnose", "Aldric Crane", "Grub the kobold",
    "Vorgath the Vile" (unnamed: "the kobold", "your Boss")."""
    if ent.kind == entities.CREATURE:
        if not ent.name:
            return "the " + kind_word(ent)
        # "Grub the Second" (a numbered name) takes a comma before its kind
        return "%s%s the %s" % (ent.name, "," if " the " in ent.name else "", kind_word(ent))
    if ent.name:
        return ent.name
    if ent.kind == entities.BOSS:
        return "your Boss"
    return "the " + kind_word(ent)


def register():
    # First of the spawn hooks (core is imported before the other rule packages): a name
    # does not depend on stats, and the hooks after it may word events with it.
    if give_name not in entities.SPAWN_HOOKS:
        entities.SPAWN_HOOKS.insert(0, give_name)


register()


def _place_name(game, x, y, arg):
    """The level thing `name:Grub`: names the body placed last on this tile."""
    here = [e for e in game.entities.values() if e.x == x and e.y == y]
    if not here:
        raise ValueError("name:%s needs a minion, an adventurer, a creature or the Boss on its "
                         "tile, before it" % arg)
    ent = here[-1]
    if ent.kind not in NAMED_KINDS:
        raise ValueError("only minions, adventurers, creatures and the Boss take a name")
    rename(game, ent, arg or "")
    return ent


def _register_thing():
    from pysim.core import level
    level.THINGS["name"] = _place_name
    level.catalog("name", "The name of the body before it on this tile.", level.ON_A_BODY,
                  (), "a name without spaces (_ reads as a space), like Grub",
                  check=lambda arg: None)


_register_thing()


def class_and_level(ent):
    """An adventurer's class and level from its stat block ("warrior", 2); ("", 0) for others."""
    f = getattr(ent, "fighter", None)
    if ent.kind != entities.ADVENTURER or f is None:
        return "", 0
    return str(f.stats.name), int(f.stats.level)


def long_title(ent):
    """The panel's title line: "Aldric Crane, warrior level 2", "Grubnose, minion",
    "Vorgath the Vile, your Boss"."""
    cls, lvl = class_and_level(ent)
    if cls:
        # A level-0 adventurer (a peasant of a mob) is just its class.
        return "%s, %s level %d" % (title(ent), cls, lvl) if lvl > 0 else "%s, %s" % (title(ent), cls)
    if ent.kind == entities.MINION:
        return "%s, minion" % title(ent)
    if ent.kind == entities.BOSS and ent.name:
        return "%s, your Boss" % title(ent)
    return title(ent)[0].upper() + title(ent)[1:]


def everyone(game):
    """Session.names(): every body's name and titles, in id order (the front end asks when the
    snapshot's names_version moves); "looks": what the body is drawn as, its subtype without
    a level ("warrior", "troll"; "" for minions and the Boss: godot_project/art/Art.gd)."""
    ents = list(game.entities.values())
    return {"ids": [e.id for e in ents], "names": [title(e) for e in ents],
            "titles": [long_title(e) for e in ents],
            "classes": [class_and_level(e)[0] for e in ents],
            "levels": [class_and_level(e)[1] for e in ents],
            "looks": [(e.subtype or "").split(":")[0] for e in ents]}


def _snapshot(game, snap):
    """names_version int: moves when a body is added (names never change after the level is
    built), so the front end asks Session.names() only then."""
    snap["names_version"] = game.next_id


def _describe(game, ent, info):
    """title (the panel heading), class and level (adventurers; "" and 0 for others)."""
    info["title"] = long_title(ent)
    info["class"], info["level"] = class_and_level(ent)


def _register_views():
    from pysim.core import snapshot
    snapshot.snapshot_part(_snapshot)
    snapshot.describe_part(_describe)


_register_views()
