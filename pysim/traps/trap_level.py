"""Trap parts, wires, metal stock and duties in level / scenario files.

Legend things (docs/level-format.md):
  trap:KIND[/opt...]   a trap part on this tile, built unless `blueprint`. Options:
                       blueprint, shoddy, v (a vertical wide tripwire), delay=N (timer
                       ticks), needs_reset, expired
  metal:N              a metal stock pile holding N metal
  duty:DUTY            the minion placed on this tile (earlier in the same legend
                       entry) takes this duty: traps, drudgery, none
Section:
  [wires]              one wire per line: the corners of the drag as `x,y x,y ...`
                       (0-based columns and rows); each is checked like the `wire`
                       command and a refused one is a level error with the reason.
"""
from pysim.core import duties, entities, level
from pysim.traps import trap_commands, trap_parts as tp, trap_state, wire_networks, wiring


MAX_STOCK = 10000     # metal in one pile placed by a level


TRAP_OPTIONS = ("blueprint", "shoddy", "v", "delay", "needs_reset", "expired")


def trap_arg(arg):
    """(kind, {option: value or True}) of a trap thing's arg KIND[/option...]; ValueError
    when it is not one."""
    if not arg:
        raise ValueError("trap needs a kind, like trap:pressure_plate")
    words = arg.split("/")
    kind = words[0]
    if kind not in tp.ALL_KINDS:
        raise ValueError("unknown trap part %r (known: %s)" % (kind, ", ".join(tp.ALL_KINDS)))
    opts = {}
    for w in words[1:]:
        k, sep, v = w.partition("=")
        opts[k] = v if sep else True
    for k in opts:
        if k not in TRAP_OPTIONS:
            raise ValueError("unknown trap option %r (known: %s)" % (k, ", ".join(TRAP_OPTIONS)))
    if "delay" in opts:
        delay = str(opts["delay"])
        if kind != tp.TIMER or not (delay.isascii() and delay.isdigit()):
            raise ValueError("delay=N (ticks) is for timers")
        if int(delay) > tp.TIMER_MAX_DELAY:
            # The same cap as the set_timer_delay command: a file may not ask for more.
            raise ValueError("a timer's delay is at most %d ticks" % tp.TIMER_MAX_DELAY)
    return kind, opts


def _trap_thing(game, x, y, arg):
    kind, opts = trap_arg(arg)
    orient = tp.ORIENT_V if opts.get("v") else tp.ORIENT_H
    reason = trap_commands.placement_reason(game, kind, x, y, orient)
    if reason:
        raise ValueError(reason)
    p = trap_commands.new_part(game, kind, x, y, orient, bool(opts.get("shoddy")),
                       not opts.get("blueprint"))
    if "delay" in opts:
        p.delay = int(opts["delay"])
    if opts.get("needs_reset"):
        p.needs_reset = True
    if opts.get("expired"):
        p.expired = True
    trap_state.state_of(game).changed()


def metal_arg(arg):
    """The metal a `metal:N` pile holds (10 when left out)."""
    text = arg or "10"
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_STOCK:
        raise ValueError("metal:N needs a whole number from 0 to %d" % MAX_STOCK)
    return int(text)


def _metal_thing(game, x, y, arg):
    n = metal_arg(arg)
    st = trap_state.state_of(game)
    st.stock[(x, y)] = st.stock.get((x, y), 0) + n


def duty_arg(arg):
    if arg not in duties.DUTIES:
        raise ValueError("duty must be one of %s" % ", ".join(duties.DUTIES))


def _duty_thing(game, x, y, arg):
    duty_arg(arg)
    for eid in sorted(game.entities, reverse=True):
        e = game.entities[eid]
        if e.kind == entities.MINION and (e.x, e.y) == (x, y):
            e.duty = arg
            return
    raise ValueError("duty needs a minion on the same tile (put 'minion' first)")


def corners_to_path(corners):
    """[(x, y), ...] corners -> every tile along the orthogonal segments between them."""
    path = [tuple(corners[0])]
    for (x1, y1) in corners[1:]:
        x0, y0 = path[-1]
        if x0 != x1 and y0 != y1:
            raise ValueError("corners %d,%d and %d,%d are not in one row or column"
                             % (x0, y0, x1, y1))
        sx = (x1 > x0) - (x1 < x0)
        sy = (y1 > y0) - (y1 < y0)
        while (x0, y0) != (x1, y1):
            x0 += sx
            y0 += sy
            path.append((x0, y0))
    return [list(t) for t in path]


def path_corners(tiles):
    """The corners of a wire's tile path (its ends and every bend): what corners_to_path
    makes the same path from, and what a [wires] line holds."""
    tiles = [tuple(t) for t in tiles]
    out = tiles[:1]
    for i in range(1, len(tiles) - 1):
        (ax, ay), (bx, by) = tiles[i - 1], tiles[i + 1]
        if ax != bx and ay != by:
            out.append(tiles[i])
    if len(tiles) > 1:
        out.append(tiles[-1])
    return out


def _corners(game, text):
    """The corners of one [wires] line, each checked to be on the map before any tile
    between them is listed (a corner at 0,900000000 must cost nothing)."""
    corners = []
    for word in text.split():
        parts = word.split(",")
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 18 for p in parts):
            raise ValueError("a wire is two or more corners x,y (whole numbers)")
        x, y = int(parts[0]), int(parts[1])
        if not game.grid.in_bounds(x, y):
            raise ValueError("corner %d,%d is outside the map" % (x, y))
        corners.append((x, y))
    if len(corners) < 2:
        raise ValueError("a wire is two or more corners x,y")
    return corners


def _wires_section(ctx, lines):
    game = ctx.game
    st = trap_state.state_of(game)
    for lineno, text in lines:
        try:
            path = corners_to_path(_corners(game, text))
        except ValueError as exc:
            ctx.error(lineno, str(exc))
        reason, plan = wire_networks.check_drag(game, st.wires, path)
        if reason:
            ctx.error(lineno, reason)
        wiring.apply_plan(st.wires, plan)
        st.changed()


level.THINGS["trap"] = _trap_thing
level.THINGS["metal"] = _metal_thing
level.THINGS["duty"] = _duty_thing
level.catalog("trap", "A trap part: a trigger, a mechanism, a timer (wire them: Wires).",
              level.TRAPS, tp.ALL_KINDS, "KIND, then options after '/', like "
              "timer/delay=20 or pressure_plate/shoddy/blueprint",
              ("blueprint", "shoddy", "v", "delay=20", "needs_reset", "expired"), trap_arg)
level.catalog("metal", "A pile of metal (10 when left out).", level.TRAPS, ("10",),
              "N: a whole number from 0 to %d" % MAX_STOCK, check=metal_arg)
level.catalog("duty", "The duty of the minion before it on this tile.", level.ON_A_BODY,
              duties.DUTIES, check=duty_arg)
level.SECTIONS["wires"] = _wires_section
