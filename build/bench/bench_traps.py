#!/usr/bin/env python3
"""Traps bench: 300 traps (pressure plate -> timer every 3rd trap -> spinning blades) with
30 Traps-duty minions on a 96x80 map, over 4 game days (57,600 ticks: two decay cycles).

Every part expires after 2 game days (DECAY-01), so every 2 days 600-700 parts wait for a
reset and the 30 minions walk and roll through them (RESET-02); on top, one trap is set
off every game hour (a forced trigger, so firing, timers and botches are exercised).

Runs the same game in two subprocesses (benchkit.py), against the compiled package
(build/compiled or PYSIM_COMPILED_DIR) and the pure sources, and reports the mean time
of one whole game tick (Game.step: every system, traps and duties included). Options:
--days D (default 4: two decay cycles, the first from a fresh build and the second from
the resets; 10 days, the default once, take 2.5 times as long) measures D game days. Prints a JSON dict as its LAST
stdout line: traps_step_ms_compiled, traps_step_ms_pure, traps_speedup, plus traps_ticks,
traps_resets, traps_workload_max (same in both builds: same seed).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchkit  # noqa: E402


def build_game(Game, E, T, tp, wiring, duties):
    from pysim.traps import trap_commands, trap_state, wire_networks
    g = Game(96, 80, seed=11)
    t = g.grid.terrain
    t[:, :] = T.FLOOR
    t[0, :] = t[-1, :] = T.WALL
    t[:, 0] = t[:, -1] = T.WALL
    g.grid.domain[:, :] = 1
    g.grid.changed()
    st = trap_state.state_of(g)
    n = 0
    for row in range(15):
        for col in range(20):
            x = 2 + col * 4
            y = 3 + row * 5
            trap_commands.new_part(g, tp.PRESSURE_PLATE, x, y, built=True)
            trap_commands.new_part(g, tp.SPINNING_BLADES, x + 2, y + 1, built=True)
            if n % 3 == 0:
                timer = trap_commands.new_part(g, tp.TIMER, x + 1, y + 2, built=True)
                timer.delay = 10
                path1 = [[x, y], [x, y + 1], [x, y + 2], [x + 1, y + 2]]
                path2 = [[x + 1, y + 2], [x + 2, y + 2], [x + 2, y + 1]]
                for p in (path1, path2):
                    r, plan = wire_networks.check_drag(g, st.wires, p)
                    assert r is None, r
                    wiring.apply_plan(st.wires, plan)
            else:
                r, plan = wire_networks.check_drag(g, st.wires, [[x, y], [x + 1, y], [x + 1, y + 1],
                                                          [x + 2, y + 1]])
                assert r is None, r
                wiring.apply_plan(st.wires, plan)
            n += 1
    for i in range(30):
        m = g.spawn(E.MINION, 3 + (i % 10) * 9, 2 + (i // 10) * 25)
        m.duty = duties.TRAPS
    g.take_events()
    return g


def child(build, days):
    pysim = benchkit.use_build(build)
    from pysim.core import duties
    from pysim.traps import decay, trap_commands, trap_state, triggering, wiring
    from pysim.core import entities as E, terrain as T
    from pysim.traps import trap_parts as tp
    from pysim.core.clock import TICKS_PER_HOUR
    from pysim.core.game import Game
    g = build_game(Game, E, T, tp, wiring, duties)
    st = trap_state.state_of(g)
    plates = [p for p in (st.parts[k] for k in sorted(st.parts)) if p.kind == tp.PRESSURE_PLATE]
    ticks = int(days * 24 * TICKS_PER_HOUR)
    resets = 0
    wl_max = 0
    t0 = time.perf_counter()
    for i in range(ticks):
        if i % TICKS_PER_HOUR == 0:
            p = plates[(i // TICKS_PER_HOUR) * 7 % len(plates)]
            if p.works():
                triggering.set_off(g, p, -1)
        g.step()
        for ev in g.events:
            if ev["type"] == "part_reset":
                resets += 1
        g.events = []
        if i % 600 == 0:
            wl = decay.reset_workload(g)
            if wl > wl_max:
                wl_max = wl
    dt = time.perf_counter() - t0
    print(json.dumps({"ms": 1000.0 * dt / ticks, "ticks": ticks, "resets": resets,
                      "workload_max": wl_max, "workload_end": decay.reset_workload(g),
                      "hash": g.state_hash(),
                      "compiled": bool(getattr(pysim, "COMPILED", False))}))


def main():
    args = sys.argv[1:]
    days = 4.0
    if "--days" in args:
        days = float(args[args.index("--days") + 1])
    if benchkit.ran_child(child, days):
        return
    res = benchkit.run_builds(__file__, ["--days", days])
    for build, r in res.items():
        print("%s: %s" % (build, json.dumps(r)))
    out = benchkit.compare("traps_step_ms", res["compiled"]["ms"], res["pure"]["ms"], 4,
                           speedup="traps_speedup")
    out.update({"traps_days": days, "traps_ticks": res["compiled"]["ticks"],
                "traps_resets": res["compiled"]["resets"],
                "traps_workload_max": res["compiled"]["workload_max"],
                "traps_same_hash": res["compiled"]["hash"] == res["pure"]["hash"]})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
