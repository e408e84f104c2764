#!/usr/bin/env python3
"""Synthesises the game's sounds into godot_project/sound/sounds/*.wav with numpy alone:
noise, oscillators, envelopes, biquad and state-variable filters, and a small stone room's
echo baked into each effect (no reverb runs in the game). No third-party audio.

    build/venv/bin/python build/gen_sounds.py [OUT_DIR]      (make build runs it)

Deterministic: every random draw comes from a generator seeded with the file's own name
(crc32), and the files are plain 16-bit mono PCM written by the standard `wave` module, so two
runs write the same bytes (tests/assets/test_sounds.py). SOUNDS maps each family to its
variants; variant i of family f is written as f_<i>.wav (from 1), the ambience loops as
ambience_<name>.wav. Which event plays which family: the sound player,
godot_project/sound/SoundExtension.gd (docs/godot.md "Sound"; README "Sounds").
"""
import math
import os
import sys
import wave
import zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "godot_project", "sound", "sounds")
SR = 22050                      # Hz: dungeon sounds need nothing above 11 kHz
TAU = 2.0 * math.pi


# --- building blocks ----------------------------------------------------------------------------

def n_of(seconds):
    return int(round(seconds * SR))


def times(seconds):
    return np.arange(n_of(seconds)) / SR


def silence(seconds):
    return np.zeros(n_of(seconds))


def place(dest, x, at):
    """Adds x into dest from `at` seconds on (cut at dest's end)."""
    i = n_of(at)
    if i >= dest.size:
        return dest
    m = min(x.size, dest.size - i)
    dest[i:i + m] += x[:m]
    return dest


def decay(seconds, tau, attack=0.001):
    """An envelope: a linear rise over `attack` s, then exp(-t / tau)."""
    t = times(seconds)
    env = np.exp(-t / tau)
    a = max(1, n_of(attack))
    env[:a] *= np.linspace(0.0, 1.0, a, endpoint=False)
    return env


def swell(seconds, peak_at):
    """A smooth rise to 1 at peak_at (fraction of the length) and back down to 0."""
    u = np.linspace(0.0, 1.0, n_of(seconds))
    rise = np.sin(0.5 * math.pi * np.clip(u / peak_at, 0, 1)) ** 2
    fall = np.cos(0.5 * math.pi * np.clip((u - peak_at) / (1.0 - peak_at), 0, 1)) ** 2
    return np.where(u < peak_at, rise, fall)


def glide(f0, f1, seconds, curve=1.0):
    """A frequency track from f0 to f1 (exponential), curve > 1 arrives sooner."""
    u = np.linspace(0.0, 1.0, n_of(seconds)) ** (1.0 / curve)
    return f0 * (f1 / f0) ** u


def phase(freq):
    return TAU * np.cumsum(np.asarray(freq, dtype=float)) / SR


def sine(freq, seconds=None):
    if np.isscalar(freq):
        return np.sin(TAU * freq * times(seconds))
    return np.sin(phase(freq))


def saw(freq):
    p = phase(freq) / TAU
    return 2.0 * (p - np.floor(p)) - 1.0


def square(freq):
    return np.sign(np.sin(phase(freq)))


def partials(seconds, freqs, amps, taus):
    """Struck metal, bells, gongs: decaying sines."""
    t = times(seconds)
    out = np.zeros(t.size)
    for f, a, tau in zip(freqs, amps, taus):
        out += a * np.sin(TAU * f * t) * np.exp(-t / tau)
    return out * end_fade(t.size, 0.15)


def end_fade(n, fraction):
    """1, then a cosine fade over the last `fraction` of n samples (no click where a ringing
    sound is cut)."""
    k = max(1, int(n * fraction))
    env = np.ones(n)
    env[n - k:] = 0.5 + 0.5 * np.cos(np.linspace(0.0, math.pi, k))
    return env


def lfilter(b, a, x):
    """Direct form I biquad (a[0] == 1)."""
    b0, b1, b2 = b
    _, a1, a2 = a
    y = np.empty(len(x))
    x1 = x2 = y1 = y2 = 0.0
    for i, xi in enumerate(x.tolist()):
        yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, xi, y1, yi
        y[i] = yi
    return y


def _biquad(kind, x, f, q):
    """RBJ cookbook low-pass, high-pass and band-pass (0 dB peak)."""
    w = TAU * min(f, SR * 0.45) / SR
    cw, alpha = math.cos(w), math.sin(w) / (2.0 * q)
    if kind == "lp":
        b = [(1 - cw) / 2, 1 - cw, (1 - cw) / 2]
    elif kind == "hp":
        b = [(1 + cw) / 2, -(1 + cw), (1 + cw) / 2]
    else:
        b = [alpha, 0.0, -alpha]
    a0 = 1 + alpha
    return lfilter([c / a0 for c in b], [1.0, -2 * cw / a0, (1 - alpha) / a0], x)


def lowpass(x, f, q=0.707):
    return _biquad("lp", x, f, q)


def highpass(x, f, q=0.707):
    return _biquad("hp", x, f, q)


def bandpass(x, f, q=1.0):
    return _biquad("bp", x, f, q)


def svf(x, freq, q=1.0, out="bp"):
    """Chamberlin state-variable filter with a moving cutoff (freq: a track or a number)."""
    n = len(x)
    fr = np.broadcast_to(np.asarray(freq, dtype=float), (n,))
    coef = (2.0 * np.sin(math.pi * np.clip(fr, 20.0, SR * 0.2) / SR)).tolist()
    damp = 1.0 / q
    lp = bp = 0.0
    y = np.empty(n)
    want = {"lp": 0, "bp": 1, "hp": 2}[out]
    for i, xi in enumerate(x.tolist()):
        f = coef[i]
        lp += f * bp
        hp = xi - lp - damp * bp
        bp += f * hp
        y[i] = (lp, bp, hp)[want]
    return y


def onepole(x, freq):
    """One-pole low-pass with a moving cutoff."""
    n = len(x)
    fr = np.broadcast_to(np.asarray(freq, dtype=float), (n,))
    k = (1.0 - np.exp(-TAU * fr / SR)).tolist()
    y = np.empty(n)
    s = 0.0
    for i, xi in enumerate(x.tolist()):
        s += k[i] * (xi - s)
        y[i] = s
    return y


class Synth(object):
    """One sound's generator: noise and random times from its own seeded stream."""

    def __init__(self, name):
        self.rng = np.random.default_rng(zlib.crc32(name.encode("utf-8")))

    def noise(self, seconds):
        return self.rng.standard_normal(n_of(seconds))

    def uniform(self, lo, hi, size=None):
        return self.rng.uniform(lo, hi, size)

    def click(self, seconds=0.02, tau=0.002, hp=1500.0):
        return highpass(self.noise(seconds) * decay(seconds, tau, 0.0002), hp)

    def burst(self, seconds, tau, f, q=1.0, attack=0.001):
        """Band-passed noise with a decaying envelope."""
        return bandpass(self.noise(seconds), f, q) * decay(seconds, tau, attack)

    def crackle(self, seconds, count, lo, hi, tau_density):
        """count tiny bursts, denser at the start (exp(-t / tau_density)), each band-passed
        somewhere between lo and hi Hz."""
        out = silence(seconds)
        at = -tau_density * np.log(1.0 - self.uniform(0.0, 1.0 - math.exp(-seconds / tau_density), count))
        for t0 in np.sort(at):
            f = self.uniform(lo, hi)
            b = self.burst(0.012, 0.0025, f, 2.0) * self.uniform(0.3, 1.0) * math.exp(-t0 / tau_density)
            place(out, b, t0)
        return out


def room(seconds=0.6):
    """The impulse response of a small stone room: a few early echoes, then a dark tail."""
    s = Synth("room")
    ir = silence(seconds)
    ir[0] = 1.0
    for ms, g in ((11, 0.45), (17, 0.35), (26, 0.3), (37, 0.22), (49, 0.16)):
        ir[n_of(ms / 1000.0)] += g * (1 if ms % 2 else -1)
    tail = lowpass(s.noise(seconds), 2200.0) * decay(seconds, seconds / 6.9, 0.02) * 0.5
    return ir + tail


ROOM = room()


def reverb(x, wet):
    """x in the room (FFT convolution), wet part mixed in; the tail is kept."""
    n = x.size + ROOM.size - 1
    size = 1 << (n - 1).bit_length()
    y = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ROOM, size), size)[:n]
    out = np.concatenate([x, np.zeros(n - x.size)])
    return (1.0 - wet) * out + wet * y / np.max(np.abs(ROOM))


def finish(x, level, wet=0.22):
    """Room, DC and rumble removed, silence trimmed, no clicks at the ends, peak = level."""
    x = highpass(x, 35.0)
    if wet > 0:
        x = reverb(x, wet)
    peak = np.max(np.abs(x)) or 1.0
    loud = np.nonzero(np.abs(x) > peak * 0.003)[0]
    x = x[:loud[-1] + 1] if loud.size else x[:1]
    fade = min(n_of(0.02), x.size)
    x[x.size - fade:] *= np.linspace(1.0, 0.0, fade)
    return x * (level / peak)


# --- the families ------------------------------------------------------------------------------
# Each maker takes (synth, variant number from 1) and returns float samples in -1..1.

def hit(s, v):
    d = 0.35
    thump = sine(glide(150 + 25 * v, 52, 0.09, 2.0)) * decay(0.09, 0.05)
    slap = lowpass(s.noise(d), 1500 + 450 * v) * decay(d, 0.012)
    flesh = s.burst(d, 0.04, 700 + 150 * v, 1.2)
    out = silence(d)
    place(out, thump, 0.0)
    return finish(out + 0.9 * slap + 0.7 * flesh, 0.8)


def miss(s, v):
    d = 0.34
    band = np.concatenate([glide(450, 2300 + 300 * v, 0.15), glide(2300 + 300 * v, 700, d - 0.15)])
    air = svf(s.noise(d), band[:n_of(d)], 2.5) * swell(d, 0.42)
    return finish(air, 0.5)


def block(s, v):
    d = 1.3
    f = 410.0 * (1.0 + 0.08 * v)
    ring = partials(d, [f, 2.32 * f, 3.86 * f, 5.11 * f, 6.9 * f], [1.0, 0.7, 0.5, 0.35, 0.2],
                    [0.32, 0.22, 0.15, 0.1, 0.06])
    strike = s.click(0.03, 0.004, 2000.0)
    knock = sine(glide(180, 90, 0.06)) * decay(0.06, 0.02)
    out = 0.55 * ring
    place(out, 1.2 * strike, 0.0)
    place(out, 0.5 * knock, 0.0)
    return finish(out, 0.7)


def blades(s, v):
    d = 1.0
    t = times(d)
    rate = 14.0 + 22.0 * np.clip(t / 0.35, 0, 1)                  # spinning up
    chop = (0.5 + 0.5 * np.sin(phase(rate))) ** 3
    whirr = bandpass(s.noise(d), 1400.0, 2.5) * chop
    steel = partials(d, [1780.0, 2710.0, 4020.0], [0.5, 0.35, 0.25], [0.6, 0.4, 0.3]) * (0.4 + 0.6 * chop)
    env = np.clip(t / 0.03, 0, 1) * np.where(t < 0.65, 1.0, np.exp(-(t - 0.65) / 0.09))
    return finish((whirr + 0.6 * steel) * env, 0.7)


def flame(s, v):
    d = 1.2
    cutoff = np.concatenate([glide(300, 1700, 0.12), glide(1700, 500, d - 0.12)])
    roar = onepole(s.noise(d), cutoff[:n_of(d)]) * decay(d, 0.45, 0.06)
    whoomp = sine(glide(90, 45, 0.3)) * decay(0.3, 0.12, 0.02)
    out = 1.6 * roar + 0.35 * s.crackle(d, 45, 1800, 4200, 0.5)
    place(out, 0.8 * whoomp, 0.0)
    return finish(out, 0.75)


def gas(s, v):
    d = 1.6
    t = times(d)
    hiss = bandpass(highpass(s.noise(d), 2400.0), 5200.0, 0.7)
    env = np.clip(t / 0.15, 0, 1) * np.where(t < 0.9, 1.0, np.exp(-(t - 0.9) / 0.2))
    flutter = 1.0 + 0.15 * np.sin(TAU * 6.5 * t)
    valve = s.click(0.03, 0.003, 800.0)
    out = hiss * env * flutter
    place(out, 0.8 * valve, 0.0)
    return finish(out, 0.45)


def coil(s, v):
    d = 0.8
    t = times(d)
    jitter = 95.0 * (1.0 + 0.06 * lowpass(s.noise(d), 30.0) * 8.0)
    buzz = bandpass(square(jitter) + 0.5 * square(2.01 * jitter), 1300.0, 0.9)
    gate = (lowpass(s.noise(d), 18.0) * 12.0 > -0.2).astype(float)
    arcs = highpass(s.noise(d), 3000.0) * gate * (0.5 + 0.5 * np.abs(lowpass(s.noise(d), 200.0) * 6))
    snap = sine(glide(3200, 180, 0.035)) * decay(0.035, 0.012)
    env = np.clip(t / 0.005, 0, 1) * np.exp(-t / 0.35)
    out = (0.6 * buzz + 0.45 * arcs) * env
    place(out, 0.9 * snap, 0.0)
    return finish(out, 0.65)


def dart(s, v):
    d = 0.28
    twang = s.click(0.03, 0.003, 1500.0)
    whistle = sine(glide(2700, 1300, 0.18)) * decay(0.18, 0.06, 0.01)
    air = svf(s.noise(d), glide(3200, 1400, d), 4.0) * decay(d, 0.08, 0.01)
    out = 0.35 * air
    place(out, twang, 0.0)
    place(out, 0.3 * whistle, 0.01)
    return finish(out, 0.6)


def blast(s, v):
    d = 2.2
    cutoff = glide(2600, 90, d, 3.0)
    boom = onepole(s.noise(d), cutoff) * decay(d, 0.5, 0.002)
    thump = sine(glide(60, 32, 0.6)) * decay(0.6, 0.28, 0.002)
    debris = s.crackle(d, 70, 900, 3500, 0.5)
    out = 2.5 * boom + 0.4 * debris
    place(out, 1.1 * thump, 0.0)
    return finish(out, 0.95, wet=0.3)


def spider(s, v):
    d = 1.1
    cage = partials(0.15, [820.0, 1390.0], [0.6, 0.4], [0.05, 0.03])
    out = silence(d)
    place(out, 0.9 * s.click(0.03, 0.003, 900.0) + 0.5 * cage[:n_of(0.03)], 0.0)
    place(out, 0.5 * cage, 0.0)
    # skittering legs: clusters of tiny dry clicks
    t0 = 0.12
    while t0 < d - 0.05:
        for _ in range(int(s.uniform(2, 5))):
            place(out, s.burst(0.008, 0.0015, s.uniform(3200, 5200), 3.0) * s.uniform(0.25, 0.8), t0)
            t0 += s.uniform(0.012, 0.03)
        t0 += s.uniform(0.03, 0.09)
    hiss = bandpass(s.noise(0.4), 6000.0, 2.0) * swell(0.4, 0.3) * 0.15
    place(out, hiss, 0.5)
    return finish(out, 0.55)


def web(s, v):
    d = 0.65
    thwip = svf(s.noise(d), glide(2600, 380, d, 1.5), 6.0) * decay(d, 0.13, 0.005)
    t = times(d)
    stretch = lowpass(saw(125.0 * (1.0 + 0.03 * np.sin(TAU * 8.0 * t))), 600.0) * decay(d, 0.2, 0.04)
    return finish(thwip + 0.35 * stretch, 0.6)


def terror(s, v):
    d = 2.2
    t = times(d)
    pitch = np.concatenate([glide(520, 720, 0.7), glide(720, 430, d - 0.7)])[:t.size]
    vib = 1.0 + 0.02 * np.sin(TAU * 5.5 * t)
    wail = bandpass(sine(pitch * vib) + 0.5 * sine(1.5 * 1.01 * pitch * vib), 800.0, 0.8)
    drone = 0.4 * (sine(73.4, d) + sine(77.8, d))
    whisper = bandpass(s.noise(d), 1800.0, 2.0) * (0.5 + 0.5 * np.sin(TAU * 1.7 * t)) * 0.25
    env = swell(d, 0.3)
    return finish((wail + drone + whisper) * env, 0.6)


def bell_strike(base):
    """A hand bell's partials (minor-third bell ratios), rung for 2 s."""
    ratios = [0.5, 1.0, 1.19, 1.56, 2.0, 2.51, 2.66, 3.01]
    amps = [0.6, 1.0, 0.7, 0.5, 0.45, 0.3, 0.25, 0.2]
    taus = [0.6, 0.45, 0.35, 0.25, 0.2, 0.15, 0.12, 0.1]
    return partials(2.0, [base * r for r in ratios], amps, taus)


def alarm(s, v):
    d = 2.9
    out = silence(d)
    for i, at in enumerate((0.0, 0.42, 0.84)):
        place(out, bell_strike(700.0) * (1.0 - 0.12 * i), at)
        place(out, 0.6 * s.click(0.02, 0.002, 2500.0), at)
    return finish(out, 0.75)


def trigger(s, v):
    d = 0.2
    out = silence(d)
    place(out, s.click(0.03, 0.002, 1500.0) + 0.3 * partials(0.03, [2200.0], [1.0], [0.015]), 0.0)
    thunk = sine(glide(220, 150, 0.05)) * decay(0.05, 0.02)
    place(out, 0.7 * s.click(0.03, 0.003, 900.0) + 0.5 * thunk[:n_of(0.03)], 0.045)
    place(out, 0.4 * partials(0.1, [1300.0], [1.0], [0.03]), 0.045)
    return finish(out, 0.55)


def door_open(s, v):
    d = 0.95
    t = times(d)
    # a hinge's stick-slip: an irregular pulse train ringing the door's wood
    rate = 28.0 + 55.0 * np.clip(0.5 + lowpass(s.noise(d), 4.0) * 25.0, 0.0, 1.0) + 20.0 * t
    p = phase(rate) / TAU
    pulses = (np.diff(np.floor(p), prepend=0.0) > 0).astype(float)
    creak = bandpass(pulses, 430.0, 9.0) + 0.7 * bandpass(pulses, 1150.0, 11.0) + 0.3 * bandpass(pulses, 2300.0, 12.0)
    env = swell(d, 0.35) * (0.6 + 0.4 * np.sin(TAU * 1.3 * t))
    knock = lowpass(s.noise(0.1), 400.0) * decay(0.1, 0.025)
    out = creak * env * 6.0
    place(out, 0.5 * knock, d - 0.12)
    return finish(out, 0.5)


def door_close(s, v):
    d = 0.6
    thud = sine(glide(90, 58, 0.2)) * decay(0.2, 0.08, 0.002)
    wood = bandpass(s.noise(d), 220.0, 6.0) * decay(d, 0.1) * 4.0
    body = lowpass(s.noise(d), 500.0) * decay(d, 0.03)
    latch = s.click(0.04, 0.003, 1800.0) + 0.4 * partials(0.04, [1850.0], [1.0], [0.02])
    out = 0.8 * wood + 0.7 * body
    place(out, thud, 0.0)
    place(out, 0.6 * latch, 0.055)
    return finish(out, 0.7)


def lock_picked(s, v):
    d = 0.75
    out = silence(d)
    for at in (0.0, 0.09, 0.15, 0.26):
        tick = s.burst(0.015, 0.002, s.uniform(3500, 5000), 4.0)
        place(out, tick * s.uniform(0.2, 0.4), at)
    ring = partials(0.25, [900.0, 1460.0], [1.0, 0.6], [0.06, 0.04])
    thunk = sine(glide(160, 110, 0.08)) * decay(0.08, 0.035)
    place(out, s.click(0.04, 0.003, 1200.0), 0.38)
    place(out, 0.75 * ring, 0.38)
    place(out, 0.6 * thunk, 0.38)
    return finish(out, 0.6)


def bash(s, v):
    d = 0.55
    thump = lowpass(s.noise(d), 350.0) * decay(d, 0.07, 0.002)
    body = (bandpass(s.noise(d), 160.0, 5.0) + bandpass(s.noise(d), 330.0, 5.0)) * decay(d, 0.12) * 3.0
    boom = sine(glide(110, 60, 0.15)) * decay(0.15, 0.06, 0.002)
    out = 1.4 * thump + body
    place(out, boom, 0.0)
    for at in (0.03, 0.07):
        place(out, 0.25 * s.click(0.03, 0.004, 1200.0), at)
    return finish(out, 0.85)


def breach(s, v):
    d = 1.4
    out = silence(d)
    place(out, 0.8 * bash(s, v), 0.0)
    crash = lowpass(s.noise(d), 3000.0) * decay(d, 0.18, 0.003)
    splinters = s.crackle(d, 90, 1800, 5000, 0.3)
    cracks = silence(d)
    for _ in range(8):
        at = s.uniform(0.0, 0.35)
        place(cracks, s.burst(0.06, 0.015, s.uniform(700, 1500), 6.0) * s.uniform(0.5, 1.0), at)
    return finish(out + 0.5 * crash + 0.8 * splinters + 0.8 * cracks, 0.9, wet=0.28)


def body_drop(s, heavy):
    d = 0.5
    thud = sine(glide(80 - 10 * heavy, 48, 0.25)) * decay(0.25, 0.09 + 0.04 * heavy, 0.003)
    cloth = lowpass(s.noise(d), 450.0) * decay(d, 0.05, 0.004) * 0.8
    rattle = s.crackle(0.25, 6, 1500, 3000, 0.08) * 0.6
    out = silence(d)
    place(out, thud, 0.0)
    place(out, cloth, 0.0)
    place(out, rattle, 0.03)
    return out


def knockout(s, v):
    d = 0.8
    out = silence(d)
    daze = sine(glide(660, 330, 0.35) * (1.0 + 0.03 * np.sin(TAU * 9.0 * times(0.35)))) * decay(0.35, 0.15, 0.01)
    place(out, 0.25 * daze, 0.0)
    place(out, body_drop(s, 0), 0.12)
    return finish(out, 0.65)


def death(s, v):
    d = 1.8
    out = silence(d)
    place(out, 1.2 * body_drop(s, 1), 0.0)
    t = times(1.5)
    toll = (sine(55.0, 1.5) + sine(58.3, 1.5) + 0.5 * sine(110.0, 1.5) + 0.25 * sine(164.8, 1.5)) * np.exp(-t / 0.5)
    toll *= np.clip(t / 0.04, 0, 1)
    place(out, 0.45 * toll, 0.08)
    return finish(out, 0.7)


def dig(s, v):
    d = 0.5
    out = silence(d)
    strike = s.click(0.03, 0.003, 2000.0) + 0.6 * s.burst(0.03, 0.015, 1700.0 + 200 * v, 4.0)
    place(out, strike, 0.0)
    place(out, 0.8 * s.crackle(0.35, 18, 700, 2500, 0.1), 0.02)
    place(out, 0.35 * lowpass(s.noise(0.3), 1200.0) * decay(0.3, 0.1, 0.01), 0.01)
    return finish(out, 0.6)


def mine(s, v):
    d = 0.75
    out = silence(d)
    f = 2100.0 * (1.0 + 0.06 * v)
    ring = partials(0.6, [f, 1.6 * f, 2.23 * f, 2.8 * f], [1.0, 0.7, 0.45, 0.3], [0.18, 0.11, 0.07, 0.05])
    place(out, s.click(0.03, 0.003, 2500.0) + 0.3 * ring[:n_of(0.03)], 0.0)
    place(out, 0.35 * ring, 0.0)
    place(out, 0.5 * s.crackle(0.3, 10, 900, 2500, 0.08), 0.03)
    return finish(out, 0.6)


def build(s, v):
    d = 0.6
    out = silence(d)
    knocks = (0.0, 0.2) if v == 1 else (0.0, 0.15, 0.3)
    for i, at in enumerate(knocks):
        wood = (bandpass(s.noise(0.12), 700.0 + 40 * i, 8.0) + 0.7 * bandpass(s.noise(0.12), 1300.0, 8.0)) * decay(0.12, 0.035) * 4.0
        thunk = sine(glide(210, 160, 0.05)) * decay(0.05, 0.02)
        place(out, (wood + 0.6 * s.click(0.12, 0.002, 1500.0) + 0.5 * np.pad(thunk, (0, n_of(0.07)))) * (1.0 - 0.1 * i), at)
    return finish(out, 0.6)


def chord(seconds, freqs, cutoff, env):
    n = n_of(seconds)
    tone = sum(saw(np.full(n, f * (1.0 + det))) for f in freqs for det in (-0.004, 0.004))
    return onepole(tone, cutoff) * env


def letter(s, v):
    d = 3.0
    t = times(d)
    timp = sine(glide(80, 70, 0.6)) * decay(0.6, 0.3, 0.003) + lowpass(s.noise(0.6), 300.0) * decay(0.6, 0.05) * 0.5
    cutoff = np.concatenate([glide(300, 2200, 0.5), glide(2200, 700, d - 0.5)])[:t.size]
    env = np.clip(t / 0.25, 0, 1) * np.where(t < 1.6, 1.0, np.exp(-(t - 1.6) / 0.45))
    brass = chord(d, [146.8, 174.6, 220.0, 293.7], cutoff, env) * 0.25
    out = brass
    place(out, timp, 0.0)
    return finish(out, 0.7, wet=0.3)


def soft_bell(seconds, base):
    return partials(seconds, [base, 2.0 * base, 2.76 * base, 5.4 * base], [1.0, 0.35, 0.2, 0.08],
                    [0.6, 0.35, 0.2, 0.1])


def two_notes(first, second):
    out = silence(1.3)
    place(out, soft_bell(1.0, first), 0.0)
    place(out, soft_bell(1.0, second), 0.28)
    return finish(out, 0.5, wet=0.3)


def indicator_worse(s, v):
    return two_notes(392.0, 311.1)          # G4 down to E-flat4: darker


def indicator_calmer(s, v):
    return two_notes(311.1, 392.0)          # back up


def goal(s, v):
    """A goal met: three soft bells rising (C5, E5, G5), bright and short."""
    out = silence(1.5)
    for i, f in enumerate((523.3, 659.3, 784.0)):
        place(out, (0.8 + 0.1 * i) * soft_bell(1.0, f), 0.12 * i)
    return finish(out, 0.45, wet=0.3)


def game_over(s, v):
    d = 4.5
    out = silence(d)
    gong = partials(d, [65.0 * r for r in (1.0, 1.47, 2.09, 2.56, 3.12, 4.2)],
                    [1.0, 0.7, 0.5, 0.4, 0.3, 0.2], [2.2, 1.6, 1.2, 0.9, 0.7, 0.5])
    place(out, gong, 0.0)
    place(out, 0.3 * lowpass(s.noise(0.4), 500.0) * decay(0.4, 0.08, 0.003), 0.0)
    for i, f in enumerate((220.0, 174.6, 146.8, 73.4)):
        seg = 3.0 - 0.6 * i
        env = decay(seg, 0.9, 0.15)
        place(out, 0.22 * chord(seg, [f], 900.0, env), 0.5 + 0.6 * i)
    return finish(out, 0.75, wet=0.35)


def refused(s, v):
    d = 0.24
    out = silence(d)
    for at, f in ((0.0, 300.0), (0.11, 220.0)):
        blip = lowpass(square(np.full(n_of(0.09), f)), 1800.0) * decay(0.09, 0.05, 0.004)
        place(out, blip, at)
    return finish(out, 0.35, wet=0.0)


# --- the ambience: seamless loops (every part periodic in the loop's length) --------------------

def periodic_noise(s, seconds, lo, hi, tilt=0.0):
    """Noise with energy only between lo and hi Hz, periodic in `seconds` (random phases in
    one FFT of the whole loop), its spectrum tilted by f**tilt."""
    n = n_of(seconds)
    f = np.fft.rfftfreq(n, 1.0 / SR)
    mag = ((f >= lo) & (f <= hi)).astype(float) * np.where(f > 0, np.maximum(f, 1.0) ** tilt, 0.0)
    spec = mag * np.exp(1j * s.uniform(0.0, TAU, f.size))
    x = np.fft.irfft(spec, n)
    return x / (np.max(np.abs(x)) or 1.0)


def lfo(seconds, cycles, phase0=0.0):
    """A slow sine that fits whole cycles into the loop."""
    return np.sin(TAU * cycles * times(seconds) / seconds + phase0)


def circular_reverb(x, wet):
    ir = np.zeros(x.size)
    ir[:ROOM.size] = ROOM
    y = np.fft.irfft(np.fft.rfft(x) * np.fft.rfft(ir), x.size)
    return (1.0 - wet) * x + wet * y / np.max(np.abs(ROOM))


def wrap_place(dest, x, at):
    """Adds x into the loop from `at` seconds on, wrapping past the end."""
    i = n_of(at) % dest.size
    idx = (np.arange(x.size) + i) % dest.size
    np.add.at(dest, idx, x)


def loop_level(x, rms):
    return x * (rms / (np.sqrt(np.mean(x * x)) or 1.0))


def ambience_calm(s, v):
    d = 16.0
    drone = periodic_noise(s, d, 30.0, 240.0, -1.0) * (0.75 + 0.25 * lfo(d, 2))
    air = periodic_noise(s, d, 350.0, 1300.0, -0.5) * (0.5 + 0.5 * lfo(d, 3, 1.0)) * 0.2
    out = drone + air
    for at in np.sort(s.uniform(0.0, d, 7)):
        drip = sine(glide(1300, 2700, 0.03, 0.7)) * decay(0.03, 0.012, 0.001)
        wrap_place(out, drip * s.uniform(0.15, 0.35), at)
    rumble_at = s.uniform(0.0, d)
    rumble = periodic_noise(s, 3.0, 25.0, 90.0) * swell(3.0, 0.4) * 0.5
    wrap_place(out, rumble, rumble_at)
    return loop_level(circular_reverb(out, 0.3), 0.08)


def ambience_tense(s, v):
    d = 12.0
    drone = periodic_noise(s, d, 22.0, 140.0, -1.0) * (0.7 + 0.3 * lfo(d, 3))
    t = times(d)
    # two low tones a half step apart, beating, swelling twice a loop
    tones = (sine(55.0, d) + sine(58.0, d) + 0.4 * sine(82.5, d)) * (0.55 + 0.45 * lfo(d, 2, -1.5)) * 0.35
    out = drone + tones
    beat = sine(glide(62, 42, 0.14)) * decay(0.14, 0.05, 0.004)
    for k in range(8):                                   # a slow heartbeat: 40 a minute
        wrap_place(out, 0.7 * beat, 1.5 * k)
        wrap_place(out, 0.45 * beat, 1.5 * k + 0.28)
    scrape = bandpass(s.noise(1.2), 2400.0, 3.0) * swell(1.2, 0.5) * 0.12
    wrap_place(out, scrape, s.uniform(0.0, d))
    assert t.size == out.size
    return loop_level(circular_reverb(out, 0.25), 0.09)


# family -> variant makers (each called with its variant number); the loops are listed under
# AMBIENCE and written without a variant number
SOUNDS = {
    "hit": [hit] * 3, "miss": [miss] * 2, "block": [block] * 2,
    "blades": [blades], "flame": [flame], "gas": [gas], "coil": [coil], "dart": [dart],
    "blast": [blast], "spider": [spider], "web": [web], "terror": [terror], "alarm": [alarm],
    "trigger": [trigger],
    "door_open": [door_open], "door_close": [door_close], "lock_picked": [lock_picked],
    "bash": [bash] * 2, "breach": [breach],
    "knockout": [knockout], "death": [death],
    "dig": [dig] * 2, "mine": [mine] * 2, "build": [build] * 2,
    "letter": [letter], "indicator_worse": [indicator_worse],
    "indicator_calmer": [indicator_calmer], "goal": [goal], "game_over": [game_over],
    "refused": [refused],
}
AMBIENCE = {"ambience_calm": ambience_calm, "ambience_tense": ambience_tense}


def pcm16(x):
    return (np.clip(np.round(x * 32767.0), -32768, 32767).astype("<i2")).tobytes()


def write_wav(path, x):
    tmp = path + ".tmp"
    with wave.open(tmp, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm16(x))
    os.replace(tmp, path)


def files():
    """[(file name, maker, variant)] in a fixed order."""
    out = []
    for family, makers in SOUNDS.items():
        for i, fn in enumerate(makers, 1):
            out.append(("%s_%d.wav" % (family, i), fn, i))
    for name, fn in AMBIENCE.items():
        out.append((name + ".wav", fn, 1))
    return out


def main(argv):
    out_dir = argv[1] if len(argv) > 1 else OUT
    os.makedirs(out_dir, exist_ok=True)
    # the editor must not import these: the game reads the files itself (sound/Wav.gd), and
    # the export carries them through its include filter (*.wav)
    with open(os.path.join(out_dir, ".gdignore"), "w") as f:
        f.write("")
    wanted = set()
    for name, fn, variant in files():
        write_wav(os.path.join(out_dir, name), fn(Synth(name), variant))
        wanted.add(name)
    for old in os.listdir(out_dir):                 # a family renamed or dropped
        if old.endswith(".wav") and old not in wanted:
            os.remove(os.path.join(out_dir, old))
    print("sounds: %d files in %s" % (len(wanted), out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
