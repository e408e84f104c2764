"""The tools docs/desync.md gives for finding a desync: the runner's per-tick hashes
(`--hash-every N`, on a save's replayed ticks too) and the cache check (`--check-caches`,
pysim/desync.py), which recomputes every cache after each tick and names the first
that differs."""
import os

import numpy as np
import pytest

import pysim.__main__ as runner
from conftest import BUILD
from pysim import desync as cache_check
from pysim.core import save, snapshot, terrain
from pysim.level import load_file

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = os.path.join(HERE, "..", "..", "godot_project", "levels")
FIRST = os.path.join(LEVELS, "first.level")
TRAP_DEMO = os.path.join(LEVELS, "trap_demo.level")


def _run(monkeypatch, capsys, *args):
    monkeypatch.setenv("PYSIM_BUILD", BUILD)
    code = runner.main(["run"] + [str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out.strip().split("\n"), captured.err


def _hashes(lines):
    return [(int(w[1]), w[3]) for w in (line.split() for line in lines)
            if w[0] == "tick" and w[2] == "hash"]


def test_hash_every_prints_the_state_hash_at_every_nth_tick(monkeypatch, capsys):
    code, lines, _ = _run(monkeypatch, capsys, FIRST, "--ticks", "100", "--hash-every", "25")
    assert code == 0
    game = load_file(FIRST)
    want = [(0, game.state_hash())]
    for _ in range(100):
        game.step()
        if game.tick % 25 == 0:
            want.append((game.tick, game.state_hash()))
    assert _hashes(lines) == want
    assert [t for t, _ in want] == [0, 25, 50, 75, 100]
    assert lines[-1] == "final tick 100 hash %s" % game.state_hash()


def test_hash_every_on_a_save_prints_the_replayed_ticks_as_the_level_played_them(
        tmp_path, monkeypatch, capsys):
    game = load_file(TRAP_DEMO)
    game.run(30)
    game.command({"type": "set_speed", "speed": 2})
    game.run(30)
    path = tmp_path / "demo.msave"
    path.write_text(save.dumps(game))
    code, lines, err = _run(monkeypatch, capsys, path, "--ticks", "20", "--hash-every", "10")
    assert code == 0, err
    fresh = load_file(TRAP_DEMO)
    want = []
    for tick in range(1, 81):
        if tick == 31:
            fresh.command({"type": "set_speed", "speed": 2})
        fresh.step()
        if tick % 10 == 0:
            want.append((tick, fresh.state_hash()))
    assert _hashes(lines) == want      # ticks 10..60 replayed from the save, 70 and 80 run


def test_hash_parts_name_the_part_that_differs(monkeypatch, capsys):
    code, lines, _ = _run(monkeypatch, capsys, FIRST, "--ticks", "10", "--hash-every", "10",
                          "--hash-parts")
    assert code == 0
    a, b = load_file(FIRST), load_file(FIRST)
    a.run(10)
    b.run(10)
    printed = [line.split() for line in lines if line.startswith("tick 10 part ")]
    assert [(" ".join(w[3:-2]), w[-1]) for w in printed] == cache_check.hash_parts(a)
    assert len(printed) == 3 + len(a.entities) + len(
        [n for n in a.areas if not getattr(a.areas[n], "unused", False)])
    assert any(line.startswith("tick 0 part grid hash ") for line in lines)
    assert cache_check.hash_parts(a) == cache_check.hash_parts(b)
    some = sorted(b.entities)[2]
    b.entities[some].idle += 1
    differ = [n for (n, x), (_, y) in zip(cache_check.hash_parts(a), cache_check.hash_parts(b))
              if x != y]
    assert differ == ["entity %d" % some] and a.state_hash() != b.state_hash()


def test_the_cache_check_passes_on_a_game_and_moves_nothing(monkeypatch, capsys):
    code, lines, err = _run(monkeypatch, capsys, TRAP_DEMO, "--ticks", "300", "--check-caches")
    assert code == 0, err
    _, plain, _ = _run(monkeypatch, capsys, TRAP_DEMO, "--ticks", "300")
    assert lines[-1] == plain[-1]


def test_the_runner_stops_at_the_first_tick_a_cache_differs(monkeypatch, capsys):
    def stale_at_tick_7(game, _checker):
        return "stale on purpose" if game.tick == 7 else None
    monkeypatch.setattr(cache_check, "CHECKS", cache_check.CHECKS + [("test", stale_at_tick_7)])
    code, lines, err = _run(monkeypatch, capsys, TRAP_DEMO, "--ticks", "50", "--check-caches",
                            "--hash-every", "1")
    assert code == 3
    assert "tick 7: a cache differs from its recomputation: test: stale on purpose" in err
    assert _hashes(lines)[-1][0] == 7 and not lines[-1].startswith("final")


def _problems(game):
    return cache_check.CacheCheck().check(game)


def _floor_tile(game):
    ys, xs = np.nonzero(game.grid.terrain == terrain.FLOOR)
    return int(xs[0]), int(ys[0])


def test_a_map_change_without_grid_changed_is_found():
    game = load_file(TRAP_DEMO)
    game.run(5)
    assert _problems(game) == []
    x, y = _floor_tile(game)
    game.grid.walk_cost()          # cached before the edit, as a rule's plan would have
    game.grid.terrain[y, x] = terrain.WALL      # no grid.changed(): every cache keeps the old
    names = [p.split(":")[0] for p in _problems(game)]
    assert {"walk_cost", "sight"} <= set(names)
    game.grid.changed()
    assert _problems(game) == []


def test_a_live_list_that_lost_a_body_is_found():
    game = load_file(TRAP_DEMO)
    game.run(5)
    game.live().pop()
    assert [p.split(":")[0] for p in _problems(game)] == ["live"]


def test_a_keyed_part_whose_version_does_not_move_is_found():
    def shows_the_tick(game, snap):
        snap["test_tick"] = game.tick
    snapshot.keyed_part(lambda game: 0)(shows_the_tick)
    try:
        game = load_file(TRAP_DEMO)
        checker = cache_check.CacheCheck()
        game.step()
        assert checker.check(game) == []
        game.step()
        assert [p.split(":")[0] for p in checker.check(game)] == ["snapshot"]
    finally:
        snapshot.SNAPSHOT_PARTS.remove(shows_the_tick)
        del snapshot.SNAPSHOT_VERSIONS[(__name__, shows_the_tick.__qualname__)]


def test_a_view_that_writes_into_the_game_is_found():
    def writes(game, snap):
        game.next_id += 1
    snapshot.snapshot_part(writes)
    try:
        game = load_file(TRAP_DEMO)
        game.step()
        assert "state: the check (or a view it asked) changed the game" in _problems(game)
    finally:
        snapshot.SNAPSHOT_PARTS.remove(writes)


@pytest.mark.parametrize("name", [n for n, _ in cache_check.CHECKS])
def test_every_check_runs_on_a_game_with_fog_doors_and_fights(name):
    game = load_file(os.path.join(LEVELS, "campaign.level"))
    fn = dict(cache_check.CHECKS)[name]
    checker = cache_check.CacheCheck()
    for _ in range(3):
        game.run(200)
        assert fn(game, checker) is None
