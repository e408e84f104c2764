"""The game's sounds (build/gen_sounds.py, README "Sounds"): the synthesis is deterministic
(two runs write the same bytes), every event family of the design and both ambience loops
have a file, and each file is a clean 16-bit mono WAV: audible, never clipped, ending in
silence (no click when a voice stops), the loops seamless where they wrap."""
import importlib.util
import os
import wave

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# the design's families (each mechanism, blows, doors, the fallen, work, the letter, the
# indicator's word, a keeper's goal met, the end) and the ambience loops
FAMILIES = ["hit", "miss", "block", "blades", "flame", "gas", "coil", "dart", "blast", "spider",
            "web", "terror", "alarm", "trigger", "door_open", "door_close", "lock_picked", "bash",
            "breach", "knockout", "death", "dig", "mine", "build", "letter", "indicator_worse",
            "indicator_calmer", "goal", "game_over"]
LOOPS = ["ambience_calm", "ambience_tense"]


def _generator():
    spec = importlib.util.spec_from_file_location("gen_sounds", os.path.join(ROOT, "build", "gen_sounds.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    gen = _generator()
    dirs = []
    for name in ("first", "second"):
        d = tmp_path_factory.mktemp(name)
        assert gen.main(["gen_sounds.py", str(d)]) == 0
        dirs.append(d)
    return dirs


def _wavs(d):
    return sorted(n for n in os.listdir(d) if n.endswith(".wav"))


def _samples(path):
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050), path
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float) / 32768.0


def test_two_runs_write_the_same_bytes(two_runs):
    first, second = two_runs
    assert _wavs(first) == _wavs(second)
    for name in _wavs(first):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_every_family_and_loop_has_a_file(two_runs):
    names = _wavs(two_runs[0])
    for family in FAMILIES:
        assert "%s_1.wav" % family in names, family
    for loop in LOOPS:
        assert loop + ".wav" in names, loop
    # and nothing else: every file is a variant of a family or a loop
    for name in names:
        base = name[:-4]
        assert base in LOOPS or base.rsplit("_", 1)[0] in FAMILIES + ["refused"], name
    # the editor leaves the folder alone (the game reads the files itself)
    assert (two_runs[0] / ".gdignore").exists()


def test_each_effect_is_audible_unclipped_and_ends_in_silence(two_runs):
    for name in _wavs(two_runs[0]):
        if name[:-4] in LOOPS:
            continue
        x = _samples(two_runs[0] / name)
        assert 0.05 < x.size / 22050.0 < 6.0, (name, x.size)
        peak = np.max(np.abs(x))
        assert 0.2 < peak < 0.99, (name, peak)
        assert np.max(np.abs(x[-22:])) < 0.01, (name, "ends with a click")


def test_the_loops_wrap_without_a_seam(two_runs):
    for loop in LOOPS:
        x = _samples(two_runs[0] / (loop + ".wav"))
        assert x.size / 22050.0 >= 8.0, loop
        rms = np.sqrt(np.mean(x * x))
        assert 0.03 < rms < 0.2, (loop, rms)            # under the effects, never silent
        steps = np.abs(np.diff(x))
        # the jump from the last sample back to the first is like any other step
        assert abs(x[0] - x[-1]) <= np.percentile(steps, 99.9), loop
