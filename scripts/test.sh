#!/usr/bin/env bash
# Runs every test: unit, corpus, command-line and real-daemon tests (private D-Bus, umockdev, upowerd), the Python
# package's (scripts/python-tests.sh), then a short fuzzing smoke of every reader (TEMPER_FUZZ_SECONDS each, 15 by
# default; 0 skips it). The code must be formatted as .swift-format says (`swift format -i -r -p Sources Tests
# Package.swift` fixes it). At the end it says how many tests were skipped and why, one line per reason
# (scripts/skipped-tests.py): a clone without the shared corpus (../shared/corpus) skips the tests that read it.
#
# Opt-in: TEMPER_TEST_DEB=1 also builds the .deb from the debug binary and installs, removes and purges it in a
# scratch Debian root (DebScratchRootTests, scripts/test-deb.sh; root only): about 45 s with the cached root, plus
# about 6 minutes the first time, when debootstrap makes it. `make deb-check` does the same for the release
# package and runs lintian on it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/setup.sh
swift format lint --strict -r -p Sources Tests Package.swift
swift build --build-tests
events=$(mktemp "${TMPDIR:-/tmp}/temper-test-events.XXXXXX")
trap 'rm -f "$events"' EXIT
status=0
swift test --skip-build --event-stream-output-path "$events" --event-stream-version 0 || status=$?
skipped=$(python3 scripts/skipped-tests.py "$events")
# The Python package against the same build (about a minute; says why where it is skipped).
[ "$status" -ne 0 ] || scripts/python-tests.sh || status=$?
if [ "$status" -ne 0 ]; then
  [ -z "$skipped" ] || echo "$skipped"
  exit "$status"
fi
seconds=${TEMPER_FUZZ_SECONDS:-15}
if [ "$seconds" -gt 0 ]; then
  scripts/fuzz.sh all "$seconds"
fi
[ -z "$skipped" ] || echo "$skipped"
