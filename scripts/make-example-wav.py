#!/usr/bin/env python3
"""Writes Examples/patterns/shockwave.wav, the short sound the audio example pattern plays.

A 0.25 s mono 16-bit 22.05 kHz "shockwave": a low sine that falls from 120 Hz to 45 Hz under a fast
exponential decay, with a 2 ms fade-in so it starts without a click. Only the standard library is used and
nothing is random, so the file is the same byte for byte on every run.

Usage: scripts/make-example-wav.py [OUTPUT]
"""
import math
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
SECONDS = 0.25
START_HZ, END_HZ = 120.0, 45.0
DECAY_PER_SECOND = 14.0
FADE_IN_SECONDS = 0.002
PEAK = 0.8


def samples():
    phase = 0.0
    count = int(RATE * SECONDS)
    for index in range(count):
        t = index / RATE
        frequency = START_HZ + (END_HZ - START_HZ) * (t / SECONDS)
        phase += 2 * math.pi * frequency / RATE
        level = PEAK * math.exp(-DECAY_PER_SECOND * t) * min(1.0, t / FADE_IN_SECONDS)
        yield int(round(32767 * level * math.sin(phase)))


def main():
    default = Path(__file__).resolve().parent.parent / "Examples" / "patterns" / "shockwave.wav"
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    frames = b"".join(struct.pack("<h", value) for value in samples())
    with wave.open(str(output), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(frames)
    print(f"wrote {output} ({len(frames) // 2} frames, {SECONDS} s)")


if __name__ == "__main__":
    main()
