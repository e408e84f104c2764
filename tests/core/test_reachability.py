"""Walkers that cannot reach their goal search once per change, not every tick:
pysim/core/reachability.py. The skip must never change play: a goal it declares out of
reach is one the search would not have reached either."""
import os
import subprocess
import sys

import numpy as np
import pytest

from pysim.core import entities as E, movement, pathing, reachability

from doorkit import cmd, door, game, run

# A dungeon creature (K) outside a vault locked by a padlock; a wild kobold (k) inside, three
# tiles from the door. The vault's walls are water: they see each other across it, neither
# may unlock the door (LOCK-04: creatures never unlock to reach an enemy; wild ones never
# unlock).
VAULT = """
[legend]
L = floor door padlock
[map]
###############
#.............#
#.....K.......#
#.............#
#....~~~L~~~..#
#....~.....~..#
#....~.....~..#
#....~..k..~..#
#....~~~~~~~..#
P...........S.#
###############
"""


def _in_vault(xy):
    return 6 <= xy[0] <= 10 and 5 <= xy[1] <= 7


def _vault_game():
    g = game(VAULT)
    creature = [e for e in g.entities.values() if e.kind == E.CREATURE and e.side == E.DUNGEON][0]
    kobold = [e for e in g.entities.values() if e.kind == E.CREATURE and e.side != E.DUNGEON][0]
    return g, creature, kobold


def _count_floods(monkeypatch, g):
    """Every search toward an open goal (a flood: a blocked goal fails without one), as
    (start, goal) pairs."""
    floods = []
    real = movement.find_path

    def counting(cost, start, goal, *args):
        if cost[goal[1], goal[0]] > 0:
            floods.append((tuple(int(v) for v in start), tuple(int(v) for v in goal)))
        return real(cost, start, goal, *args)
    monkeypatch.setattr(movement, "find_path", counting)
    return floods


@pytest.mark.rule("LOCK-04")
def test_unreachable_enemy_is_searched_for_once_until_the_door_is_unlocked(monkeypatch):
    g, creature, kobold = _vault_game()
    floods = _count_floods(monkeypatch, g)
    run(g, 300)
    assert creature.fighter.target == kobold.id     # it wants the kobold all along
    assert creature.path is None                     # and has no way to it
    # at most one search each way, not one a tick (the first failure on the locked-door
    # view labels it, so the other side may not need a search at all)
    inward = [f for f in floods if not _in_vault(f[0]) and _in_vault(f[1])]
    outward = [f for f in floods if _in_vault(f[0]) and not _in_vault(f[1])]
    assert len(inward) <= 1 and len(outward) <= 1, (inward, outward)
    assert inward or outward
    # unlocking the door is a change: it searches again and gets there
    d = door(g, 8, 4)
    cmd(g, {"type": "disarm_lock", "door": d.id})
    before = len(floods)
    evs = run(g, 300)
    assert len(floods) > before
    assert any(e["type"] == "attack" and e["attacker"] == creature.id and
               e["target"] == kobold.id for e in evs)


@pytest.mark.rule("LOCK-04")
def test_skipping_known_unreachable_searches_changes_no_tick(monkeypatch):
    """The same game with the skip turned off (every search runs) has the same state hash
    at every tick."""
    g1, _, _ = _vault_game()
    hashes = []
    for _ in range(400):
        g1.step()
        g1.take_events()
        hashes.append(g1.state_hash())
    monkeypatch.setattr(reachability.Views, "unreachable", lambda self, *a: False)
    g2, _, _ = _vault_game()
    for t in range(400):
        g2.step()
        g2.take_events()
        assert g2.state_hash() == hashes[t], "tick %d" % t


def test_compiled_and_pure_builds_play_the_vault_alike(tmp_path):
    from conftest import COMPILED_DIR, ROOT
    if not os.path.isdir(os.path.join(COMPILED_DIR, "pysim")):
        pytest.skip("no compiled build")
    level = tmp_path / "vault.level"
    level.write_text(VAULT + "[commands]\n@400 {\"type\": \"disarm_lock\", \"x\": 8, \"y\": 4}\n")
    finals = []
    for path in (COMPILED_DIR, ROOT):
        env = dict(os.environ, PYTHONPATH=path)
        r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(level), "--ticks",
                            "900"], capture_output=True, text=True, env=env, cwd=str(tmp_path),
                           timeout=600)
        assert r.returncode == 0, r.stderr
        finals.append(r.stdout.strip().split("\n")[-1])
    assert finals[0] == finals[1]


def _random_cost(rng, w, h, wall_chance):
    cost = rng.integers(1, 4, size=(h, w)).astype(np.int32)
    cost[rng.random((h, w)) < wall_chance] = 0
    return cost


def test_components_agree_with_the_search():
    """Whatever the walls, a goal the labels call unreachable is one find_path does not
    reach, from open starts and from blocked ones (a walker in a door that just locked)."""
    from pysim.core.grid import Grid
    rng = np.random.default_rng(3)
    for trial in range(30):
        w, h = int(rng.integers(3, 14)), int(rng.integers(3, 14))
        grid = Grid(w, h)
        cost = _random_cost(rng, w, h, 0.2 + 0.4 * rng.random())
        cost.flags.writeable = False
        grid._cost = cost
        grid._cost_version = grid.version
        vs = reachability.views(grid)
        assert vs.base is cost
        vs.failed(cost, -1, -1)                          # off the grid: not a failure
        assert not vs.unreachable(cost, 0, 0, w - 1, h - 1)
        opens = np.argwhere(cost > 0)
        if len(opens) == 0:
            continue
        gy, gx = (int(v) for v in opens[0])
        vs.failed(cost, gx, gy)
        for _ in range(40):
            sx, sy = int(rng.integers(0, w)), int(rng.integers(0, h))
            gx, gy = int(rng.integers(0, w)), int(rng.integers(0, h))
            found = len(pathing.find_path(cost, (sx, sy), (gx, gy))) > 0
            skip = vs.unreachable(cost, sx, sy, gx, gy)
            assert not (skip and found), (trial, (sx, sy), (gx, gy))
            if cost[gy, gx] > 0:
                assert skip != found, (trial, (sx, sy), (gx, gy))   # exact for open goals


def test_blocking_views_are_shared_and_equal_to_a_copy():
    g, creature, kobold = _vault_game()
    base = g.grid.walk_cost()
    a = reachability.blocking(g, base, [(3, 2), (4, 2)])
    b = reachability.blocking(g, base, [(4, 2), (3, 2)])
    assert a is b and not a.flags.writeable
    c = reachability.blocking(g, a, [(5, 2)])
    want = np.array(base, copy=True)
    want[2, 3:6] = 0
    assert (c == want).all()
    assert reachability.blocking(g, want, [(6, 2)]) is not want   # not shared: a copy
    g.grid.changed()
    assert reachability.blocking(g, g.grid.walk_cost(), [(3, 2), (4, 2)]) is not a
