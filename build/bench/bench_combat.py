#!/usr/bin/env python3
"""Combat bench: 50 minions against 25 adventurers on a 64x64 map.

Runs the same fight twice in subprocesses (benchkit.py), against the compiled package
(build/compiled or PYSIM_COMPILED_DIR) and the pure sources, and reports the mean time of
one game tick (Game.step: brains, movement, combat, wounds ...) while the fight goes on.
Prints a JSON dict as its LAST stdout line: combat_step_ms_compiled, combat_step_ms_pure,
combat_speedup, plus combat_attacks / combat_down (same in both builds: same seed).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402
TICKS = 600


def child(build):
    pysim = benchkit.use_build(build)
    from pysim.core import entities as E
    from pysim.combat import stance as ST
    from pysim.core import terrain as T
    from pysim.core.game import Game
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


def main():
    if benchkit.ran_child(child):
        return
    runs = benchkit.run_builds(__file__, required=False)
    comp, pure = runs["compiled"], runs["pure"]
    res = benchkit.compare("combat_step_ms", comp and comp["ms"], pure and pure["ms"], 4,
                           speedup="combat_speedup")
    res.update({
        "combat_attacks": (comp or pure or {}).get("attacks"),
        "combat_down": (comp or pure or {}).get("down"),
        "combat_ticks": TICKS,
    })
    print("combat bench: 50 minions vs 25 adventurers, 64x64, %d ticks" % TICKS)
    print(json.dumps(res))


if __name__ == "__main__":
    main()
