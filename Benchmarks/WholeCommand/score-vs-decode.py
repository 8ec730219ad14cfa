#!/usr/bin/env python3
"""`temper score` as a whole command against a bare JSONDecoder decode of the same files (bare-decode.swift).

Builds the set in a temporary folder, never in the project: the real AHAP corpus copied COPIES times (20 copies of
the 85 files make 1,700) under distinct folder names. Then runs the bare decode and each score format in turn,
RUNS times after a warm-up, and prints each one's median wall time and peak memory and the median of the paired
ratios score/decode (paired, so a comparison holds while a shared machine's speed drifts).

    swift build -c release
    python3 Benchmarks/WholeCommand/score-vs-decode.py --runs 10 --copies 20

--corpus defaults to ../shared/corpus/ahap beside the project; --temper to .build/release/temper.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(command):
    """Wall seconds and peak resident memory (MiB) of one run, its output thrown away."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: a pattern over budget is still a finished run
        sys.exit(f"{command[0]} exited {code}")
    return wall, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus", "ahap"))
    parser.add_argument("--temper", default=os.path.join(ROOT, ".build", "release", "temper"))
    arguments = parser.parse_args()
    if not os.path.isdir(arguments.corpus):
        sys.exit(f"no corpus at {arguments.corpus}")
    with tempfile.TemporaryDirectory(prefix="temper-whole-command-") as work:
        files = os.path.join(work, "set")
        for copy in range(arguments.copies):
            shutil.copytree(arguments.corpus, os.path.join(files, f"copy-{copy:02d}"))
        count = sum(name.endswith(".ahap") for _, _, names in os.walk(files) for name in names)
        decoder = os.path.join(work, "bare-decode")
        subprocess.run(["swiftc", "-O", os.path.join(ROOT, "Benchmarks", "WholeCommand", "bare-decode.swift"), "-o", decoder], check=True)
        commands = {
            "bare decode": [decoder, files],
            "score json": [arguments.temper, "score", files, "--format", "json"],
            "score csv": [arguments.temper, "score", files, "--format", "csv"],
        }
        for command in commands.values():
            timed(command)  # warm-up: the page cache and the dynamic loader
        runs = {name: [] for name in commands}
        for _ in range(arguments.runs):
            for name, command in commands.items():
                runs[name].append(timed(command))
        print(f"{count} files, {arguments.runs} runs each after a warm-up")
        decode = [wall for wall, _ in runs["bare decode"]]
        for name, results in runs.items():
            walls = [wall for wall, _ in results]
            memory = max(peak for _, peak in results)
            line = f"{name:12} median {statistics.median(walls) * 1000:7.0f} ms (min {min(walls) * 1000:.0f}, max {max(walls) * 1000:.0f}), peak {memory:.1f} MiB"
            if name != "bare decode":
                ratios = [wall / base for wall, base in zip(walls, decode)]
                line += f", {statistics.median(ratios):.2f}x the bare decode ({min(ratios):.2f}-{max(ratios):.2f})"
            print(line)


if __name__ == "__main__":
    main()
