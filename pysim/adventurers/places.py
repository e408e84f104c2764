"""Place names for the log and the panels (NAME-02, docs/rules/names.md): what the player reads
instead of raw coordinates. Derived from the map (the areas of areas.py), never state.

- The sanctum's area is "the sanctum"; a portal tile is "the west portal" (its side of the map).
- Any other area is named by where it lies from the sanctum (the map's centre when there is
  none): "the north-west room", "the east corridor"; "the central room" when it lies on top.
  Two of the same name: the nearer keeps it, the next is "the far ...", then "... 3", "... 4".
- Names stay put (decided): a room or corridor keeps the name it had while it exists, however
  it is dug, split or joined. The names given at the end of each tick are remembered
  (`remember`, the system "place_names"), and a new map's areas take the remembered names of
  the areas they overlap most (one name per area, one area per name, the biggest overlaps
  first; a room keeps only a room's name, a corridor a corridor's). An area left without one
  is new and named as above, among the names in use: "the far ..." when it lies farther from
  the sanctum than the area with the plain name, "the near ..." when nearer, else "... 3".
- A door or doorway tile: "the door between the west room and the east corridor" (or "the
  door of the west room" with one area beside it).
- A tile nobody can stand on (rock, wall, water): "the rock by the west room" (the nearest
  area within 4 tiles), else "the rock north of the sanctum".

The memory is a view, like the fog: not hashed and never read by a rule. It follows only the
map at the ends of ticks (the system), so a replayed save and the headless runner remember the
same names as the game in a window did; asking for names between ticks never changes it.
"""
import numpy as np

from pysim.adventurers import areas
from pysim.core import systems, terrain

COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")
NEAR = 4          # how far a wall looks for an area to be named by
CENTRAL = 2.5     # tiles from the sanctum within which an area is "central"


def _centre(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def compass(dx, dy):
    """8-way direction of (dx, dy) on the map (y grows southward)."""
    import math
    a = math.atan2(dy, dx)
    return COMPASS[int(round(a / (math.pi / 4))) % 8]


def _portal_side(game, x, y):
    g = game.grid
    if x == 0:
        return "west"
    if x == g.width - 1:
        return "east"
    if y == 0:
        return "north"
    if y == g.height - 1:
        return "south"
    return compass(x - g.width / 2.0, y - g.height / 2.0)


def _reference(game):
    sanctum = game.grid.tiles_of(terrain.SANCTUM)
    if sanctum:
        return _centre(sanctum)
    return ((game.grid.width - 1) / 2.0, (game.grid.height - 1) / 2.0)


class Memory(object):
    """The area names given at the end of a tick: `label` int32 (H, W), per tile the index in
    `names` of its area's name (-1 outside every area), for the map `key` (maps' key)."""
    __slots__ = ("key", "label", "names", "by_area")

    def __init__(self, key, label, names, by_area):
        self.key, self.label, self.names, self.by_area = key, label, names, by_area


def _kind(name):
    """"room" or "corridor", the word a remembered name may be kept by; None for the sanctum."""
    for what in ("room", "corridor"):
        if name.endswith(" " + what) or (" %s " % what) in name:
            return what
    return None


def _area_names(game, area, corridor, ref, memory=None):
    """{area id: name}, in ascending area id: the remembered names kept (memory, a Memory of
    the same map size or None), the other areas named anew, told apart by distance."""
    terr = game.grid.terrain
    # Per area at once (bincount over the labelled tiles): size, centre, sanctum tiles and
    # corridor tiles, so a big map with many rooms costs one pass, not one per room.
    h, w = area.shape
    flat = area.reshape(-1)
    valid = flat >= 0
    uniq, inv = np.unique(flat[valid], return_inverse=True)
    yy, xx = np.divmod(np.flatnonzero(valid), w)
    count = np.bincount(inv).astype(np.float64)
    sum_x = np.bincount(inv, weights=xx)
    sum_y = np.bincount(inv, weights=yy)
    holy = np.bincount(inv, weights=(terr.reshape(-1)[valid] == terrain.SANCTUM))
    narrow = np.bincount(inv, weights=(corridor.reshape(-1)[valid] > 0))
    ids = [int(v) for v in uniq.tolist()]
    base = {}
    dist = {}
    what = {}
    for k, aid in enumerate(ids):
        cx, cy = float(sum_x[k] / count[k]), float(sum_y[k] / count[k])
        dist[aid] = (cx - ref[0]) ** 2 + (cy - ref[1]) ** 2
        if holy[k] > 0:
            base[aid] = "the sanctum"
            continue
        what[aid] = "corridor" if narrow[k] > 0 else "room"
        if dist[aid] <= CENTRAL ** 2:
            base[aid] = "the central " + what[aid]
        else:
            base[aid] = "the %s %s" % (compass(cx - ref[0], cy - ref[1]), what[aid])
    names = _kept_names(memory, inv, valid, ids, what, (h, w))
    used = {name: aid for aid, name in names.items()}
    for aid in sorted((a for a in ids if a not in names), key=lambda a: (dist[a], a)):
        name = base[aid]
        if name in used:
            # the plain name is another area's: "far" or "near" by where they lie, else a number
            far = dist[aid] >= dist[used[name]]
            name = base[aid].replace("the ", "the far " if far else "the near ", 1)
            n = 3
            while name in used:
                name = "%s %d" % (base[aid], n)
                n += 1
        names[aid] = name
        used[name] = aid
    return {aid: names[aid] for aid in ids}


def _kept_names(memory, inv, valid, ids, what, shape):
    """{area id: remembered name} for the areas that keep one: the pairs (area, remembered
    name) by tiles in common, most first (then the name's and the area's order), each name
    and each area taken once, a name only by an area of its kind."""
    if memory is None or not memory.names or memory.label.shape != shape:
        return {}
    lab = memory.label.reshape(-1)[valid]
    both = lab >= 0
    m = len(memory.names)
    codes, counts = np.unique(inv[both].astype(np.int64) * m + lab[both], return_counts=True)
    pairs = sorted(zip((-counts).tolist(), (codes % m).tolist(), (codes // m).tolist()))
    kept = {}
    taken = set()
    for _, n, k in pairs:
        aid = ids[k]
        if aid in kept or n in taken or what.get(aid) is None:
            continue
        if _kind(memory.names[n]) != what[aid]:
            continue
        kept[aid] = memory.names[n]
        taken.add(n)
    return kept


def _key(game):
    """The map the names are of: the grid's version and size and the doors (maps' key)."""
    g = game.grid
    return (g.version, g.width, g.height, len(areas._door_tiles(game)))


def _memory(game):
    return getattr(game, "place_memory", None)


def area_names(game):
    """{area id: name} of the map now: the memory's when it is of this map, else the memory's
    names carried onto it (a map changed since the last tick's end), never stored here."""
    mem = _memory(game)
    if mem is not None and mem.key == _key(game):
        return mem.by_area
    corridor, area = areas.maps(game)
    return _area_names(game, area, corridor, _reference(game), mem)


@systems.system("place_names", 595)
def remember(game):
    """At the end of each tick whose map changed (and the first): the names of its areas."""
    key = _key(game)
    mem = _memory(game)
    if mem is not None and mem.key == key:
        return
    corridor, area = areas.maps(game)
    by_area = _area_names(game, area, corridor, _reference(game), mem)
    order = sorted(set(by_area.values()))
    index = {name: i for i, name in enumerate(order)}
    lut = np.full(max(by_area) + 2 if by_area else 1, -1, dtype=np.int32)
    for aid, name in by_area.items():
        lut[aid] = index[name]
    label = np.where(area >= 0, lut[area], -1).astype(np.int32)
    game.place_memory = Memory(key, label, order, by_area)


def build(game):
    """(place index int16 (H, W), [names]): what every tile is called."""
    corridor, area = areas.maps(game)
    g = game.grid
    h, w = area.shape
    ref = _reference(game)
    anames = area_names(game)
    names = []
    index = {}

    def name_id(text):
        if text not in index:
            index[text] = len(names)
            names.append(text)
        return index[text]

    place = np.zeros((h, w), dtype=np.int16)
    labelled = area >= 0
    uniq, inv = np.unique(area[labelled], return_inverse=True)
    lut = np.array([name_id(anames[int(aid)]) for aid in uniq.tolist()], dtype=np.int16)
    place[labelled] = lut[inv] if len(lut) else 0
    walk = g.walk_cost() > 0
    doors = areas._door_tiles(game)
    door_at = {(d.x, d.y) for d in doors}
    door_mask = np.zeros((h, w), dtype=bool)
    for d in doors:
        door_mask[d.y, d.x] = True
    terr = g.terrain
    portal = terr == terrain.PORTAL
    # Doors, doorways and portals: few, named one by one.
    for y, x in np.argwhere(((area < 0) & (walk | door_mask)) | portal).tolist():
        place[y, x] = name_id(_tile_name(game, x, y, area, anames, walk, door_at, ref))
    # Tiles nobody stands on: by the nearest area within NEAR tiles (whole-map array passes,
    # one per offset, nearest first), else by their compass direction from the sanctum.
    blocked = (area < 0) & ~walk & ~door_mask & ~portal
    nearest = _nearest_area(area, blocked)
    for code in sorted(set(terr[blocked].tolist())):
        word = terrain.NAMES[code]
        mine = blocked & (terr == code)
        near = mine & (nearest >= 0)
        if near.any():
            uniq, inv = np.unique(nearest[near], return_inverse=True)
            lut = np.array([name_id("the %s by %s" % (word, anames[int(aid)]))
                            for aid in uniq.tolist()], dtype=np.int16)
            place[near] = lut[inv]
        far = mine & (nearest < 0)
        if far.any():
            ys, xs = np.nonzero(far)
            octant = np.round(np.arctan2(ys - ref[1], xs - ref[0]) / (np.pi / 4)).astype(np.int64) % 8
            for o in sorted(set(octant.tolist())):
                sel = octant == o
                place[ys[sel], xs[sel]] = name_id("the %s %s of the sanctum" % (word, COMPASS[o]))
    return place, names


def _nearest_area(area, blocked):
    """For each blocked tile, the area id nearest within NEAR tiles (Chebyshev ring first,
    then squared distance, then row-major), -1 if none."""
    h, w = area.shape
    nearest = np.full((h, w), -1, dtype=np.int32)
    offsets = sorted((max(abs(dx), abs(dy)), dx * dx + dy * dy, dy, dx)
                     for dy in range(-NEAR, NEAR + 1) for dx in range(-NEAR, NEAR + 1)
                     if (dx, dy) != (0, 0))
    pad = np.full((h + 2 * NEAR, w + 2 * NEAR), -1, dtype=np.int32)
    pad[NEAR:NEAR + h, NEAR:NEAR + w] = area
    for _, _, dy, dx in offsets:
        shifted = pad[NEAR + dy:NEAR + dy + h, NEAR + dx:NEAR + dx + w]
        take = blocked & (nearest < 0) & (shifted >= 0)
        nearest[take] = shifted[take]
    return nearest


def _beside(area, x, y, anames):
    h, w = area.shape
    out = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h and area[ny, nx] >= 0:
            name = anames[int(area[ny, nx])]
            if name not in out:
                out.append(name)
    return out


def _tile_name(game, x, y, area, anames, walk, door_at, ref):
    terr = int(game.grid.terrain[y, x])
    if terr == terrain.PORTAL:
        return "the %s portal" % _portal_side(game, x, y)
    if walk[y, x] or (x, y) in door_at:
        what = "door" if (x, y) in door_at else "doorway"
        near = _beside(area, x, y, anames)
        if len(near) >= 2:
            return "the %s between %s and %s" % (what, near[0], near[1])
        if near:
            return "the %s of %s" % (what, near[0])
        return "the %s %s of the sanctum" % (what, compass(x - ref[0], y - ref[1]))
    word = terrain.NAMES[terr]
    h, w = area.shape
    best = None
    for r in range(1, NEAR + 1):
        for ny in range(max(0, y - r), min(h, y + r + 1)):
            for nx in range(max(0, x - r), min(w, x + r + 1)):
                aid = int(area[ny, nx])
                if aid >= 0:
                    d = (nx - x) ** 2 + (ny - y) ** 2
                    if best is None or d < best[0]:
                        best = (d, aid)
        if best is not None:
            return "the %s by %s" % (word, anames[best[1]])
    return "the %s %s of the sanctum" % (word, compass(x - ref[0], y - ref[1]))


def maps(game):
    """build(game), cached on the grid per grid version, door count and the memory (never
    hashed)."""
    g = game.grid
    mem = _memory(game)
    key = (_key(game), mem.key if mem is not None else None)
    hit = getattr(g, "places_cache", None)
    if hit is None or hit[0] != key:
        hit = (key,) + build(game)
        g.places_cache = hit
    return hit[1], hit[2]


def place_name(game, x, y):
    place, names = maps(game)
    if not (0 <= x < game.grid.width and 0 <= y < game.grid.height):
        return "beyond the map"
    return names[int(place[y, x])]


def version(game):
    """Changes whenever the place names may have: the key maps() caches by."""
    g = game.grid
    return int(g.version) * 1000 + len(areas._door_tiles(game))


def _snapshot(game, snap):
    """places_version int: moves when the place names may have (dug rock, built walls, new
    doors), so the front end asks Session.places() only then."""
    snap["places_version"] = version(game)


def _register():
    from pysim.core import snapshot
    snapshot.snapshot_part(_snapshot)


_register()
