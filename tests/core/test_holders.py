"""movement.holders_at (the map-cell buckets combat's one-body-a-tile step check asks
during the movement tick) answers exactly what asking every entity answers: the same
game, played with the buckets always on and always off, has the same state hash at every
tick, and the buckets' candidates hold every body standing on or stepping into the tile."""
import pytest

from pysim.core import entities as E, level, movement
from pysim.core.levelgen import bench_level


def _game():
    # dense: 160 fighters of both sides on 48x48, so walkers meet and queue within a minute
    return level.load_text(bench_level(48, 48, 160, seed=3), "holders.level")


def _play(monkeypatch, holders_min, ticks=300):
    monkeypatch.setattr(movement, "HOLDERS_MIN", holders_min)
    asked = []
    real = movement.holders_at

    def spy(game, x, y):
        near = real(game, x, y)
        if near is not None:
            asked.append((game, int(x), int(y), list(near)))
        return near
    monkeypatch.setattr(movement, "holders_at", spy)
    g = _game()
    hashes = []
    for _ in range(ticks):
        g.step()
        g.take_events()
        hashes.append(g.state_hash())
    return hashes, asked


@pytest.mark.rule("CROWD-01")
def test_buckets_change_nothing(monkeypatch):
    with_buckets, asked = _play(monkeypatch, 0)
    without, none_asked = _play(monkeypatch, 10 ** 9)
    assert none_asked == []
    assert len(asked) > 100            # the fights asked the buckets often
    assert any(near for _, _, _, near in asked)
    assert with_buckets == without


def test_candidates_hold_every_body_on_the_tile(monkeypatch):
    monkeypatch.setattr(movement, "HOLDERS_MIN", 0)
    checked = []
    real = movement.holders_at

    def check(game, x, y):
        near = real(game, x, y)
        if near is not None:
            ids = [o.id for o in near]
            assert ids == sorted(ids, key=list(game.entities).index)   # entities order
            for o in game.entities.values():
                holds = (o.x == x and o.y == y) or (o.step_len and o.nx == x and o.ny == y)
                if holds and o.state == E.UP:
                    assert o.id in ids
                    checked.append(o.id)
        return near
    monkeypatch.setattr(movement, "holders_at", check)
    g = _game()
    g.run(300)
    assert checked                      # some tile asked about had a body on it
