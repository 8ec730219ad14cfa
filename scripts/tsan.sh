#!/usr/bin/env bash
# Runs the concurrent code's tests under ThreadSanitizer: the Governor (with its 8 x 100k stress test), the Linux
# host against real daemons on private buses (with `temper serve` and `record` as TSan-built children), the
# service and the simulation. Builds into .build-tsan, apart from the normal build. Exits non-zero on any test
# failure or data race (TSan makes a race fail the test process). No suppression file: docs/testing.md says why
# each synchronisation TSan could not see is now one it sees.
#
#   scripts/tsan.sh                         the Governor, host, service and simulation suites
#   scripts/tsan.sh 'FILTER'                any other swift test --filter
#   scripts/tsan.sh --changed-since REF     the default suites, only if the concurrent code changed since REF
#
# Too slow for CI's budget (about 15 min to build and 9 min to run on 2 cores, beside CI's 20 of 25), so it is not
# in .ci/run: run it before merging any change to the paths below (README, "Two commands").
set -euo pipefail
cd "$(dirname "$0")/.."
concurrent_paths=(Sources/TemperService Sources/TemperGLib Sources/CTemperGLib Sources/TemperHost Sources/TemperCore/Governor
  Sources/TemperCore/Support/Locked.swift)
if [ "${1:-}" = "--changed-since" ]; then
  base=${2:?--changed-since needs a git revision}
  if git diff --quiet "$base" -- "${concurrent_paths[@]}"; then
    echo "tsan: nothing under ${concurrent_paths[*]} changed since $base; not run"
    exit 0
  fi
  set --
fi
source scripts/env.sh
scripts/setup.sh
filter=${1:-'TemperCoreTests.Governor|TemperHostTests|TemperServiceTests|TemperSimulationTests'}
swift build --build-tests --sanitize=thread --build-path .build-tsan
# Every race is reported, and any makes the test process exit non-zero.
TSAN_OPTIONS="second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
  swift test --skip-build --sanitize=thread --build-path .build-tsan --filter "$filter"
