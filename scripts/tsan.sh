#!/usr/bin/env bash
# Runs the concurrent code's tests under ThreadSanitizer: the Governor (with its 8 x 100k stress test), the Linux
# host against real daemons on private buses, and the simulation. Builds into .build-tsan, apart from the normal
# build. Exits non-zero on any test failure or data race (TSan makes a race fail the test process).
#
#   scripts/tsan.sh                 the Governor, host and simulation suites
#   scripts/tsan.sh 'FILTER'        any other swift test --filter
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/setup.sh
filter=${1:-'TemperCoreTests.Governor|TemperHostTests|TemperSimulationTests'}
swift build --build-tests --sanitize=thread --build-path .build-tsan
# Every race is reported, and any makes the test process exit non-zero.
TSAN_OPTIONS="second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
  swift test --skip-build --sanitize=thread --build-path .build-tsan --filter "$filter"
