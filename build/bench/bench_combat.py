#!/usr/bin/env python3
"""Combat bench: 50 minions against 25 adventurers on a 64x64 map.

Runs the same fight twice in subprocesses, against the compiled package (build/compiled,
PYSIM_BUILD=compiled) and the pure sources (PYSIM_BUILD=pure), and reports the mean time of
one game tick (Game.step: brains, movement, combat, wounds ...) while the fight goes on.
Prints a JSON dict as its LAST stdout line: combat_step_ms_compiled, combat_step_ms_pure,
combat_speedup, plus combat_attacks / combat_down (same in both builds: same seed).
"""
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TICKS = 600


def child(build):
    sys.path.insert(0, os.path.join(ROOT, "build", "compiled") if build == "compiled" else ROOT)
    import pysim
    if build == "compiled" and not getattr(pysim, "COMPILED", False):
        raise SystemExit("pysim is not compiled: run make pysim")
    from pysim import entities as E
    from pysim import stance as ST
    from pysim import terrain as T
    from pysim.game import Game
    g = Game(64, 64, seed=7)
    t = g.grid.terrain
    t[:, :] = T.FLOOR
    t[0, :] = t[-1, :] = T.WALL
    t[:, 0] = t[:, -1] = T.WALL
    for y in range(8, 56, 8):          # a few pillars to see and shoot around
        for x in range(20, 44, 6):
            t[y:y + 2, x:x + 2] = T.WALL
    t[32, 2] = T.SANCTUM
    g.grid.domain[:, :] = 1
    g.grid.changed()
    classes = ("warrior:2", "scout:2", "rogue:2", "priest:2", "knight:1")
    for i in range(50):
        m = g.spawn(E.MINION, 4 + (i % 5) * 2, 8 + (i // 5) * 5)
        m.fighter.stance = ST.AGGRESSIVE
    for i in range(25):
        g.spawn(E.ADVENTURER, 58 - (i % 3) * 2, 6 + (i // 3) * 6,
                subtype=classes[i % len(classes)])
    g.take_events()
    t0 = time.perf_counter()
    attacks = 0
    for _ in range(TICKS):
        g.step()
        for ev in g.events:
            if ev["type"] == "attack":
                attacks += 1
        g.events = []
    dt = time.perf_counter() - t0
    down = sum(1 for e in g.entities.values() if e.state != E.UP)
    print(json.dumps({"ms": 1000.0 * dt / TICKS, "attacks": attacks, "down": down,
                      "compiled": bool(getattr(pysim, "COMPILED", False))}))


def run(build):
    env = dict(os.environ, PYSIM_BUILD=build)
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", build],
                         env=env, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    comp = run("compiled")
    pure = run("pure")
    res = {
        "combat_step_ms_compiled": round(comp["ms"], 4) if comp else None,
        "combat_step_ms_pure": round(pure["ms"], 4) if pure else None,
        "combat_speedup": round(pure["ms"] / comp["ms"], 2) if comp and pure else None,
        "combat_attacks": (comp or pure or {}).get("attacks"),
        "combat_down": (comp or pure or {}).get("down"),
        "combat_ticks": TICKS,
    }
    print("combat bench: 50 minions vs 25 adventurers, 64x64, %d ticks" % TICKS)
    print(json.dumps(res))


if __name__ == "__main__":
    main()
