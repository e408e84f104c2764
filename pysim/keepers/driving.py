"""A game played headless: the one loop of the runner (python -m pysim run) and of a sweep's
runs (pysim/sweep/play.py).

A run stops when the game is over (END-01: the Boss died; the clock stops and every command
is refused, so no player could play on): the ticks after it are not the game. Its last tick
is then the tick after the one the Boss died in; `run --ticks N` with that N replays it to
the same state hash.
"""
from pysim.economy import ending


def play(game, ticks, keeper=None, on_events=None):
    """Step `game` up to `ticks` ticks, the keeper (if any) taking its turn before each one;
    on_events(events) gets each tick's events. Returns the number of ticks run."""
    run = 0
    for _ in range(int(ticks)):
        if ending.over(game):
            break
        if keeper is not None:
            keeper.turn()
        game.step()
        run += 1
        evs = game.take_events()
        if on_events is not None:
            on_events(evs)
    return run
