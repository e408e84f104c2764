"""Helpers for the trap tests: ASCII maps with trap parts, drags by corners."""
from pysim.core import level
from pysim.traps import trap_parts as tp, trap_state
from pysim.traps.trap_level import corners_to_path

from doorkit import of as of_type  # noqa: F401  (event filters and stepping, shared)
from doorkit import refused, run  # noqa: F401

# map characters for trap fixtures (on floor unless noted)
TRAP_LEGEND = {
    "T": "floor trap:tripwire",
    "=": "floor trap:wide_tripwire",
    "p": "floor trap:pressure_plate",
    "s": "floor trap:sensor",
    "L": "floor trap:lever",
    "B": "floor trap:spinning_blades",
    "F": "floor trap:flame_sprayer",
    "G": "floor trap:gas_sprayer",
    "E": "floor trap:electric_coil",
    "d": "wall trap:dart_thrower",
    "X": "floor trap:blast_trap",
    "R": "floor trap:spider_trap",
    "w": "floor trap:web_trap",
    "r": "floor trap:terror_trap",
    "A": "floor trap:alarm_trap",
    "t": "floor trap:timer",
    "M": "floor metal:20",
    "n": "floor minion duty:traps",
    "u": "floor minion duty:drudgery",
    "c": "floor creature:wolf",
    "o": "rock",           # rock outside the domain (with domain: all, rock is never yours)
}


def make(rows, legend=None, wires=(), extra="", seed=1, domain=None):
    """Build a Game from map rows. `legend` adds/overrides chars; `wires` are corner lists;
    `domain` optional rows of 1/0."""
    leg = dict(TRAP_LEGEND)
    if legend:
        leg.update(legend)
    used = set("".join(rows))
    lines = ["name: test", "seed: %d" % seed]
    if domain is not None:
        lines.append("domain: map")
    lines.append("[legend]")
    for ch in sorted(leg):
        if ch in used:
            lines.append("%s = %s" % (ch, leg[ch]))
    lines.append("[map]")
    lines.extend(rows)
    if domain is not None:
        lines.append("[domain]")
        lines.extend(domain)
    if wires:
        lines.append("[wires]")
        for w in wires:
            lines.append(" ".join("%d,%d" % c for c in w))
    if extra:
        lines.append(extra)
    return level.load_text("\n".join(lines) + "\n", "fixture")


def st(game):
    return trap_state.state_of(game)


def part_at(game, x, y):
    return st(game).part_at(x, y)


def find(game, kind):
    ps = [p for p in st(game).parts.values() if p.kind == kind]
    ps.sort(key=lambda p: p.id)
    return ps


def drag(game, *corners):
    """Send a wire command along the corners; run one tick; return the events."""
    game.command({"type": "wire", "path": corners_to_path(corners)})
    game.step()
    return game.take_events()


def step_until(game, pred, limit):
    for _ in range(limit):
        if pred():
            return True
        game.step()
    return pred()


# -- helpers for the mechanism-effect tests (tests/traps/test_trap_effects.py) -------------------

def positions(rows, chars):
    """(x, y) of every map character in `chars`, row by row."""
    return [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in chars]


def attacks_on(ev, eid):
    """A trap's attack rolls against entity `eid`: its trap_hit and trap_missed events."""
    return [e for e in ev if e["type"] in ("trap_hit", "trap_missed") and e["entity"] == eid]


def pull_lever(game):
    """Switch the (only) lever on; run the tick it is applied in; return its events."""
    lever = find(game, tp.LEVER)[0]
    game.command({"type": "switch_lever", "part": lever.id, "on": True})
    game.step()
    return game.take_events()
