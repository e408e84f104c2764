"""Named random streams, all derived from the game's one seed.

Each stream is its own numpy Generator, so drawing more from "cosmetic" never shifts what
"combat" rolls. The stream's spawn key comes from a fixed digest of its name: Python's
hash() of a str changes per process and would break replays.
"""
import hashlib

import numpy as np


def name_key(name):
    return int.from_bytes(hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest(), "little")


class Rng:
    def __init__(self, seed):
        # SeedSequence wants a non-negative int; fold negatives so any int seed works.
        self.seed = int(seed) % (1 << 64)
        self._streams = {}

    def stream(self, name):
        gen = self._streams.get(name)
        if gen is None:
            seq = np.random.SeedSequence(self.seed, spawn_key=(name_key(name),))
            gen = np.random.Generator(np.random.PCG64(seq))
            self._streams[name] = gen
        return gen

    def hash_state(self):
        return [(name, self._streams[name].bit_generator.state) for name in sorted(self._streams)]
