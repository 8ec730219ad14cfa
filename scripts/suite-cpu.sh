#!/usr/bin/env bash
# Where a test run's CPU goes: runs the built suite (swift test --skip-build, with any arguments given) with a
# small library preloaded into every process it starts (scripts/suite-cpu/cpulog.c), then prints the CPU seconds
# of the test process itself, of each temper subcommand it ran, and of everything else, largest first.
#
#   scripts/suite-cpu.sh [swift test arguments]      e.g. scripts/suite-cpu.sh --filter TemperCLITests
#
# This is how docs/testing.md's split of the suite's CPU was measured; build first (swift build --build-tests).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/temper-suite-cpu.XXXXXX")
trap 'rm -rf "$work"' EXIT
cc -O2 -shared -fPIC -o "$work/libcpulog.so" scripts/suite-cpu/cpulog.c
status=0
CPULOG_PATH="$work/cpu.log" LD_PRELOAD="$work/libcpulog.so" swift test --skip-build "$@" >"$work/test.log" 2>&1 || status=$?
grep -E "Test run with" "$work/test.log" || tail -n 5 "$work/test.log"
python3 - "$work/cpu.log" <<'PYTHON'
import collections, os, sys
totals, counts = collections.Counter(), collections.Counter()
for line in open(sys.argv[1], errors="replace"):
    parts = line.rstrip("\n").split("\t")
    if len(parts) != 3:
        continue
    cpu, words = float(parts[0]), parts[2].split()
    program = os.path.basename(words[0]) if words else "?"
    if program.endswith(".xctest"):
        key = "the test process"
    elif program == "temper":
        key = "temper " + next((w for w in words[1:] if not w.startswith("-")), "")
    else:
        key = program
    totals[key] += cpu
    counts[key] += 1
print(f"{sum(totals.values()):8.1f} s CPU in all")
for key, cpu in totals.most_common(15):
    print(f"{cpu:8.1f} s  {counts[key]:5d} runs  {key}")
PYTHON
exit "$status"
