"""One seed played headless to the end (pysim/keepers/driving.py: the game's end, the Boss's
death, ends it early), a keeper policy playing the keeper's side when the sweep names one:
the row of metric values (this runs in the workers).

A row is a plain dict, so it pickles to the parent or across a Dask cluster:
{"seed": 7, "hash": "<final state hash>", "tick": 7200, "build": "compiled",
 "metrics": {name: value, ...}}.
"""
import threading

import pysim
from pysim.core import clock
from pysim.keepers import driving, registry
from pysim.level import load_text
from pysim.sweep import metrics


class Job:
    """What every seed of a sweep shares: the level (its text, not a path, so a worker on
    another machine needs no copy of the file), the hours, the metrics and the keeper
    policy (a name, or None: nobody plays the keeper's side)."""

    def __init__(self, level_text, level_name, hours, metric_names, policy=None):
        self.level_text = level_text
        self.level_name = level_name
        self.hours = float(hours)
        self.metric_names = list(metric_names)
        self.policy = policy

    def ticks(self):
        return int(round(self.hours * clock.TICKS_PER_HOUR))

    def as_dict(self):
        return {"level_text": self.level_text, "level_name": self.level_name,
                "hours": self.hours, "metric_names": self.metric_names, "policy": self.policy}


# pysim keeps scratch buffers per process (the A* buffers in pysim/core/pathing.py), so two
# games must never step at once in one process: threads of one Dask worker take turns (two
# games interleaved in threads corrupt each other's paths). Parallel runs are processes.
_ONE_GAME_AT_A_TIME = threading.Lock()


def play(job, seed):
    with _ONE_GAME_AT_A_TIME:
        return _play(job, seed)


def _play(job, seed):
    game = load_text(job.level_text, job.level_name, int(seed))
    events = game.take_events()
    keeper = registry.Keeper(game, job.policy) if job.policy else None
    driving.play(game, job.ticks(), keeper, events.extend)
    return {"seed": int(seed), "hash": game.state_hash(), "tick": game.tick,
            "build": "compiled" if pysim.COMPILED else "pure",
            "metrics": metrics.compute(events, game, job.metric_names)}


def play_many(job_dict, seeds):
    """Rows for `seeds`, in order (one task of a worker)."""
    job = Job(**job_dict)
    return [play(job, s) for s in seeds]
