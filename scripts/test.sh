#!/usr/bin/env bash
# Runs every test: unit, corpus, command-line and real-daemon tests (private D-Bus, umockdev, upowerd), the Python
# package's (scripts/python-tests.sh), then a short fuzzing smoke of every reader (TEMPER_FUZZ_SECONDS each, 5 by
# default; 0 skips it), then the whole-command benchmarks against their parse floor (scripts/bench-check.sh;
# TEMPER_BENCH=0 skips them). The code must be formatted as .swift-format says (`swift format -i -r -p Sources Tests
# Package.swift` fixes it). At the end it says how many tests were skipped and why, one line per reason
# (scripts/skipped-tests.py): a clone without the shared corpus (../shared/corpus) skips the tests that read it.
#
# Opt-in: TEMPER_TEST_DEB=1 also builds the .deb from the debug binary and installs, removes and purges it in a
# scratch Debian root (DebScratchRootTests, scripts/test-deb.sh; root only): about 45 s with the cached root, plus
# about 6 minutes the first time, when debootstrap makes it. `make deb-check` does the same for the release
# package and runs lintian on it.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says how long it took, so a slow run shows where its time went.
phase_start=$SECONDS
phase() {
  local took=$((SECONDS - phase_start))
  printf 'test: %s took %dm%02ds (%dm%02ds in all)\n' "$1" $((took / 60)) $((took % 60)) $((SECONDS / 60)) $((SECONDS % 60))
  phase_start=$SECONDS
}
source scripts/env.sh
scripts/setup.sh
phase setup
swift format lint --strict -r -p Sources Tests Package.swift
swift build --build-tests
phase "lint and debug build"
events=$(mktemp "${TMPDIR:-/tmp}/temper-test-events.XXXXXX")
release_log=$(mktemp "${TMPDIR:-/tmp}/temper-release-build.XXXXXX")
fuzz_log=$(mktemp "${TMPDIR:-/tmp}/temper-fuzz-build.XXXXXX")
# The background builds run in sessions of their own, so a failing run stops them with everything they started.
stop_builds() {
  local build
  for build in ${release_build:-} ${fuzz_build:-}; do kill -- -"$build" 2>/dev/null || true; done
}
trap 'rm -f "$events" "$release_log" "$fuzz_log"; stop_builds' EXIT
# The fuzz targets build beside the tests too, so the smoke run after them starts at once; in debug, which takes
# far less CPU to compile than release on these 2 cores (long runs use release: scripts/fuzz.sh).
seconds=${TEMPER_FUZZ_SECONDS:-5}
export TEMPER_FUZZ_CONFIGURATION=${TEMPER_FUZZ_CONFIGURATION:-debug}
if [ "$seconds" -gt 0 ]; then
  setsid nice -n 19 scripts/fuzz.sh build >"$fuzz_log" 2>&1 &
  fuzz_build=$!
fi
# The whole-command benchmarks need the release binary: it builds beside the tests at the lowest priority, in a
# folder of its own (SwiftPM locks one build folder per command), on the CPU the tests leave while they wait on
# daemons. Skipped, with the reason, where the floor's orjson or the shared corpus is missing, or TEMPER_BENCH=0.
bench_skipped=""
if [ "${TEMPER_BENCH:-1}" = 0 ]; then
  bench_skipped="TEMPER_BENCH=0"
elif ! python3 -c 'import orjson' 2>/dev/null; then
  bench_skipped="python3 cannot import orjson"
elif [ ! -d ../shared/corpus/ahap ]; then
  bench_skipped="no shared corpus at ../shared/corpus"
else
  # Then the benchmark package's own build (its plugin's tool, the WholeCommandBenchmarks target), so that after
  # the tests the benchmarks only run; were it to fail here, bench-check.sh builds it again and says why.
  setsid nice -n 19 bash -c 'scripts/build-release.sh --scratch-path .build-bench >"$1" 2>&1 &&
    { (cd Benchmarks && swift package benchmark list --target WholeCommandBenchmarks) >/dev/null 2>&1 || true; }' _ "$release_log" &
  release_build=$!
fi
status=0
swift test --skip-build --event-stream-output-path "$events" --event-stream-version 0 || status=$?
skipped=$(python3 scripts/skipped-tests.py "$events")
# The Python package against the same build (about a minute; says why where it is skipped).
phase "swift tests"
[ "$status" -ne 0 ] || scripts/python-tests.sh || status=$?
if [ "$status" -ne 0 ]; then
  [ -z "$skipped" ] || echo "$skipped"
  exit "$status"
fi
phase "python tests"
if [ -n "${fuzz_build:-}" ]; then
  if ! wait "$fuzz_build"; then
    cat "$fuzz_log" >&2
    echo "test: the fuzz targets' build failed" >&2
    exit 1
  fi
  fuzz_build=""
  phase "waiting for the fuzz build"
  scripts/fuzz.sh all "$seconds"
  phase "fuzz smoke"
fi
if [ -n "${release_build:-}" ]; then
  if ! wait "$release_build"; then
    cat "$release_log" >&2
    echo "test: the release build for the whole-command benchmarks failed" >&2
    exit 1
  fi
  release_build=""
  phase "waiting for the release build"
  scripts/bench-check.sh "$(tail -n 1 "$release_log")"
  phase "whole-command benchmarks"
else
  echo "test: whole-command benchmarks skipped: $bench_skipped"
fi
[ -z "$skipped" ] || echo "$skipped"
